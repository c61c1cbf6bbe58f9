import {ThLargeIcon} from '@sanity/icons/ThLarge'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** One card of the home page's "Our Services" section. */
export const serviceCard = defineType({
  name: 'serviceCard',
  title: 'Service card',
  type: 'document',
  icon: ThLargeIcon,
  fields: [
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({name: 'summary', type: 'text', rows: 2, validation: (rule) => rule.required().max(240)}),
    defineField({name: 'image', type: 'accessibleImage'}),
    defineField({
      name: 'subServices',
      description: 'Listed on the card; may be empty.',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      validation: (rule) => rule.max(6).unique(),
    }),
    defineField({
      name: 'link',
      description: 'The page the card leads to.',
      type: 'reference',
      to: [{type: 'servicePage'}],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'summary', media: 'image'}},
})
