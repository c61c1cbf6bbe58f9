import {randomUUID} from 'node:crypto'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import {clearLeadsAndOutbox, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import type {BookingPaidFacts} from '../email/queue'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'
import {fulfilCheckout, handlePaymentEvent, setFlowLogger, submitBooking, successPageSummary, type BookingFlowDeps} from './flow'
import {completeTestCheckout} from './routes'
import {CARPET_TOTAL_CENTS, carpetRequest, fixedClock, FIXED_NOW, HOUSE_TOTAL_CENTS, houseRequest, ORIGIN} from './test-support/requests'
import {roomyAvailability} from './test-support/availability'

/**
 * A paid booking's e-mails (the customer's confirmation and the business's notification) are queued
 * in the outbox in the same transaction that makes the booking paid: exactly once, whether the
 * test checkout, the success page or the payment webhook confirms the payment first, and never for
 * a booking that was not paid.
 */

let payments: TestCheckoutProvider
const emailsQueued = vi.fn()
const log = {error: vi.fn(), warn: vi.fn()}

// The database and the mail server are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

const {db, store} = embeddedBookingStore({set: setFlowLogger, log})

beforeEach(async () => {
  await clearLeadsAndOutbox(db, {bookings: true})
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  emailsQueued.mockReset()
  log.error.mockReset()
  log.warn.mockReset()
})

function deps(overrides: Partial<BookingFlowDeps> = {}): BookingFlowDeps {
  return {store, payments, origin: ORIGIN, now: fixedClock, emailsQueued, availability: roomyAvailability, ...overrides}
}

async function submit(body: Record<string, unknown>): Promise<{bookingId: string; sessionId: string}> {
  const result = await submitBooking(body, deps())
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  return {bookingId: result.bookingId, sessionId: decodeURIComponent(new URL(result.checkoutUrl).pathname.split('/').pop() ?? '')}
}

async function outbox(): Promise<{event_key: string; template: string; to_address: string | null; reply_to: string | null; payload: BookingPaidFacts}[]> {
  return (await db.query<{event_key: string; template: string; to_address: string | null; reply_to: string | null; payload: BookingPaidFacts}>(
    'select event_key, template, to_address, reply_to, payload from public.email_outbox order by event_key',
  )).rows
}

function paidEvent(bookingId: string, sessionId: string, amountTotalCents: number) {
  return {kind: 'paid', sessionId, bookingId, amountTotalCents, currency: 'usd', eventId: `evt_${randomUUID()}`, eventType: 'checkout.session.completed'} as const
}

describe('paying a booking queues its e-mails with the payment', () => {
  it('the test checkout, the success page and the webhook all confirming: one confirmation, one notification', async () => {
    const {bookingId, sessionId} = await submit(houseRequest())
    expect(await outbox()).toEqual([])

    // The customer pays on the test checkout page (which confirms the payment itself)…
    expect(await completeTestCheckout(sessionId, 'paid', {checkout: payments, store, now: fixedClock, emailsQueued})).toMatchObject({kind: 'redirect'})
    // …lands on /success, which confirms again…
    const summary = await successPageSummary({bookingId, sessionId}, {store, now: () => new Date('2030-01-15T18:01:00Z'), payments: () => payments, emailsQueued})
    expect(summary).toMatchObject({paymentStatus: 'paid', totalPaid: '$139.60'})
    // …and the webhook arrives, twice.
    for (let i = 0; i < 2; i++) {
      expect(await handlePaymentEvent(paidEvent(bookingId, sessionId, HOUSE_TOTAL_CENTS), deps({now: () => new Date('2030-01-15T18:02:00Z')}))).toEqual({
        outcome: 'paid',
        bookingId,
        changed: false,
      })
    }

    const rows = await outbox()
    expect(rows.map((row) => [row.event_key, row.template, row.to_address, row.reply_to])).toEqual([
      [`booking_paid:${bookingId}:business`, 'booking_paid.business', null, 'ada.lovelace@example.com'],
      [`booking_paid:${bookingId}:customer`, 'booking_paid.customer', 'ada.lovelace@example.com', null],
    ])
    const facts = rows[1].payload
    expect(facts).toEqual(rows[0].payload)
    expect(facts).toMatchObject({
      kind: 'booking_paid',
      id: bookingId,
      reference: summary?.reference,
      industry: 'house',
      service: 'House Cleaning – Regular Cleaning, Weekly',
      date: '2030-02-01',
      location: 'King County',
      customer: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@example.com', phone: '4255550142', address: '1200 Lake Washington Blvd N, Renton, WA 98056'},
      notes: 'Side door, the dog is friendly',
      totalCents: HOUSE_TOTAL_CENTS,
      // When the first confirmation made it paid.
      paidAt: FIXED_NOW.toISOString(),
    })
    expect(facts.reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/)
    // Regular Cleaning weekly, 2 bedrooms, 1 bathroom: 81.20 + 30.92 + 19.33 = 131.45; Blinds $0; tip 10 % 13.15; parking 5; save10 −10.
    expect(facts.charges.map((charge) => charge.cents)).toEqual([8120, 3092, 1933, 0, 1315, 500, -1000])
    expect(facts.charges.reduce((sum, charge) => sum + charge.cents, 0)).toBe(HOUSE_TOTAL_CENTS)
    expect(emailsQueued).toHaveBeenCalledTimes(1)
  })

  it('the webhook first, then the success page: still one of each', async () => {
    const {bookingId, sessionId} = await submit(carpetRequest())
    await payments.complete(sessionId, 'paid')
    expect(await handlePaymentEvent(paidEvent(bookingId, sessionId, CARPET_TOTAL_CENTS), deps())).toEqual({outcome: 'paid', bookingId, changed: true})
    expect(await fulfilCheckout(sessionId, deps(), {expectedBookingId: bookingId})).toEqual({outcome: 'paid', bookingId, changed: false})
    const rows = await outbox()
    expect(rows.map((row) => row.template)).toEqual(['booking_paid.business', 'booking_paid.customer'])
    expect(rows[1]).toMatchObject({to_address: 'bjorn@example.org', payload: {service: 'Carpet Cleaning – Every 6 Months', totalCents: CARPET_TOTAL_CENTS, date: '2030-02-11'}})
    expect(emailsQueued).toHaveBeenCalledTimes(1)
  })

  it('confirming at once from both sides queues them once', async () => {
    const {bookingId, sessionId} = await submit(houseRequest())
    await payments.complete(sessionId, 'paid')
    const results = await Promise.all([
      handlePaymentEvent(paidEvent(bookingId, sessionId, HOUSE_TOTAL_CENTS), deps()),
      fulfilCheckout(sessionId, deps(), {expectedBookingId: bookingId}),
      fulfilCheckout(sessionId, deps(), {expectedBookingId: bookingId}),
    ])
    expect(results.filter((result) => result.outcome === 'paid' && result.changed)).toHaveLength(1)
    expect(await outbox()).toHaveLength(2)
    expect(emailsQueued).toHaveBeenCalledTimes(1)
  })

  it('queues nothing for a booking that was not paid: cancelled, expired, or paid for another amount', async () => {
    const cancelled = await submit(houseRequest())
    await completeTestCheckout(cancelled.sessionId, 'cancelled', {checkout: payments, store, now: fixedClock, emailsQueued})
    expect(await fulfilCheckout(cancelled.sessionId, deps())).toMatchObject({outcome: 'not-paid'})

    const expired = await submit(houseRequest())
    await handlePaymentEvent({kind: 'expired', sessionId: expired.sessionId, bookingId: expired.bookingId, eventId: 'evt_x', eventType: 'checkout.session.expired'}, deps())
    // A late paid event for the expired booking changes nothing.
    expect(await handlePaymentEvent(paidEvent(expired.bookingId, expired.sessionId, HOUSE_TOTAL_CENTS), deps())).toMatchObject({outcome: 'closed'})

    const cheap = await submit(houseRequest())
    expect(await handlePaymentEvent(paidEvent(cheap.bookingId, cheap.sessionId, 50), deps())).toMatchObject({outcome: 'mismatch'})

    const open = await submit(houseRequest())
    expect(await successPageSummary({bookingId: open.bookingId, sessionId: open.sessionId}, {store, now: fixedClock, payments: () => payments, emailsQueued})).toMatchObject({
      paymentStatus: 'pending',
    })

    expect(await outbox()).toEqual([])
    expect(emailsQueued).not.toHaveBeenCalled()
  })
})
