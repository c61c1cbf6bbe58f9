import {randomUUID} from 'node:crypto'
import {beforeAll, describe, expect, it} from 'vitest'
import {migratedClusterForTests} from '../../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {advisoryLockWaiters, findPostgresTools} from '../../database/test-support/postgres-cluster'
import {windowStartsAt} from '../availability'
import {toInsertRow} from '../store/mapping'
import {createSqlBookingStore} from '../store/sql-store'
import {WindowFullError, type BookingStore, type NewBooking} from '../store/store'
import {houseBooking} from '../store/test-support/fixtures'
import {createPlanStore, type PlanStore} from './plan-store'
import {perVisitPrice, planPrices, visitTemplateOf} from './pricing'
import type {VisitCandidate} from './schedule'

/**
 * A window's last places, raced for by plan visits (add_plan_visit) and customers' bookings
 * (create_pending_booking) on a real PostgreSQL server, over a pool of connections that really run
 * side by side: never more bookings than the window's places.
 */

const postgresTools = findPostgresTools()
const NOW = new Date('2031-01-01T00:00:00Z')

function candidate(date: string, window: string, capacity: number): VisitCandidate {
  const startsAt = windowStartsAt(date, {start: window.slice(0, 5)})
  return {date, window, windowStartsAt: startsAt.toISOString(), capacity, chargeDueAt: new Date(startsAt.getTime() - 48 * 3_600_000).toISOString()}
}

describe.skipIf('missing' in postgresTools)('plan visits and bookings racing for a window on one PostgreSQL database', () => {
  const db = migratedClusterForTests(postgresTools, 8)
  let store: BookingStore
  let plans: PlanStore

  beforeAll(() => {
    store = createSqlBookingStore(db.sql)
    plans = createPlanStore(createSqlDatabaseFunctions(db.sql))
  })

  const slot = (date: string, window: string): Pick<NewBooking, 'date' | 'arrivalWindow' | 'serviceFamily' | 'windowStartsAt' | 'holdExpiresAt'> => ({
    date,
    arrivalWindow: window,
    serviceFamily: 'indoor',
    windowStartsAt: windowStartsAt(date, {start: window.slice(0, 5)}).toISOString(),
    holdExpiresAt: new Date(NOW.getTime() + 31 * 60_000).toISOString(),
  })

  /** A weekly plan whose first visit is on `anchor`, 8–10 am. */
  async function plan(anchor: string): Promise<string> {
    const {booking} = await store.createPending(houseBooking({frequency: 'Weekly', ...slot(anchor, '08:00-10:00')}), {capacity: 1000, now: NOW})
    await store.markPaid(booking.id, {sessionId: `cs_${randomUUID()}`, paidAt: NOW})
    const paid = (await store.findById(booking.id))!
    const prices = planPrices(paid)
    const created = await plans.createPlan(paid.id, {cadence: 'weekly', ...prices, visitTemplate: visitTemplateOf(paid, perVisitPrice(paid)), card: null})
    if (created.status === 'not_eligible') throw new Error('no plan')
    return created.planId
  }

  async function taken(date: string, window: string): Promise<number> {
    const {rows} = await db.sql.query<{n: number}>(`select public.window_places_taken('indoor', $1::date, $2, $3) as n`, [date, window, NOW])
    return rows[0].n
  }

  it('20 plan visits and 20 bookings at once for a window with 3 places: 3 taken, the other visits placed in the next window, the other bookings refused', {timeout: 60_000}, async () => {
    const planIds = await Promise.all(Array.from({length: 20}, () => plan('2031-03-04')))
    const own = candidate('2031-03-11', '08:00-10:00', 3)
    const next = candidate('2031-03-11', '10:00-12:00', 100)
    const results = await Promise.allSettled([
      ...planIds.map((id) => plans.addVisit(id, {visit: 2, date: '2031-03-11', candidates: [own, next]}, NOW)),
      ...Array.from({length: 20}, () => store.createPending(houseBooking({frequency: 'One-Time', ...slot('2031-03-11', '08:00-10:00')}), {capacity: 3, now: NOW})),
    ])
    const visits = results.slice(0, 20).map((result) => (result.status === 'fulfilled' ? result.value : result.reason))
    const bookings = results.slice(20)
    expect(visits.every((visit) => visit.status === 'added')).toBe(true)
    const inOwn = visits.filter((visit) => visit.status === 'added' && !visit.placedElsewhere).length
    const booked = bookings.filter((result) => result.status === 'fulfilled').length
    expect(inOwn + booked).toBe(3)
    expect(bookings.filter((result) => result.status === 'rejected' && result.reason instanceof WindowFullError)).toHaveLength(20 - booked)
    expect(await taken('2031-03-11', '08:00-10:00')).toBe(3)
    expect(await taken('2031-03-11', '10:00-12:00')).toBe(20 - inOwn)
  })

  it('a booking waits for a plan visit still in flight for the last place, then counts it; and a visit waits for a booking', {timeout: 30_000}, async () => {
    const first = await plan('2031-04-01')
    const inFlight = await db.pool.connect()
    try {
      await inFlight.query('begin')
      const visit = {visit: 2, date: '2031-04-08', candidates: [{date: '2031-04-08', window: '08:00-10:00', window_starts_at: candidate('2031-04-08', '08:00-10:00', 1).windowStartsAt, capacity: 1, charge_due_at: NOW.toISOString()}]}
      const {rows} = await inFlight.query(`select public.add_plan_visit($1::uuid, $2::jsonb, $3) as result`, [first, JSON.stringify(visit), NOW])
      expect(rows[0].result.status).toBe('added')
      const booking = store.createPending(houseBooking({frequency: 'One-Time', ...slot('2031-04-08', '08:00-10:00')}), {capacity: 1, now: NOW})
      booking.catch(() => {})
      await expect.poll(() => advisoryLockWaiters(db.sql)).toBe(1)
      await inFlight.query('commit')
      await expect(booking).rejects.toBeInstanceOf(WindowFullError)
    } finally {
      inFlight.release()
    }

    // The other way round: a customer's booking holds the last place, uncommitted; the plan's visit waits and goes to its next window.
    const second = await plan('2031-04-02')
    const customer = await db.pool.connect()
    try {
      await customer.query('begin')
      const row = {...houseBooking({frequency: 'One-Time', ...slot('2031-04-09', '08:00-10:00')})}
      await customer.query('select public.create_pending_booking($1::jsonb, 1, $2)', [JSON.stringify(toInsertRow(row)), NOW])
      const visit = plans.addVisit(second, {visit: 2, date: '2031-04-09', candidates: [candidate('2031-04-09', '08:00-10:00', 1), candidate('2031-04-09', '10:00-12:00', 1)]}, NOW)
      await expect.poll(() => advisoryLockWaiters(db.sql)).toBe(1)
      await customer.query('commit')
      expect(await visit).toMatchObject({status: 'added', window: '10:00-12:00', placedElsewhere: true})
    } finally {
      customer.release()
    }
    expect(await taken('2031-04-09', '08:00-10:00')).toBe(1)
  })
})
