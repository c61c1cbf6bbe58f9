import {defineField, defineType} from 'sanity'
import {TEXT_LENGTH} from './requiredText'

export type BookingFormName = 'house' | 'carpet' | 'exterior' | 'commercial'

/**
 * One booking form's own texts: the headings and help of its sections, in page order. Each text
 * belongs to the forms that have that section (the Studio shows and requires it only there). Prices
 * are never typed here: a text about one names it as a {placeholder} and the form puts the price in
 * from the price list, so the page cannot say one price and charge another.
 */
export const BOOKING_FORM_TEXTS = [
  {name: 'formName', title: 'Name of the form', description: 'Read out by screen readers, e.g. "House cleaning booking".', forms: ['house', 'carpet', 'exterior', 'commercial'], max: TEXT_LENGTH.label},
  {name: 'summaryHeading', title: 'Heading of the summary', forms: ['house', 'carpet', 'exterior', 'commercial'], max: TEXT_LENGTH.label},
  {name: 'pricePending', title: 'Summary before there is a price', forms: ['house', 'carpet', 'commercial']},
  {name: 'locationHeading', title: 'Heading: where the service takes place', forms: ['house', 'carpet', 'commercial'], max: TEXT_LENGTH.heading},
  {name: 'servicesHeading', title: 'Heading: services', forms: ['house', 'exterior', 'commercial'], max: TEXT_LENGTH.heading},
  {name: 'servicesHelp', title: 'Help under the services', forms: ['exterior'], placeholders: ['{baseCharge}']},
  {name: 'frequencyHelp', title: 'Help under the frequencies', forms: ['house', 'carpet', 'exterior']},
  {name: 'oneTimeNote', title: 'Frequency note for a one-time service', forms: ['commercial']},
  {name: 'frequencyPending', title: 'Frequencies before a service is chosen', forms: ['commercial']},
  {name: 'timeHeading', title: 'Heading: time required', forms: ['house'], max: TEXT_LENGTH.heading},
  {name: 'timeHelp', title: 'Help under the time required', forms: ['house'], placeholders: ['{hourlyRate}']},
  {name: 'roomsHeading', title: 'Heading: rooms', forms: ['house', 'carpet'], max: TEXT_LENGTH.heading},
  {name: 'rateChosen', title: 'Which rate the prices show', description: 'After a frequency is chosen.', forms: ['carpet'], placeholders: ['{frequency}']},
  {name: 'ratesAll', title: 'Which rates the prices show', description: 'Before a frequency is chosen: the rates in the order of the frequencies.', forms: ['carpet'], placeholders: ['{frequencies}']},
  {name: 'roomsHelp', title: 'Help under the rooms', description: 'House: shown for Post Construction, which is priced by the time.', forms: ['house', 'carpet']},
  {name: 'extrasHelp', title: 'Help under the extras', forms: ['house']},
  {name: 'instructionsHeading', title: 'Heading: instructions for providers', forms: ['house'], max: TEXT_LENGTH.heading},
  {name: 'tipsHelp', title: 'Help under tips and parking', forms: ['house', 'exterior']},
  {name: 'tipSummaryLabel', title: 'Tip in the summary', description: 'The tip is not charged online: say so.', forms: ['exterior'], max: TEXT_LENGTH.label},
  {name: 'parkingSummaryLabel', title: 'Parking in the summary', description: 'Parking is not charged online: say so.', forms: ['exterior'], max: TEXT_LENGTH.label},
  {name: 'notesHeading', title: 'Heading: notes', forms: ['house', 'carpet', 'exterior', 'commercial'], max: TEXT_LENGTH.heading},
  {name: 'notesLabel', title: 'Label of the notes box', forms: ['house', 'carpet', 'exterior', 'commercial'], max: TEXT_LENGTH.heading},
  {name: 'notesHelp', title: 'Help under the notes box', forms: ['house', 'carpet', 'exterior', 'commercial']},
  {name: 'couponHelp', title: 'Help under the coupon code', forms: ['carpet']},
] as const satisfies readonly {name: string; title: string; description?: string; forms: readonly BookingFormName[]; max?: number; placeholders?: readonly string[]}[]

const formOf = (document: unknown) => (document as {form?: string} | undefined)?.form

export const bookingFormTexts = defineType({
  name: 'bookingFormTexts',
  title: 'Form texts',
  type: 'object',
  fields: [
    ...BOOKING_FORM_TEXTS.map((text) => {
      const forms: readonly string[] = text.forms
      const placeholders: readonly string[] = 'placeholders' in text ? text.placeholders : []
      const max = 'max' in text ? text.max : TEXT_LENGTH.sentence
      const description = [
        'description' in text ? text.description : undefined,
        placeholders.length > 0 ? `Must contain ${placeholders.join(' and ')}: the form puts the price from the price list there.` : undefined,
      ]
        .filter(Boolean)
        .join(' ')
      return defineField({
        name: text.name,
        title: text.title,
        description: description || undefined,
        type: 'string',
        hidden: ({document}) => !forms.includes(formOf(document) ?? ''),
        validation: (rule) =>
          rule.max(max).custom((value: string | undefined, context) => {
            if (!forms.includes(formOf(context.document) ?? '')) return true
            if (!value?.trim()) return 'This form shows this text: it cannot be empty.'
            const missing = placeholders.filter((placeholder) => !value.includes(placeholder))
            return missing.length > 0 ? `Keep ${missing.join(' and ')} in the text: the form puts the price there.` : true
          }),
      })
    }),
    defineField({
      name: 'messages',
      title: 'Messages',
      description: "What this form says beside a field that needs attention and when a booking cannot go through, in its own words (the Booking forms document holds the messages all four share).",
      type: 'bookingFormMessages',
      validation: (rule) => rule.required(),
    }),
  ],
})
