import {beforeEach, describe, expect, it, vi} from 'vitest'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {embeddedPlanStores} from './test-support/database'
import {createJobRunner, createJobStore} from '../../jobs/runner'
import {checkoutReturnUrls} from '../../payments/provider'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import {windowStartsAt} from '../availability'
import type {NewBooking, StoredBooking} from '../store/store'
import {houseBooking} from '../store/test-support/fixtures'
import {TEST_AVAILABILITY} from '../test-support/availability'
import {createPlanVisitsJob, rollPlansForward, type RollForwardDeps} from './roll-forward'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {planVisitEmails} from './visit-emails'
import {startPlan} from './visits'

/**
 * The hourly `plan-visits` job: every active plan's visits kept stored up to the horizon as the days
 * pass, and the plan of a paid first visit made when its confirmation stopped short of it.
 */

// Tuesday 15 January 2030, 10 am in Renton: the horizon is 16 March.
const NOW = new Date('2030-01-15T18:00:00Z')
const DAY = 86_400_000

let payments: TestCheckoutProvider
const log = {error: vi.fn(), warn: vi.fn()}

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

const {db, store, plans, reader} = embeddedPlanStores()

beforeEach(() => {
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  log.error.mockReset()
  log.warn.mockReset()
})

const deps = (): RollForwardDeps => ({plans, availability: async () => TEST_AVAILABILITY, settings: DEFAULT_PLAN_SETTINGS, payments: () => payments, emails: planVisitEmails, log})

/** A booking paid at `paidAt` through a test checkout (keeping the card when its frequency is a plan's). */
async function paidBooking(paidAt: Date, overrides: Partial<NewBooking> = {}): Promise<StoredBooking> {
  const date = overrides.date ?? '2030-02-05'
  const window = overrides.arrivalWindow ?? '10:00-12:00'
  const {booking} = await store.createPending(
    houseBooking({
      frequency: 'Weekly',
      date,
      arrivalWindow: window,
      serviceFamily: 'indoor',
      windowStartsAt: windowStartsAt(date, {start: window.slice(0, 5)}).toISOString(),
      holdExpiresAt: new Date(paidAt.getTime() + 31 * 60_000).toISOString(),
      ...overrides,
    }),
    {capacity: 100, now: paidAt},
  )
  const session = await payments.createCheckout({
    bookingId: booking.id,
    amountCents: booking.amountCents,
    currency: 'usd',
    description: 'House Cleaning',
    customerEmail: booking.email,
    ...checkoutReturnUrls('https://cedar-river.example', booking.id),
    idempotencyKey: booking.idempotencyKey,
    saveCard: booking.frequency === 'Weekly',
  })
  await store.attachPaymentSession(booking.id, {provider: payments.name, sessionId: session.id})
  await payments.complete(session.id, 'paid')
  await store.markPaid(booking.id, {sessionId: session.id, paidAt})
  return (await store.findById(booking.id)) as StoredBooking
}

describe('the plan-visits job', () => {
  it('makes the plan of a first visit paid over 10 minutes ago that has none, with the card of its checkout; a younger one is left to its confirmation', async () => {
    const stranded = await paidBooking(new Date(NOW.getTime() - 60 * 60_000))
    const young = await paidBooking(new Date(NOW.getTime() - 5 * 60_000), {date: '2030-02-06'})
    const oneTime = await paidBooking(new Date(NOW.getTime() - 60 * 60_000), {frequency: 'One-Time', date: '2030-02-07'})

    const summary = await rollPlansForward(deps(), NOW)
    expect(summary).toMatchObject({repaired: 1, failed: 0, added: 5})
    const repaired = await store.findById(stranded.id)
    expect(repaired?.planVisit).toBe(1)
    const card = (await payments.retrieveCheckout(stranded.paymentSessionId ?? '')).savedCard
    expect(card?.paymentMethodId).toMatch(/^test_pm_/)
    expect(await reader.findPlan(repaired?.planId ?? '')).toMatchObject({paymentMethodId: card?.paymentMethodId, paymentProvider: 'test-checkout', generatedThrough: '2030-03-12'})
    expect((await store.findById(young.id))?.planId).toBeNull()
    expect((await store.findById(oneTime.id))?.planId).toBeNull()

    // An hour later the young one is repaired too; nothing else changes.
    expect(await rollPlansForward(deps(), new Date(NOW.getTime() + 60 * 60_000))).toMatchObject({repaired: 1, added: 5, existing: 0, full: 0})
    expect((await store.findById(young.id))?.planId).not.toBeNull()
  })

  it('rolls every active plan forward as the days pass, each visit once, also with two runs at once; a paused plan gets none', async () => {
    const weekly = await paidBooking(NOW)
    const monthly = await paidBooking(NOW, {frequency: 'Monthly', date: '2030-02-08', arrivalWindow: '08:00-10:00'})
    const paused = await paidBooking(NOW, {date: '2030-02-09'})
    for (const booking of [weekly, monthly, paused]) await startPlan(booking, null, deps(), NOW)
    await db.query(`update public.booking_plans set status = 'paused', paused_at = now() where first_booking_id = $1`, [paused.id])
    const visitsOf = async (booking: StoredBooking) => (await reader.visitsOf((await store.findById(booking.id))?.planId ?? '')).map((visit) => visit.date)
    expect(await visitsOf(weekly)).toEqual(['2030-02-05', '2030-02-12', '2030-02-19', '2030-02-26', '2030-03-05', '2030-03-12'])
    // 8 February 2030 is the 2nd Friday: the 2nd Friday of March is the 8th.
    expect(await visitsOf(monthly)).toEqual(['2030-02-08', '2030-03-08'])

    // Three weeks later (the job each day, here twice at once on the last): the horizon is 5 April.
    for (let day = 1; day < 21; day += 1) await rollPlansForward(deps(), new Date(NOW.getTime() + day * DAY))
    const later = new Date(NOW.getTime() + 21 * DAY)
    const [a, b] = await Promise.all([rollPlansForward(deps(), later), rollPlansForward(deps(), later)])
    expect(a.added + b.added).toBeLessThanOrEqual(1)
    expect(await visitsOf(weekly)).toEqual(['2030-02-05', '2030-02-12', '2030-02-19', '2030-02-26', '2030-03-05', '2030-03-12', '2030-03-19', '2030-03-26', '2030-04-02'])
    expect(await visitsOf(monthly)).toEqual(['2030-02-08', '2030-03-08'])
    // Paused after its first visits were stored: it keeps them and gets no more.
    expect(await visitsOf(paused)).toEqual(['2030-02-09', '2030-02-16', '2030-02-23', '2030-03-02', '2030-03-09', '2030-03-16'])
    expect(log.error).not.toHaveBeenCalled()
  })

  it('runs hourly through the job runner, claimed in the database', async () => {
    const booking = await paidBooking(NOW)
    await startPlan(booking, null, deps(), NOW)
    let now = new Date(NOW.getTime() + 7 * DAY)
    const job = createPlanVisitsJob(async () => deps())
    const runner = createJobRunner({store: async () => createJobStore(createSqlDatabaseFunctions(db)), jobs: [job], now: () => now})
    expect((await runner.runDue())[0]).toMatchObject({job: 'plan-visits', ran: true, result: {added: 1, plans: 1, repaired: 0, failed: 0}})
    now = new Date(now.getTime() + 59 * 60_000)
    expect((await runner.runDue())[0].ran).toBe(false)
    now = new Date(now.getTime() + 60_000)
    expect((await runner.runDue())[0]).toMatchObject({ran: true, result: {added: 0}})
  })
})
