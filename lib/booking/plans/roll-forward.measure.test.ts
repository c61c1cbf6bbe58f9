import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {addDays, weekdayOf, type AvailabilityRules} from '../availability'
import {TEST_AVAILABILITY} from '../test-support/availability'
import {createPlanStore} from './plan-store'
import {rollPlansForward} from './roll-forward'
import {planHorizon} from './schedule'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {planVisitEmails} from './visit-emails'

/**
 * Measured, not part of `npm test`: MEASURE_PLAN_VISITS=1 npx vitest run
 * lib/booking/plans/roll-forward.measure.test.ts. 5,000 active weekly plans on the embedded
 * database, each with its next visit due at the horizon: one run stores 5,000 visits; the next
 * (the hourly run of a day already done) reads them all and stores nothing.
 */

const PLANS = 5000
const NOW = new Date('2030-01-15T18:00:00Z')
// Room for every plan: the measure is of the job, not of full windows.
const RULES: AvailabilityRules = {
  ...TEST_AVAILABILITY,
  crews: {...TEST_AVAILABILITY.crews, indoor: {...TEST_AVAILABILITY.crews.indoor, windows: TEST_AVAILABILITY.crews.indoor.windows.map((window) => ({...window, capacity: 10_000}))}},
}

describe.skipIf(!process.env.MEASURE_PLAN_VISITS)('the plan-visits job with 5,000 active plans (embedded database)', () => {
  let database: Awaited<ReturnType<typeof openTempPglite>>
  beforeAll(async () => {
    database = await openTempPglite()
    const horizon = planHorizon(RULES, NOW)
    // Six working days eight weeks before the horizon: each plan's 9th visit falls on or before it.
    const anchors: string[] = []
    for (let date = addDays(horizon, -56); anchors.length < 6; date = addDays(date, -1)) if (weekdayOf(date) !== 'sunday') anchors.push(date)
    await database.db.query(
      `with firsts as (
         insert into public.bookings (industry, idempotency_key, first_name, last_name, email, phone, address, service, frequency,
           bedrooms, bathrooms, date, arrival_window, service_family, window_starts_at, payment_status, paid_at, amount_cents, amount)
         select 'house', gen_random_uuid(), 'Plan', 'Customer ' || i, 'plan' || i || '@example.com', '4255550100', i || ' Main Ave S, Renton',
           'Regular Cleaning', 'Weekly', 2, 1, ($1::date[])[(i % 6) + 1], ($2::text[])[(i % 4) + 1], 'indoor', now(), 'paid', now(), 13145, 131.45
         from generate_series(1, $3::int) i
         returning id, date, arrival_window, first_name, last_name, email, phone
       )
       insert into public.booking_plans (first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family,
         visit_template, per_visit_cents, one_time_cents, first_name, last_name, email, phone, generated_through)
       select id, 'house', 'Weekly', 'weekly', date, arrival_window, 'indoor',
         jsonb_build_object('address', '1 Main Ave S, Renton', 'service', 'Regular Cleaning', 'bedrooms', 2, 'bathrooms', 1),
         13145, 17527, first_name, last_name, email, phone, date + 49
       from firsts`,
      [anchors, ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'], PLANS],
    )
    await database.db.exec(`update public.bookings b set plan_id = p.id, plan_visit = 1 from public.booking_plans p where p.first_booking_id = b.id`)
  }, PGLITE_SETUP_TIMEOUT)
  afterAll(async () => {
    await database?.close()
  })

  it('stores the next visit of each of 5,000 plans, then finds nothing to do', {timeout: 600_000}, async () => {
    const deps = {plans: createPlanStore(createSqlDatabaseFunctions(database.db)), availability: async () => RULES, settings: DEFAULT_PLAN_SETTINGS, emails: planVisitEmails}
    let started = performance.now()
    const first = await rollPlansForward(deps, NOW)
    const firstMs = performance.now() - started
    expect(first).toMatchObject({plans: PLANS, added: PLANS, full: 0, failed: 0})
    started = performance.now()
    const second = await rollPlansForward(deps, new Date(NOW.getTime() + 60 * 60_000))
    const secondMs = performance.now() - started
    expect(second).toMatchObject({added: 0, failed: 0})
    const {rows} = await database.db.query<{n: number}>(`select count(*)::int as n from public.bookings where payment_status = 'scheduled'`)
    expect(rows[0].n).toBe(PLANS)
    console.log(`plan-visits, ${PLANS} active plans on PGlite: ${(firstMs / 1000).toFixed(1)} s storing ${first.added} visits (${(firstMs / PLANS).toFixed(2)} ms a plan); the next run ${(secondMs / 1000).toFixed(2)} s (${second.plans} plans read, nothing to store)`)
  })
})
