import {randomBytes, randomUUID} from 'node:crypto'
import Stripe from 'stripe'
import {describe, expect, it} from 'vitest'
import {embeddedDatabaseForTests, openedForTests} from '../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {describeAction, type RecordedAction} from '../office/bookings/page'
import {openDisputes} from '../office/money/disputes'
import {cancelBooking, type OfficeMoneyDeps} from '../office/money/actions'
import {createOfficeMoneyStore} from '../office/money/store'
import {checkoutReturnUrls} from '../payments/provider'
import {startStripeApiStandIn, stripeOnStandIn} from '../payments/test-support/stripe-api'
import {runPlanCharges, visitChargeKey} from './plans/charges'
import {createPlanChargeStore} from './plans/charges-store'
import {createPlanReader} from './plans/reader'
import {DEFAULT_PLAN_SETTINGS} from './plans/settings'
import {insertPlanWithVisit} from './plans/test-support/charge-fixtures'
import {handleWebhookRequest} from './routes'
import {createSqlBookingStore} from './store/sql-store'
import {houseBooking} from './store/test-support/fixtures'

/**
 * Payments made outside the site's own requests, reconciled from Stripe's signed webhooks: the
 * real Stripe SDK (signing the events as Stripe does, and asking the API) against the local
 * stand-in of Stripe's API, on the embedded database migrated like production. Every event is also
 * delivered twice (a replay changes nothing) and in the orders Stripe may deliver them.
 */

const ORIGIN = 'https://renton.example'
const WEBHOOK_SECRET = 'whsec_test_reconciliation_0123456789abcdef'
const quiet = {error: () => {}, warn: () => {}}

const db = embeddedDatabaseForTests()
const api = openedForTests(startStripeApiStandIn)

const functions = () => createSqlDatabaseFunctions(db)
const stripe = () => stripeOnStandIn(api, {secretKey: 'sk_test_51Reconcile0000', webhookSecret: WEBHOOK_SECRET})

/** A Stripe event as Stripe sends it, signed with the endpoint's secret as Stripe signs it. */
function signedEvent(type: string, object: unknown): {payload: string; signature: string} {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: {object},
    livemode: false,
    pending_webhooks: 1,
    request: {id: null, idempotency_key: null},
    type,
  })
  return {payload, signature: new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET})}
}

async function deliver(event: {payload: string; signature: string}, now: Date): Promise<number> {
  const request = new Request(`${ORIGIN}/api/stripe/webhook`, {method: 'POST', headers: {'stripe-signature': event.signature}, body: event.payload})
  const response = await handleWebhookRequest(request, {
    payments: stripe,
    store: async () => createSqlBookingStore(db),
    now: () => now,
    reconcile: async () => ({functions: functions(), store: createSqlBookingStore(db), plans: createPlanReader(functions()), settings: DEFAULT_PLAN_SETTINGS, now: () => now}),
    log: quiet,
  })
  return response.status
}

async function visit(id: string) {
  const {rows} = await db.query<{payment_status: string; charge_state: string; paid_at: Date | null; payment_session_id: string | null; card_deadline_at: Date | null; refunded_cents: number}>(
    `select b.payment_status, c.state as charge_state, b.paid_at, b.payment_session_id, c.card_deadline_at, b.refunded_cents
     from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id where b.id = $1`,
    [id],
  )
  return rows[0]
}

async function chargeRows(bookingId: string) {
  const {rows} = await db.query<{status: string; provider_payment_id: string; idempotency_key: string}>(
    'select status, provider_payment_id, idempotency_key from public.plan_charges where booking_id = $1 order by created_at',
    [bookingId],
  )
  return rows
}

async function declineEmails(bookingId: string): Promise<number> {
  const {rows} = await db.query<{n: number}>(`select count(*)::int as n from public.email_outbox where template = 'plan_visit_declined.customer' and event_key like $1`, [`%${bookingId}%`])
  return rows[0].n
}

async function history(bookingId: string): Promise<{who: string; what: string}[]> {
  const {rows} = await db.query<{at: Date; staff_name: string; action: string; before: unknown; after: unknown}>(
    `select at, staff_name, action, before, after from public.staff_actions where subject_kind = 'booking' and subject_id = $1 order by at, id`,
    [bookingId],
  )
  return rows.map((row) => {
    const action: RecordedAction = {at: row.at.toISOString(), staffName: row.staff_name, action: row.action, before: row.before, after: row.after}
    return {who: row.staff_name, what: describeAction(action)}
  })
}

/** A weekly plan's visit 2 (its window 2031-…T15:00Z), its card a Stripe test card on a customer of its own. */
async function planVisit(date: string, paymentMethodId = 'pm_card_visa') {
  const windowStartsAt = `${date}T15:00:00.000Z`
  const customerId = `cus_${randomBytes(6).toString('hex')}`
  const fixture = await insertPlanWithVisit(db, {date, windowStartsAt, card: {provider: 'stripe', customerId, paymentMethodId, label: 'Visa ending 4242'}})
  const due = new Date(Date.parse(windowStartsAt) - 48 * 3_600_000)
  return {...fixture, customerId, paymentMethodId, due}
}

/** What the charge job sends for the visit, sent by hand: Stripe charges, and the job never records the answer (it crashed). */
async function chargedAtStripeOnly(plan: Awaited<ReturnType<typeof planVisit>>) {
  const result = await stripe().chargeSavedCard({
    card: {customerId: plan.customerId, paymentMethodId: plan.paymentMethodId},
    amountCents: 16624,
    currency: 'usd',
    description: 'House Cleaning — Regular Cleaning, Weekly (visit 2)',
    idempotencyKey: visitChargeKey(plan.visitId, 0),
    bookingId: plan.visitId,
    planId: plan.planId,
  })
  if (!result.paymentId) throw new Error('Stripe made no PaymentIntent')
  return {result, intent: api.paymentIntent(result.paymentId)!}
}

const jobDeps = (now: Date) => ({store: createPlanChargeStore(functions()), payments: stripe, settings: DEFAULT_PLAN_SETTINGS, now: () => now, log: quiet})
/** The charge job's run, for this test's plan only (the database is shared by the file's tests). */
const runJob = (now: Date, planId: string) => runPlanCharges(jobDeps(now), {planId})
const intentRequests = (bookingId: string) => api.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents' && request.form.get('metadata[bookingId]') === bookingId)

describe('off-session plan charges reported by the webhook', () => {
  it('payment_intent.succeeded for a visit the job never recorded: the visit is paid as the job records it, once; the job then charges nothing more', async () => {
    const plan = await planVisit('2031-05-14')
    const {intent} = await chargedAtStripeOnly(plan)
    expect(intent.metadata).toMatchObject({bookingId: plan.visitId, planId: plan.planId, chargeKey: visitChargeKey(plan.visitId, 0)})
    const event = signedEvent('payment_intent.succeeded', intent)

    expect(await deliver(event, plan.due)).toBe(200)
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'paid', charge_state: 'charged', payment_session_id: intent.id, paid_at: plan.due})
    expect(await chargeRows(plan.visitId)).toEqual([{status: 'succeeded', provider_payment_id: intent.id, idempotency_key: visitChargeKey(plan.visitId, 0)}])

    // Stripe sends it again, an hour later: nothing changes.
    expect(await deliver(event, new Date(plan.due.getTime() + 3_600_000))).toBe(200)
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'paid', paid_at: plan.due})
    expect(await chargeRows(plan.visitId)).toHaveLength(1)

    expect(await runJob(plan.due, plan.planId)).toMatchObject({charged: 0})
    expect(intentRequests(plan.visitId)).toHaveLength(1)
  })

  it('the job recorded the success first; the event arriving after it, then a failure of the same visit arriving last, undo nothing', async () => {
    const plan = await planVisit('2031-06-11')
    expect(await runJob(plan.due, plan.planId)).toMatchObject({charged: 1})
    const before = await visit(plan.visitId)
    expect(before).toMatchObject({payment_status: 'paid', charge_state: 'charged'})
    const intent = api.paymentIntent(before.payment_session_id!)!

    expect(await deliver(signedEvent('payment_intent.succeeded', intent), new Date(plan.due.getTime() + 60_000))).toBe(200)
    // A failure for the same visit and key (an earlier attempt's event, delivered late).
    const failed = {...intent, id: `pi_${randomBytes(12).toString('hex')}`, status: 'requires_payment_method', amount_received: 0, last_payment_error: {code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error'}}
    expect(await deliver(signedEvent('payment_intent.payment_failed', failed), new Date(plan.due.getTime() + 120_000))).toBe(200)

    expect(await visit(plan.visitId)).toEqual(before)
    expect((await chargeRows(plan.visitId)).map((row) => row.status)).toEqual(['succeeded'])
    expect(await declineEmails(plan.visitId)).toBe(0)
  })

  it('payment_intent.payment_failed for a visit the job never recorded: declined as the job declines it (place kept, one e-mail), replayed once; a later success pays it', async () => {
    const plan = await planVisit('2031-07-09', 'pm_card_chargeDeclined')
    const {result, intent} = await chargedAtStripeOnly(plan)
    expect(result.outcome).toBe('declined')
    const event = signedEvent('payment_intent.payment_failed', intent)

    expect(await deliver(event, plan.due)).toBe(200)
    const declined = await visit(plan.visitId)
    expect(declined).toMatchObject({payment_status: 'scheduled', charge_state: 'declined'})
    // The job's deadline: 24 hours before the window.
    expect(declined.card_deadline_at).toEqual(new Date(Date.parse('2031-07-09T15:00:00.000Z') - 24 * 3_600_000))
    expect(await declineEmails(plan.visitId)).toBe(1)
    expect(await deliver(event, new Date(plan.due.getTime() + 60_000))).toBe(200)
    expect(await declineEmails(plan.visitId)).toBe(1)
    expect((await chargeRows(plan.visitId)).map((row) => row.status)).toEqual(['declined'])

    // The bank approves it after all (same PaymentIntent): money taken is recorded, the visit paid.
    const succeeded = {...intent, status: 'succeeded', amount_received: intent.amount, last_payment_error: null}
    expect(await deliver(signedEvent('payment_intent.succeeded', succeeded), new Date(plan.due.getTime() + 120_000))).toBe(200)
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'paid', charge_state: 'charged', card_deadline_at: null})
    expect((await chargeRows(plan.visitId)).map((row) => row.status)).toEqual(['succeeded'])
  })

  it('a checkout payment and a payment for an id that is no visit of ours change nothing and answer 200', async () => {
    const plan = await planVisit('2031-08-13')
    const {intent} = await chargedAtStripeOnly(plan)
    const checkoutPayment = {...intent, metadata: {bookingId: plan.visitId}}
    const stranger = {...intent, metadata: {bookingId: 'not-a-uuid', planId: plan.planId}}
    expect(await deliver(signedEvent('payment_intent.succeeded', checkoutPayment), plan.due)).toBe(200)
    expect(await deliver(signedEvent('payment_intent.succeeded', stranger), plan.due)).toBe(200)
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled'})
  })
})

/** A one-time booking paid through Stripe Checkout (the stand-in plays the customer paying). */
async function paidBooking() {
  const store = createSqlBookingStore(db)
  const created = await store.createPending(houseBooking({frequency: 'One-Time', email: `c-${randomUUID().slice(0, 8)}@example.com`}))
  const booking = created.booking
  const session = await stripe().createCheckout({
    bookingId: booking.id,
    amountCents: booking.amountCents,
    currency: 'usd',
    description: 'House Cleaning — Deep Cleaning',
    customerEmail: booking.email,
    ...checkoutReturnUrls(ORIGIN, booking.id),
    idempotencyKey: randomUUID(),
  })
  api.pay(session.id)
  await db.query(`update public.bookings set payment_status = 'paid', paid_at = now(), payment_session_id = $2, payment_provider = 'stripe' where id = $1`, [booking.id, session.id])
  const paymentIntent = String(api.sessions.get(session.id)?.payment_intent)
  return {booking, sessionId: session.id, paymentIntent}
}

/** The charge Stripe's charge.refunded event carries (refunds left out, as current API versions do). */
function refundedCharge(paymentIntent: string, bookingId: string, amountRefunded: number) {
  return {id: `ch_${randomBytes(12).toString('hex')}`, object: 'charge', amount_refunded: amountRefunded, currency: 'usd', metadata: {bookingId}, payment_intent: paymentIntent, refunded: false, status: 'succeeded'}
}

async function ledger(bookingId: string) {
  const {rows} = await db.query<{purpose: string; amount_cents: number; status: string; provider_refund_id: string; staff_name: string; reason: string | null}>(
    'select purpose, amount_cents, status, provider_refund_id, staff_name, reason from public.booking_refunds where booking_id = $1 order by purpose, claimed_at',
    [bookingId],
  )
  return rows
}

let staffCount = 0
async function owner() {
  const {rows} = await db.query<{id: string; name: string}>(`insert into public.staff (name, email, role) values ('Ann Owner', $1, 'owner') returning id, name`, [`owner-${++staffCount}-${randomUUID().slice(0, 6)}@example.com`])
  return rows[0]
}

function officeDeps(now: Date): OfficeMoneyDeps {
  return {store: createSqlBookingStore(db), money: createOfficeMoneyStore(functions()), payments: stripe, now: () => now, log: quiet}
}

describe('refunds made at Stripe (charge.refunded)', () => {
  it("a refund made in Stripe's dashboard is recorded once in the booking's ledger, total and history, never counted with the office's own refund", async () => {
    const {booking, paymentIntent} = await paidBooking()
    const now = new Date()
    // The office cancels with a partial refund of $50.00 (through Stripe, with its claim's key).
    expect(await cancelBooking(booking.id, 5000, await owner(), officeDeps(now))).toMatchObject({outcome: 'cancelled', refundedCents: 5000})
    const officeRefund = api.refunds.find((refund) => refund.paymentIntent === paymentIntent)!
    expect(officeRefund.metadata).toMatchObject({bookingId: booking.id, refundKey: `booking-${booking.id}-cancellation-1`})
    // Then someone refunds $30.00 more in Stripe's dashboard.
    const outside = api.refundInDashboard(paymentIntent, 3000)
    const event = signedEvent('charge.refunded', refundedCharge(paymentIntent, booking.id, 8000))

    expect(await deliver(event, now)).toBe(200)
    expect((await visit(booking.id)).refunded_cents).toBe(8000)
    expect(await ledger(booking.id)).toEqual([
      expect.objectContaining({purpose: 'cancellation', amount_cents: 5000, provider_refund_id: officeRefund.id}),
      {purpose: 'outside', amount_cents: 3000, status: 'succeeded', provider_refund_id: outside.id, staff_name: 'Stripe', reason: 'requested_by_customer'},
    ])
    expect(await deliver(event, now)).toBe(200)
    expect((await visit(booking.id)).refunded_cents).toBe(8000)
    expect(await ledger(booking.id)).toHaveLength(2)
    expect(await history(booking.id)).toContainEqual({who: 'Stripe', what: 'Refunded $30.00 at Stripe'})
    expect((await history(booking.id)).filter((entry) => entry.who === 'Stripe')).toHaveLength(1)
  })

  it('Stripe out of reach while its refunds are listed: 500 and nothing recorded, so Stripe sends the event again; then recorded once', async () => {
    const {booking, paymentIntent} = await paidBooking()
    api.refundInDashboard(paymentIntent, 1500)
    const event = signedEvent('charge.refunded', refundedCharge(paymentIntent, booking.id, 1500))
    api.failNext(1, 503)
    expect(await deliver(event, new Date())).toBe(500)
    expect(await ledger(booking.id)).toEqual([])
    expect(await deliver(event, new Date())).toBe(200)
    expect((await visit(booking.id)).refunded_cents).toBe(1500)
  })

  it("charge.refunded arriving before the office's own refund completes: the office records it, once", async () => {
    const {booking, paymentIntent, sessionId} = await paidBooking()
    const now = new Date()
    const money = createOfficeMoneyStore(functions())
    const staff = await owner()
    // The office's cancellation, caught between Stripe's refund and its own completion.
    const claim = await money.claimCancellation(booking.id, booking.amountCents, staff, now)
    if (claim.status !== 'claimed') throw new Error(claim.status)
    const refund = await stripe().refund({sessionId, amountCents: booking.amountCents, idempotencyKey: claim.key, bookingId: booking.id})
    expect(await deliver(signedEvent('charge.refunded', refundedCharge(paymentIntent, booking.id, booking.amountCents)), now)).toBe(200)
    expect((await visit(booking.id)).refunded_cents).toBe(0)

    expect(await money.completeCancellation(booking.id, {key: claim.key, provider: 'stripe', refundId: refund.id, staff, now, emails: []})).toBe('cancelled')
    expect((await visit(booking.id)).refunded_cents).toBe(booking.amountCents)
    // Delivered again after it: still the one refund.
    expect(await deliver(signedEvent('charge.refunded', refundedCharge(paymentIntent, booking.id, booking.amountCents)), now)).toBe(200)
    expect((await visit(booking.id)).refunded_cents).toBe(booking.amountCents)
    expect(await ledger(booking.id)).toEqual([expect.objectContaining({purpose: 'cancellation', provider_refund_id: refund.id})])
  })
})

describe('disputes (charge.dispute.*)', () => {
  it('a dispute is recorded once, on the booking and among the open disputes; closed, it leaves them, and a late report does not reopen it', async () => {
    const {booking, paymentIntent} = await paidBooking()
    const dispute = {
      id: `dp_${randomBytes(12).toString('hex')}`,
      object: 'dispute',
      amount: booking.amountCents,
      currency: 'usd',
      charge: `ch_${randomBytes(12).toString('hex')}`,
      payment_intent: paymentIntent,
      reason: 'product_not_received',
      status: 'needs_response',
      created: 1_924_000_000,
      metadata: {},
    }
    const created = signedEvent('charge.dispute.created', dispute)
    expect(await deliver(created, new Date())).toBe(200)
    expect(await deliver(created, new Date())).toBe(200)
    // As Needs attention lists it: the amount, the reason, a link to the booking (its id) and whose it is.
    const open = await openDisputes(functions())
    expect(open.filter((row) => row.bookingId === booking.id)).toEqual([
      expect.objectContaining({amountCents: booking.amountCents, reason: 'product_not_received', status: 'needs_response', customerName: `${booking.firstName} ${booking.lastName}`, providerDisputeId: dispute.id}),
    ])
    const amount = `$${(booking.amountCents / 100).toFixed(2)}`
    expect((await history(booking.id)).filter((entry) => entry.who === 'Stripe')).toEqual([{who: 'Stripe', what: `The customer's bank disputed ${amount} (product not received)`}])

    expect(await deliver(signedEvent('charge.dispute.closed', {...dispute, status: 'lost'}), new Date())).toBe(200)
    expect(await deliver(signedEvent('charge.dispute.updated', {...dispute, status: 'under_review'}), new Date())).toBe(200)
    expect((await openDisputes(functions())).filter((row) => row.bookingId === booking.id)).toEqual([])
  })
})

describe('a charge or refund sent again after Stripe may have forgotten its key', () => {
  it('a visit whose charge Stripe made but whose answer was lost is found at Stripe by its key in metadata: recorded, never charged twice', async () => {
    const plan = await planVisit('2031-09-10')
    await chargedAtStripeOnly(plan)
    // The job's claim lapsed without a record (attempt 1 spent); more than 24 hours pass.
    await db.query(`update public.plan_visit_charges set attempts = 1 where booking_id = $1`, [plan.visitId])
    api.forgetIdempotencyKeys()
    const later = new Date(plan.due.getTime() + 25 * 3_600_000)

    expect(await runJob(later, plan.planId)).toMatchObject({charged: 1})
    expect(api.paymentIntents.filter((intent) => intent.metadata.bookingId === plan.visitId)).toHaveLength(1)
    expect(intentRequests(plan.visitId)).toHaveLength(1)
    expect(api.requests.some((request) => request.method === 'GET' && request.path === '/v1/payment_intents')).toBe(true)
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'paid', charge_state: 'charged'})
  })

  it('a retried visit Stripe has no charge for is charged, once', async () => {
    const plan = await planVisit('2031-10-08')
    await db.query(`update public.plan_visit_charges set attempts = 3 where booking_id = $1`, [plan.visitId])
    expect(await runJob(plan.due, plan.planId)).toMatchObject({charged: 1})
    expect(intentRequests(plan.visitId)).toHaveLength(1)
  })

  it("an office refund whose answer was lost is found at Stripe by its claim's key when the claim is taken over: refunded once", async () => {
    const {booking, sessionId, paymentIntent} = await paidBooking()
    const money = createOfficeMoneyStore(functions())
    const staff = await owner()
    const first = new Date()
    const claim = await money.claimCancellation(booking.id, 2500, staff, first)
    if (claim.status !== 'claimed') throw new Error(claim.status)
    // Stripe refunded; the office never heard (its server stopped); Stripe forgets the key.
    await stripe().refund({sessionId, amountCents: 2500, idempotencyKey: claim.key, bookingId: booking.id})
    api.forgetIdempotencyKeys()

    const later = new Date(first.getTime() + 25 * 3_600_000)
    expect(await cancelBooking(booking.id, 2500, staff, officeDeps(later))).toMatchObject({outcome: 'cancelled', refundedCents: 2500})
    expect(api.refunds.filter((refund) => refund.paymentIntent === paymentIntent)).toHaveLength(1)
    expect((await visit(booking.id)).refunded_cents).toBe(2500)
  })
})
