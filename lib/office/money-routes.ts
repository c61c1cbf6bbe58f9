/**
 * What the money routes answer, in plain TypeScript: each staff action is an HTML form posted to a
 * route handler, answered 303 back to its page with the outcome in the query (`?done=…` or
 * `?problem=…`, and what was typed), so it works without JavaScript.
 */
import {parseRefundAmount, refundableCents, type CancelResult, type OfficeMoneyDeps, type RefundLatePaymentResult, type TakeLatePaymentResult} from './money'
import {cancelBooking, refundLatePayment, takeLatePayment} from './money'
import type {AvailabilityRules} from '../booking/availability'
import * as z from 'zod'
import {officeLine, optionalField} from './input'
import {MONEY_WORDS} from './words'
import type {ActingStaff} from './staff'

/** A 303 to a path of this site (relative, so it stays on the origin the browser used). */
export function seeOther(path: string): Response {
  return new Response(null, {status: 303, headers: {Location: path, 'Cache-Control': 'no-store'}})
}

/**
 * The booking page with the cancel form's outcome: `done=cancelled`, or `problem=cancel-<code>`
 * (prefixed: the page's other forms have problems of their own names) and what was typed.
 */
export function bookingPath(bookingId: string, query: Record<string, string> = {}): string {
  const prefixed = query.problem ? {...query, problem: `${CANCEL_PROBLEM_PREFIX}${query.problem}`} : query
  const search = new URLSearchParams(prefixed).toString()
  return `/office/bookings/${encodeURIComponent(bookingId)}${search ? `?${search}` : ''}#${cancelAnswerFocus(query)}`
}

/** The cancel form's problems said beside its amount field (any other is said above the form). */
export const CANCEL_FIELD_PROBLEMS: ReadonlySet<string> = new Set(['required', 'format', 'tooMuch'])

/** Ids on the booking page's cancel section: the section, the amount field, the outcome said above the form. */
export const CANCEL_SECTION = {section: 'cancel', amount: 'cancel-amount', outcome: 'cancel-outcome'} as const

/**
 * The element the cancel form's answer is focused on, named as the address's fragment too (why:
 * REFUSED_FIELD_FOCUS in ./booking-page.ts). A booking already cancelled or never paid shows no
 * form: the section itself, which the page does not focus.
 */
function cancelAnswerFocus(query: Record<string, string>): string {
  if (query.done) return CANCEL_SECTION.outcome
  if (!query.problem || query.problem === 'already_cancelled' || query.problem === 'not_paid') return CANCEL_SECTION.section
  return CANCEL_FIELD_PROBLEMS.has(query.problem) ? CANCEL_SECTION.amount : CANCEL_SECTION.outcome
}

export function attentionPath(query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString()
  return `/office/attention${search ? `?${search}` : ''}`
}

const MAX_TYPED = 40

/** The cancel form's problems in the booking page's `?problem=`. */
export const CANCEL_PROBLEM_PREFIX = 'cancel-'

/** The cancel form's fields as posted (the amount's meaning is parseRefundAmount's rule). */
export const cancelBookingForm = z.object({amount: optionalField(officeLine())})

/** A refused cancel form (a control character in the amount): back to the page, the amount field named. */
export function cancelFormRefused(_refusal: {field: string}, params: {id?: unknown}): string {
  return bookingPath(String(params.id), {problem: 'format'})
}

/** POST /office/bookings/[id]/cancel: the refund typed in dollars (`amount`), checked, then the cancellation. */
export async function handleCancelBooking(request: Request, bookingId: string, staff: ActingStaff, deps: OfficeMoneyDeps): Promise<Response> {
  let typed = ''
  try {
    const form = await request.formData()
    typed = String(form.get('amount') ?? '').slice(0, MAX_TYPED)
  } catch {
    return seeOther(bookingPath(bookingId, {problem: 'format'}))
  }
  const booking = await deps.store.findById(bookingId)
  if (!booking) return new Response(MONEY_WORDS.cancelProblems.not_found, {status: 404, headers: {'Content-Type': 'text/plain; charset=utf-8'}})
  // Already done (another tab, a second click): said as such, whatever amount was typed.
  if (booking.cancelledAt) return seeOther(bookingPath(bookingId, {problem: 'already_cancelled'}))
  if (booking.paymentStatus !== 'paid') return seeOther(bookingPath(bookingId, {problem: 'not_paid'}))
  const amount = parseRefundAmount(typed, refundableCents(booking))
  if (!amount.ok) return seeOther(bookingPath(bookingId, {problem: amount.problem, amount: typed}))
  const result: CancelResult = await cancelBooking(booking.id, amount.cents, staff, deps)
  switch (result.outcome) {
    case 'cancelled':
      return seeOther(bookingPath(bookingId, {done: 'cancelled', refunded: String(result.refundedCents)}))
    case 'too_much':
      return seeOther(bookingPath(bookingId, {problem: 'tooMuch', amount: typed}))
    case 'refund_refused':
      return seeOther(bookingPath(bookingId, {problem: 'refund_refused', amount: typed, message: result.message.slice(0, 300)}))
    default:
      return seeOther(bookingPath(bookingId, {problem: result.outcome, amount: typed}))
  }
}

/** POST /office/attention/late-payments/[id]/take */
export async function handleTakeLatePayment(id: string, staff: ActingStaff, deps: OfficeMoneyDeps & {availability: () => Promise<AvailabilityRules>}): Promise<Response> {
  const result: TakeLatePaymentResult = await takeLatePayment(id, staff, deps)
  return seeOther(attentionPath(result.outcome === 'taken' ? {done: 'taken'} : {problem: result.outcome}))
}

/** POST /office/attention/late-payments/[id]/refund */
export async function handleRefundLatePayment(id: string, staff: ActingStaff, deps: OfficeMoneyDeps): Promise<Response> {
  const result: RefundLatePaymentResult = await refundLatePayment(id, staff, deps)
  if (result.outcome === 'refunded') return seeOther(attentionPath({done: 'refunded'}))
  if (result.outcome === 'refund_refused') return seeOther(attentionPath({problem: 'refund_refused', message: result.message.slice(0, 300)}))
  return seeOther(attentionPath({problem: result.outcome}))
}

/** POST /office/attention/emails/[id]/resend */
export async function handleResendEmail(id: string, staff: ActingStaff, deps: OfficeMoneyDeps): Promise<Response> {
  const resent = await deps.money.retryFailedEmail(id, staff, deps.now())
  if (resent) deps.emailsQueued?.()
  return seeOther(attentionPath(resent ? {done: 'resent'} : {problem: 'not_failed'}))
}
