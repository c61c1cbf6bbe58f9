import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startChildRacer, type ChildRacer} from '../../database/test-support/child-racer'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../../database/test-support/postgres-cluster'
import {startStripeApiStandIn, type StripeApiStandIn} from '../../payments/test-support/stripe-api'
import {StripePaymentProvider} from '../../payments/stripe'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {runPlanCharges, type PlanChargeRun} from './charges'
import {createPlanChargeStore} from './charges-store'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {insertPlanWithVisit, type PlanFixture} from './test-support/charge-fixtures'

/**
 * The plan charge job run at the same moment by two server processes sharing one PostgreSQL
 * database, each with its own connection pool and its own Stripe adapter (the real SDK, pointed at
 * the stand-in of Stripe's API this test runs): no lock in Node could keep them apart, only the
 * database's claims (FOR UPDATE SKIP LOCKED) and the charge's idempotency key can. Stripe must see
 * exactly one PaymentIntent request per visit.
 */

const ROOT = path.join(import.meta.dirname, '..', '..', '..')
const RACER = path.join(import.meta.dirname, 'test-support', 'charge-racer.ts')
const REGISTER = path.join(import.meta.dirname, 'test-support', 'ts-register.mjs')
const postgresTools = findPostgresTools()

function startRacer(cluster: MigratedCluster['cluster'], stripePort: number, now: Date): ChildRacer<PlanChargeRun> {
  const options = {host: cluster.host, port: cluster.port, user: cluster.user, database: cluster.database, stripePort, now: now.toISOString(), batchSize: 5}
  return startChildRacer(['--import', REGISTER, RACER, JSON.stringify(options)], {cwd: ROOT})
}

describe.skipIf('missing' in postgresTools)('plan charges run at once by two server processes on one PostgreSQL database, with Stripe', () => {
  let db: MigratedCluster
  let stripe: StripeApiStandIn
  beforeAll(async () => {
    if ('missing' in postgresTools) return
    ;[db, stripe] = await Promise.all([startMigratedCluster(postgresTools, 4), startStripeApiStandIn()])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([db?.close(), stripe?.close()])
  })

  it('40 visits due (34 good cards, 3 declined, 3 needing the customer): one PaymentIntent request per visit, each recorded once', {timeout: 60_000}, async () => {
    const window = '2031-05-14T15:00:00.000Z'
    const now = new Date(Date.parse(window) - 48 * 3_600_000)
    const card = (paymentMethodId: string) => ({provider: 'stripe', customerId: 'cus_racer', paymentMethodId, label: 'Visa ending 4242'})
    const plans: {fixture: PlanFixture; card: string}[] = []
    for (let i = 0; i < 40; i++) {
      const paymentMethodId = i % 13 === 5 ? 'pm_card_chargeDeclined' : i % 13 === 9 ? 'pm_card_authenticationRequired' : 'pm_card_visa'
      plans.push({fixture: await insertPlanWithVisit(db.sql, {date: '2031-05-14', windowStartsAt: window, card: card(paymentMethodId)}), card: paymentMethodId})
    }

    // What Stripe is asked from here on (the file's other test asks it too).
    const asked = stripe.requests.length
    const racers = [startRacer(db.cluster, stripe.port, now), startRacer(db.cluster, stripe.port, now)]
    await Promise.all(racers.map((racer) => racer.ready))
    for (const racer of racers) racer.go()
    const runs = await Promise.all(racers.map((racer) => racer.result))

    const good = plans.filter((plan) => plan.card === 'pm_card_visa')
    expect(good).toHaveLength(34)
    expect(runs[0].charged + runs[1].charged).toBe(34)
    expect(runs[0].declined + runs[1].declined).toBe(6)
    expect(runs[0].lost + runs[1].lost + runs[0].errors + runs[1].errors + runs[0].retried + runs[1].retried).toBe(0)

    // Stripe: exactly one PaymentIntent request, and one PaymentIntent, per visit.
    const intentRequests = stripe.requests.slice(asked).filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents')
    expect(intentRequests).toHaveLength(40)
    for (const {fixture} of plans) {
      expect(intentRequests.filter((request) => request.form.get('metadata[bookingId]') === fixture.visitId)).toHaveLength(1)
      expect(stripe.paymentIntents.filter((intent) => intent.metadata.bookingId === fixture.visitId)).toHaveLength(1)
    }
    expect(new Set(intentRequests.map((request) => request.idempotencyKey)).size).toBe(40)

    const visitIds = plans.map(({fixture}) => fixture.visitId)
    const {rows} = await db.sql.query<{charge_state: string; payment_status: string; n: number}>(
      `select c.state as charge_state, b.payment_status, count(*)::int as n from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id where b.id = any($1::uuid[]) group by 1, 2 order by 1`,
      [visitIds],
    )
    expect(rows).toEqual([
      {charge_state: 'charged', payment_status: 'paid', n: 34},
      {charge_state: 'declined', payment_status: 'scheduled', n: 6},
    ])
    const charges = await db.sql.query<{status: string; n: number}>(`select status, count(*)::int as n from public.plan_charges where booking_id = any($1::uuid[]) group by 1 order by 1`, [visitIds])
    expect(charges.rows).toEqual([
      {status: 'authentication_required', n: 3},
      {status: 'declined', n: 3},
      {status: 'succeeded', n: 34},
    ])
    const emails = await db.sql.query<{n: number}>(`select count(*)::int as n from public.email_outbox where template = 'plan_visit_declined.customer' and payload ->> 'id' = any($1::text[])`, [visitIds])
    expect(emails.rows[0].n).toBe(6)
  })

  it('Stripe answering 503: the visit waits (nothing charged, nothing recorded), then is charged once with the same key', {timeout: 30_000}, async () => {
    const window = '2031-04-09T15:00:00.000Z'
    const plan = await insertPlanWithVisit(db.sql, {date: '2031-04-09', windowStartsAt: window, card: {provider: 'stripe', customerId: 'cus_outage', paymentMethodId: 'pm_card_visa', label: 'Visa ending 4242'}})
    const provider = new StripePaymentProvider({secretKey: 'sk_test_outage', host: '127.0.0.1', port: stripe.port, protocol: 'http', maxNetworkRetries: 0})
    let now = new Date(Date.parse(window) - 48 * 3_600_000)
    const deps = {store: createPlanChargeStore(createSqlDatabaseFunctions(db.sql)), payments: () => provider, settings: DEFAULT_PLAN_SETTINGS, now: () => now, log: {error: () => {}, warn: () => {}}}
    stripe.failNext(1, 503)
    expect(await runPlanCharges(deps)).toMatchObject({charged: 0, retried: 1})
    const waiting = await db.sql.query<{charge_state: string; payment_status: string}>(`select c.state as charge_state, b.payment_status from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id where b.id = $1`, [plan.visitId])
    expect(waiting.rows[0]).toEqual({charge_state: 'scheduled', payment_status: 'scheduled'})
    expect((await db.sql.query(`select 1 from public.plan_charges where booking_id = $1`, [plan.visitId])).rows).toHaveLength(0)

    now = new Date(now.getTime() + 5 * 60_000)
    expect(await runPlanCharges(deps)).toMatchObject({charged: 1})
    const asked = stripe.requests.filter((request) => request.path === '/v1/payment_intents' && request.form.get('metadata[bookingId]') === plan.visitId)
    expect(asked.map((request) => request.idempotencyKey)).toEqual([`plan-visit:${plan.visitId}:card-0`, `plan-visit:${plan.visitId}:card-0`])
    expect(stripe.paymentIntents.filter((intent) => intent.metadata.bookingId === plan.visitId)).toHaveLength(1)
  })
})
