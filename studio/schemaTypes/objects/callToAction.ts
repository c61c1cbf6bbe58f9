import {LinkIcon} from '@sanity/icons/Link'
import {defineField, defineType} from 'sanity'

/** The closing band of a page: a heading, a sentence and the button's label (its target follows from the page). */
export const callToAction = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
    defineField({name: 'text', type: 'text', rows: 2, validation: (rule) => rule.required().max(300)}),
    defineField({name: 'buttonLabel', type: 'string', validation: (rule) => rule.required().max(40)}),
  ],
  validation: (rule) => rule.required(),
})
