import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {orderRankField, orderRankOrdering} from '@sanity/orderable-document-list'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {BOOKING_FORMS, bookingFormTitle} from './reviewSample'

/** A question in a booking form's "Popular Questions" sidebar. */
export const popularQuestion = defineType({
  name: 'popularQuestion',
  title: 'Popular question',
  type: 'document',
  icon: HelpCircleIcon,
  fields: [
    defineField({name: 'form', title: 'Booking form', type: 'string', options: {list: [...BOOKING_FORMS]}, validation: (rule) => rule.required()}),
    defineField({name: 'question', type: 'string', validation: (rule) => rule.required().min(8).max(160)}),
    defineField({
      name: 'answer',
      type: 'array',
      of: [defineArrayMember({type: 'text', rows: 3})],
      validation: (rule) => rule.required().min(1).max(4),
    }),
    // Position in the list: set by dragging the document in its form's list in the Studio.
    orderRankField({type: 'popularQuestion', hidden: true}),
  ],
  orderings: [orderRankOrdering],
  preview: {
    select: {title: 'question', form: 'form'},
    prepare: ({title, form}) => ({title, subtitle: bookingFormTitle(form)}),
  },
})
