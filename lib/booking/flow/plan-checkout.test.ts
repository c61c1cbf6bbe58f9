import {randomUUID} from 'node:crypto'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {embeddedPlanStores} from '../plans/test-support/database'
import type {BookingPaidFacts} from '../../email/queue'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import {planPrices} from '../plans/pricing'
import {DEFAULT_PLAN_SETTINGS} from '../plans/settings'
import type {PlanFlowDeps} from '../plans/visits'
import {completeTestCheckout} from '../routes'
import {testAvailability} from '../test-support/availability'
import {fixedClock, HOUSE_TOTAL_CENTS, houseRequest, ORIGIN} from '../test-support/requests'
import {fulfilCheckout, handlePaymentEvent, setFlowLogger, submitBooking, successPageSummary, type BookingFlowDeps} from '.'

/**
 * A recurring frequency paid through the booking flow: the checkout keeps the card, and whoever
 * confirms the payment first (the test checkout's Pay, the success page, the webhook; also all at
 * once) makes the plan once, with its card and its visits up to the horizon, and the confirmation
 * tells those visits.
 */

let payments: TestCheckoutProvider
const emailsQueued = vi.fn()
const log = {error: vi.fn(), warn: vi.fn()}

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

const {db, store, plans, reader} = embeddedPlanStores({set: setFlowLogger, log})
const planDeps: PlanFlowDeps = {plans, availability: testAvailability, settings: DEFAULT_PLAN_SETTINGS}

beforeEach(() => {
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  emailsQueued.mockReset()
  log.error.mockReset()
  log.warn.mockReset()
})

function deps(overrides: Partial<BookingFlowDeps> = {}): BookingFlowDeps {
  return {store, payments, origin: ORIGIN, now: fixedClock, emailsQueued, availability: testAvailability, plans: planDeps, ...overrides}
}

async function submit(body: Record<string, unknown>): Promise<{bookingId: string; sessionId: string}> {
  const result = await submitBooking(body, deps())
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  return {bookingId: result.bookingId, sessionId: decodeURIComponent(new URL(result.checkoutUrl).pathname.split('/').pop() ?? '')}
}

function paidEvent(bookingId: string, sessionId: string) {
  return {kind: 'paid', sessionId, bookingId, amountTotalCents: HOUSE_TOTAL_CENTS, currency: 'usd', eventId: `evt_${randomUUID()}`, eventType: 'checkout.session.completed'} as const
}

async function confirmation(bookingId: string): Promise<BookingPaidFacts[]> {
  const {rows} = await db.query<{payload: BookingPaidFacts}>(`select payload from public.email_outbox where event_key like $1 order by event_key`, [`booking_paid:${bookingId}:%`])
  return rows.map((row) => row.payload)
}

async function planCount(): Promise<number> {
  return (await db.query<{n: number}>('select count(*)::int as n from public.booking_plans')).rows[0].n
}

// Friday 1 February 2030, 8–10 am (test-support/requests.ts), weekly; the horizon is 16 March.
const LATER_VISITS = ['2030-02-08', '2030-02-15', '2030-02-22', '2030-03-01', '2030-03-08', '2030-03-15']

describe('paying the first visit of a plan', () => {
  it('Weekly: the checkout keeps the card; paid on the test checkout, the plan has the card and its visits to the horizon, and the confirmation tells them', async () => {
    const {bookingId, sessionId} = await submit(houseRequest())
    expect(await payments.getSession(sessionId)).toMatchObject({bookingId, saveCard: true, amountCents: HOUSE_TOTAL_CENTS})

    expect(await completeTestCheckout(sessionId, 'paid', {checkout: payments, store, now: fixedClock, emailsQueued, plans: planDeps})).toMatchObject({kind: 'redirect'})

    const first = await store.findById(bookingId)
    expect(first).toMatchObject({paymentStatus: 'paid', planVisit: 1, amountCents: HOUSE_TOTAL_CENTS})
    const plan = await reader.findPlan(first?.planId ?? '')
    expect(plan).toMatchObject({
      frequency: 'Weekly',
      cadence: 'weekly',
      anchorDate: '2030-02-01',
      arrivalWindow: '08:00-10:00',
      paymentProvider: 'test-checkout',
      // The test card the test checkout kept.
      paymentCustomerId: expect.stringMatching(/^test_cus_/),
      paymentMethodId: expect.stringMatching(/^test_pm_/),
      cardLabel: 'Visa ending 4242',
      // 131.45 + tip 13.15 + parking 5 (no coupon); one-time 175.27 + 17.53 + 5 − 10.
      perVisitCents: 14_960,
      oneTimeCents: 18_780,
      generatedThrough: '2030-03-15',
    })
    const visits = await reader.visitsOf(plan?.id ?? '')
    expect(visits.map((visit) => [visit.planVisit, visit.date, visit.arrivalWindow, visit.paymentStatus, visit.amountCents])).toEqual([
      [1, '2030-02-01', '08:00-10:00', 'paid', HOUSE_TOTAL_CENTS],
      ...LATER_VISITS.map((date, index) => [index + 2, date, '08:00-10:00', 'scheduled', 14_960]),
    ])

    const [business, customer] = await confirmation(bookingId)
    expect(customer).toEqual(business)
    expect(customer.plan).toEqual({
      frequency: 'Weekly',
      cadence: 'weekly',
      arrivalWindow: '08:00-10:00',
      weekday: 'friday',
      // 8 am in Renton: 16:00 UTC, 15:00 once summer time began (10 March 2030).
      // Each later visit named by the id it is stored with (its calendar event's UID).
      visits: LATER_VISITS.map((date, index) => ({
        id: visits[index + 1].id,
        date,
        window: '08:00-10:00',
        windowStartsAt: `${date}T${date < '2030-03-10' ? 16 : 15}:00:00.000Z`,
      })),
    })
    expect(emailsQueued).toHaveBeenCalledTimes(1)
  })

  it('the test checkout’s Pay, the success page and the webhook all at once, twice over: one plan, each visit once, one confirmation', async () => {
    const {bookingId, sessionId} = await submit(houseRequest())
    await payments.complete(sessionId, 'paid')
    const later = () => new Date('2030-01-15T18:01:00Z')
    const confirm = () => [
      completeTestCheckout(sessionId, 'paid', {checkout: payments, store, now: fixedClock, emailsQueued, plans: planDeps}),
      successPageSummary({bookingId, sessionId}, {store, now: later, payments: () => payments, emailsQueued, plans: async () => planDeps}),
      handlePaymentEvent(paidEvent(bookingId, sessionId), {...deps(), payments}),
      fulfilCheckout(sessionId, deps(), {expectedBookingId: bookingId}),
    ]
    await Promise.all([...confirm(), ...confirm()])
    expect(await planCount()).toBe(1)
    const plan = await reader.findPlan((await store.findById(bookingId))?.planId ?? '')
    expect(plan?.paymentMethodId).toBe((await payments.retrieveCheckout(sessionId)).savedCard?.paymentMethodId)
    expect((await reader.visitsOf(plan?.id ?? '')).map((visit) => visit.planVisit)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(await confirmation(bookingId)).toHaveLength(2)
    expect(emailsQueued).toHaveBeenCalledTimes(1)
    expect(log.error).not.toHaveBeenCalled()
  })

  it('confirmed by the webhook alone: the card, which the event does not carry, is retrieved from the checkout', async () => {
    const {bookingId, sessionId} = await submit(houseRequest({frequency: 'Every Other Week'}))
    await payments.complete(sessionId, 'paid')
    const amount = (await store.findById(bookingId))?.amountCents ?? 0
    expect(await handlePaymentEvent({...paidEvent(bookingId, sessionId), amountTotalCents: amount}, {...deps(), payments})).toEqual({outcome: 'paid', bookingId, changed: true})
    const booking = await store.findById(bookingId)
    const plan = await reader.findPlan(booking?.planId ?? '')
    const card = (await payments.retrieveCheckout(sessionId)).savedCard
    expect(card?.paymentMethodId).toMatch(/^test_pm_/)
    expect(plan).toMatchObject({cadence: 'every_other_week', paymentCustomerId: card?.customerId, paymentMethodId: card?.paymentMethodId, ...planPrices(booking!)})
    expect((await reader.visitsOf(plan?.id ?? '')).map((visit) => visit.date)).toEqual(['2030-02-01', '2030-02-15', '2030-03-01', '2030-03-15'])
  })

  it('a one-time visit: no card kept, no plan, no plan in the confirmation', async () => {
    const {bookingId, sessionId} = await submit(houseRequest({frequency: 'One-Time'}))
    expect((await payments.getSession(sessionId))?.saveCard).toBeFalsy()
    await completeTestCheckout(sessionId, 'paid', {checkout: payments, store, now: fixedClock, emailsQueued, plans: planDeps})
    expect(await store.findById(bookingId)).toMatchObject({paymentStatus: 'paid', planId: null, planVisit: null})
    expect(await planCount()).toBe(0)
    expect((await confirmation(bookingId))[0].plan).toBeUndefined()
  })

  it('a confirmation that stopped before the plan: the next confirmation of the same checkout makes it', async () => {
    const {bookingId, sessionId} = await submit(houseRequest())
    await payments.complete(sessionId, 'paid')
    // The first confirmation has no plans wired (as a server process that died after the payment).
    expect(await fulfilCheckout(sessionId, deps({plans: undefined}), {expectedBookingId: bookingId})).toMatchObject({changed: true})
    expect(await planCount()).toBe(0)
    expect(await fulfilCheckout(sessionId, deps(), {expectedBookingId: bookingId})).toMatchObject({changed: false})
    expect(await planCount()).toBe(1)
    expect(await reader.visitsOf((await store.findById(bookingId))?.planId ?? '')).toHaveLength(7)
  })
})
