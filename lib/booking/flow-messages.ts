/**
 * What a booking submission can answer, and the words each form shows for a failure.
 * Pure TypeScript with no server imports: the booking forms use it in the browser, the server route
 * (`POST /api/bookings`) answers with these shapes. Every `message` the server answers, and each of
 * `fieldErrors`, is a message reference (./message-keys.ts: `saveFailed`,
 * `countInvalid?label=Bedrooms&min=1&max=7`); the form shows the content's text for it.
 *
 * Answers of `POST /api/bookings`:
 * - 200 `{ok: true, bookingId, checkoutUrl}`: send the browser to `checkoutUrl`.
 * - 400 `{ok: false, kind: 'validation', fieldErrors, message}`: `fieldErrors` keyed by form path
 *   (`firstName`, `instructions.howClean`, `extras.Blinds`; `''` for the whole request).
 * - 409 `{ok: false, kind: 'conflict', message}`: the idempotency key is a booking's that was
 *   cancelled or expired, or that was submitted with other details; nothing new is stored.
 * - 503 `{ok: false, kind: 'save', message}`: the database failed (the visitor may try again);
 *   503 `{ok: false, kind: 'payment', message: paymentUnavailable}`: no payment provider may run.
 * - 502 `{ok: false, kind: 'payment', message}`, 502 `{ok: false, kind: 'no-url'}`: the provider failed.
 * - 413, 415, 429 `{ok: false, kind: 'rejected', message}` (too large, not JSON, too many requests).
 * A fetch that throws (offline) is `{ok: false, kind: 'network'}` on the browser's side.
 */
import {fillIn} from '../format'
import {bookingMessageText, type BookingMessageKey, type BookingMessages} from './message-keys'

export type BookingValidationFailure = {
  ok: false
  kind: 'validation'
  /** One message per form path, the first issue of each. */
  fieldErrors: Record<string, string>
  /** The first of them: a one-line summary for the form. */
  message: string
}

/** What `submitBooking` (lib/booking/flow/submit.ts) can fail with. */
export type BookingFailure =
  | BookingValidationFailure
  /** The booking could not be stored (database unreachable, …). */
  | {ok: false; kind: 'save'; message: string}
  /** The key names a booking that can no longer take this submission (closed, or other details). */
  | {ok: false; kind: 'conflict'; message: string}
  /** The payment provider refused or could not be reached; or this booking can no longer be paid. */
  | {ok: false; kind: 'payment'; message: string}
  /** The provider created a checkout without a payment page URL. */
  | {ok: false; kind: 'no-url'}

/** Everything a form can get back from a submission, including what the route and the network add. */
export type BookingRequestFailure =
  | BookingFailure
  /** Refused before it reached the booking flow: too large, not JSON, too many requests. */
  | {ok: false; kind: 'rejected'; message: string}
  /** The request did not complete (offline, connection reset); the form's own catch block. */
  | {ok: false; kind: 'network'}

export type BookingSuccess = {ok: true; bookingId: string; checkoutUrl: string}
export type BookingSubmitResult = BookingSuccess | BookingRequestFailure

/** The messages the server answers with (references: their texts are content). */
export const BOOKING_MESSAGES = {
  saveFailed: 'saveFailed',
  paymentFailed: 'paymentFailed',
  paymentUnavailable: 'paymentUnavailable',
  bookingClosed: 'bookingClosed',
  alreadySubmitted: 'alreadySubmitted',
  rateLimited: 'rateLimited',
  tooLarge: 'tooLarge',
  requestInvalid: 'requestInvalid',
  unexpected: 'unexpected',
} as const satisfies Record<string, BookingMessageKey>

/**
 * The text a form shows for a failed submission, from its messages (content, worded per
 * form, e.g. house 'Error: {message}' and 'Stripe redirect failed', exterior 'Booking failed:
 * {message}', 'Failed to redirect to payment.' and 'Payment error occurred.'):
 * - a save failure or a refused request: `failed`, with the server's message in its {message};
 * - a payment failure, or a request that never arrived: `paymentError` (the house form's has a
 *   {message}: the payment's or the lost connection's);
 * - no payment page address: `noPaymentPage`.
 * Validation failures show their own message (the form shows `fieldErrors` beside the fields); a
 * conflict (closed booking, key used with other details) shows its message alone,
 * which says what to do. `connectionLost` is the Booking forms document's text for a lost connection.
 */
export function bookingErrorText(messages: BookingMessages, connectionLost: string, failure: BookingRequestFailure): string {
  switch (failure.kind) {
    case 'validation':
    case 'conflict':
      return bookingMessageText(messages, failure.message)
    case 'save':
    case 'rejected':
      return fillIn(messages.failed, {message: bookingMessageText(messages, failure.message)})
    case 'payment':
      return fillIn(messages.paymentError, {message: bookingMessageText(messages, failure.message)})
    case 'network':
      return fillIn(messages.paymentError, {message: connectionLost})
    case 'no-url':
      return messages.noPaymentPage
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback
}

/**
 * Reads the route's answer (HTTP status and parsed JSON body, or null when the body was not JSON)
 * into a result. Anything unexpected becomes a failure with a readable message, never a crash.
 */
export function bookingResultFromResponse(status: number, body: unknown): BookingSubmitResult {
  const data = isRecord(body) ? body : {}
  if (status >= 200 && status < 300) {
    if (typeof data.bookingId === 'string' && typeof data.checkoutUrl === 'string' && data.checkoutUrl !== '') {
      return {ok: true, bookingId: data.bookingId, checkoutUrl: data.checkoutUrl}
    }
    return {ok: false, kind: 'no-url'}
  }
  switch (data.kind) {
    case 'validation': {
      const fieldErrors: Record<string, string> = {}
      if (isRecord(data.fieldErrors)) {
        for (const [path, message] of Object.entries(data.fieldErrors)) {
          if (typeof message === 'string') fieldErrors[path] = message
        }
      }
      const message = text(data.message, Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.requestInvalid)
      return {ok: false, kind: 'validation', fieldErrors, message}
    }
    case 'no-url':
      return {ok: false, kind: 'no-url'}
    case 'payment':
      return {ok: false, kind: 'payment', message: text(data.message, BOOKING_MESSAGES.paymentFailed)}
    case 'save':
      return {ok: false, kind: 'save', message: text(data.message, BOOKING_MESSAGES.saveFailed)}
    case 'conflict':
      return {ok: false, kind: 'conflict', message: text(data.message, BOOKING_MESSAGES.alreadySubmitted)}
    case 'rejected':
      return {ok: false, kind: 'rejected', message: text(data.message, BOOKING_MESSAGES.unexpected)}
  }
  if (status === 429) return {ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited}
  if (status === 413) return {ok: false, kind: 'rejected', message: BOOKING_MESSAGES.tooLarge}
  return {ok: false, kind: 'save', message: text(data.message, BOOKING_MESSAGES.unexpected)}
}
