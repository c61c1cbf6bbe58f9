import {beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from '../store/test-support/embedded-store'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import {PaymentProviderError, type OffSessionChargeRequest, type OffSessionChargeResult} from '../../payments/provider'
import {submitBooking} from '../flow'
import {commercialRequest, houseRequest, HOUSE_TOTAL_CENTS, ORIGIN} from '../test-support/requests'
import {testAvailability} from '../test-support/availability'
import {cancelPlan, chargeOwedDifference, pausePlan, resumePlan, setPlanChangeLogger, skipVisit, visitGenerator, type PlanChangeDeps} from './changes'
import {createPlanStore} from './plan-store'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {startPlan} from './visits'
import {emptyPlansAndBookings, seedPlan} from './test-support/manage-fixtures'

/**
 * Changing a plan against the real store (PGlite, every migration), with the clock set per test:
 * skip, pause, resume and cancel, each within and outside 24 hours of a visit, by the customer and
 * the office; the early-cancellation difference charged exactly once.
 *
 * The first visit is Friday 2030-02-01, 8–10 am in Renton (16:00 UTC); the later ones each Friday
 * after it at the same time.
 */

const BOOKED_AT = new Date('2030-01-15T18:00:00Z')
const HOUR = 3_600_000
const friday = (day: string) => ({date: day, windowStartsAt: `${day}T16:00:00.000Z`})
const LATER = ['2030-02-08', '2030-02-15', '2030-02-22', '2030-03-01']
const STAFF = {by: 'office', staff: {id: '6f0c6c37-0000-4000-8000-00000000a001', name: 'Olivia Office'}} as const
const CUSTOMER = {by: 'customer'} as const

let now: Date
const log = {error: vi.fn()}

/** The saved card's provider, recording each charge asked for; answers as `answer` says. */
function recordingProvider(answer: (request: OffSessionChargeRequest) => OffSessionChargeResult | Promise<OffSessionChargeResult> = (request) => ({
  outcome: 'succeeded',
  paymentId: `pi_test_${request.idempotencyKey}`,
  amountCents: request.amountCents,
})) {
  const calls: OffSessionChargeRequest[] = []
  return {
    calls,
    async chargeSavedCard(request: OffSessionChargeRequest) {
      calls.push(request)
      return answer(request)
    },
  }
}

const {db, store} = embeddedBookingStore({set: setPlanChangeLogger, log})

beforeAll(async () => {
  // The staff member the office's actions name (staff_actions references them).
  await db.query(`insert into public.staff (id, name, email, role) values ($1, $2, 'olivia@example.com', 'owner')`, [STAFF.staff.id, STAFF.staff.name])
})

beforeEach(async () => {
  await emptyPlansAndBookings(db)
  now = BOOKED_AT
  log.error.mockReset()
})

function deps(overrides: Partial<PlanChangeDeps> = {}): PlanChangeDeps {
  return {functions: createSqlDatabaseFunctions(db), payments: recordingProvider(), now: () => new Date(now), ...overrides}
}

/** A paid first visit through the booking flow and a plan of four later weekly visits after it. */
async function weeklyPlan(options: {request?: Record<string, unknown>; oneTimeCents?: number; visits?: Parameters<typeof seedPlan>[2]['visits']; card?: boolean} = {}) {
  const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  const result = await submitBooking(options.request ?? houseRequest(), {store, payments, origin: ORIGIN, now: () => new Date(BOOKED_AT), availability: testAvailability})
  if (!result.ok) throw new Error(`booking refused: ${JSON.stringify(result)}`)
  await store.markPaid(result.bookingId, {sessionId: `cs_test_${result.bookingId}`, paidAt: BOOKED_AT})
  const seeded = await seedPlan(db, result.bookingId, {
    oneTimeCents: options.oneTimeCents ?? 21_500,
    visits: options.visits ?? LATER.map(friday),
    card: options.card,
  })
  return {firstId: result.bookingId, ...seeded}
}

async function visit(id: string) {
  const {rows} = await db.query<{payment_status: string; charge_state: string | null; cancelled_at: Date | null; charge_due_at: Date | null}>(
    `select b.payment_status, c.state as charge_state, b.cancelled_at, c.due_at as charge_due_at from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id where b.id = $1`,
    [id],
  )
  return rows[0]
}

async function plan(id: string) {
  const {rows} = await db.query<{status: string; cancelled_by: string | null; generated_through: string; early_cancellation_cents: number | null}>(
    `select status, cancelled_by, generated_through::text, early_cancellation_cents from public.booking_plans where id = $1`,
    [id],
  )
  return rows[0]
}

async function placesTaken(day: string): Promise<number> {
  return (await store.placesTaken('indoor', day, day, now)).get(`${day} 08:00-10:00`) ?? 0
}

async function outbox(): Promise<{template: string; payload: Record<string, unknown>}[]> {
  const {rows} = await db.query<{template: string; payload: Record<string, unknown>}>(
    `select template, payload from public.email_outbox where template like 'plan_%' order by template`,
  )
  return rows
}

async function charges(planId: string) {
  const {rows} = await db.query<{kind: string; amount_cents: number; status: string; idempotency_key: string}>(
    'select kind, amount_cents, status, idempotency_key from public.plan_charges where plan_id = $1',
    [planId],
  )
  return rows
}

describe('skipping one visit', () => {
  it('skips a visit not yet charged 24 hours or more ahead: released, not charged, both sides told', async () => {
    const {planId, visitIds} = await weeklyPlan()
    now = new Date(Date.parse('2030-02-15T16:00:00Z') - 24 * HOUR - 1000)
    expect(await placesTaken('2030-02-15')).toBe(1)
    expect(await skipVisit(planId, visitIds[1], CUSTOMER, deps())).toEqual({ok: true, outcome: 'skipped'})
    expect(await visit(visitIds[1])).toMatchObject({payment_status: 'cancelled', charge_state: 'skipped'})
    expect(await placesTaken('2030-02-15')).toBe(0)
    // The other visits stay.
    expect(await visit(visitIds[2])).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled'})
    const messages = await outbox()
    expect(messages.map((message) => message.template)).toEqual(['plan_changed.business', 'plan_changed.customer'])
    expect(messages[1].payload).toMatchObject({change: 'visit_skipped', by: 'customer', visit: {id: visitIds[1], date: '2030-02-15'}})
    // Skipped once: again is refused.
    expect(await skipVisit(planId, visitIds[1], CUSTOMER, deps())).toEqual({ok: false, refusal: 'notScheduled'})
  })

  it('refuses the customer inside 24 hours (call us), and a visit already charged (ask to cancel)', async () => {
    const {planId, visitIds} = await weeklyPlan({visits: [{...friday('2030-02-08'), paymentStatus: 'paid'}, friday('2030-02-15')]})
    now = new Date(Date.parse('2030-02-15T16:00:00Z') - 23 * HOUR)
    expect(await skipVisit(planId, visitIds[1], CUSTOMER, deps())).toEqual({ok: false, refusal: 'tooLate'})
    expect(await visit(visitIds[1])).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled'})
    now = new Date('2030-02-07T00:00:00Z')
    expect(await skipVisit(planId, visitIds[0], CUSTOMER, deps())).toEqual({ok: false, refusal: 'charged'})
    expect(await visit(visitIds[0])).toMatchObject({payment_status: 'paid'})
    expect(await outbox()).toEqual([])
  })

  it('lets the office skip a visit not yet charged inside 24 hours, recorded with who did it', async () => {
    const {planId, visitIds} = await weeklyPlan()
    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 3 * HOUR)
    expect(await skipVisit(planId, visitIds[0], STAFF, deps())).toEqual({ok: true, outcome: 'skipped'})
    expect(await visit(visitIds[0])).toMatchObject({payment_status: 'cancelled', charge_state: 'skipped'})
    const {rows} = await db.query<{staff_name: string; action: string; subject_kind: string}>('select staff_name, action, subject_kind from public.staff_actions')
    expect(rows).toEqual([{staff_name: 'Olivia Office', action: 'plan_visit_skipped', subject_kind: 'plan'}])
    // The customer is told; the office knows already.
    expect((await outbox()).map((message) => message.template)).toEqual(['plan_changed.customer'])
    // Once its window has begun, not even the office.
    now = new Date('2030-02-15T16:30:00Z')
    expect(await skipVisit(planId, visitIds[1], STAFF, deps())).toEqual({ok: false, refusal: 'begun'})
  })

  it("refuses another plan's visit", async () => {
    const first = await weeklyPlan()
    const second = await weeklyPlan()
    expect(await skipVisit(first.planId, second.visitIds[0], CUSTOMER, deps())).toEqual({ok: false, refusal: 'notFound'})
    expect(await visit(second.visitIds[0])).toMatchObject({payment_status: 'scheduled'})
  })
})

describe('pausing and resuming', () => {
  it('pauses: visits 24 hours or more ahead released, the one within 24 hours kept; resume regenerates from the next date', async () => {
    const {planId, visitIds} = await weeklyPlan()
    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 22 * HOUR)
    expect(await pausePlan(planId, CUSTOMER, deps())).toEqual({ok: true, outcome: 'paused', released: 3})
    expect(await plan(planId)).toMatchObject({status: 'paused'})
    expect(await visit(visitIds[0])).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled'})
    for (const id of visitIds.slice(1)) expect(await visit(id)).toMatchObject({payment_status: 'cancelled', charge_state: 'cancelled'})
    expect(await pausePlan(planId, CUSTOMER, deps())).toEqual({ok: false, refusal: 'alreadyPaused'})
    const paused = (await outbox()).find((message) => message.template === 'plan_changed.customer')
    expect(paused?.payload).toMatchObject({change: 'paused', released: 3})

    const generateVisits = vi.fn(async () => {})
    now = new Date('2030-02-20T18:00:00Z')
    expect(await resumePlan(planId, CUSTOMER, deps({generateVisits}))).toEqual({ok: true, outcome: 'resumed'})
    // Generated again from the later of today (Renton) and its last visit kept.
    expect(await plan(planId)).toMatchObject({status: 'active', generated_through: '2030-02-20'})
    expect(generateVisits).toHaveBeenCalledWith(planId)
    expect(await resumePlan(planId, CUSTOMER, deps())).toEqual({ok: false, refusal: 'alreadyActive'})
  })

  it('resumes a plan made by the booking flow: the dates the pause released are generated again from the next date', async () => {
    const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    const result = await submitBooking(houseRequest(), {store, payments, origin: ORIGIN, now: () => new Date(BOOKED_AT), availability: testAvailability})
    if (!result.ok) throw new Error('refused')
    await store.markPaid(result.bookingId, {sessionId: `cs_test_${result.bookingId}`, paidAt: BOOKED_AT})
    const flow = {plans: createPlanStore(createSqlDatabaseFunctions(db)), availability: testAvailability, settings: DEFAULT_PLAN_SETTINGS}
    const started = await startPlan((await store.findById(result.bookingId))!, {provider: 'test-checkout', customerId: 'test_cus_1', paymentMethodId: 'test_pm_1', label: 'Visa ending 4242'}, flow, BOOKED_AT)
    if (started.status === 'not_a_plan') throw new Error('no plan')
    const scheduledDates = async () =>
      (await db.query<{date: string}>(`select date::text from public.bookings where plan_id = $1 and payment_status = 'scheduled' order by date`, [started.planId])).rows.map((row) => row.date)
    expect((await scheduledDates()).slice(0, 3)).toEqual(['2030-02-08', '2030-02-15', '2030-02-22'])

    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 22 * HOUR)
    expect(await pausePlan(started.planId, CUSTOMER, deps())).toMatchObject({ok: true, outcome: 'paused'})
    expect(await scheduledDates()).toEqual(['2030-02-08'])
    now = new Date('2030-02-12T18:00:00Z')
    expect(await resumePlan(started.planId, CUSTOMER, deps({generateVisits: visitGenerator(flow, () => new Date(now))}))).toEqual({ok: true, outcome: 'resumed'})
    // From the next Friday after today, on the same weekday and window, to the horizon.
    const dates = await scheduledDates()
    expect(dates.slice(0, 4)).toEqual(['2030-02-08', '2030-02-15', '2030-02-22', '2030-03-01'])
    const {rows} = await db.query<{arrival_window: string}>(`select distinct arrival_window from public.bookings where plan_id = $1 and payment_status = 'scheduled'`, [started.planId])
    expect(rows).toEqual([{arrival_window: '08:00-10:00'}])
  })

  it('pauses with nothing released when every visit is within 24 hours', async () => {
    const {planId, visitIds} = await weeklyPlan({visits: [friday('2030-02-08')]})
    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 2 * HOUR)
    expect(await pausePlan(planId, STAFF, deps())).toEqual({ok: true, outcome: 'paused', released: 0})
    expect(await visit(visitIds[0])).toMatchObject({payment_status: 'scheduled'})
  })
})

describe('cancelling the plan', () => {
  it('before its second visit: visits ahead released, the one within 24 hours kept, the difference charged once', async () => {
    const {planId, visitIds} = await weeklyPlan({oneTimeCents: 21_500})
    const payments = recordingProvider()
    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 20 * HOUR)
    const answer = await cancelPlan(planId, CUSTOMER, deps({payments}))
    const difference = 21_500 - HOUSE_TOTAL_CENTS
    expect(answer).toEqual({ok: true, outcome: 'cancelled', released: 3, earlyCancellation: {status: 'succeeded', amountCents: difference}})
    expect(payments.calls).toHaveLength(1)
    expect(payments.calls[0]).toMatchObject({
      amountCents: difference,
      idempotencyKey: `plan:${planId}:early-cancellation`,
      card: {customerId: 'test_cus_manage', paymentMethodId: 'test_pm_manage'},
      planId,
    })
    expect(await charges(planId)).toEqual([{kind: 'early_cancellation', amount_cents: difference, status: 'succeeded', idempotency_key: `plan:${planId}:early-cancellation`}])
    expect(await plan(planId)).toMatchObject({status: 'cancelled', cancelled_by: 'customer', early_cancellation_cents: difference})
    expect(await visit(visitIds[0])).toMatchObject({payment_status: 'scheduled'})
    expect(await visit(visitIds[1])).toMatchObject({payment_status: 'cancelled', charge_state: 'cancelled'})
    const customer = (await outbox()).find((message) => message.template === 'plan_changed.customer')
    expect(customer?.payload).toMatchObject({change: 'cancelled', released: 3, earlyCancellationCents: difference})

    // A second cancellation changes and charges nothing.
    expect(await cancelPlan(planId, CUSTOMER, deps({payments}))).toEqual({ok: false, refusal: 'cancelled'})
    expect(payments.calls).toHaveLength(1)
    expect(await charges(planId)).toHaveLength(1)
  })

  it('two cancellations at once charge once', async () => {
    const {planId} = await weeklyPlan()
    const payments = recordingProvider()
    now = new Date('2030-02-03T12:00:00Z')
    const answers = await Promise.all([cancelPlan(planId, CUSTOMER, deps({payments})), cancelPlan(planId, STAFF, deps({payments}))])
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    expect(answers.filter((answer) => !answer.ok)).toEqual([{ok: false, refusal: 'cancelled'}])
    expect(payments.calls).toHaveLength(1)
    expect(await charges(planId)).toHaveLength(1)
  })

  it('after the second visit has taken place: nothing charged', async () => {
    const {planId} = await weeklyPlan({visits: [{...friday('2030-02-08'), paymentStatus: 'paid'}, friday('2030-02-15'), friday('2030-02-22')]})
    const payments = recordingProvider()
    now = new Date('2030-02-09T18:00:00Z')
    expect(await cancelPlan(planId, CUSTOMER, deps({payments}))).toEqual({ok: true, outcome: 'cancelled', released: 2, earlyCancellation: {status: 'none'}})
    expect(payments.calls).toEqual([])
    expect(await charges(planId)).toEqual([])
  })

  it('charges the difference when the second visit is paid but has not begun (it has not taken place)', async () => {
    const {planId} = await weeklyPlan({visits: [{...friday('2030-02-08'), paymentStatus: 'paid'}, friday('2030-02-15')]})
    const payments = recordingProvider()
    now = new Date('2030-02-07T12:00:00Z')
    const answer = await cancelPlan(planId, CUSTOMER, deps({payments}))
    expect(answer).toMatchObject({ok: true, earlyCancellation: {status: 'succeeded', amountCents: 21_500 - HOUSE_TOTAL_CENTS}})
    expect(payments.calls).toHaveLength(1)
  })

  it('commercial (same price one-time and recurring): a difference of 0 charges nothing', async () => {
    const request = commercialRequest({frequency: 'Recurring'})
    const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    const result = await submitBooking(request, {store, payments, origin: ORIGIN, now: () => new Date(BOOKED_AT), availability: testAvailability})
    if (!result.ok) throw new Error(`booking refused: ${JSON.stringify(result)}`)
    await store.markPaid(result.bookingId, {sessionId: `cs_test_${result.bookingId}`, paidAt: BOOKED_AT})
    const first = (await store.findById(result.bookingId))!
    const {planId} = await seedPlan(db, first.id, {oneTimeCents: first.amountCents, visits: []})
    const recorder = recordingProvider()
    expect(await cancelPlan(planId, CUSTOMER, deps({payments: recorder}))).toEqual({ok: true, outcome: 'cancelled', released: 0, earlyCancellation: {status: 'none'}})
    expect(recorder.calls).toEqual([])
    expect(await charges(planId)).toEqual([])
  })

  it('a declined difference is recorded once and the office told', async () => {
    const {planId} = await weeklyPlan()
    const payments = recordingProvider(() => ({outcome: 'declined', paymentId: 'pi_declined', code: 'card_declined', message: 'Your card was declined.'}))
    now = new Date('2030-02-03T12:00:00Z')
    expect(await cancelPlan(planId, CUSTOMER, deps({payments}))).toMatchObject({ok: true, earlyCancellation: {status: 'declined'}})
    expect(await charges(planId)).toMatchObject([{status: 'declined'}])
    expect((await outbox()).map((message) => message.template)).toContain('plan_early_cancellation.business')
    // Not tried again by a second cancellation: the office calls.
    expect(await cancelPlan(planId, CUSTOMER, deps({payments}))).toEqual({ok: false, refusal: 'cancelled'})
    expect(payments.calls).toHaveLength(1)
  })

  it('a provider that did not answer: the same charge (same key) is tried once more after the claim lapses, never twice', async () => {
    const {planId} = await weeklyPlan()
    let down = true
    const payments = recordingProvider((request) => {
      if (down) throw new PaymentProviderError('stripe', 'Stripe did not answer')
      return {outcome: 'succeeded', paymentId: 'pi_late', amountCents: request.amountCents}
    })
    now = new Date('2030-02-03T12:00:00Z')
    expect(await cancelPlan(planId, CUSTOMER, deps({payments}))).toMatchObject({ok: true, earlyCancellation: {status: 'unknown'}})
    expect(await charges(planId)).toEqual([])
    down = false
    // Within the claim: nothing.
    await cancelPlan(planId, CUSTOMER, deps({payments}))
    expect(payments.calls).toHaveLength(1)
    now = new Date(now.getTime() + 11 * 60_000)
    await cancelPlan(planId, CUSTOMER, deps({payments}))
    expect(payments.calls.map((call) => call.idempotencyKey)).toEqual([`plan:${planId}:early-cancellation`, `plan:${planId}:early-cancellation`])
    expect(await charges(planId)).toMatchObject([{status: 'succeeded'}])
    await cancelPlan(planId, CUSTOMER, deps({payments: recordingProvider()}))
    expect(await charges(planId)).toHaveLength(1)
  })

  it('the office charges a difference left owing (provider down) once its claim lapsed, with the same key; then nothing is owed', async () => {
    const {planId} = await weeklyPlan()
    now = new Date('2030-02-03T12:00:00Z')
    await cancelPlan(planId, CUSTOMER, deps({payments: recordingProvider(() => Promise.reject(new PaymentProviderError('stripe', 'timeout')))}))
    const payments = recordingProvider()
    // Still claimed by the try that got no answer.
    expect(await chargeOwedDifference(planId, deps({payments}))).toBeNull()
    now = new Date(now.getTime() + 11 * 60_000)
    expect(await chargeOwedDifference(planId, deps({payments}))).toEqual({status: 'succeeded', amountCents: 21_500 - HOUSE_TOTAL_CENTS})
    expect(payments.calls.map((call) => call.idempotencyKey)).toEqual([`plan:${planId}:early-cancellation`])
    expect(await chargeOwedDifference(planId, deps({payments}))).toBeNull()
    expect(await charges(planId)).toMatchObject([{status: 'succeeded'}])
  })

  it('the office cancels, may waive the difference, and is recorded', async () => {
    const {planId} = await weeklyPlan()
    const payments = recordingProvider()
    now = new Date('2030-02-03T12:00:00Z')
    expect(await cancelPlan(planId, STAFF, deps({payments}), {chargeEarly: false})).toEqual({ok: true, outcome: 'cancelled', released: 4, earlyCancellation: {status: 'none'}})
    expect(payments.calls).toEqual([])
    expect(await plan(planId)).toMatchObject({cancelled_by: 'office', early_cancellation_cents: 0})
    const {rows} = await db.query<{action: string}>('select action from public.staff_actions')
    expect(rows).toEqual([{action: 'plan_cancelled'}])
  })
})
