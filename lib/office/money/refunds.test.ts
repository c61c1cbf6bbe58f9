import {randomUUID} from 'node:crypto'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {officeMoneyOnStandIn} from './test-support/money-on-stand-in'
import {renderEmail} from '@/components/email/render'
import {submitBooking} from '../../booking/flow'
import {roomyAvailability} from '../../booking/test-support/availability'
import {fixedClock, houseRequest, ORIGIN} from '../../booking/test-support/requests'
import {composeMail} from '../../email/compose'
import type {OutboxMessage} from '../../email/outbox'
import type {EventFacts} from '../../email/queue'
import {emailContentFromDataset} from '../../email/test-support/content'
import {PaymentProviderError} from '../../payments/provider'
import {StripePaymentProvider} from '../../payments/stripe'
import {stripeOnStandIn} from '../../payments/test-support/stripe-api'
import {officeBookingView} from '../bookings/page'
import {csvBookingRecord, CSV_COLUMNS} from '../bookings/lists'
import {cancelBooking, parseRefundReason, refundBooking, type OfficeMoneyDeps} from './actions'
import {handleCancelBooking, handleRefundBooking} from './routes'
import {paymentState} from '../bookings/payment-state'
import {readCsv} from '../shared/test-support/csv-reader'
import type {StaffMember} from '../access/roles'

/**
 * Refunds apart from cancelling, on the embedded database with every migration and the real Stripe
 * SDK against the local stand-in for Stripe's API: several refunds of one booking never add up to
 * more than was paid (the database refuses it under the booking's row lock), one confirmation
 * refunds once, the payment's state follows, the office role cannot refund, and the customer's
 * e-mail states the amount and the reason.
 */

let stripe: StripePaymentProvider
const log = {error: vi.fn(), warn: vi.fn()}
const {db, store, money, stripeApi} = officeMoneyOnStandIn(log)
let owner: StaffMember
let otherOwner: StaffMember
let office: StaffMember

beforeAll(async () => {
  stripe = stripeOnStandIn(stripeApi, {secretKey: 'sk_test_51OfficeRefundTestKey0000000000000000'})
  const {rows} = await db.query<StaffMember>(
    `insert into public.staff (name, email, role) values ('Olive Owner', 'olive@office.test', 'owner'), ('Oscar Owner', 'oscar@office.test', 'owner'),
       ('Dana Desk', 'dana@office.test', 'office') returning id, name, email, role`,
  )
  ;[owner, otherOwner, office] = rows
}, 60_000)

function deps(): OfficeMoneyDeps {
  return {store, money, payments: () => stripe, now: fixedClock, log}
}

/** A house booking made through Confirm & Pay and paid on Stripe's stand-in. */
async function paidBooking(): Promise<{bookingId: string; amountCents: number; email: string}> {
  const email = `c${randomUUID().slice(0, 8)}@example.com`
  const result = await submitBooking(houseRequest({email}), {store, payments: stripe, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  const booking = (await store.findById(result.bookingId))!
  stripeApi.pay(booking.paymentSessionId!)
  await store.markPaid(result.bookingId, {sessionId: booking.paymentSessionId!, paidAt: fixedClock()})
  return {bookingId: result.bookingId, amountCents: booking.amountCents, email}
}

function stripeRefundCalls(): number {
  return stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds').length
}

async function refundMails(email: string): Promise<{id: string; event_key: string; template: string; to_address: string | null; reply_to: string | null; payload: EventFacts}[]> {
  const {rows} = await db.query<{id: string; event_key: string; template: string; to_address: string | null; reply_to: string | null; payload: EventFacts}>(
    `select id, event_key, template, to_address, reply_to, payload from public.email_outbox where to_address = $1 and template = 'booking_refunded.customer' order by created_at`,
    [email],
  )
  return rows
}

async function refundedOf(bookingId: string): Promise<number> {
  return (await store.findById(bookingId))!.refundedCents
}

const goodwill = {code: 'goodwill'} as const

describe('refunding part of a paid booking, the visit kept', () => {
  it('several refunds add up to at most what was paid: one over what is left is refused and changes nothing', async () => {
    const {bookingId, amountCents, email} = await paidBooking()
    expect(await refundBooking(bookingId, {amountCents: 1_000, reason: goodwill, formKey: randomUUID()}, owner, deps())).toEqual({outcome: 'refunded', refundedCents: 1_000})
    const left = amountCents - 1_000
    // One cent more than is left: refused by the database, nothing sent to Stripe, nothing recorded.
    expect(await refundBooking(bookingId, {amountCents: left + 1, reason: goodwill, formKey: randomUUID()}, owner, deps())).toEqual({outcome: 'too_much', refundableCents: left})
    expect(await refundedOf(bookingId)).toBe(1_000)
    expect(stripeRefundCalls()).toBe(1)
    expect(await refundMails(email)).toHaveLength(1)

    expect(await refundBooking(bookingId, {amountCents: left, reason: {code: 'part_not_done'}, formKey: randomUUID()}, otherOwner, deps())).toEqual({outcome: 'refunded', refundedCents: left})
    expect(await refundBooking(bookingId, {amountCents: 1, reason: goodwill, formKey: randomUUID()}, owner, deps())).toEqual({outcome: 'too_much', refundableCents: 0})
    const booking = (await store.findById(bookingId))!
    expect(booking).toMatchObject({refundedCents: amountCents, cancelledAt: null, paymentStatus: 'paid'})
    expect(stripeApi.refunds.map((refund) => refund.amount)).toEqual([1_000, left])
    // The history names who refunded what, and why.
    const view = officeBookingView(booking, {customerChanges: [], actions: await actionsOf(bookingId), notes: []}, fixedClock())
    expect(view.history.filter((entry) => entry.by === 'staff').map((entry) => `${entry.who}: ${entry.what}`).sort()).toEqual([
      'Olive Owner: Refunded $10.00, the visit kept. Reason: Goodwill',
      `Oscar Owner: Refunded ${usd(left)}, the visit kept. Reason: Part of the job could not be done`,
    ])
  }, 20_000)

  it('the database holds the total within what was paid even for claims not yet finished (under the row lock)', async () => {
    const {bookingId, amountCents} = await paidBooking()
    // A claim whose provider has not answered yet holds its amount: nothing more fits, neither a refund nor a cancellation's.
    const first = await money.claimRefund(bookingId, {formKey: randomUUID(), amountCents: amountCents - 500, reason: 'goodwill', staff: owner, now: fixedClock()})
    expect(first.status).toBe('claimed')
    expect(await money.claimRefund(bookingId, {formKey: randomUUID(), amountCents: 501, reason: 'goodwill', staff: otherOwner, now: fixedClock()})).toEqual({status: 'too_much', refundableCents: 500})
    expect(await money.claimCancellation(bookingId, 501, owner, fixedClock())).toEqual({status: 'too_much', refundableCents: 500})
    expect(await money.claimRefund(bookingId, {formKey: randomUUID(), amountCents: 0, reason: 'goodwill', staff: owner, now: fixedClock()})).toMatchObject({status: 'too_much'})
    expect(await refundedOf(bookingId)).toBe(0)
    const {rows} = await db.query<{n: number}>(`select count(*)::int as n from public.booking_refunds where booking_id = $1`, [bookingId])
    expect(rows[0].n).toBe(1)
    // Once it is refused, its amount is free again.
    if (first.status !== 'claimed') throw new Error('Expected a claim')
    await money.failRefund(first.key, 'refused', fixedClock())
    expect(await money.claimRefund(bookingId, {formKey: randomUUID(), amountCents, reason: 'goodwill', staff: otherOwner, now: fixedClock()})).toMatchObject({status: 'claimed'})
  })

  it('two refunds of what is left confirmed at once: one is made, the other refused', async () => {
    const {bookingId, amountCents, email} = await paidBooking()
    const results = await Promise.all([
      refundBooking(bookingId, {amountCents, reason: goodwill, formKey: randomUUID()}, owner, deps()),
      refundBooking(bookingId, {amountCents, reason: {code: 'charged_twice'}, formKey: randomUUID()}, otherOwner, deps()),
    ])
    expect(results.map((result) => result.outcome).sort()).toEqual(['refunded', 'too_much'])
    expect(stripeRefundCalls()).toBe(1)
    expect(await refundedOf(bookingId)).toBe(amountCents)
    expect(await refundMails(email)).toHaveLength(1)
  })

  it('one confirmation posted twice (a double click, a replay) refunds once; a second confirmation is a refund of its own', async () => {
    const {bookingId, email} = await paidBooking()
    const formKey = randomUUID()
    const twice = await Promise.all([
      refundBooking(bookingId, {amountCents: 700, reason: goodwill, formKey}, owner, deps()),
      refundBooking(bookingId, {amountCents: 700, reason: goodwill, formKey}, owner, deps()),
    ])
    // The first claims it; the second finds the claim (still being sent, or done): never a second refund.
    expect(twice.filter((result) => result.outcome === 'refunded')).toHaveLength(1)
    expect(twice.filter((result) => result.outcome === 'in_progress' || result.outcome === 'already_refunded')).toHaveLength(1)
    expect(await refundBooking(bookingId, {amountCents: 700, reason: goodwill, formKey}, owner, deps())).toEqual({outcome: 'already_refunded', refundedCents: 700})
    expect(stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds').map((request) => request.idempotencyKey)).toEqual([`booking-${bookingId}-refund-${formKey}`])
    expect(await refundedOf(bookingId)).toBe(700)
    // The same key with another amount is not a new refund either.
    expect(await refundBooking(bookingId, {amountCents: 900, reason: goodwill, formKey}, owner, deps())).toEqual({outcome: 'used'})

    expect(await refundBooking(bookingId, {amountCents: 700, reason: goodwill, formKey: randomUUID()}, otherOwner, deps())).toMatchObject({outcome: 'refunded'})
    expect(await refundedOf(bookingId)).toBe(1_400)
    expect(await refundMails(email)).toHaveLength(2)
  })

  it('a refund the provider refuses changes nothing, and its confirmation cannot be sent again', async () => {
    const {bookingId, email} = await paidBooking()
    stripeApi.refuseRefunds('This charge is disputed and cannot be refunded.')
    const formKey = randomUUID()
    expect(await refundBooking(bookingId, {amountCents: 500, reason: goodwill, formKey}, owner, deps())).toEqual({
      outcome: 'refund_refused',
      message: 'This charge is disputed and cannot be refunded.',
    })
    stripeApi.refuseRefunds(null)
    expect(await refundBooking(bookingId, {amountCents: 500, reason: goodwill, formKey}, owner, deps())).toEqual({outcome: 'used'})
    expect(await refundedOf(bookingId)).toBe(0)
    expect(await refundMails(email)).toHaveLength(0)
    expect(await actionsOf(bookingId)).toHaveLength(0)
  })
})

describe('a refund whose provider did not answer', () => {
  it('records nothing yet; the same confirmation sent again after 5 minutes finds the refund at Stripe, never makes a second', async () => {
    const {bookingId, email} = await paidBooking()
    // Stripe made the refund but its answer was lost on the way back (a timeout): nobody knows whether money moved.
    const lostAnswer = new Proxy(stripe, {
      get(target, property) {
        if (property === 'refund') {
          return async (request: Parameters<StripePaymentProvider['refund']>[0]) => {
            await target.refund(request)
            throw new PaymentProviderError('stripe', 'The connection to Stripe timed out.')
          }
        }
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const formKey = randomUUID()
    const refund = {amountCents: 800, reason: goodwill, formKey}
    expect(await refundBooking(bookingId, refund, owner, {...deps(), payments: () => lostAnswer})).toEqual({outcome: 'provider_unreachable'})
    expect(await refundedOf(bookingId)).toBe(0)
    // At once: still under way (the claim stands).
    expect(await refundBooking(bookingId, refund, owner, deps())).toEqual({outcome: 'in_progress', staffName: owner.name})
    // Six minutes later, the same confirmation: the refund is looked up at Stripe by its key first
    // and found, so it is recorded without being sent again.
    const later = () => new Date(fixedClock().getTime() + 6 * 60_000)
    expect(await refundBooking(bookingId, refund, owner, {...deps(), now: later})).toEqual({outcome: 'refunded', refundedCents: 800})
    expect(stripeApi.refunds).toHaveLength(1)
    expect(stripeApi.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds').map((request) => request.idempotencyKey)).toEqual([
      `booking-${bookingId}-refund-${formKey}`,
    ])
    expect(await refundedOf(bookingId)).toBe(800)
    expect(await refundMails(email)).toHaveLength(1)
  })
})

describe("the payment's state, from paid and refunded cents", () => {
  it('is Paid, Partly refunded or Refunded (none when nothing was paid)', () => {
    expect(paymentState(20_000, 0)).toBe('paid')
    expect(paymentState(20_000, 1)).toBe('partly_refunded')
    expect(paymentState(20_000, 19_999)).toBe('partly_refunded')
    expect(paymentState(20_000, 20_000)).toBe('refunded')
    expect(paymentState(0, 0)).toBeNull()
  })

  it('follows the refunds on the booking page and in the CSV; cancelling refunds what is left, not the original amount', async () => {
    const {bookingId, amountCents} = await paidBooking()
    const state = async () => {
      const booking = (await store.findById(bookingId))!
      const view = officeBookingView(booking, {customerChanges: [], actions: [], notes: []}, fixedClock())
      const [csv] = readCsv(csvBookingRecord({booking, refundedInPeriodCents: null}, fixedClock()))
      const cell = (name: (typeof CSV_COLUMNS)[number]) => csv[CSV_COLUMNS.indexOf(name)]
      return {page: view.payment.summary, csv: [cell('payment'), cell('paid'), cell('refunded'), cell('kept')]}
    }
    expect(await state()).toEqual({
      page: {state: 'paid', paidCents: amountCents, refundedCents: 0, keptCents: amountCents},
      csv: ['Paid', dollars(amountCents), '0', dollars(amountCents)],
    })
    await refundBooking(bookingId, {amountCents: 2_500, reason: goodwill, formKey: randomUUID()}, owner, deps())
    expect(await state()).toEqual({
      page: {state: 'partly_refunded', paidCents: amountCents, refundedCents: 2_500, keptCents: amountCents - 2_500},
      csv: ['Partly refunded', dollars(amountCents), '25', dollars(amountCents - 2_500)],
    })
    // The cancel's refund is what is left: the original amount is now too much.
    expect(await cancelBooking(bookingId, amountCents, owner, deps())).toEqual({outcome: 'too_much', refundableCents: amountCents - 2_500})
    expect(await cancelBooking(bookingId, amountCents - 2_500, owner, deps())).toEqual({outcome: 'cancelled', refundedCents: amountCents - 2_500})
    expect(await state()).toEqual({
      page: {state: 'refunded', paidCents: amountCents, refundedCents: amountCents, keptCents: 0},
      csv: ['Refunded', dollars(amountCents), dollars(amountCents), '0'],
    })
  })
})

describe('who may refund (checked on the server)', () => {
  function cancelPost(amount: string): Request {
    return new Request('http://office.test/office/bookings/x/cancel', {method: 'POST', body: new URLSearchParams({amount, confirmed: 'yes'})})
  }

  it('an office member may cancel without a refund only: a refund is refused with 403 and nothing changes', async () => {
    const {bookingId, amountCents} = await paidBooking()
    const refused = await handleCancelBooking(cancelPost('12.34'), bookingId, office, deps())
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('Only the owner can refund')
    expect(await store.findById(bookingId)).toMatchObject({cancelledAt: null, refundedCents: 0})
    expect(stripeRefundCalls()).toBe(0)

    const cancelled = await handleCancelBooking(cancelPost('0'), bookingId, office, deps())
    expect(cancelled.status).toBe(303)
    expect(cancelled.headers.get('location')).toContain('done=cancelled')
    expect(await store.findById(bookingId)).toMatchObject({cancelledAt: expect.any(String), refundedCents: 0})
    expect(amountCents).toBeGreaterThan(0)
  })

  it('the owner cancels with a refund', async () => {
    const {bookingId} = await paidBooking()
    const done = await handleCancelBooking(cancelPost('12.34'), bookingId, owner, deps())
    expect(done.status).toBe(303)
    expect(await refundedOf(bookingId)).toBe(1_234)
  })
})

describe('the refund route (the confirmation posted)', () => {
  function refundPost(form: Record<string, string>): Request {
    return new Request('http://office.test/office/bookings/x/refund', {method: 'POST', body: new URLSearchParams(form)})
  }
  const where = (response: Response) => new URL(response.headers.get('location')!, 'http://office.test')

  it('asks for the confirmation first; refuses a refund with no reason or amount, naming the field; a confirmed one is made once however often it is posted', async () => {
    const {bookingId} = await paidBooking()
    // The form's own post only asks for the confirmation, which the page shows at its focus.
    const asked = where(await handleRefundBooking(refundPost({refundAmount: '20', refundReason: 'goodwill'}), bookingId, owner, deps()))
    expect(Object.fromEntries(asked.searchParams)).toEqual({confirm: 'refund', refundAmount: '20', refundReason: 'goodwill'})
    expect(asked.hash).toBe('#refund-confirm')
    const forged = where(await handleRefundBooking(refundPost({refundAmount: '20', refundReason: 'goodwill', key: 'again'}), bookingId, owner, deps()))
    expect(forged.searchParams.get('problem')).toBe('refund-unconfirmed')
    const noReason = where(await handleRefundBooking(refundPost({refundAmount: '20', key: randomUUID()}), bookingId, owner, deps()))
    expect(noReason.searchParams.get('problem')).toBe('refund-reasonRequired')
    expect(noReason.searchParams.get('refundAmount')).toBe('20')
    expect(noReason.hash).toBe('#refund-reason')
    const otherEmpty = where(await handleRefundBooking(refundPost({refundAmount: '20', refundReason: 'other', refundOther: '  ', key: randomUUID()}), bookingId, owner, deps()))
    expect(otherEmpty.searchParams.get('problem')).toBe('refund-otherRequired')
    expect(otherEmpty.hash).toBe('#refund-other')
    const zero = where(await handleRefundBooking(refundPost({refundAmount: '0', refundReason: 'goodwill', key: randomUUID()}), bookingId, owner, deps()))
    expect(zero.searchParams.get('problem')).toBe('refund-zero')
    expect(await refundedOf(bookingId)).toBe(0)

    const key = randomUUID()
    const form = {refundAmount: '$20.00', refundReason: 'other', refundOther: 'The oven was not cleaned', key}
    for (let post = 0; post < 2; post++) {
      const done = where(await handleRefundBooking(refundPost(form), bookingId, owner, deps()))
      expect(Object.fromEntries(done.searchParams)).toEqual({done: 'refunded', refunded: '2000'})
      expect(done.hash).toBe('#refund-outcome')
    }
    expect(await refundedOf(bookingId)).toBe(2_000)
    expect(stripeRefundCalls()).toBe(1)
  })
})

describe("the customer's e-mail", () => {
  it('states the amount and the reason (a listed one in the content\'s words, or the words typed)', async () => {
    const {bookingId, amountCents, email} = await paidBooking()
    await refundBooking(bookingId, {amountCents: 2_000, reason: goodwill, formKey: randomUUID()}, owner, deps())
    const typed = parseRefundReason('other', '  The   oven was not cleaned ')
    if (!typed.ok) throw new Error('Expected a reason')
    await refundBooking(bookingId, {amountCents: 1_500, reason: typed.reason, formKey: randomUUID()}, owner, deps())

    const mails = await refundMails(email)
    expect(mails).toHaveLength(2)
    const content = await emailContentFromDataset()
    const sent = await Promise.all(
      mails.map((row) => {
        const message: OutboxMessage = {
          id: row.id,
          eventKey: row.event_key,
          template: row.template as OutboxMessage['template'],
          to: row.to_address,
          replyTo: row.reply_to,
          payload: row.payload,
          attempts: 1,
        } as OutboxMessage
        return composeMail(message, {...content, siteUrl: 'https://cedar-river.example/', render: renderEmail})
      }),
    )
    const text = sent.map((mail) => mail.text.replace(/\s+/g, ' '))
    expect(sent[0].subject).toMatch(/^A refund of \$20\.00 for your booking /)
    expect(text[0]).toContain('we have refunded $20.00 for your')
    expect(text[0]).toContain('The reason: a goodwill gesture from us.')
    expect(text[1]).toContain('The reason: The oven was not cleaned.')
    expect(text[1]).toContain(`Total refunded ${usd(3_500)}`)
    expect(amountCents).toBeGreaterThan(3_500)
  })
})

function usd(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', {minimumFractionDigits: 2, maximumFractionDigits: 2})}`
}

/** Dollars as the CSV writes them (a number: 25, 123.45). */
function dollars(cents: number): string {
  return String(Number((cents / 100).toFixed(2)))
}

async function actionsOf(bookingId: string) {
  const {rows} = await db.query<{at: Date; staff_name: string; action: string; before: unknown; after: unknown}>(
    `select at, staff_name, action, before, after from public.staff_actions where subject_kind = 'booking' and subject_id = $1 order by at`,
    [bookingId],
  )
  return rows.map((row) => ({at: new Date(row.at).toISOString(), staffName: row.staff_name, action: row.action, before: row.before, after: row.after}))
}
