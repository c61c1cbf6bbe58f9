// Measures one run of the plan charge job (lib/booking/plans/charges.ts) on the embedded database
// (PGlite in its worker thread, as the server runs it) with N active weekly plans, each with its paid
// first visit and 8 later visits to the horizon:
//   node --import ./lib/booking/plans/test-support/ts-register.mjs scripts/measure-plan-charges.ts [plans] [provider]
// (with `--experimental-transform-types` for the test checkout, whose class Node cannot only strip)
// plans: default 5000. provider: `stripe` (the Stripe adapter, the real SDK over HTTP to the local
// stand-in of Stripe's API, lib/payments/test-support/stripe-api.ts; default), `test-checkout` (the
// local test checkout's saved-card charge on the same database), or `memory` (an in-process card
// processor: the job's own cost alone).
// Prints: the run when nothing is due (the common case: every 5 minutes), the run charging one visit
// of every plan, and the run after it (nothing due again), with the machine's load average.
import {readFileSync} from 'node:fs'
import {openPgliteWorkerDatabase} from '../lib/database/pglite-worker-client.ts'
import {createSqlDatabaseFunctions} from '../lib/database/sql-functions.ts'
import {runPlanCharges, type PlanChargeDeps} from '../lib/booking/plans/charges.ts'
import {createPlanChargeStore} from '../lib/booking/plans/charges-store.ts'
import {DEFAULT_PLAN_SETTINGS} from '../lib/booking/plans/settings.ts'
import {asProvider, CardProcessorStandIn} from '../lib/booking/plans/test-support/charge-fixtures.ts'
import type {PaymentProvider} from '../lib/payments/provider.ts'

const plans = Number(process.argv[2] ?? 5000)
const providerName = process.argv[3] ?? 'stripe'
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ')

const FIRST_WINDOW = '2031-06-04T15:00:00.000Z' // a Wednesday, 08:00 in Renton
const DAY = 86_400_000
const week = (n: number) => new Date(Date.parse(FIRST_WINDOW) + n * 7 * DAY)

const startedOpen = performance.now()
const db = await openPgliteWorkerDatabase(undefined)
console.log(`Opened and migrated the embedded database in memory: ${Math.round(performance.now() - startedOpen)} ms`)

const startedFill = performance.now()
await db.query(
  `insert into public.bookings (id, industry, first_name, last_name, email, phone, address, location, service, frequency, bedrooms, bathrooms, half_bath, den,
     date, tip, parking_fee, amount, amount_cents, payment_status, paid_at, idempotency_key, arrival_window, service_family, window_starts_at)
   select md5('first' || g)::uuid, 'house', 'Ada', 'Plan ' || g, 'plan' || g || '@example.com', '4255550142', '1 Main Ave S, Renton, WA 98057', 'King County',
     'Regular Cleaning', 'Weekly', 3, 2, 0, 0, $2::date, '10%', '$0', 166.24, 16624, 'paid', $3::timestamptz - interval '14 days', gen_random_uuid(),
     '08:00-10:00', 'indoor', $3::timestamptz
   from generate_series(1, $1::int) g`,
  [plans, FIRST_WINDOW.slice(0, 10), FIRST_WINDOW],
)
await db.query(
  `insert into public.booking_plans (id, first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
     per_visit_cents, one_time_cents, first_name, last_name, email, phone, generated_through, payment_provider, payment_customer_id, payment_method_id,
     card_label)
   select md5('plan' || g)::uuid, md5('first' || g)::uuid, 'house', 'Weekly', 'weekly', $2::date, '08:00-10:00', 'indoor', '{}'::jsonb, 16624, 21500,
     'Ada', 'Plan ' || g, 'plan' || g || '@example.com', '4255550142', $2::date + 56, $3, 'cus_plan' || g, 'pm_card_visa', 'Visa ending 4242'
   from generate_series(1, $1::int) g`,
  [plans, FIRST_WINDOW.slice(0, 10), providerName === 'test-checkout' ? 'test-checkout' : 'stripe'],
)
await db.query(`update public.bookings b set plan_id = p.id, plan_visit = 1 from public.booking_plans p where p.first_booking_id = b.id`)
// Visits 2 … 9, a week apart; visit 2's window is a week after the first.
await db.query(
  `with visits as (
     insert into public.bookings (id, industry, first_name, last_name, email, phone, address, location, service, frequency, bedrooms, bathrooms, half_bath, den,
       date, tip, parking_fee, amount, amount_cents, payment_status, idempotency_key, arrival_window, service_family, window_starts_at,
       plan_id, plan_visit)
     select gen_random_uuid(), 'house', p.first_name, p.last_name, p.email, p.phone, '1 Main Ave S, Renton, WA 98057', 'King County', 'Regular Cleaning', 'Weekly',
       3, 2, 0, 0, p.anchor_date + 7 * (k - 1), '10%', '$0', 166.24, 16624, 'scheduled', gen_random_uuid(), '08:00-10:00', 'indoor',
       $1::timestamptz + make_interval(days => 7 * (k - 1)), p.id, k
     from public.booking_plans p cross join generate_series(2, 9) k
     returning id, window_starts_at
   )
   -- Each visit's charge row, in the same statement: due 48 hours before its window.
   insert into public.plan_visit_charges (booking_id, state, due_at)
   select id, 'scheduled', window_starts_at - interval '48 hours' from visits`,
  [FIRST_WINDOW],
)
await db.query('analyze')
const {rows: counts} = await db.query<{n: number}>(`select count(*)::int as n from public.bookings`)
console.log(`${plans} active plans, ${counts[0].n} bookings (each plan: its paid first visit and 8 later visits): ${Math.round(performance.now() - startedFill)} ms`)

let provider: PaymentProvider
let stop = async () => {}
let paymentRequests = () => 0
if (providerName === 'memory') {
  const processor = new CardProcessorStandIn()
  provider = asProvider(processor)
  paymentRequests = () => processor.requests.length
} else if (providerName === 'stripe') {
  const {startStripeApiStandIn} = await import('../lib/payments/test-support/stripe-api.ts')
  const {StripePaymentProvider} = await import('../lib/payments/stripe.ts')
  const stripe = await startStripeApiStandIn()
  provider = new StripePaymentProvider({secretKey: 'sk_test_measure', host: '127.0.0.1', port: stripe.port, protocol: 'http'})
  stop = () => stripe.close()
  paymentRequests = () => stripe.requests.filter((request) => request.path === '/v1/payment_intents').length
} else if (providerName === 'test-checkout') {
  // One kept test card for every plan (the test checkout records each charge in the database).
  const customer = `test_cus_${'c'.repeat(32)}`
  const card = `test_pm_${'a'.repeat(32)}`
  await db.query(`insert into public.test_checkout_cards (id, customer_id, declines, label, session_id, created_at) values ($1, $2, false, 'Visa ending 4242', 'measure', now())`, [card, customer])
  await db.query(`update public.booking_plans set payment_customer_id = $1, payment_method_id = $2`, [customer, card])
  const {TestCheckoutProvider} = await import('../lib/payments/test-checkout.ts')
  const {databaseTestCheckoutSessions} = await import('../lib/payments/test-checkout-sessions.ts')
  const functions = createSqlDatabaseFunctions(db)
  provider = new TestCheckoutProvider(databaseTestCheckoutSessions(async () => functions))
  paymentRequests = () => 0
  stop = async () => {
    const {rows} = await db.query<{n: number}>(`select count(*)::int as n from public.test_checkout_charges`)
    console.log(`Test checkout charges recorded: ${rows[0].n}`)
  }
} else {
  throw new Error(`Unknown provider ${providerName}: stripe, test-checkout or memory`)
}

const functions = createSqlDatabaseFunctions(db)
const deps = (now: Date): PlanChargeDeps => ({
  store: createPlanChargeStore(functions),
  payments: () => provider,
  settings: DEFAULT_PLAN_SETTINGS,
  now: () => now,
  log: {error: (...data: unknown[]) => console.error(...data), warn: (...data: unknown[]) => console.error(...data)},
})

async function timed(label: string, now: Date): Promise<void> {
  const before = loadavg()
  const started = performance.now()
  const run = await runPlanCharges(deps(now))
  const ms = performance.now() - started
  console.log(`${label}: ${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms ${JSON.stringify(run)} (load average before ${before}, after ${loadavg()})`)
}

// Nothing due: 3 days before visit 2's charge.
for (let i = 1; i <= 3; i++) await timed(`Nothing due (run ${i})`, new Date(Date.parse(FIRST_WINDOW) + 7 * DAY - 5 * DAY))
await timed(`Visit 2 of all ${plans} plans due (${providerName})`, new Date(week(1).getTime() - 48 * 3_600_000))
console.log(`Payment requests sent: ${paymentRequests()}`)
for (let i = 1; i <= 3; i++) await timed(`Nothing due again (run ${i})`, new Date(week(1).getTime() - 47 * 3_600_000))

await stop()
await db.close()
