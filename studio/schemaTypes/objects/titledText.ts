import {TextIcon} from '@sanity/icons/Text'
import {defineField, defineType} from 'sanity'

/** A short title with a sentence or two under it: benefits, feature highlights, reasons to choose us. */
export const titledText = defineType({
  name: 'titledText',
  title: 'Title and text',
  type: 'object',
  icon: TextIcon,
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      validation: (rule) => rule.required().min(3).max(80),
    }),
    defineField({
      name: 'text',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(10).max(500),
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'text'}},
})
