import {ClipboardIcon} from '@sanity/icons/Clipboard'
import {defineField, defineType} from 'sanity'
import {requiredText, TEXT_LENGTH} from '../objects/requiredText'

// A text the form fills in; it must keep its {placeholders} (the form puts the figures there).
function textWith(name: string, title: string, placeholders: readonly string[], description?: string, max: number = TEXT_LENGTH.sentence) {
  return defineField({
    name,
    title,
    description: [description, placeholders.length > 0 ? `Must contain ${placeholders.join(' and ')}: the form fills it in.` : ''].filter(Boolean).join(' '),
    type: 'string',
    validation: (rule) =>
      rule
        .required()
        .max(max)
        .custom((value: string | undefined) => {
          const missing = placeholders.filter((placeholder) => !value?.includes(placeholder))
          return missing.length > 0 ? `Keep ${missing.join(' and ')} in the text.` : true
        }),
  })
}

/**
 * The texts every booking form shares: its common sections, the coupon box, Confirm & Pay and the
 * message for a lost connection, and the messages all four show alike. One document; each booking page holds its form's own texts.
 */
export const bookingForms = defineType({
  name: 'bookingForms',
  title: 'Booking forms',
  type: 'document',
  icon: ClipboardIcon,
  fields: [
    requiredText('customerHeading', 'Heading: customer details', undefined, TEXT_LENGTH.heading),
    requiredText('firstNameLabel', 'Label: first name', undefined, TEXT_LENGTH.label),
    requiredText('lastNameLabel', 'Label: last name', undefined, TEXT_LENGTH.label),
    requiredText('emailLabel', 'Label: e-mail', undefined, TEXT_LENGTH.label),
    requiredText('phoneLabel', 'Label: phone', undefined, TEXT_LENGTH.label),
    requiredText('addressLabel', 'Label: address', undefined, TEXT_LENGTH.label),
    requiredText('phoneHelp', 'Help under the phone number'),
    // The consent to texts (unticked until the customer ticks it).
    requiredText('textsConsentLabel', 'Label: consent to text messages', 'Beside the checkbox under the phone number.', TEXT_LENGTH.sentence),
    requiredText('textsConsentHelp', 'Consent wording under the checkbox', 'What they agree to: which texts, how often, rates, STOP and START, not a condition of purchase.', 400),
    requiredText('dateHeading', 'Heading: date', undefined, TEXT_LENGTH.heading),
    requiredText('dateHelp', 'Help under the date'),
    requiredText('dateLabel', 'Label: date (the calendar)', undefined, TEXT_LENGTH.label),
    requiredText('windowLabel', 'Label: arrival window', undefined, TEXT_LENGTH.label),
    requiredText('datesLoading', 'While the calendar loads', 'Read out by screen readers.'),
    requiredText('datesUnavailable', 'When the calendar could not be loaded', 'A Try again button follows.'),
    requiredText('noDates', 'When no day can be booked', 'E.g. every window of the coming weeks is taken.'),
    requiredText('chooseDateFirst', 'Arrival windows before a day is chosen'),
    requiredText('noWindows', 'When the chosen day has no free window'),
    requiredText('extrasHeading', 'Heading: extras', undefined, TEXT_LENGTH.heading),
    requiredText('noExtraCharge', 'Beside an extra that costs nothing', 'Instead of "$0.00 each".', TEXT_LENGTH.label),
    requiredText('tipsHeading', 'Heading: tips and parking', undefined, TEXT_LENGTH.heading),
    requiredText('keyInfoHeading', 'Heading: key information', undefined, TEXT_LENGTH.heading),
    requiredText('keyInfoHelp', 'Help under key information'),
    requiredText('couponHeading', 'Heading: coupon code', undefined, TEXT_LENGTH.heading),
    requiredText('couponRemoved', 'After a coupon is removed', 'Read out by screen readers.'),
    requiredText('totalToPay', 'Before the amount above Confirm & Pay', undefined, TEXT_LENGTH.label),
    requiredText('sending', 'While the booking is sent', 'Read out by screen readers.'),
    requiredText('connectionLost', 'When the connection is lost', 'Shown when Confirm & Pay cannot reach the site.'),
    // What a customer reads before paying for a plan (a recurring frequency).
    defineField({
      name: 'plan',
      title: 'Plan notice',
      description:
        'Shown above Confirm & Pay when a recurring frequency is chosen (house Weekly, Every Other Week, Monthly; carpet and exterior Every 3 or 6 Months; commercial Recurring): what a plan is, how it is charged and the early-cancellation terms, said before paying.',
      type: 'object',
      options: {collapsible: false},
      validation: (rule) => rule.required(),
      fields: [
        requiredText('heading', 'Heading', undefined, TEXT_LENGTH.heading),
        textWith('schedule', 'How often, and when', ['{cadence}'], '{cadence} is one of the cadence words below.'),
        textWith('charges', 'How later visits are paid', ['{perVisit}', '{hours}'], '{perVisit} is the price of each later visit (without a coupon); {hours} how long before a visit it is charged.', 300),
        requiredText('changes', 'Skipping, moving, pausing, cancelling', undefined, 300),
        textWith('earlyCancellation', 'Cancelling before the second visit', ['{difference}'], '{difference} is the one-time price of the same choices minus this total.', 300),
        requiredText('noEarlyCancellation', 'Cancelling before the second visit, when the one-time price is the same', undefined, 300),
        textWith('summaryFrequency', 'The frequency in the summary', ['{frequency}'], 'E.g. "{frequency} plan".', TEXT_LENGTH.label),
        requiredText('weekly', 'Cadence: weekly', 'E.g. "every week".', TEXT_LENGTH.label),
        requiredText('everyOtherWeek', 'Cadence: every other week', undefined, TEXT_LENGTH.label),
        requiredText('monthly', 'Cadence: monthly', 'On the same weekday of the same week of the month, e.g. "once a month".', TEXT_LENGTH.label),
        requiredText('every3Months', 'Cadence: every 3 months', undefined, TEXT_LENGTH.label),
        requiredText('every6Months', 'Cadence: every 6 months', undefined, TEXT_LENGTH.label),
      ],
    }),
    defineField({
      name: 'messages',
      title: 'Messages',
      description: 'What the four forms say alike beside a field that needs attention, and what the site answers when a booking cannot go through.',
      type: 'bookingMessages',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {prepare: () => ({title: 'Booking forms'})},
})
