import {defineField, defineType} from 'sanity'
import {
  ALL_BOOKING_FORM_MESSAGE_KEYS,
  BOOKING_FORM_MESSAGE_KEYS,
  BOOKING_MESSAGE_PLACEHOLDERS,
  BOOKING_SHARED_MESSAGE_KEYS,
  type BookingMessageKey,
} from '../../../lib/booking/message-keys'
import type {BookingFormName} from './bookingFormTexts'

/** What each booking message is for, shown to editors beside it. */
const MESSAGE_FIELDS: Record<BookingMessageKey, {title: string; description?: string}> = {
  countInvalid: {title: 'Count out of range', description: 'Rooms, extras, hours: {label} is the field, {min} and {max} its limits.'},
  tooLong: {title: 'Text too long', description: '{label} is the field, {max} its number of characters.'},
  unsupportedCharacters: {title: 'Unsupported characters', description: 'Control characters in a field; {field} is its name.'},
  unreadableCharacters: {title: 'Unreadable characters', description: 'Half of a character (e.g. a broken emoji), which cannot be stored.'},
  notesInvalid: {title: 'Notes not text'},
  phoneInvalid: {title: 'Phone not 10 digits'},
  dateInvalid: {title: 'Date not valid'},
  datePast: {title: 'Date in the past'},
  answerMissing: {title: 'Instruction not answered', description: 'House form; {question} is the question.'},
  extrasInvalid: {title: 'Unknown extra'},
  tipInvalid: {title: 'Unknown tip'},
  keyInfoInvalid: {title: 'Unknown key information'},
  couponInvalid: {title: 'Coupon code unknown'},
  couponApplied: {title: 'Coupon applied', description: 'Read out by screen readers; {code} is the code.'},
  dateTooSoon: {title: 'Date too soon', description: 'Before the earliest bookable day (Availability).'},
  dateTooFar: {title: 'Date too far ahead', description: '{days} is how far ahead one can book (Availability).'},
  dateClosed: {title: 'Closed that day', description: 'Not a working day, or a closed date (Availability).'},
  windowRequired: {title: 'Arrival window not chosen'},
  windowUnknown: {title: 'Arrival window not offered'},
  windowFull: {title: 'Arrival window full', description: 'Its last place was taken meanwhile.'},
  requestInvalid: {title: 'Broken request', description: 'The page is out of date; ask to reload.'},
  unknownForm: {title: 'Unknown booking form', description: 'A request for a form that does not exist.'},
  belowMinimum: {title: 'Total below the card minimum', description: '{minimum} is the smallest amount a card can pay.'},
  saveFailed: {title: 'Booking not saved', description: 'The database failed; what the customer typed stays in the form.'},
  paymentFailed: {title: 'Payment not started', description: 'The payment provider failed.'},
  paymentUnavailable: {title: 'No online payment', description: 'The site cannot take payments at all.'},
  bookingClosed: {title: 'Booking closed', description: 'The booking was cancelled or has expired.'},
  alreadySubmitted: {title: 'Sent before with other details'},
  rateLimited: {title: 'Too many bookings'},
  tooLarge: {title: 'Request too large'},
  unexpected: {title: 'Anything else that failed'},
  locationRequired: {title: 'Location not chosen'},
  serviceRequired: {title: 'Service not chosen'},
  frequencyRequired: {title: 'Frequency not chosen'},
  frequencyNotOffered: {title: 'Frequency not offered', description: '{frequencies} are the ones the chosen {service} has.'},
  timeRequired: {title: 'Time required missing', description: 'Post Construction.'},
  minutesInvalid: {title: 'Minutes not a quarter hour'},
  parkingInvalid: {title: 'Unknown parking option'},
  roomsRequired: {title: 'No room or staircase'},
  dateRequired: {title: 'Date missing'},
  firstNameRequired: {title: 'First name missing'},
  lastNameRequired: {title: 'Last name missing'},
  emailRequired: {title: 'E-mail missing'},
  emailInvalid: {title: 'E-mail not valid'},
  phoneRequired: {title: 'Phone missing'},
  addressRequired: {title: 'Address missing'},
  failed: {title: 'Booking failed', description: '{message} is what went wrong (one of the Booking forms messages).'},
  paymentError: {title: 'Payment failed', description: 'Also when the site cannot be reached; a {message} in it is what went wrong.'},
  noPaymentPage: {title: 'No payment page', description: 'The payment provider gave no page to go to.'},
}

const MAX_LENGTH = 200

/** A message field; `forms` (a booking page's own messages) limits it to the forms that show it. */
function messageField(key: BookingMessageKey, forms?: readonly BookingFormName[]) {
  const placeholders = (BOOKING_MESSAGE_PLACEHOLDERS[key] ?? []).map((name) => `{${name}}`)
  const formOf = (document: unknown) => (document as {form?: BookingFormName} | undefined)?.form
  const shown = (document: unknown) => !forms || forms.includes(formOf(document) as BookingFormName)
  const description = [MESSAGE_FIELDS[key].description, placeholders.length > 0 ? `Must contain ${placeholders.join(' and ')}: the form fills ${placeholders.length > 1 ? 'them' : 'it'} in.` : undefined]
  return defineField({
    name: key,
    title: MESSAGE_FIELDS[key].title,
    description: description.filter(Boolean).join(' ') || undefined,
    type: 'string',
    hidden: ({document}) => !shown(document),
    validation: (rule) =>
      rule.max(MAX_LENGTH).custom((value: string | undefined, context) => {
        if (!shown(context.document)) return true
        if (!value?.trim()) return 'The form shows this message: it cannot be empty.'
        const missing = placeholders.filter((placeholder) => !value.includes(placeholder))
        return missing.length > 0 ? `Keep ${missing.join(' and ')} in the text: the form fills ${missing.length > 1 ? 'them' : 'it'} in.` : true
      }),
  })
}

/** The messages every booking form shows alike (the Booking forms document). */
export const bookingMessages = defineType({
  name: 'bookingMessages',
  title: 'Messages',
  type: 'object',
  fields: BOOKING_SHARED_MESSAGE_KEYS.map((key) => messageField(key)),
})

const formsOf = (key: BookingMessageKey) =>
  (Object.keys(BOOKING_FORM_MESSAGE_KEYS) as BookingFormName[]).filter((form) => (BOOKING_FORM_MESSAGE_KEYS[form] as readonly string[]).includes(key))

/** One booking form's own messages (its booking page): each shown and required on the forms that have it. */
export const bookingFormMessages = defineType({
  name: 'bookingFormMessages',
  title: 'Messages',
  type: 'object',
  fields: ALL_BOOKING_FORM_MESSAGE_KEYS.map((key) => messageField(key, formsOf(key))),
})
