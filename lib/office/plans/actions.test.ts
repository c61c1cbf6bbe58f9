import {beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedDatabaseForTests} from '../../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import {PaymentProviderError, type OffSessionChargeRequest} from '../../payments/provider'
import {submitBooking} from '../../booking/flow'
import {setPlanChangeLogger, type PlanChangeDeps} from '../../booking/plans/changes'
import {seedPlan} from '../../booking/plans/test-support/manage-fixtures'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import {houseRequest, ORIGIN} from '../../booking/test-support/requests'
import {testAvailability} from '../../booking/test-support/availability'
import {officePlanAction, officePlanList, officePlanView} from './actions'

/**
 * The office's plans against the real store (PGlite): the list and its status filter, one plan's
 * visits, charges and changes (who made each), and the four forms' answers. The first visit is
 * Friday 2030-02-01 8–10 am in Renton; later visits each Friday after it.
 */

const STAFF = {id: '6f0c6c37-0000-4000-8000-00000000b002', name: 'Omar Office'}
const BOOKED_AT = new Date('2030-01-15T18:00:00Z')
let now: Date
const charged: OffSessionChargeRequest[] = []
const db = embeddedDatabaseForTests({set: setPlanChangeLogger, log: {error: vi.fn()}})

beforeAll(async () => {
  await db.query(`insert into public.staff (id, name, email, role) values ($1, $2, 'omar@example.com', 'office')`, [STAFF.id, STAFF.name])
})

beforeEach(() => {
  now = new Date('2030-02-03T12:00:00Z')
  charged.length = 0
})

function deps(): Promise<PlanChangeDeps> {
  return Promise.resolve({
    functions: createSqlDatabaseFunctions(db),
    now: () => new Date(now),
    payments: {
      async chargeSavedCard(request) {
        charged.push(request)
        return {outcome: 'succeeded', paymentId: 'pi_office', amountCents: request.amountCents}
      },
    },
  })
}

async function plan(day = '2030-02-01') {
  const store = createSqlBookingStore(db)
  const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  const result = await submitBooking(houseRequest({date: day}), {store, payments, origin: ORIGIN, now: () => new Date(BOOKED_AT), availability: testAvailability})
  if (!result.ok) throw new Error(`booking refused: ${JSON.stringify(result)}`)
  await store.markPaid(result.bookingId, {sessionId: `cs_test_${result.bookingId}`, paidAt: BOOKED_AT})
  const later = ['2030-02-08', '2030-02-15'].map((date) => ({date, windowStartsAt: `${date}T16:00:00.000Z`}))
  return seedPlan(db, result.bookingId, {oneTimeCents: 21_500, visits: later})
}

function form(fields: Record<string, string> = {}): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.set(key, value)
  return data
}

describe('the office’s plans', () => {
  it('skips, pauses, resumes and cancels from the plan page, each answered back to it and recorded with who did it', async () => {
    const {planId, visitIds} = await plan()
    const page = `/office/plans/${planId}`
    expect(await officePlanAction('skip', planId, form({visit: visitIds[0]}), STAFF, deps)).toBe(`${page}?done=skipped`)
    expect(await officePlanAction('skip', planId, form({visit: visitIds[0]}), STAFF, deps)).toBe(`${page}?problem=notScheduled`)
    expect(await officePlanAction('pause', planId, form(), STAFF, deps)).toBe(`${page}?done=paused`)
    expect(await officePlanAction('pause', planId, form(), STAFF, deps)).toBe(`${page}?problem=alreadyPaused`)
    expect(await officePlanAction('resume', planId, form(), STAFF, deps)).toBe(`${page}?done=resumed`)
    expect(await officePlanAction('cancel', planId, form({chargeEarly: 'on'}), STAFF, deps)).toBe(`${page}?done=cancelled&charge=succeeded`)
    expect(charged).toHaveLength(1)
    expect(await officePlanAction('cancel', planId, form({chargeEarly: 'on'}), STAFF, deps)).toBe(`${page}?problem=cancelled`)

    const view = await officePlanView(createSqlDatabaseFunctions(db), planId, now)
    expect(view?.changes.map((change) => [change.kind, change.by, change.staffName])).toEqual([
      ['visit_skipped', 'office', 'Omar Office'],
      ['paused', 'office', 'Omar Office'],
      ['resumed', 'office', 'Omar Office'],
      ['cancelled', 'office', 'Omar Office'],
    ])
    expect(view?.visits.map((visit) => [visit.date, visit.charge])).toEqual([
      ['2030-02-01', 'paid'],
      ['2030-02-08', 'skipped'],
      ['2030-02-15', 'cancelled'],
    ])
    expect(view?.charges.map((charge) => [charge.kind, charge.amount, charge.status])).toEqual([['early_cancellation', '$75.40', 'succeeded']])
    const {rows} = await db.query<{action: string; staff_name: string}>(`select action, staff_name from public.staff_actions where subject_id = $1 order by at, action`, [planId])
    expect(rows.map((row) => row.staff_name)).toEqual(['Omar Office', 'Omar Office', 'Omar Office', 'Omar Office'])
  })

  it('lists plans with their next visit and card, filtered by status', async () => {
    const active = await plan('2030-02-04')
    const paused = await plan('2030-02-05')
    await officePlanAction('pause', paused.planId, form(), STAFF, deps)
    const functions = createSqlDatabaseFunctions(db)
    const onlyPaused = await officePlanList(functions, 'paused', now)
    expect(onlyPaused.map((row) => row.id)).toContain(paused.planId)
    expect(onlyPaused.map((row) => row.id)).not.toContain(active.planId)
    const row = (await officePlanList(functions, 'active', now)).find((item) => item.id === active.planId)
    expect(row).toMatchObject({customer: 'Ada Lovelace', frequency: 'Weekly', status: 'active', cardLabel: 'Visa ending 4242', nextVisit: {charge: 'paid'}})
    expect(await officePlanList(functions, 'nonsense', now)).toEqual(await officePlanList(functions, null, now))
  })

  it('offers to charge a difference left owing when the provider did not answer, and charges it once', async () => {
    const {planId} = await plan('2030-02-07')
    const page = `/office/plans/${planId}`
    const down = async (): Promise<PlanChangeDeps> => ({
      ...(await deps()),
      payments: {chargeSavedCard: () => Promise.reject(new PaymentProviderError('stripe', 'no answer'))},
    })
    expect(await officePlanAction('cancel', planId, form({chargeEarly: 'on'}), STAFF, down)).toBe(`${page}?done=cancelled&charge=unknown`)
    const functions = createSqlDatabaseFunctions(db)
    expect((await officePlanView(functions, planId, now))?.differenceOwed).toBe('$75.40')
    now = new Date(now.getTime() + 11 * 60_000)
    expect(await officePlanAction('chargeDifference', planId, form(), STAFF, deps)).toBe(`${page}?done=differenceCharged&charge=succeeded`)
    expect(charged).toHaveLength(1)
    expect((await officePlanView(functions, planId, now))?.differenceOwed).toBeNull()
    expect(await officePlanAction('chargeDifference', planId, form(), STAFF, deps)).toBe(`${page}?problem=nothingOwed`)
  })

  it('refuses a malformed plan or visit without touching anything', async () => {
    expect(await officePlanAction('pause', 'not-a-uuid', form(), STAFF, deps)).toBe('/office/plans/not-a-uuid?problem=notFound')
    const {planId} = await plan('2030-02-06')
    expect(await officePlanAction('skip', planId, form({visit: 'x'}), STAFF, deps)).toBe(`/office/plans/${planId}?problem=notFound`)
  })
})
