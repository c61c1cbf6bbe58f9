import {ClipboardIcon} from '@sanity/icons/Clipboard'
import {defineField, defineType} from 'sanity'
import {requiredText, TEXT_LENGTH} from '../objects/requiredText'

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
    // i24-texts: the consent to texts (unticked until the customer ticks it).
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
