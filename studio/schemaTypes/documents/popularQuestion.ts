import {defineArrayMember, defineField, defineType} from 'sanity'
import {BOOKING_FORMS} from './reviewSample'

/** A question in a booking form's "Popular Questions" sidebar. */
export const popularQuestion = defineType({
  name: 'popularQuestion',
  title: 'Popular question',
  type: 'document',
  fields: [
    defineField({name: 'form', title: 'Booking form', type: 'string', options: {list: [...BOOKING_FORMS]}, validation: (rule) => rule.required()}),
    defineField({name: 'question', type: 'string', validation: (rule) => rule.required().min(8).max(160)}),
    defineField({
      name: 'answer',
      type: 'array',
      of: [defineArrayMember({type: 'text', rows: 3})],
      validation: (rule) => rule.required().min(1).max(4),
    }),
    defineField({name: 'order', description: 'Position in the list, 1 first.', type: 'number', validation: (rule) => rule.required().integer().min(1)}),
  ],
  preview: {select: {title: 'question', subtitle: 'form'}},
})
