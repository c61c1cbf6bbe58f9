import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {openMigratedMemoryDatabase} from '../database/test-support/temp-pglite'
import {createSqlBookingStore} from '../bookings/sql-store'
import type {BookingStore} from '../bookings/store'
import {StripePaymentProvider} from '../payments/stripe'
import {startStripeApiStandIn, type StripeApiStandIn} from '../payments/test-support/stripe-api'
import {setFlowLogger, submitBooking, successPageSummary} from './flow'
import {commercialRequest, fixedClock, ORIGIN} from './test-support/requests'
import {roomyAvailability} from './test-support/availability'

/**
 * /success with the real Stripe adapter and SDK against a local stand-in for Stripe's API: the page
 * asks Stripe only for a booking that exists and holds exactly the link's session id.
 */

let db: PGlite
let store: BookingStore
let stripeApi: StripeApiStandIn
let stripe: StripePaymentProvider
const log = {error: vi.fn(), warn: vi.fn()}

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  store = createSqlBookingStore(db)
  stripeApi = await startStripeApiStandIn()
  stripe = new StripePaymentProvider({
    secretKey: 'sk_test_51SuccessPageTestKey000000000000000000',
    host: '127.0.0.1',
    port: stripeApi.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
  setFlowLogger(log)
}, 60_000)

afterAll(async () => {
  setFlowLogger(console)
  await stripeApi.close()
  await db.close()
})

beforeEach(async () => {
  await db.exec('delete from public.bookings1')
})

/** A booking made through Confirm & Pay, its Stripe session created on the stand-in. */
async function stripeBooking(): Promise<{bookingId: string; sessionId: string}> {
  const result = await submitBooking(commercialRequest(), {store, payments: stripe, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  const sessionId = (await store.findById(result.bookingId))?.paymentSessionId
  if (!sessionId) throw new Error('The booking holds no session')
  return {bookingId: result.bookingId, sessionId}
}

const pageDeps = () => ({store, now: fixedClock, payments: () => stripe})

/** Stripe API calls made while `run` runs. */
async function stripeCalls<T>(run: () => Promise<T>): Promise<{result: T; calls: string[]}> {
  stripeApi.requests.length = 0
  const result = await run()
  return {result, calls: stripeApi.requests.map((request) => `${request.method} ${request.path}`)}
}

describe('/success and the payment provider', () => {
  it('a random booking id, with any session id, shows the unknown-booking answer and calls Stripe zero times', async () => {
    const {sessionId} = await stripeBooking()
    stripeApi.pay(sessionId)
    for (const params of [
      {bookingId: randomUUID(), sessionId: `cs_test_${randomUUID().replaceAll('-', '')}`},
      {bookingId: randomUUID(), sessionId},
      {bookingId: 'not-a-uuid', sessionId},
    ]) {
      const {result, calls} = await stripeCalls(() => successPageSummary(params, pageDeps()))
      expect(result).toBeNull()
      expect(calls).toEqual([])
    }
  })

  it('a real booking with another session id shows the booking as it is and calls Stripe zero times', async () => {
    const mine = await stripeBooking()
    const theirs = await stripeBooking()
    stripeApi.pay(theirs.sessionId)
    for (const sessionId of [theirs.sessionId, `cs_test_${randomUUID().replaceAll('-', '')}`]) {
      const {result, calls} = await stripeCalls(() => successPageSummary({bookingId: mine.bookingId, sessionId}, pageDeps()))
      expect(result).toMatchObject({paymentStatus: 'pending', totalPaid: null})
      expect(calls).toEqual([])
    }
    expect((await store.findById(theirs.bookingId))?.paymentStatus).toBe('pending')
  })

  it('the booking with its own session: one Stripe call, the booking shown paid; once paid, no more calls', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    stripeApi.pay(sessionId)
    const first = await stripeCalls(() => successPageSummary({bookingId, sessionId}, pageDeps()))
    expect(first.calls).toEqual([`GET /v1/checkout/sessions/${sessionId}`])
    expect(first.result).toMatchObject({paymentStatus: 'paid', totalPaid: '$60.00'})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('paid')

    // Reloading the page: the stored booking is already paid.
    const reload = await stripeCalls(() => successPageSummary({bookingId, sessionId}, pageDeps()))
    expect(reload.calls).toEqual([])
    expect(reload.result).toEqual(first.result)
  })
})
