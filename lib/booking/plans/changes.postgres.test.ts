import {describe, expect, it} from 'vitest'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {findPostgresTools} from '../../database/test-support/postgres-cluster'
import {migratedClusterForTests} from '../../database/test-support/opened-for-tests'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import type {OffSessionChargeRequest} from '../../payments/provider'
import {submitBooking} from '../flow'
import {createSqlBookingStore} from '../store/sql-store'
import {houseRequest, HOUSE_TOTAL_CENTS, ORIGIN} from '../test-support/requests'
import {testAvailability} from '../test-support/availability'
import {cancelPlan, skipVisit} from './changes'
import {seedPlan} from './test-support/manage-fixtures'

/**
 * Changes of one plan raced on a real PostgreSQL server, each call on its own connection of a warm
 * pool (nothing in Node could serialise them; only the plan's row lock does): ten cancellations at
 * once charge the early-cancellation difference once, and a skip racing a cancellation never
 * leaves the visit both skipped and counted.
 */

const postgresTools = findPostgresTools()
const BOOKED_AT = new Date('2030-01-15T18:00:00Z')

describe.skipIf('missing' in postgresTools)('plan changes raced on one PostgreSQL database', () => {
  const db = migratedClusterForTests(postgresTools, 10)

  async function weeklyPlan(date: string) {
    const store = createSqlBookingStore(db.sql)
    const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    const result = await submitBooking(houseRequest({date}), {store, payments, origin: ORIGIN, now: () => new Date(BOOKED_AT), availability: testAvailability})
    if (!result.ok) throw new Error(`booking refused: ${JSON.stringify(result)}`)
    await store.markPaid(result.bookingId, {sessionId: `cs_test_${result.bookingId}`, paidAt: BOOKED_AT})
    const later = [7, 14, 21].map((days) => {
      const day = new Date(`${date}T16:00:00.000Z`)
      day.setUTCDate(day.getUTCDate() + days)
      return {date: day.toISOString().slice(0, 10), windowStartsAt: day.toISOString()}
    })
    return seedPlan(db.sql, result.bookingId, {oneTimeCents: 21_500, visits: later})
  }

  it('ten cancellations at once: one cancels, one charge of the difference, one charge row', {timeout: 60_000}, async () => {
    const {planId} = await weeklyPlan('2030-02-01')
    const calls: OffSessionChargeRequest[] = []
    const deps = {
      functions: createSqlDatabaseFunctions(db.sql),
      now: () => new Date('2030-01-20T12:00:00Z'),
      payments: {
        async chargeSavedCard(request: OffSessionChargeRequest) {
          calls.push(request)
          return {outcome: 'succeeded' as const, paymentId: `pi_${calls.length}`, amountCents: request.amountCents}
        },
      },
    }
    const answers = await Promise.all(Array.from({length: 10}, () => cancelPlan(planId, {by: 'customer'}, deps)))
    expect(answers.filter((answer) => answer.ok)).toEqual([{ok: true, outcome: 'cancelled', released: 3, earlyCancellation: {status: 'succeeded', amountCents: 21_500 - HOUSE_TOTAL_CENTS}}])
    expect(calls).toHaveLength(1)
    const {rows} = await db.sql.query<{n: number}>(`select count(*)::int as n from public.plan_charges where plan_id = $1 and kind = 'early_cancellation'`, [planId])
    expect(rows[0].n).toBe(1)
    const changes = await db.sql.query<{n: number}>(`select count(*)::int as n from public.plan_changes where plan_id = $1 and kind = 'cancelled'`, [planId])
    expect(changes.rows[0].n).toBe(1)
  })

  it('a skip racing the cancellation: the visit is released once, recorded once', {timeout: 60_000}, async () => {
    const {planId, visitIds} = await weeklyPlan('2030-02-04')
    const deps = {functions: createSqlDatabaseFunctions(db.sql), now: () => new Date('2030-01-20T12:00:00Z'), payments: null}
    const [skip, cancel] = await Promise.all([skipVisit(planId, visitIds[0], {by: 'customer'}, deps), cancelPlan(planId, {by: 'customer'}, deps)])
    expect(cancel.ok).toBe(true)
    // Whichever came first released the visit; the other found nothing left to release.
    const released = (skip.ok ? 1 : 0) + (cancel.ok && cancel.outcome === 'cancelled' ? cancel.released : 0)
    expect(released).toBe(3)
    const {rows} = await db.sql.query<{payment_status: string}>(`select payment_status from public.bookings where plan_id = $1 and plan_visit >= 2`, [planId])
    expect(rows.map((row) => row.payment_status)).toEqual(['cancelled', 'cancelled', 'cancelled'])
  })
})
