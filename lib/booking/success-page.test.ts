import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import {createSqlBookingStore} from './store/sql-store'
import {StripePaymentProvider} from '../payments/stripe'
import {startStripeApiStandIn, stripeOnStandIn, type StripeApiStandIn} from '../payments/test-support/stripe-api'
import {acknowledgeCancel, PAYMENT_CHECK_INTERVAL_SECONDS, setFlowLogger, submitBooking, successPageSummary} from './flow'
import {commercialRequest, fixedClock, ORIGIN} from './test-support/requests'
import {roomyAvailability} from './test-support/availability'

/**
 * /success and /cancel with the real Stripe adapter and SDK against a local stand-in for Stripe's
 * API: the pages ask Stripe only for a pending booking that exists and holds exactly the link's
 * session id, and at most once per booking per PAYMENT_CHECK_INTERVAL_SECONDS, however many
 * reloads and server processes.
 */

let stripeApi: StripeApiStandIn
let stripe: StripePaymentProvider
const log = {error: vi.fn(), warn: vi.fn()}
const {db, store} = embeddedBookingStore({set: setFlowLogger, log})

beforeAll(async () => {
  stripeApi = await startStripeApiStandIn()
  stripe = stripeOnStandIn(stripeApi, {secretKey: 'sk_test_51SuccessPageTestKey000000000000000000'})
}, 60_000)

afterAll(async () => {
  await stripeApi.close()
})

beforeEach(async () => {
  await db.exec('delete from public.bookings')
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

describe('reloading /success or /cancel of a pending booking asks Stripe at most once per interval, never on every page view', () => {
  const VIEWS = 30

  function movingClock() {
    let at = fixedClock().getTime()
    return {now: () => new Date(at), advance: (seconds: number) => (at += seconds * 1000)}
  }

  it('30 views of /success, one after the other or all at once, ask Stripe once per interval; the booking still becomes paid', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const clock = movingClock()
    const deps = {store, now: clock.now, payments: () => stripe}
    const oneByOne = await stripeCalls(async () => {
      for (let view = 0; view < VIEWS; view++) expect(await successPageSummary({bookingId, sessionId}, deps)).toMatchObject({paymentStatus: 'pending'})
    })
    expect(oneByOne.calls).toEqual([`GET /v1/checkout/sessions/${sessionId}`])

    // Still within the interval, views racing on two server processes (two stores on one database).
    clock.advance(PAYMENT_CHECK_INTERVAL_SECONDS - 1)
    const otherProcess = createSqlBookingStore(db)
    const racing = await stripeCalls(() =>
      Promise.all(Array.from({length: VIEWS}, (_, view) => successPageSummary({bookingId, sessionId}, {...deps, store: view % 2 ? otherProcess : store}))),
    )
    expect(racing.calls).toEqual([])

    // The customer paid; once the interval has passed, the next view asks again, once, and shows it paid.
    stripeApi.pay(sessionId)
    clock.advance(1)
    const after = await stripeCalls(() => Promise.all(Array.from({length: VIEWS}, () => successPageSummary({bookingId, sessionId}, deps))))
    expect(after.calls).toEqual([`GET /v1/checkout/sessions/${sessionId}`])
    expect((await store.findById(bookingId))?.paymentStatus).toBe('paid')
    expect(after.result.some((summary) => summary?.paymentStatus === 'paid')).toBe(true)
  })

  it('30 views of /cancel ask Stripe once per interval', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const clock = movingClock()
    const deps = {store, now: clock.now, payments: () => stripe}
    const views = await stripeCalls(async () => {
      for (let view = 0; view < VIEWS; view++) expect(await acknowledgeCancel(bookingId, deps)).toMatchObject({formPath: '/commercial_cleaning', bookingId})
    })
    expect(views.calls).toEqual([`GET /v1/checkout/sessions/${sessionId}`])
    clock.advance(PAYMENT_CHECK_INTERVAL_SECONDS)
    expect((await stripeCalls(() => acknowledgeCancel(bookingId, deps))).calls).toEqual([`GET /v1/checkout/sessions/${sessionId}`])
  })

  it.each(['paid', 'cancelled', 'expired', 'failed'] as const)('a booking already %s: 30 views of /success and of /cancel never ask Stripe', async (state) => {
    const {bookingId, sessionId} = await stripeBooking()
    if (state === 'paid') {
      stripeApi.pay(sessionId)
      await store.markPaid(bookingId, {sessionId, paidAt: fixedClock()})
    } else {
      await store.markClosed(bookingId, state)
    }
    const clock = movingClock()
    const deps = {store, now: clock.now, payments: () => stripe}
    const views = await stripeCalls(async () => {
      for (let view = 0; view < VIEWS; view++) {
        expect(await successPageSummary({bookingId, sessionId}, deps)).toMatchObject({paymentStatus: state})
        await acknowledgeCancel(bookingId, deps)
        clock.advance(PAYMENT_CHECK_INTERVAL_SECONDS)
      }
    })
    expect(views.calls).toEqual([])
  })
})
