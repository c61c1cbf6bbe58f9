import {SearchIcon} from '@sanity/icons/Search'
import {defineField, defineType} from 'sanity'

/** Search-engine and social-sharing text of one page. */
export const seo = defineType({
  name: 'seo',
  title: 'Search and sharing',
  type: 'object',
  icon: SearchIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Page title',
      description: 'Shown in the browser tab and search results; the company name is added after it.',
      type: 'string',
      validation: (rule) => rule.required().min(5).max(60),
    }),
    defineField({
      name: 'description',
      title: 'Description',
      description: 'One or two sentences for search results and link previews.',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(50).max(170),
    }),
  ],
  validation: (rule) => rule.required(),
})
