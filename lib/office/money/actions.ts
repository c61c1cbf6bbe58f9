/**
 * The office's money rules, in plain TypeScript (no React, no SDK): cancelling a booking with a full
 * or partial refund (or none), and the payments that arrived after their booking's hold had ended.
 *
 * Cancelling is three steps, so that two staff cancelling at once refund once:
 * 1. `claim_booking_cancellation` claims it under the booking's row lock (one refund row per
 *    booking, with a deterministic idempotency key); the second cancel finds the claim and stops;
 * 2. the payment provider refunds with that key (a repeat is the same refund, never a second);
 * 3. `complete_booking_cancellation` cancels the booking with what was refunded, the audit row and
 *    the customer's one e-mail, in one transaction.
 * A refund the provider refuses releases the claim and leaves the booking as it was. A provider
 * that cannot be reached leaves the claim standing: nobody knows yet whether money moved, so the
 * next try (after CLAIM_TAKEOVER_MINUTES) sends the same key again.
 */
import {crewWindows, windowId, SERVICE_FAMILY, type AvailabilityRules} from '../../booking/availability'
import {checkoutDescription} from '../../booking/flow'
import {bookingChangeBase} from '../../booking/manage'
import {bookingPaidFacts} from '../../booking/stored'
import type {BookingStore, StoredBooking} from '../../booking/store/store'
import {customerEmailOnly, eventEmails, type BookingCancelledFacts, type BookingRefundedFacts} from '../../email/queue'
import {refundOnce} from '../../payments/once'
import {PaymentProviderError, type PaymentProvider} from '../../payments/provider'
import type {OfficeMoneyStore} from './store'
import type {ActingStaff} from '../access/roles'

/** After this long a claim nobody completed (its server stopped) may be finished by another try, with the same key. */
export const CLAIM_TAKEOVER_MINUTES = 5

// ---------------------------------------------------------------------------------------------
// The amount
// ---------------------------------------------------------------------------------------------

export type RefundAmountProblem = 'required' | 'format' | 'tooMuch'

/**
 * The refund typed in dollars and cents ('218.65', '$1,200', '0'), from 0 (cancel without a
 * refund) up to `refundableCents`. Cents are exact: the text is read as digits, never as a float.
 */
export function parseRefundAmount(input: unknown, refundableCents: number): {ok: true; cents: number} | {ok: false; problem: RefundAmountProblem} {
  const text = typeof input === 'string' ? input.trim() : ''
  if (text === '') return {ok: false, problem: 'required'}
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return {ok: false, problem: 'format'}
  const cents = Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (cents > refundableCents) return {ok: false, problem: 'tooMuch'}
  return {ok: true, cents}
}

/** What may still be refunded of a booking: what was paid less what went back already. */
export function refundableCents(booking: Pick<StoredBooking, 'paymentStatus' | 'amountCents' | 'refundedCents'>): number {
  return booking.paymentStatus === 'paid' ? Math.max(0, booking.amountCents - booking.refundedCents) : 0
}

// ---------------------------------------------------------------------------------------------
// Cancelling
// ---------------------------------------------------------------------------------------------

export interface OfficeMoneyDeps {
  store: BookingStore
  money: OfficeMoneyStore
  /** The configured payment provider (built when a refund is sent, so cancelling without one needs none). */
  payments: () => PaymentProvider
  now: () => Date
  /** Wakes the outbox worker after e-mails were queued. */
  emailsQueued?: () => void
  /** Logs what staff are not shown (the provider's raw errors). */
  log?: Pick<Console, 'error' | 'warn'>
}

export type CancelResult =
  | {outcome: 'cancelled'; refundedCents: number}
  /** Another cancellation of it is under way (another member, or a try whose provider did not answer). */
  | {outcome: 'in_progress'; staffName: string; amountCents: number}
  | {outcome: 'already_cancelled'; refundedCents: number}
  | {outcome: 'not_paid'}
  | {outcome: 'too_much'; refundableCents: number}
  | {outcome: 'not_found'}
  /** The provider refused the refund: nothing changed. `message` is the provider's own. */
  | {outcome: 'refund_refused'; message: string}
  /** The provider did not answer: whether money moved is unknown; the same refund is tried again later. */
  | {outcome: 'provider_unreachable'}
  /** Paid through another provider than the one configured now: it cannot be refunded from here. */
  | {outcome: 'other_provider'; provider: string | null}

/** The customer's e-mail facts of a cancelled booking. */
export function bookingCancelledFacts(booking: StoredBooking, refundedCents: number, now: Date, latePayment = false): BookingCancelledFacts {
  return {
    kind: 'booking_cancelled',
    ...bookingChangeBase(booking, now),
    refundedCents,
    ...(latePayment ? {latePayment: true} : {}),
  }
}

/** Whether a provider error says the refund was refused (a 4xx answer) rather than that nobody knows. */
function refused(error: unknown): error is PaymentProviderError {
  return error instanceof PaymentProviderError && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
}

/** What a refund's provider call may answer other than a refund: the same for cancelling and refunding. */
type ProviderProblem = Extract<CancelResult, {outcome: 'refund_refused' | 'provider_unreachable' | 'other_provider'}>

type RefundStep = {ok: true; provider: string | null; refundId: string | null} | {ok: false; result: ProviderProblem}

/** Step 2: the provider's refund with the claim's key (nothing to send for 0). */
async function sendRefund(
  claim: {key: string; sessionId: string | null; provider: string | null},
  amountCents: number,
  bookingId: string,
  deps: OfficeMoneyDeps,
): Promise<RefundStep> {
  if (amountCents === 0) return {ok: true, provider: null, refundId: null}
  const now = deps.now()
  let payments: PaymentProvider
  try {
    payments = deps.payments()
  } catch (error) {
    await deps.money.failRefund(claim.key, (error as Error).message, now)
    return {ok: false, result: {outcome: 'other_provider', provider: claim.provider}}
  }
  if (!claim.sessionId || (claim.provider !== null && claim.provider !== payments.name)) {
    // Recorded for the operator as paid-with:configured-now.
    await deps.money.failRefund(claim.key, ['other_provider', claim.provider ?? 'none', payments.name].join(':'), now)
    return {ok: false, result: {outcome: 'other_provider', provider: claim.provider}}
  }
  try {
    // Looked up at the provider first: a claim taken over may be older than the provider keeps its key.
    const refund = await refundOnce(payments, {sessionId: claim.sessionId, amountCents, idempotencyKey: claim.key, bookingId})
    return {ok: true, provider: payments.name, refundId: refund.id}
  } catch (error) {
    if (refused(error)) {
      await deps.money.failRefund(claim.key, error.message, deps.now())
      return {ok: false, result: {outcome: 'refund_refused', message: error.message}}
    }
    // Unknown outcome: the claim stays, so the next try sends this same key.
    deps.log?.error(`Office: the refund ${claim.key} of booking ${bookingId} got no answer from the payment provider`, error)
    return {ok: false, result: {outcome: 'provider_unreachable'}}
  }
}

/**
 * Cancels a paid booking with a refund of `amountCents` (0: cancelled without a refund), as
 * `staff`. Completing a customer's cancellation request is this same action.
 */
export async function cancelBooking(bookingId: string, amountCents: number, staff: ActingStaff, deps: OfficeMoneyDeps): Promise<CancelResult> {
  const booking = await deps.store.findById(bookingId)
  if (!booking) return {outcome: 'not_found'}
  const claim = await deps.money.claimCancellation(booking.id, amountCents, staff, deps.now())
  switch (claim.status) {
    case 'claimed':
      break
    case 'in_progress':
      return {outcome: 'in_progress', staffName: claim.staffName, amountCents: claim.amountCents}
    case 'cancelled':
      return {outcome: 'already_cancelled', refundedCents: claim.refundedCents}
    case 'too_much':
      return {outcome: 'too_much', refundableCents: claim.refundableCents}
    default:
      return {outcome: claim.status}
  }
  const refund = await sendRefund(claim, amountCents, booking.id, deps)
  if (!refund.ok) return refund.result
  const now = deps.now()
  const emails = customerEmailOnly(bookingCancelledFacts(booking, amountCents, now))
  const done = await deps.money.completeCancellation(booking.id, {key: claim.key, provider: refund.provider, refundId: refund.refundId, staff, now, emails})
  if (done !== 'cancelled') {
    deps.log?.error(`Office: the cancellation ${claim.key} of booking ${booking.id} was refunded but its claim was gone`)
    const current = await deps.store.findById(booking.id)
    return {outcome: 'already_cancelled', refundedCents: current?.refundedCents ?? amountCents}
  }
  deps.emailsQueued?.()
  return {outcome: 'cancelled', refundedCents: amountCents}
}

// ---------------------------------------------------------------------------------------------
// Refunding apart from cancelling
// ---------------------------------------------------------------------------------------------

/** The reasons the owner chooses from; 'other' is typed. The customer's e-mail says each in the content's words. */
export const REFUND_REASONS = ['part_not_done', 'goodwill', 'charged_twice', 'other'] as const
export type RefundReasonCode = (typeof REFUND_REASONS)[number]
export type RefundReason = BookingRefundedFacts['reason']

/** The longest reason the owner may type (it goes into the customer's e-mail as typed). */
export const REFUND_REASON_MAX = 200

export type RefundReasonProblem = 'reasonRequired' | 'otherRequired' | 'otherTooLong' | 'otherFormat'

/** The reason chosen (`reason`) and, for 'other', the words typed (`other`): trimmed, one line, printable. */
export function parseRefundReason(reason: unknown, other: unknown): {ok: true; reason: RefundReason} | {ok: false; problem: RefundReasonProblem} {
  if (typeof reason !== 'string' || !(REFUND_REASONS as readonly string[]).includes(reason)) return {ok: false, problem: 'reasonRequired'}
  if (reason !== 'other') return {ok: true, reason: {code: reason as Exclude<RefundReasonCode, 'other'>}}
  const text = typeof other === 'string' ? other.trim().replace(/\s+/g, ' ') : ''
  if (text === '') return {ok: false, problem: 'otherRequired'}
  if (text.length > REFUND_REASON_MAX) return {ok: false, problem: 'otherTooLong'}
  // Control characters (NUL included) have no place in an e-mail's sentence.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return {ok: false, problem: 'otherFormat'}
  return {ok: true, reason: {code: 'other', text}}
}

/** The reason as `booking_refunds.reason` and the audit row keep it: the code, or 'other:' and the words. */
export function storedRefundReason(reason: RefundReason): string {
  return reason.code === 'other' ? `other:${reason.text}` : reason.code
}

/** A kept reason read back (null for none or an unknown one). */
export function refundReasonFromStored(value: unknown): RefundReason | null {
  if (typeof value !== 'string') return null
  if (value.startsWith('other:')) return {code: 'other', text: value.slice('other:'.length)}
  return (REFUND_REASONS as readonly string[]).includes(value) && value !== 'other' ? {code: value as Exclude<RefundReasonCode, 'other'>} : null
}

export type RefundResult =
  | {outcome: 'refunded'; refundedCents: number}
  /** This confirmation was carried out before (a double click or a replay): nothing more was refunded. */
  | {outcome: 'already_refunded'; refundedCents: number}
  | {outcome: 'in_progress'; staffName: string}
  | {outcome: 'too_much'; refundableCents: number}
  /** This confirmation's refund was refused before (or its key came with other terms): confirm again. */
  | {outcome: 'used'}
  | {outcome: 'not_paid'}
  | {outcome: 'not_found'}
  | {outcome: 'refund_refused'; message: string}
  | {outcome: 'provider_unreachable'}
  | {outcome: 'other_provider'; provider: string | null}

/** The customer's e-mail facts of a refund apart from cancelling. */
export function bookingRefundedFacts(booking: StoredBooking, refundedCents: number, reason: RefundReason, now: Date): BookingRefundedFacts {
  return {
    kind: 'booking_refunded',
    ...bookingChangeBase(booking, now),
    refundedCents,
    totalRefundedCents: booking.refundedCents + refundedCents,
    reason,
  }
}

/**
 * Refunds `amountCents` (> 0) of a paid booking for `reason`, the visit kept, as the owner
 * `staff`. `formKey` is the confirmation's one-time key: the same key again (a double click, a
 * replay) never refunds twice; each confirmation made separately is a refund of its own, as long
 * as the total stays within what was paid (checked by the database under the booking's row lock).
 */
export async function refundBooking(
  bookingId: string,
  refund: {amountCents: number; reason: RefundReason; formKey: string},
  staff: ActingStaff,
  deps: OfficeMoneyDeps,
): Promise<RefundResult> {
  const claim = await deps.money.claimRefund(bookingId, {
    formKey: refund.formKey,
    amountCents: refund.amountCents,
    reason: storedRefundReason(refund.reason),
    staff,
    now: deps.now(),
  })
  switch (claim.status) {
    case 'claimed':
      break
    case 'refunded':
      return {outcome: 'already_refunded', refundedCents: claim.amountCents}
    case 'in_progress':
      return {outcome: 'in_progress', staffName: claim.staffName}
    case 'too_much':
      return {outcome: 'too_much', refundableCents: claim.refundableCents}
    case 'used':
    case 'key_reused':
      return {outcome: 'used'}
    default:
      return {outcome: claim.status}
  }
  const sent = await sendRefund(claim, refund.amountCents, bookingId, deps)
  if (!sent.ok) return sent.result
  // Read after the provider answered, under no lock: the e-mail's total is the database's (completing adds this refund to it).
  const booking = await deps.store.findById(bookingId)
  if (!booking) return {outcome: 'not_found'}
  const emails = customerEmailOnly(bookingRefundedFacts(booking, refund.amountCents, refund.reason, deps.now()))
  const done = await deps.money.completeRefund(bookingId, {key: claim.key, provider: sent.provider, refundId: sent.refundId, staff, now: deps.now(), emails})
  if (done !== 'refunded') {
    deps.log?.error(`Office: the refund ${claim.key} of booking ${bookingId} was sent but its claim was gone`)
    return {outcome: 'already_refunded', refundedCents: refund.amountCents}
  }
  deps.emailsQueued?.()
  return {outcome: 'refunded', refundedCents: refund.amountCents}
}

// ---------------------------------------------------------------------------------------------
// Late payments
// ---------------------------------------------------------------------------------------------

/** The places a booking's window has, by the rules (0 when the window is no longer offered). */
export function windowCapacity(rules: AvailabilityRules, booking: Pick<StoredBooking, 'industry' | 'arrivalWindow'>): number {
  if (!booking.arrivalWindow) return Number.MAX_SAFE_INTEGER
  const window = crewWindows(rules, SERVICE_FAMILY[booking.industry]).find((candidate) => windowId(candidate) === booking.arrivalWindow)
  return window?.capacity ?? 0
}

export type TakeLatePaymentResult =
  | {outcome: 'taken'}
  | {outcome: 'full'}
  /** Its window has begun or passed: it can only be refunded. */
  | {outcome: 'window_passed'}
  | {outcome: 'resolved'}
  | {outcome: 'booking_changed'}
  | {outcome: 'not_found'}

/**
 * Takes a late payment: its booking becomes paid in its own window if the window has not begun and
 * still has room (counted by the database under the window's lock), with the confirmation e-mails.
 */
export async function takeLatePayment(
  latePaymentId: string,
  staff: ActingStaff,
  deps: OfficeMoneyDeps & {availability: () => Promise<AvailabilityRules>},
): Promise<TakeLatePaymentResult> {
  const late = (await deps.money.openLatePayments()).find((payment) => payment.id === latePaymentId)
  if (!late) return {outcome: 'resolved'}
  const booking = await deps.store.findById(late.bookingId)
  if (!booking) return {outcome: 'not_found'}
  const now = deps.now()
  if (booking.windowStartsAt && Date.parse(booking.windowStartsAt) <= now.getTime()) return {outcome: 'window_passed'}
  const capacity = windowCapacity(await deps.availability(), booking)
  const paid: StoredBooking = {...booking, paymentStatus: 'paid', paymentSessionId: late.sessionId}
  const emails = eventEmails(bookingPaidFacts(paid, checkoutDescription(booking), new Date(late.receivedAt)))
  const outcome = await deps.money.takeLatePayment(late.id, {capacity: Math.min(capacity, 2_147_483_647), staff, now, emails})
  if (outcome === 'taken') deps.emailsQueued?.()
  return {outcome}
}

export type RefundLatePaymentResult =
  | {outcome: 'refunded'; refundedCents: number}
  | {outcome: 'in_progress'; staffName: string}
  | {outcome: 'resolved'}
  | {outcome: 'not_found'}
  | {outcome: 'refund_refused'; message: string}
  | {outcome: 'provider_unreachable'}
  | {outcome: 'other_provider'; provider: string | null}

/** Refunds a late payment in full through the payment provider, with the customer's e-mail. */
export async function refundLatePayment(latePaymentId: string, staff: ActingStaff, deps: OfficeMoneyDeps): Promise<RefundLatePaymentResult> {
  const claim = await deps.money.claimLatePaymentRefund(latePaymentId, staff, deps.now())
  if (claim.status === 'in_progress') return {outcome: 'in_progress', staffName: claim.staffName}
  if (claim.status !== 'claimed') return {outcome: claim.status}
  const booking = await deps.store.findById(claim.bookingId)
  if (!booking) return {outcome: 'not_found'}
  const refund = await sendRefund(claim, claim.amountCents, claim.bookingId, deps)
  if (!refund.ok) return refund.result as RefundLatePaymentResult
  const now = deps.now()
  const emails = customerEmailOnly(bookingCancelledFacts(booking, claim.amountCents, now, true))
  const done = await deps.money.completeLatePaymentRefund(latePaymentId, {key: claim.key, provider: refund.provider, refundId: refund.refundId, staff, now, emails})
  if (done !== 'refunded') return {outcome: 'resolved'}
  deps.emailsQueued?.()
  return {outcome: 'refunded', refundedCents: claim.amountCents}
}
