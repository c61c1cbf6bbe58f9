import {randomUUID} from 'node:crypto'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {officeMoneyOnStandIn, paidAfterHoldEnded} from './test-support/money-on-stand-in'
import {handlePaymentEvent, submitBooking} from '../../booking/flow'
import {roomyAvailability, TEST_AVAILABILITY} from '../../booking/test-support/availability'
import {fixedClock, houseRequest, ORIGIN} from '../../booking/test-support/requests'
import {StripePaymentProvider} from '../../payments/stripe'
import {databaseTestCheckoutSessions} from '../../payments/test-checkout-sessions'
import {TestCheckoutProvider} from '../../payments/test-checkout'
import {stripeOnStandIn} from '../../payments/test-support/stripe-api'
import type {PaymentProvider} from '../../payments/provider'
import {cancelBooking, parseRefundAmount, refundLatePayment, takeLatePayment, windowCapacity, type OfficeMoneyDeps} from './actions'
import {handleCancelBooking} from './routes'
import type {ActingStaff} from '../access/roles'

/**
 * Cancelling with a refund and late payments, on the embedded database with every migration, with
 * the real Stripe SDK against the local stand-in for Stripe's API (and the test checkout's refunds
 * in the database).
 */

let stripe: StripePaymentProvider
let testCheckout: TestCheckoutProvider
const log = {error: vi.fn(), warn: vi.fn()}
const {db, store, functions, money, stripeApi} = officeMoneyOnStandIn(log)
let alice: ActingStaff
let bob: ActingStaff

beforeAll(async () => {
  stripe = stripeOnStandIn(stripeApi, {secretKey: 'sk_test_51OfficeMoneyTestKey00000000000000000'})
  testCheckout = new TestCheckoutProvider(databaseTestCheckoutSessions(async () => functions))
  const {rows} = await db.query<{id: string; name: string}>(
    `insert into public.staff (name, email, role) values ('Alice Office', 'alice@office.test', 'office'), ('Bob Desk', 'bob@office.test', 'office') returning id, name`,
  )
  ;[alice, bob] = rows
}, 60_000)

function deps(payments: PaymentProvider): OfficeMoneyDeps {
  return {store, money, payments: () => payments, now: fixedClock, log}
}

/** A house booking made through Confirm & Pay and paid on the provider's page. */
async function paidBooking(payments: PaymentProvider): Promise<{bookingId: string; sessionId: string; amountCents: number}> {
  const result = await submitBooking(houseRequest({email: `c${randomUUID().slice(0, 8)}@example.com`}), {store, payments, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  const booking = await store.findById(result.bookingId)
  const sessionId = booking!.paymentSessionId!
  if (payments === stripe) stripeApi.pay(sessionId)
  else await testCheckout.complete(sessionId, 'paid')
  await store.markPaid(result.bookingId, {sessionId, paidAt: fixedClock()})
  return {bookingId: result.bookingId, sessionId, amountCents: booking!.amountCents}
}

async function emailsTo(address: string): Promise<{template: string; payload: Record<string, unknown>}[]> {
  const {rows} = await db.query<{template: string; payload: Record<string, unknown>}>('select template, payload from public.email_outbox where to_address = $1', [address])
  return rows
}

async function auditOf(bookingId: string): Promise<{staff_name: string; action: string; after: Record<string, unknown>}[]> {
  const {rows} = await db.query<{staff_name: string; action: string; after: Record<string, unknown>}>(
    `select staff_name, action, after from public.staff_actions where subject_kind = 'booking' and subject_id = $1 order by at`,
    [bookingId],
  )
  return rows
}

describe('the refund amount staff type', () => {
  it('reads dollars and cents exactly, from 0 up to what may be refunded', () => {
    expect(parseRefundAmount('218.65', 21_865)).toEqual({ok: true, cents: 21_865})
    expect(parseRefundAmount('$1,200.5', 200_000)).toEqual({ok: true, cents: 120_050})
    expect(parseRefundAmount(' 0 ', 5_000)).toEqual({ok: true, cents: 0})
    expect(parseRefundAmount('0.29', 5_000)).toEqual({ok: true, cents: 29})
  })

  it('refuses an empty field, other text, a third decimal and more than was paid', () => {
    expect(parseRefundAmount('', 5_000)).toEqual({ok: false, problem: 'required'})
    expect(parseRefundAmount('ten', 5_000)).toEqual({ok: false, problem: 'format'})
    expect(parseRefundAmount('-5', 5_000)).toEqual({ok: false, problem: 'format'})
    expect(parseRefundAmount('10.005', 5_000)).toEqual({ok: false, problem: 'format'})
    expect(parseRefundAmount('50.01', 5_000)).toEqual({ok: false, problem: 'tooMuch'})
  })
})

describe('cancelling a paid booking from the office', () => {
  it('with a full refund through Stripe: the SDK sends the amount and an idempotency key; cancelled, its place free, one e-mail, the audit names the member', async () => {
    const {bookingId, amountCents} = await paidBooking(stripe)
    const before = await store.findById(bookingId)
    const family = before!.serviceFamily!
    const takenBefore = (await store.placesTaken(family, before!.date!, before!.date!, fixedClock())).get(`${before!.date} ${before!.arrivalWindow}`)

    const result = await cancelBooking(bookingId, amountCents, alice, deps(stripe))

    expect(result).toEqual({outcome: 'cancelled', refundedCents: amountCents})
    const refundCalls = stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds')
    expect(refundCalls).toHaveLength(1)
    expect(refundCalls[0].form.get('amount')).toBe(String(amountCents))
    expect(refundCalls[0].idempotencyKey).toBe(`booking-${bookingId}-cancellation-1`)
    expect(stripeApi.refunds).toMatchObject([{amount: amountCents, metadata: {bookingId}}])

    const after = await store.findById(bookingId)
    expect(after).toMatchObject({cancelledAt: expect.any(String), refundedCents: amountCents, paymentStatus: 'paid'})
    const takenAfter = (await store.placesTaken(family, before!.date!, before!.date!, fixedClock())).get(`${before!.date} ${before!.arrivalWindow}`) ?? 0
    expect(takenAfter).toBe((takenBefore ?? 0) - 1)

    const mails = await emailsTo(before!.email)
    expect(mails.filter((mail) => mail.template === 'booking_cancelled.customer')).toHaveLength(1)
    expect(mails.find((mail) => mail.template === 'booking_cancelled.customer')?.payload).toMatchObject({refundedCents: amountCents, totalCents: amountCents})
    expect(await auditOf(bookingId)).toMatchObject([{staff_name: 'Alice Office', action: 'cancelled', after: {refunded_cents: amountCents}}])
  })

  it('with a partial refund: only that amount goes back', async () => {
    const {bookingId} = await paidBooking(stripe)
    expect(await cancelBooking(bookingId, 5_000, bob, deps(stripe))).toEqual({outcome: 'cancelled', refundedCents: 5_000})
    expect(stripeApi.refunds.map((refund) => refund.amount)).toEqual([5_000])
    expect(await store.findById(bookingId)).toMatchObject({refundedCents: 5_000, cancelledAt: expect.any(String)})
    expect(await auditOf(bookingId)).toMatchObject([{staff_name: 'Bob Desk', after: {refunded_cents: 5_000}}])
  })

  it('without a refund (0): cancelled, nothing sent to the provider, the e-mail says no refund', async () => {
    const {bookingId} = await paidBooking(stripe)
    stripeApi.requests.length = 0
    expect(await cancelBooking(bookingId, 0, alice, deps(stripe))).toEqual({outcome: 'cancelled', refundedCents: 0})
    expect(stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds')).toHaveLength(0)
    expect(await store.findById(bookingId)).toMatchObject({refundedCents: 0, cancelledAt: expect.any(String)})
  })

  it('two staff cancelling at once refund once and e-mail once', async () => {
    const {bookingId, amountCents} = await paidBooking(stripe)
    const results = await Promise.all([cancelBooking(bookingId, amountCents, alice, deps(stripe)), cancelBooking(bookingId, amountCents, bob, deps(stripe))])

    expect(results.filter((result) => result.outcome === 'cancelled')).toHaveLength(1)
    expect(results.filter((result) => result.outcome === 'in_progress' || result.outcome === 'already_cancelled')).toHaveLength(1)
    expect(stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds')).toHaveLength(1)
    expect(stripeApi.refunds).toHaveLength(1)
    const booking = await store.findById(bookingId)
    expect(booking?.refundedCents).toBe(amountCents)
    expect((await emailsTo(booking!.email)).filter((mail) => mail.template === 'booking_cancelled.customer')).toHaveLength(1)
    expect(await auditOf(bookingId)).toHaveLength(1)
    // And a third, later: already cancelled, nothing sent.
    expect(await cancelBooking(bookingId, amountCents, alice, deps(stripe))).toEqual({outcome: 'already_cancelled', refundedCents: amountCents})
    expect(stripeApi.refunds).toHaveLength(1)
  })

  it('a refund the provider refuses leaves the booking as it was and says why; the next try is a new refund', async () => {
    const {bookingId, amountCents} = await paidBooking(stripe)
    stripeApi.refuseRefunds('This charge is disputed and cannot be refunded.')

    const refused = await cancelBooking(bookingId, amountCents, alice, deps(stripe))
    expect(refused).toEqual({outcome: 'refund_refused', message: 'This charge is disputed and cannot be refunded.'})
    const booking = await store.findById(bookingId)
    expect(booking).toMatchObject({cancelledAt: null, refundedCents: 0, paymentStatus: 'paid'})
    expect(await emailsTo(booking!.email).then((mails) => mails.filter((mail) => mail.template === 'booking_cancelled.customer'))).toHaveLength(0)
    expect(await auditOf(bookingId)).toHaveLength(0)

    stripeApi.refuseRefunds(null)
    expect(await cancelBooking(bookingId, 1_000, alice, deps(stripe))).toEqual({outcome: 'cancelled', refundedCents: 1_000})
    expect(stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds').map((request) => request.idempotencyKey)).toEqual([
      `booking-${bookingId}-cancellation-1`,
      `booking-${bookingId}-cancellation-2`,
    ])
  })

  it('refuses more than was paid, and a booking that is not paid', async () => {
    const {bookingId, amountCents} = await paidBooking(stripe)
    expect(await cancelBooking(bookingId, amountCents + 1, alice, deps(stripe))).toEqual({outcome: 'too_much', refundableCents: amountCents})
    const unpaid = await submitBooking(houseRequest(), {store, payments: stripe, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
    if (!unpaid.ok) throw new Error('Expected a booking')
    expect(await cancelBooking(unpaid.bookingId, 0, alice, deps(stripe))).toEqual({outcome: 'not_paid'})
    expect(stripeApi.refunds).toHaveLength(0)
  })

  it('through the local test checkout: a test refund is recorded in the database', async () => {
    const {bookingId, sessionId, amountCents} = await paidBooking(testCheckout)
    expect(await cancelBooking(bookingId, amountCents - 100, alice, deps(testCheckout))).toEqual({outcome: 'cancelled', refundedCents: amountCents - 100})
    const {rows} = await db.query<{id: string; amount_cents: number; idempotency_key: string}>('select id, amount_cents, idempotency_key from public.test_checkout_refunds where session_id = $1', [sessionId])
    expect(rows).toEqual([{id: expect.stringMatching(/^test_re_[0-9a-f]{32}$/), amount_cents: amountCents - 100, idempotency_key: `booking-${bookingId}-cancellation-1`}])
    // The same key again is the same test refund, never a second.
    const again = await testCheckout.refund({sessionId, amountCents: amountCents - 100, idempotencyKey: `booking-${bookingId}-cancellation-1`, bookingId})
    expect(again.id).toBe(rows[0].id)
    await expect(testCheckout.refund({sessionId, amountCents: 200, idempotencyKey: 'another', bookingId})).rejects.toThrow(/more than what is left/)
  })
})

describe('a payment that arrives after its hold ended', () => {
  async function latePayment(): Promise<{bookingId: string; sessionId: string; amountCents: number; lateId: string}> {
    const {booking, event} = await paidAfterHoldEnded({store, stripe, stripeApi}, 'evt_late')
    // The webhook again (or the success page): recorded once.
    await handlePaymentEvent(event, {store, now: fixedClock})
    const open = (await money.openLatePayments()).filter((late) => late.bookingId === booking.id)
    expect(open).toHaveLength(1)
    return {bookingId: booking.id, sessionId: booking.paymentSessionId!, amountCents: booking.amountCents, lateId: open[0].id}
  }

  it('is recorded for Needs attention, once, and taken: the booking is paid in its window with its confirmation', async () => {
    const {bookingId, lateId, sessionId} = await latePayment()
    const result = await takeLatePayment(lateId, alice, {...deps(stripe), availability: roomyAvailability})
    expect(result).toEqual({outcome: 'taken'})
    const booking = await store.findById(bookingId)
    expect(booking).toMatchObject({paymentStatus: 'paid', paymentSessionId: sessionId})
    expect((await emailsTo(booking!.email)).map((mail) => mail.template)).toEqual(['booking_paid.customer'])
    expect(await auditOf(bookingId)).toMatchObject([{staff_name: 'Alice Office', action: 'late_payment_taken'}])
    expect((await money.openLatePayments()).some((late) => late.id === lateId)).toBe(false)
  })

  it('cannot be taken into a window that filled up meanwhile', async () => {
    const {bookingId, lateId} = await latePayment()
    const booking = (await store.findById(bookingId))!
    const capacity = windowCapacity(TEST_AVAILABILITY, booking)
    expect(capacity).toBeGreaterThan(0)
    for (let i = 0; i < capacity; i++) await paidBookingIn(booking.date!, booking.arrivalWindow!)
    expect(await takeLatePayment(lateId, alice, {...deps(stripe), availability: async () => TEST_AVAILABILITY})).toEqual({outcome: 'full'})
    expect(await store.findById(bookingId)).toMatchObject({paymentStatus: 'expired'})
  })

  it('is refunded in full through the payment provider, with the customer told', async () => {
    const {bookingId, lateId, amountCents} = await latePayment()
    expect(await refundLatePayment(lateId, bob, deps(stripe))).toEqual({outcome: 'refunded', refundedCents: amountCents})
    expect(stripeApi.refunds).toMatchObject([{amount: amountCents, idempotencyKey: `late-payment-${lateId}-1`}])
    const booking = await store.findById(bookingId)
    const mails = await emailsTo(booking!.email)
    expect(mails.map((mail) => mail.template)).toEqual(['booking_cancelled.customer'])
    expect(mails[0].payload).toMatchObject({latePayment: true, refundedCents: amountCents})
    expect(await auditOf(bookingId)).toMatchObject([{staff_name: 'Bob Desk', action: 'late_payment_refunded'}])
    // Done: neither action applies any more.
    expect(await refundLatePayment(lateId, bob, deps(stripe))).toEqual({outcome: 'resolved'})
    expect(await takeLatePayment(lateId, bob, {...deps(stripe), availability: roomyAvailability})).toEqual({outcome: 'resolved'})
    expect(stripeApi.refunds).toHaveLength(1)
  })
})

/** A paid booking taking a place in this window. */
async function paidBookingIn(date: string, window: string): Promise<void> {
  const result = await submitBooking(houseRequest({date, arrivalWindow: window, email: `f${randomUUID().slice(0, 8)}@example.com`}), {
    store,
    payments: stripe,
    origin: ORIGIN,
    now: fixedClock,
    availability: roomyAvailability,
  })
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  const booking = (await store.findById(result.bookingId))!
  stripeApi.pay(booking.paymentSessionId!)
  await store.markPaid(booking.id, {sessionId: booking.paymentSessionId!, paidAt: fixedClock()})
}

describe('Needs attention: e-mails that failed for good', () => {
  it('lists them with to whom, what kind and the error, and sends one again (audited on its booking)', async () => {
    const {bookingId} = await paidBooking(stripe)
    await db.query(
      `insert into public.email_outbox (event_key, template, to_address, payload, status, attempts, last_error)
       values ($1, 'booking_paid.customer', 'gone@example.com', '{"kind":"booking_paid"}', 'failed', 8, '550 mailbox unavailable')`,
      [`booking_paid:${bookingId}`],
    )
    const failed = await money.failedEmails()
    expect(failed).toMatchObject([{to: 'gone@example.com', template: 'booking_paid.customer', error: '550 mailbox unavailable', attempts: 8}])
    expect(await money.retryFailedEmail(failed[0].id, alice, fixedClock())).toBe(true)
    expect(await money.failedEmails()).toEqual([])
    expect(await money.retryFailedEmail(failed[0].id, alice, fixedClock())).toBe(false)
    expect(await auditOf(bookingId)).toMatchObject([{staff_name: 'Alice Office', action: 'email_sent_again'}])
  })
})

describe('the cancel form posted to its route', () => {
  function post(amount: string, confirmed = true): Request {
    return new Request('http://office.test/office/bookings/x/cancel', {method: 'POST', body: new URLSearchParams({amount, ...(confirmed ? {confirmed: 'yes'} : {})})})
  }

  it('answers 303 back to the booking: a refused amount names its problem and keeps what was typed; a refund says how much; each at the element the page focuses', async () => {
    const {bookingId} = await paidBooking(testCheckout)
    // The owner: only they may refund (an office member's refund is refused, lib/office/money/refunds.test.ts).
    const owner = {...alice, role: 'owner' as const}
    const refused = await handleCancelBooking(post('12.345'), bookingId, owner, deps(testCheckout))
    expect(refused.status).toBe(303)
    const location = new URL(refused.headers.get('location')!, 'http://office.test')
    expect(location.pathname).toBe(`/office/bookings/${bookingId}`)
    expect(Object.fromEntries(location.searchParams)).toEqual({problem: 'cancel-format', amount: '12.345'})
    expect(location.hash).toBe('#cancel-amount')
    expect((await store.findById(bookingId))?.cancelledAt).toBeNull()

    // The form's own post asks for the confirmation, at the element the page focuses; nothing changes.
    const asked = new URL((await handleCancelBooking(post('$12.34', false), bookingId, owner, deps(testCheckout))).headers.get('location')!, 'http://office.test')
    expect(Object.fromEntries(asked.searchParams)).toEqual({confirm: 'cancel', amount: '$12.34'})
    expect(asked.hash).toBe('#cancel-confirm')
    expect((await store.findById(bookingId))?.cancelledAt).toBeNull()
    const done = new URL((await handleCancelBooking(post('$12.34'), bookingId, owner, deps(testCheckout))).headers.get('location')!, 'http://office.test')
    expect(Object.fromEntries(done.searchParams)).toEqual({done: 'cancelled', refunded: '1234'})
    expect(done.hash).toBe('#cancel-outcome')
    const again = new URL((await handleCancelBooking(post('12.34'), bookingId, {...bob, role: 'office'}, deps(testCheckout))).headers.get('location')!, 'http://office.test')
    expect(again.searchParams.get('problem')).toBe('cancel-already_cancelled')
    // A cancelled booking shows no form: the answer is at the section, which says so.
    expect(again.hash).toBe('#cancel')
  })
})
