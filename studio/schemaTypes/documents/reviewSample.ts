import {defineField, defineType} from 'sanity'

export const BOOKING_FORMS = [
  {title: 'House cleaning', value: 'house'},
  {title: 'Exterior cleaning', value: 'exterior'},
  {title: 'Carpet cleaning', value: 'carpet'},
  {title: 'Commercial cleaning', value: 'commercial'},
] as const

/** A short customer review shown in a booking form's sidebar carousel. */
export const reviewSample = defineType({
  name: 'reviewSample',
  title: 'Review sample',
  type: 'document',
  fields: [
    defineField({name: 'form', title: 'Booking form', type: 'string', options: {list: [...BOOKING_FORMS]}, validation: (rule) => rule.required()}),
    defineField({name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().min(10).max(300)}),
    defineField({name: 'author', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({name: 'stars', type: 'number', validation: (rule) => rule.required().integer().min(1).max(5)}),
    defineField({name: 'order', description: 'Position in the carousel, 1 first.', type: 'number', validation: (rule) => rule.required().integer().min(1)}),
  ],
  preview: {select: {title: 'author', subtitle: 'text', form: 'form'}},
})
