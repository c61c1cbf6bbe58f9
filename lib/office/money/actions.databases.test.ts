import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {paidAfterHoldEnded} from './test-support/money-on-stand-in'
import {setFlowLogger, submitBooking} from '../../booking/flow'
import {roomyAvailability} from '../../booking/test-support/availability'
import {fixedClock, houseRequest, ORIGIN} from '../../booking/test-support/requests'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import {createSupabaseBookingStore} from '../../booking/store/supabase-store'
import type {BookingStore} from '../../booking/store/store'
import type {DatabaseFunctions} from '../../database/functions'
import type {SqlClient} from '../../database/sql'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {findPostgresTools} from '../../database/test-support/postgres-cluster'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openTempPglite} from '../../database/test-support/temp-pglite'
import {migratedClusterForTests, openedForTests} from '../../database/test-support/opened-for-tests'
import {StripePaymentProvider} from '../../payments/stripe'
import {startStripeApiStandIn, stripeOnStandIn, type StripeApiStandIn} from '../../payments/test-support/stripe-api'
import {cancelBooking, refundBooking, refundLatePayment, type OfficeMoneyDeps} from './actions'
import {createOfficeMoneyStore} from './store'
import type {ActingStaff} from '../access/roles'

/**
 * The same money rules on the other databases the app runs on: two staff cancelling at once on a
 * PostgreSQL server (two connections really side by side, so only the booking's row lock can make
 * one of them wait), and every money function through supabase-js `rpc` (Supabase's Data API).
 */

const postgresTools = findPostgresTools()
const log = {error: vi.fn(), warn: vi.fn()}
let stripeApi: StripeApiStandIn
let stripe: StripePaymentProvider

beforeAll(async () => {
  stripeApi = await startStripeApiStandIn()
  stripe = stripeOnStandIn(stripeApi, {secretKey: 'sk_test_51OfficeMoneyDbTestKey000000000000000'})
  setFlowLogger(log)
})

afterAll(async () => {
  setFlowLogger(console)
  await stripeApi?.close()
})

async function staffIn(sql: SqlClient): Promise<[ActingStaff, ActingStaff]> {
  const suffix = randomUUID().slice(0, 8)
  const {rows} = await sql.query<{id: string; name: string}>(
    `insert into public.staff (name, email, role) values ('Ann Office', $1, 'office'), ('Bo Desk', $2, 'office') returning id, name`,
    [`ann.${suffix}@office.test`, `bo.${suffix}@office.test`],
  )
  return [rows[0], rows[1]]
}

/** A house booking made through Confirm & Pay with the Stripe adapter, paid on the stand-in. */
async function paidBooking(store: BookingStore): Promise<{bookingId: string; sessionId: string; amountCents: number}> {
  const result = await submitBooking(houseRequest({email: `c${randomUUID().slice(0, 8)}@example.com`}), {store, payments: stripe, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  const booking = (await store.findById(result.bookingId))!
  stripeApi.pay(booking.paymentSessionId!)
  await store.markPaid(booking.id, {sessionId: booking.paymentSessionId!, paidAt: fixedClock()})
  return {bookingId: booking.id, sessionId: booking.paymentSessionId!, amountCents: booking.amountCents}
}

function deps(store: BookingStore, functions: DatabaseFunctions): OfficeMoneyDeps {
  return {store, money: createOfficeMoneyStore(functions), payments: () => stripe, now: fixedClock, log}
}

describe.skipIf('missing' in postgresTools)('two staff cancelling at once on a PostgreSQL server', () => {
  const db = migratedClusterForTests(postgresTools, 6)

  it('ten cancels of one booking side by side on six connections: one refund request, one e-mail, one audit row', {timeout: 60_000}, async () => {
    const store = createSqlBookingStore(db.sql)
    const functions = createSqlDatabaseFunctions(db.sql)
    const [ann, bo] = await staffIn(db.sql)
    const {bookingId, amountCents} = await paidBooking(store)
    const before = stripeApi.refunds.length

    const results = await Promise.all(Array.from({length: 10}, (_, index) => cancelBooking(bookingId, amountCents, index % 2 ? ann : bo, deps(store, functions))))

    expect(results.filter((result) => result.outcome === 'cancelled')).toHaveLength(1)
    expect(results.every((result) => ['cancelled', 'in_progress', 'already_cancelled'].includes(result.outcome))).toBe(true)
    expect(stripeApi.refunds.slice(before)).toMatchObject([{amount: amountCents, idempotencyKey: `booking-${bookingId}-cancellation-1`}])
    const {rows: mails} = await db.sql.query<{n: number}>(`select count(*)::int as n from public.email_outbox where event_key = $1`, [`booking_cancelled:${bookingId}:customer`])
    expect(mails[0].n).toBe(1)
    const {rows: audit} = await db.sql.query<{n: number}>(`select count(*)::int as n from public.staff_actions where subject_id = $1 and action = 'cancelled'`, [bookingId])
    expect(audit[0].n).toBe(1)
    expect(await store.findById(bookingId)).toMatchObject({refundedCents: amountCents, cancelledAt: expect.any(String)})
  })

  it('refunds confirmed separately side by side on six connections never add up to more than was paid', {timeout: 60_000}, async () => {
    const store = createSqlBookingStore(db.sql)
    const functions = createSqlDatabaseFunctions(db.sql)
    const [ann, bo] = await staffIn(db.sql)
    const {bookingId, amountCents} = await paidBooking(store)
    const before = stripeApi.refunds.length
    // A third of the payment each, eight confirmations at once (and a cancellation refunding all of it): at most three fit.
    const third = Math.floor(amountCents / 3)
    const results = await Promise.all([
      ...Array.from({length: 8}, (_, index) =>
        refundBooking(bookingId, {amountCents: third, reason: {code: 'goodwill'}, formKey: randomUUID()}, index % 2 ? ann : bo, deps(store, functions)),
      ),
      cancelBooking(bookingId, amountCents, ann, deps(store, functions)),
    ])

    const refunded = stripeApi.refunds.slice(before).reduce((sum, refund) => sum + refund.amount, 0)
    expect(refunded).toBeLessThanOrEqual(amountCents)
    expect(results.every((result) => ['refunded', 'cancelled', 'too_much', 'in_progress'].includes(result.outcome))).toBe(true)
    const booking = await store.findById(bookingId)
    expect(booking?.refundedCents).toBe(refunded)
    const {rows} = await db.sql.query<{total: number}>(`select coalesce(sum(amount_cents), 0)::int as total from public.booking_refunds where booking_id = $1 and status = 'succeeded'`, [bookingId])
    expect(rows[0].total).toBe(refunded)
    const {rows: mails} = await db.sql.query<{n: number}>(`select count(*)::int as n from public.email_outbox where event_key like $1`, [`booking_refunded:${bookingId}:%`])
    expect(mails[0].n).toBe(results.filter((result) => result.outcome === 'refunded').length)
  })
})

describe('the money functions on Supabase (supabase-js rpc against the PostgREST stand-in)', () => {
  const database = openedForTests(openTempPglite)

  it('cancels with a refund, refunds apart from cancelling, lists and refunds a late payment, lists and sends again a failed e-mail, as on the embedded database', {timeout: 30_000}, async () => {
    const {db} = database
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-money'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: ['bookings']})
    try {
      const config = {url: postgrest.url, serviceRoleKey: key}
      const store = createSupabaseBookingStore(config)
      const functions = createSupabaseDatabaseFunctions(createServiceRoleClient(config))
      const money = createOfficeMoneyStore(functions)
      const [ann, bo] = await staffIn(db)

      const paid = await paidBooking(store)
      expect(await cancelBooking(paid.bookingId, 1_234, ann, deps(store, functions))).toEqual({outcome: 'cancelled', refundedCents: 1_234})
      expect(await store.findById(paid.bookingId)).toMatchObject({refundedCents: 1_234, cancelledAt: expect.any(String)})
      // A refund apart from cancelling, through rpc as well (what is left of the cancelled booking).
      const refundedAgain = await refundBooking(paid.bookingId, {amountCents: 1_000, reason: {code: 'other', text: 'Charged for an extra'}, formKey: randomUUID()}, bo, deps(store, functions))
      expect(refundedAgain).toEqual({outcome: 'refunded', refundedCents: 1_000})
      expect(await store.findById(paid.bookingId)).toMatchObject({refundedCents: 2_234})

      // A payment after the hold ended, recorded through the webhook's path, then refunded.
      const {booking: lateBooking} = await paidAfterHoldEnded({store, stripe, stripeApi}, 'evt_late_rpc')
      const [open] = await money.openLatePayments()
      expect(open).toMatchObject({bookingId: lateBooking.id, amountCents: lateBooking.amountCents, bookingStatus: 'expired', customerName: `${lateBooking.firstName} ${lateBooking.lastName}`})
      expect(await refundLatePayment(open.id, bo, deps(store, functions))).toEqual({outcome: 'refunded', refundedCents: lateBooking.amountCents})
      expect(await money.openLatePayments()).toEqual([])

      await db.query(
        `insert into public.email_outbox (event_key, template, to_address, payload, status, attempts, last_error)
         values ($1, 'booking_paid.customer', 'gone@example.com', '{"kind":"booking_paid"}', 'failed', 8, '550 no such mailbox')`,
        [`booking_paid:${paid.bookingId}`],
      )
      const [failed] = await money.failedEmails()
      expect(failed).toMatchObject({to: 'gone@example.com', error: '550 no such mailbox'})
      expect(await money.retryFailedEmail(failed.id, ann, fixedClock())).toBe(true)
      expect(await money.failedEmails()).toEqual([])
      expect(await money.openCancellationRequests()).toEqual([])
    } finally {
      await postgrest.close()
    }
  })
})
