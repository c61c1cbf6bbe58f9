import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn, type PostgrestStandIn} from '../../database/test-support/postgrest'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {windowStartsAt} from '../availability'
import {createSqlBookingStore} from '../store/sql-store'
import {houseBooking} from '../store/test-support/fixtures'
import {TEST_AVAILABILITY} from '../test-support/availability'
import {createPlanStore} from './plan-store'
import {createPlanReader} from './reader'
import {rollPlansForward} from './roll-forward'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {planVisitEmails} from './visit-emails'

/**
 * The plans' database functions on the Supabase path: supabase-js `rpc` against a PostgREST
 * stand-in (its wire format, run as the service role on an embedded database), as on Supabase.
 */

const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.plans-service-role'
const NOW = new Date('2030-01-15T18:00:00Z')

let database: Awaited<ReturnType<typeof openTempPglite>>
let postgrest: PostgrestStandIn

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

beforeAll(async () => {
  database = await openTempPglite()
  postgrest = await startPostgrestStandIn(database.db, {keys: {[SERVICE_ROLE_KEY]: 'service_role'}, exposedTables: ['bookings']})
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  await postgrest?.close()
  await database?.close()
})

describe('plans through supabase-js rpc (PostgREST stand-in)', () => {
  it('a paid first visit left without its plan: the job makes it once and stores its visits, each function called as /rpc/<name>', async () => {
    const store = createSqlBookingStore(database.db)
    const date = '2030-02-05'
    const {booking} = await store.createPending(
      houseBooking({frequency: 'Weekly', date, arrivalWindow: '10:00-12:00', serviceFamily: 'indoor', windowStartsAt: windowStartsAt(date, {start: '10:00'}).toISOString(), holdExpiresAt: NOW.toISOString()}),
      {capacity: 3, now: new Date(NOW.getTime() - 3_600_000)},
    )
    await store.markPaid(booking.id, {sessionId: `cs_${randomUUID()}`, paidAt: new Date(NOW.getTime() - 3_600_000)})

    const functions = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY}))
    const deps = {plans: createPlanStore(functions), availability: async () => TEST_AVAILABILITY, settings: DEFAULT_PLAN_SETTINGS, emails: planVisitEmails}
    postgrest.requests.length = 0
    const [first, second] = [await rollPlansForward(deps, NOW), await rollPlansForward(deps, NOW)]
    expect(first).toMatchObject({repaired: 1, added: 5, failed: 0})
    expect(second).toMatchObject({repaired: 0, added: 0, failed: 0})

    const paid = await store.findById(booking.id)
    const reader = createPlanReader(functions)
    const plan = await reader.findPlan(paid?.planId ?? '')
    expect(plan).toMatchObject({firstBookingId: booking.id, cadence: 'weekly', generatedThrough: '2030-03-12', status: 'active'})
    expect((await reader.visitsOf(plan?.id ?? '')).map((visit) => [visit.planVisit, visit.date, visit.paymentStatus])).toEqual([
      [1, '2030-02-05', 'paid'],
      [2, '2030-02-12', 'scheduled'],
      [3, '2030-02-19', 'scheduled'],
      [4, '2030-02-26', 'scheduled'],
      [5, '2030-03-05', 'scheduled'],
      [6, '2030-03-12', 'scheduled'],
    ])
    const called = new Set(postgrest.requests.map((request) => `${request.method} ${request.path}`))
    expect([...called].sort()).toEqual([
      'POST /rest/v1/rpc/add_plan_visit',
      'POST /rest/v1/rpc/create_plan_for_booking',
      'POST /rest/v1/rpc/paid_bookings_without_plan',
      'POST /rest/v1/rpc/plan_by_id',
      // The reader's, above: its one-column rows come back bare from PostgREST and are read alike.
      'POST /rest/v1/rpc/plan_visits',
      'POST /rest/v1/rpc/plans_to_roll_forward',
    ])
  })
})
