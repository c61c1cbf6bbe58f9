import {describe, expect, it} from 'vitest'
import type {Industry} from './catalog'
import {BOOKING_MESSAGES, bookingErrorText, bookingResultFromResponse, type BookingRequestFailure} from './flow-messages'

const save: BookingRequestFailure = {ok: false, kind: 'save', message: 'db down'}
const payment: BookingRequestFailure = {ok: false, kind: 'payment', message: 'card provider down'}
const noUrl: BookingRequestFailure = {ok: false, kind: 'no-url'}
const network: BookingRequestFailure = {ok: false, kind: 'network', message: 'Failed to fetch'}
const rejected: BookingRequestFailure = {ok: false, kind: 'rejected', message: 'Too many'}
const conflict: BookingRequestFailure = {ok: false, kind: 'conflict', message: BOOKING_MESSAGES.bookingClosed}
const validation: BookingRequestFailure = {
  ok: false,
  kind: 'validation',
  fieldErrors: {firstName: 'Please fill out the first name'},
  message: 'Please fill out the first name',
}

describe('bookingErrorText (spec §8, word for word)', () => {
  const table: Array<[Industry, BookingRequestFailure, string]> = [
    ['house', save, 'Error: db down'],
    ['house', payment, 'Error: card provider down'],
    ['house', network, 'Error: Failed to fetch'],
    ['house', rejected, 'Error: Too many'],
    ['house', noUrl, 'Stripe redirect failed'],
    ['exterior', save, 'Booking failed: db down'],
    ['exterior', rejected, 'Booking failed: Too many'],
    ['exterior', noUrl, 'Failed to redirect to payment.'],
    ['exterior', payment, 'Payment error occurred.'],
    ['exterior', network, 'Payment error occurred.'],
    ['carpet', save, 'Booking failed: db down'],
    ['carpet', payment, 'Payment error occurred.'],
    ['carpet', noUrl, 'Payment error occurred.'],
    ['carpet', network, 'Payment error occurred.'],
    ['commercial', save, 'Booking failed: db down'],
    ['commercial', noUrl, 'Failed to redirect to payment.'],
    ['commercial', payment, 'Payment error occurred.'],
    ['commercial', network, 'Payment error occurred.'],
  ]
  it.each(table)('%s, %o → %s', (industry, failure, text) => {
    expect(bookingErrorText(industry, failure)).toBe(text)
  })

  it('shows a validation failure as its own message on every form', () => {
    for (const industry of ['house', 'exterior', 'carpet', 'commercial'] as const) {
      expect(bookingErrorText(industry, validation)).toBe('Please fill out the first name')
    }
  })

  it('shows a conflict (409: a closed booking, a key used with other details) as its own message on every form', () => {
    for (const industry of ['house', 'exterior', 'carpet', 'commercial'] as const) {
      expect(bookingErrorText(industry, bookingResultFromResponse(409, conflict) as BookingRequestFailure)).toBe(BOOKING_MESSAGES.bookingClosed)
    }
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
    expect(bookingResultFromResponse(400, {...validation, fieldErrors: {firstName: 'x', bad: 3}})).toEqual({
      ...validation,
      fieldErrors: {firstName: 'x'},
    })
    expect(bookingResultFromResponse(500, save)).toEqual(save)
    expect(bookingResultFromResponse(502, payment)).toEqual(payment)
    expect(bookingResultFromResponse(502, noUrl)).toEqual(noUrl)
    expect(bookingResultFromResponse(429, rejected)).toEqual(rejected)
  })

  it('turns anything unexpected into a readable failure', () => {
    expect(bookingResultFromResponse(429, null)).toEqual({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited})
    expect(bookingResultFromResponse(413, 'Payload Too Large')).toEqual({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.tooLarge})
    expect(bookingResultFromResponse(500, null)).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.unexpected})
    expect(bookingResultFromResponse(400, {kind: 'validation'})).toMatchObject({kind: 'validation', fieldErrors: {}, message: BOOKING_MESSAGES.notJson})
  })
})
