import {CalendarIcon} from '@sanity/icons/Calendar'
import {defineField, defineType} from 'sanity'
import {BOOKING_FORMS, bookingFormTitle} from './reviewSample'

/** The ids of the four booking pages' documents: one per booking form, never created or deleted. */
export const BOOKING_PAGE_IDS = BOOKING_FORMS.map(({value}) => `bookingPage-${value}`)

/**
 * A booking page (/house_cleaning, /exterior_cleaning, /carpet_cleaning, /commercial_cleaning): title,
 * introduction and search text, and its form's own texts (those all four share are in "Booking forms").
 */
export const bookingPage = defineType({
  name: 'bookingPage',
  title: 'Booking page',
  type: 'document',
  icon: CalendarIcon,
  fields: [
    defineField({name: 'form', title: 'Booking form', type: 'string', readOnly: true, options: {list: [...BOOKING_FORMS]}, validation: (rule) => rule.required()}),
    defineField({name: 'seo', type: 'seo'}),
    defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(80)}),
    defineField({
      name: 'intro',
      description: 'What a customer does on this page, in a sentence or two.',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(20).max(300),
    }),
    defineField({
      name: 'callPrompt',
      title: 'Before the phone number',
      description: 'Ends the introduction; the phone number of the site settings follows it, e.g. "Questions? Call us at".',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'navLabel',
      title: 'Link label',
      description: 'How other booking pages link to this one, e.g. "Carpet Cleaning".',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({name: 'formTexts', title: 'Form texts', type: 'bookingFormTexts', validation: (rule) => rule.required()}),
  ],
  preview: {
    select: {heading: 'heading', form: 'form'},
    prepare: ({heading, form}) => ({title: heading ?? 'Booking page', subtitle: bookingFormTitle(form)}),
  },
})
