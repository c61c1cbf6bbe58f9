import {StarIcon} from '@sanity/icons/Star'
import {orderRankField, orderRankOrdering} from '@sanity/orderable-document-list'
import {defineField, defineType} from 'sanity'

export const BOOKING_FORMS = [
  {title: 'House cleaning', value: 'house'},
  {title: 'Exterior cleaning', value: 'exterior'},
  {title: 'Carpet cleaning', value: 'carpet'},
  {title: 'Commercial cleaning', value: 'commercial'},
] as const

/** The booking form's name as editors see it ("House cleaning"), or a hint when none is chosen. */
export function bookingFormTitle(form: unknown): string {
  return BOOKING_FORMS.find((option) => option.value === form)?.title ?? 'No booking form'
}

/** A short customer review shown in a booking form's sidebar carousel. */
export const reviewSample = defineType({
  name: 'reviewSample',
  title: 'Review sample',
  type: 'document',
  icon: StarIcon,
  fields: [
    defineField({name: 'form', title: 'Booking form', type: 'string', options: {list: [...BOOKING_FORMS]}, validation: (rule) => rule.required()}),
    defineField({name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().min(10).max(300)}),
    defineField({name: 'author', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({name: 'stars', type: 'number', validation: (rule) => rule.required().integer().min(1).max(5)}),
    // Position in the carousel: set by dragging the document in its form's list in the Studio.
    orderRankField({type: 'reviewSample', hidden: true}),
  ],
  orderings: [orderRankOrdering],
  preview: {
    select: {author: 'author', stars: 'stars', text: 'text', form: 'form'},
    prepare: ({author, stars, text, form}) => ({
      title: `${author ?? 'Unnamed'} · ${'★'.repeat(Number(stars) || 0)}`,
      subtitle: `${bookingFormTitle(form)} — ${text ?? ''}`,
    }),
  },
})
