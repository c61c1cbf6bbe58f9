import {describe, expect, it} from 'vitest'
import {openedForTests} from '../../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openTempPglite} from '../../database/test-support/temp-pglite'
import {insertPlanWithVisit} from './test-support/charge-fixtures'
import {createPlanReader} from './reader'

const database = openedForTests(openTempPglite)

describe('reading a plan, its visits and its charges', () => {
  it('reads the same through SQL and through the Data API (supabase-js against the PostgREST stand-in)', async () => {
    const {db} = database
    const plan = await insertPlanWithVisit(db, {date: '2031-03-11', windowStartsAt: '2031-03-11T15:00:00.000Z'})
    await db.query(
      `insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, idempotency_key)
       values ($1, $2, 'visit', 16624, 'declined', 'pi_declined', $3)`,
      [plan.planId, plan.visitId, `plan-visit:${plan.visitId}:card-0`],
    )
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.reader'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: []})
    try {
      const readers = [
        createPlanReader(createSqlDatabaseFunctions(db)),
        createPlanReader(createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))),
      ]
      const [sql, rpc] = await Promise.all(
        readers.map(async (reader) => ({
          plan: await reader.findPlan(plan.planId),
          visits: await reader.visitsOf(plan.planId),
          charges: await reader.chargesOf(plan.planId),
        })),
      )
      expect(sql.plan).toMatchObject({id: plan.planId, cadence: 'weekly', frequency: 'Weekly', arrivalWindow: '08:00-10:00', perVisitCents: 16624, status: 'active'})
      expect(sql.visits.map((visit) => [visit.id, visit.planVisit, visit.paymentStatus, visit.chargeState, visit.date])).toEqual([
        [plan.firstBookingId, 1, 'paid', null, '2031-03-04'],
        [plan.visitId, 2, 'scheduled', 'scheduled', '2031-03-11'],
      ])
      expect(sql.charges).toEqual([expect.objectContaining({bookingId: plan.visitId, status: 'declined', amountCents: 16624, providerPaymentId: 'pi_declined'})])
      expect(rpc).toEqual(sql)
      expect(await readers[1].findPlan('not-a-uuid')).toBeNull()
    } finally {
      await postgrest.close()
    }
  })
})
