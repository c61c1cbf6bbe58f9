import {beforeAll, describe, expect, it} from 'vitest'
import type {Industry} from './catalog'
import {BOOKING_MESSAGES, bookingErrorText, bookingResultFromResponse, type BookingRequestFailure} from './flow-messages'
import type {BookingMessages} from './message-keys'
import {allDatasetBookingMessages} from './test-support/messages'

/*
 * The server answers message references; each form shows the content's text for them. The texts
 * are the local dataset's (the forms' words), read through the booking pages' own query.
 */

const save: BookingRequestFailure = {ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}
const payment: BookingRequestFailure = {ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentFailed}
const noUrl: BookingRequestFailure = {ok: false, kind: 'no-url'}
const network: BookingRequestFailure = {ok: false, kind: 'network'}
const rejected: BookingRequestFailure = {ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited}
const conflict: BookingRequestFailure = {ok: false, kind: 'conflict', message: BOOKING_MESSAGES.bookingClosed}
const validation: BookingRequestFailure = {
  ok: false,
  kind: 'validation',
  fieldErrors: {firstName: 'firstNameRequired'},
  message: 'firstNameRequired',
}

const SAVE = 'We could not save your booking. Please try again in a moment.'
const PAYMENT = 'We could not start the payment. Please try again in a moment.'
const TOO_MANY = 'Too many booking requests from your network. Please wait a few minutes and try again.'
const CONNECTION = 'The connection was lost. Please check your internet connection and try again.'

let messages: Record<Industry, BookingMessages>
let connectionLost: string
beforeAll(async () => {
  messages = await allDatasetBookingMessages()
  connectionLost = CONNECTION
})

describe('bookingErrorText, word for word', () => {
  const table: Array<[Industry, BookingRequestFailure, string]> = [
    ['house', save, `Error: ${SAVE}`],
    ['house', payment, `Error: ${PAYMENT}`],
    ['house', network, `Error: ${CONNECTION}`],
    ['house', rejected, `Error: ${TOO_MANY}`],
    ['house', noUrl, 'Stripe redirect failed'],
    ['exterior', save, `Booking failed: ${SAVE}`],
    ['exterior', rejected, `Booking failed: ${TOO_MANY}`],
    ['exterior', noUrl, 'Failed to redirect to payment.'],
    ['exterior', payment, 'Payment error occurred.'],
    ['exterior', network, 'Payment error occurred.'],
    ['carpet', save, `Booking failed: ${SAVE}`],
    ['carpet', payment, 'Payment error occurred.'],
    ['carpet', noUrl, 'Payment error occurred.'],
    ['carpet', network, 'Payment error occurred.'],
    ['commercial', save, `Booking failed: ${SAVE}`],
    ['commercial', noUrl, 'Failed to redirect to payment.'],
    ['commercial', payment, 'Payment error occurred.'],
    ['commercial', network, 'Payment error occurred.'],
  ]
  it.each(table)('%s, %o → %s', (industry, failure, text) => {
    expect(bookingErrorText(messages[industry], connectionLost, failure)).toBe(text)
  })

  it("shows a validation failure as its own message, in each form's words", () => {
    expect(bookingErrorText(messages.house, connectionLost, validation)).toBe('Please fill out the first name')
    expect(bookingErrorText(messages.exterior, connectionLost, validation)).toBe('Please enter your first name.')
    expect(bookingErrorText(messages.carpet, connectionLost, validation)).toBe('Please enter your first name.')
    expect(bookingErrorText(messages.commercial, connectionLost, validation)).toBe('Please fill out the first name field.')
  })

  it('shows a conflict (409: a closed booking, a key used with other details) as its own message on every form', () => {
    for (const industry of ['house', 'exterior', 'carpet', 'commercial'] as const) {
      expect(bookingErrorText(messages[industry], connectionLost, bookingResultFromResponse(409, conflict) as BookingRequestFailure)).toBe(
        'This booking was cancelled or has expired. Please reload the page to book again.',
      )
    }
  })

  it('never shows raw server text: anything that is not a reference reads as an unexpected failure', () => {
    const raw: BookingRequestFailure = {ok: false, kind: 'save', message: 'relation "bookings" does not exist'}
    expect(bookingErrorText(messages.exterior, connectionLost, raw)).toBe('Booking failed: Something went wrong. Please try again in a moment.')
  })
})

describe('bookingResultFromResponse', () => {
  it('reads a success', () => {
    expect(bookingResultFromResponse(200, {ok: true, bookingId: 'b', checkoutUrl: 'https://pay/x'})).toEqual({
      ok: true,
      bookingId: 'b',
      checkoutUrl: 'https://pay/x',
    })
  })

  it('treats a success without a URL as no-url', () => {
    expect(bookingResultFromResponse(200, {ok: true, bookingId: 'b'})).toEqual({ok: false, kind: 'no-url'})
    expect(bookingResultFromResponse(200, {ok: true, bookingId: 'b', checkoutUrl: ''})).toEqual({ok: false, kind: 'no-url'})
  })

  it('reads each typed failure', () => {
    expect(bookingResultFromResponse(400, {...validation, fieldErrors: {firstName: 'firstNameRequired', bad: 3}})).toEqual(validation)
    expect(bookingResultFromResponse(500, save)).toEqual(save)
    expect(bookingResultFromResponse(502, payment)).toEqual(payment)
    expect(bookingResultFromResponse(502, noUrl)).toEqual(noUrl)
    expect(bookingResultFromResponse(429, rejected)).toEqual(rejected)
  })

  it('turns anything unexpected into a readable failure', () => {
    expect(bookingResultFromResponse(429, null)).toEqual({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited})
    expect(bookingResultFromResponse(413, 'Payload Too Large')).toEqual({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.tooLarge})
    expect(bookingResultFromResponse(500, null)).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.unexpected})
    expect(bookingResultFromResponse(400, {kind: 'validation'})).toMatchObject({kind: 'validation', fieldErrors: {}, message: BOOKING_MESSAGES.requestInvalid})
  })
})
