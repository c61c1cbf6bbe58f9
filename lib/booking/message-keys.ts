/**
 * The messages of the booking forms, by key. Their words are content: the Booking forms document
 * holds the ones every form shares, each booking page its form's own (a missing first name reads
 * "Please fill out the first name" on the house form and "Please enter your first name." on the
 * exterior form). A module of its own, without zod, so the Studio's schema lists the same keys.
 *
 * The schemas and the server name a message by reference: its key, and the values of its
 * {placeholders} as a query string ("countInvalid?label=Bedrooms&min=1&max=7"). The server answers
 * references, never words; the browser builds its schemas with the content's texts and turns the
 * server's references into the same texts (`bookingMessageText`).
 */
import {fillIn} from '../format'
import type {Industry} from './catalog'

/** Messages every booking form shows alike (the Booking forms document). */
export const BOOKING_SHARED_MESSAGE_KEYS = [
  // a field
  'countInvalid',
  'tooLong',
  'unsupportedCharacters',
  'unreadableCharacters',
  'notesInvalid',
  'phoneInvalid',
  'dateInvalid',
  'datePast',
  'answerMissing',
  'extrasInvalid',
  'tipInvalid',
  'keyInfoInvalid',
  'couponInvalid',
  'couponApplied',
  // when the crew comes
  'dateTooSoon',
  'dateTooFar',
  'dateClosed',
  'windowRequired',
  'windowUnknown',
  'windowFull',
  // the request
  'requestInvalid',
  'unknownForm',
  'belowMinimum',
  // the server's answers
  'saveFailed',
  'paymentFailed',
  'paymentUnavailable',
  'bookingClosed',
  'alreadySubmitted',
  'rateLimited',
  'tooLarge',
  'unexpected',
] as const

/** Messages each form words its own way, and which forms have them (the booking page). */
export const BOOKING_FORM_MESSAGE_KEYS = {
  house: [
    'locationRequired',
    'serviceRequired',
    'frequencyRequired',
    'timeRequired',
    'minutesInvalid',
    'parkingInvalid',
    'dateRequired',
    'firstNameRequired',
    'lastNameRequired',
    'emailRequired',
    'emailInvalid',
    'phoneRequired',
    'addressRequired',
    'failed',
    'paymentError',
    'noPaymentPage',
  ],
  carpet: [
    'locationRequired',
    'frequencyRequired',
    'roomsRequired',
    'dateRequired',
    'firstNameRequired',
    'lastNameRequired',
    'emailRequired',
    'emailInvalid',
    'phoneRequired',
    'addressRequired',
    'failed',
    'paymentError',
    'noPaymentPage',
  ],
  exterior: [
    'serviceRequired',
    'frequencyRequired',
    'parkingInvalid',
    'dateRequired',
    'firstNameRequired',
    'lastNameRequired',
    'emailRequired',
    'emailInvalid',
    'phoneRequired',
    'addressRequired',
    'failed',
    'paymentError',
    'noPaymentPage',
  ],
  commercial: [
    'locationRequired',
    'serviceRequired',
    'frequencyRequired',
    'frequencyNotOffered',
    'dateRequired',
    'firstNameRequired',
    'lastNameRequired',
    'emailRequired',
    'emailInvalid',
    'phoneRequired',
    'addressRequired',
    'failed',
    'paymentError',
    'noPaymentPage',
  ],
} as const satisfies Record<Industry, readonly string[]>

export type BookingSharedMessageKey = (typeof BOOKING_SHARED_MESSAGE_KEYS)[number]
export type BookingFormMessageKey = (typeof BOOKING_FORM_MESSAGE_KEYS)[Industry][number]
export type BookingMessageKey = BookingSharedMessageKey | BookingFormMessageKey

/** Every form message key, once (the Studio's fields of a booking page's messages). */
export const ALL_BOOKING_FORM_MESSAGE_KEYS: readonly BookingFormMessageKey[] = [...new Set(Object.values(BOOKING_FORM_MESSAGE_KEYS).flat())]

/** The {placeholders} a message's text must keep: the form fills each in. */
export const BOOKING_MESSAGE_PLACEHOLDERS: Partial<Record<BookingMessageKey, readonly string[]>> = {
  countInvalid: ['label', 'min', 'max'],
  tooLong: ['label', 'max'],
  unsupportedCharacters: ['field'],
  answerMissing: ['question'],
  belowMinimum: ['minimum'],
  couponApplied: ['code'],
  dateTooFar: ['days'],
  frequencyNotOffered: ['frequencies', 'service'],
  failed: ['message'],
}

/** One form's messages: the shared texts and its own (content). */
export type BookingMessages = Record<BookingMessageKey, string>

export type MessageValues = Record<string, string | number>

/** How the schemas word a problem: the browser with the content's texts, the server by reference. */
export type BookingMessage = (key: BookingMessageKey, values?: MessageValues) => string

function asStrings(values: MessageValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]))
}

/** The server's wording: "countInvalid?label=Bedrooms&min=1&max=7". */
export const messageReference: BookingMessage = (key, values) =>
  values && Object.keys(values).length > 0 ? `${key}?${new URLSearchParams(asStrings(values))}` : key

export function isBookingMessageKey(value: string): value is BookingMessageKey {
  return (BOOKING_SHARED_MESSAGE_KEYS as readonly string[]).includes(value) || (ALL_BOOKING_FORM_MESSAGE_KEYS as readonly string[]).includes(value)
}

/** The browser's wording: each key's text with its {placeholders} filled in. */
export function contentMessage(messages: BookingMessages): BookingMessage {
  return (key, values) => fillIn(messages[key] ?? messages.unexpected, values ? asStrings(values) : {})
}

/**
 * The text of a message reference from the server. Anything that is not a reference to one of
 * this form's messages reads as the message for an unexpected failure, never as raw server text.
 */
export function bookingMessageText(messages: BookingMessages, reference: string): string {
  const separator = reference.indexOf('?')
  const key = separator === -1 ? reference : reference.slice(0, separator)
  const values = separator === -1 ? {} : Object.fromEntries(new URLSearchParams(reference.slice(separator + 1)))
  if (!isBookingMessageKey(key) || typeof messages[key] !== 'string') return messages.unexpected
  return fillIn(messages[key], values)
}
