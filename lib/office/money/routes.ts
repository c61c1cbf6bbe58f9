/**
 * What the money routes answer, in plain TypeScript: each staff action is an HTML form posted to a
 * route handler, answered 303 back to its page with the outcome in the query (`?done=…` or
 * `?problem=…`, and what was typed), so it works without JavaScript.
 */
import {parseRefundAmount, parseRefundReason, refundableCents, type CancelResult, type OfficeMoneyDeps, type RefundLatePaymentResult, type TakeLatePaymentResult} from './actions'
import {cancelBooking, refundBooking, refundLatePayment, takeLatePayment, type RefundReason, type RefundResult} from './actions'
import type {AvailabilityRules} from '../../booking/availability'
import * as z from 'zod'
import {isUuid} from '../../booking/store/mapping'
import {officeLine, optionalField} from '../shared/input'
import {MONEY_WORDS} from './words'
import {hasRole, type ActingStaff, type StaffMember} from '../access/roles'

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

/** Ids on the booking page's cancel section: the section, the amount field, the outcome said above the form, the confirmation. */
export const CANCEL_SECTION = {section: 'cancel', amount: 'cancel-amount', outcome: 'cancel-outcome', confirm: 'cancel-confirm'} as const

/**
 * The element the cancel form's answer is focused on, named as the address's fragment too (why:
 * REFUSED_FIELD_FOCUS in ../bookings/page.ts). A booking already cancelled or never paid shows no
 * form: the section itself, which the page does not focus.
 */
function cancelAnswerFocus(query: Record<string, string>): string {
  if (query.confirm) return CANCEL_SECTION.confirm
  if (query.done) return CANCEL_SECTION.outcome
  if (!query.problem || query.problem === 'already_cancelled' || query.problem === 'not_paid') return CANCEL_SECTION.section
  return CANCEL_FIELD_PROBLEMS.has(query.problem) ? CANCEL_SECTION.amount : CANCEL_SECTION.outcome
}

export function attentionPath(query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString()
  return `/office/attention${search ? `?${search}` : ''}`
}

const MAX_TYPED = 40

/** The field the confirmation's Confirm button posts ('yes'): without it a form's post only asks for the confirmation. */
export const CONFIRMED_FIELD = 'confirmed'

/** The cancel form's problems in the booking page's `?problem=`. */
export const CANCEL_PROBLEM_PREFIX = 'cancel-'

/** The cancel form's fields as posted (the amount's meaning is parseRefundAmount's rule). */
export const cancelBookingForm = z.object({amount: optionalField(officeLine()), [CONFIRMED_FIELD]: optionalField(officeLine())})

/** A refused cancel form (a control character in the amount): back to the page, the amount field named. */
export function cancelFormRefused(_refusal: {field: string}, params: {id?: unknown}): string {
  return bookingPath(String(params.id), {problem: 'format'})
}

/** The answer to a refund asked by a member who may not refund (only the owner may). */
function refundForbidden(): Response {
  return new Response(MONEY_WORDS.cancelProblems.owner_only, {status: 403, headers: {'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store'}})
}

/**
 * POST /office/bookings/[id]/cancel: the refund typed in dollars (`amount`), checked; then, unless
 * the post is the confirmation's (`confirmed=yes`), 303 to the page's confirmation
 * (`?confirm=cancel&amount=…`), else the cancellation. The office may cancel without a refund (0)
 * only: a refund from anyone but the owner is refused with 403 and nothing changes.
 */
export async function handleCancelBooking(
  request: Request,
  bookingId: string,
  staff: Pick<StaffMember, 'id' | 'name' | 'role'>,
  deps: OfficeMoneyDeps,
): Promise<Response> {
  let typed = ''
  let confirmed = false
  try {
    const form = await request.formData()
    typed = String(form.get('amount') ?? '').slice(0, MAX_TYPED)
    confirmed = form.get(CONFIRMED_FIELD) === 'yes'
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
  if (amount.cents > 0 && !hasRole(staff, 'owner')) return refundForbidden()
  // The form's first post only asks for the confirmation (the page shows it); its Confirm posts again, confirmed.
  if (!confirmed) return seeOther(bookingPath(bookingId, {confirm: 'cancel', amount: typed}))
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

// ---------------------------------------------------------------------------------------------
// Refunding apart from cancelling
// ---------------------------------------------------------------------------------------------

/** Ids on the booking page's refund section: the section, its fields, the outcome said above the form. */
export const REFUND_SECTION = {
  section: 'refund',
  amount: 'refund-amount',
  reason: 'refund-reason',
  other: 'refund-other',
  outcome: 'refund-outcome',
  confirm: 'refund-confirm',
} as const

/** The refund form's problems in the booking page's `?problem=`. */
export const REFUND_PROBLEM_PREFIX = 'refund-'

/** The refund form's fields as the page's address and the route's body name them (apart from the cancel form's `amount`). */
export const REFUND_FIELDS = {amount: 'refundAmount', reason: 'refundReason', other: 'refundOther', key: 'key'} as const

/** The refund form's fields as posted: one line each, no control characters (then checkRefundForm's rules). */
export const refundBookingForm = z.object({
  [REFUND_FIELDS.amount]: optionalField(officeLine()),
  [REFUND_FIELDS.reason]: optionalField(officeLine()),
  [REFUND_FIELDS.other]: optionalField(officeLine()),
  [REFUND_FIELDS.key]: optionalField(officeLine()),
})

/** A refused refund form (a control character in a field): back to the refund form, the amount named. */
export function refundFormRefused(_refusal: {field: string}, params: {id?: unknown}): string {
  return refundPath(String(params.id), {problem: 'format'})
}

/** Which field a refund problem is said beside (any other is said above the form). */
export const REFUND_FIELD_OF_PROBLEM: Readonly<Record<string, keyof typeof REFUND_SECTION>> = {
  required: 'amount',
  format: 'amount',
  tooMuch: 'amount',
  zero: 'amount',
  reasonRequired: 'reason',
  otherRequired: 'other',
  otherTooLong: 'other',
  otherFormat: 'other',
}

/** A confirmation's one-time key as the page makes it (a UUID). */
export function isRefundKey(value: unknown): value is string {
  return isUuid(value)
}

/** What the refund form holds, as typed (kept in the address when it is refused or sent back from the confirmation). */
export type RefundTyped = {amount: string; reason: string; other: string}

/** The booking page with the refund form's outcome, at the element the page focuses. */
export function refundPath(
  bookingId: string,
  query: {confirm?: boolean; done?: string; refunded?: string; problem?: string; message?: string; key?: string},
  typed?: RefundTyped,
): string {
  const params = new URLSearchParams()
  if (query.confirm) params.set('confirm', 'refund')
  if (query.done) params.set('done', query.done)
  if (query.refunded) params.set('refunded', query.refunded)
  if (query.problem) params.set('problem', `${REFUND_PROBLEM_PREFIX}${query.problem}`)
  if (query.message) params.set('message', query.message)
  if (query.key) params.set(REFUND_FIELDS.key, query.key)
  if (typed) {
    params.set(REFUND_FIELDS.amount, typed.amount)
    params.set(REFUND_FIELDS.reason, typed.reason)
    if (typed.other) params.set(REFUND_FIELDS.other, typed.other)
  }
  const field = query.problem ? REFUND_FIELD_OF_PROBLEM[query.problem] : undefined
  const focus = query.confirm ? REFUND_SECTION.confirm : query.done ? REFUND_SECTION.outcome : field ? REFUND_SECTION[field] : query.problem ? REFUND_SECTION.outcome : REFUND_SECTION.section
  return `/office/bookings/${encodeURIComponent(bookingId)}?${params.toString()}#${focus}`
}

export type RefundFormCheck =
  | {ok: true; amountCents: number; reason: RefundReason}
  | {ok: false; problem: string}

/**
 * The refund form checked against what is left to refund (the confirmation page and the route
 * both): an amount above 0 up to what is left, a reason from the list or typed.
 */
export function checkRefundForm(typed: RefundTyped, refundable: number): RefundFormCheck {
  const amount = parseRefundAmount(typed.amount, refundable)
  if (!amount.ok) return {ok: false, problem: amount.problem}
  if (amount.cents === 0) return {ok: false, problem: 'zero'}
  const reason = parseRefundReason(typed.reason, typed.other)
  if (!reason.ok) return {ok: false, problem: reason.problem}
  return {ok: true, amountCents: amount.cents, reason: reason.reason}
}

/** The refund form's fields from a form body or the page's address, each cut to a length nobody types. */
export function refundTyped(read: (name: string) => unknown): RefundTyped {
  const field = (name: string, max: number) => {
    const value = read(name)
    return (typeof value === 'string' ? value : '').slice(0, max)
  }
  return {amount: field(REFUND_FIELDS.amount, MAX_TYPED), reason: field(REFUND_FIELDS.reason, MAX_TYPED), other: field(REFUND_FIELDS.other, 400)}
}

/**
 * POST /office/bookings/[id]/refund (the owner only; the route says so): the refund form (amount
 * and reason) checked, then 303 to the page's confirmation (`?confirm=refund&…`); the
 * confirmation's post carries its one-time `key` and is refunded. Answers 303 back to the booking
 * with `?done=refunded` or `?problem=refund-<code>` and what was typed.
 */
export async function handleRefundBooking(request: Request, bookingId: string, staff: ActingStaff, deps: OfficeMoneyDeps): Promise<Response> {
  let typed: RefundTyped
  let key = ''
  try {
    const form = await request.formData()
    typed = refundTyped((name) => form.get(name))
    key = String(form.get(REFUND_FIELDS.key) ?? '')
  } catch {
    return seeOther(refundPath(bookingId, {problem: 'format'}))
  }
  const booking = await deps.store.findById(bookingId)
  if (!booking) return new Response(MONEY_WORDS.cancelProblems.not_found, {status: 404, headers: {'Content-Type': 'text/plain; charset=utf-8'}})
  if (booking.paymentStatus !== 'paid') return seeOther(refundPath(bookingId, {problem: 'not_paid'}))
  // The form's first post (no key) is checked against what is left now, then sent to the page's
  // confirmation, which makes the key. The confirmed post is checked against the whole payment:
  // what is left is the database's to decide, under the booking's row lock.
  const checked = checkRefundForm(typed, key === '' ? refundableCents(booking) : booking.amountCents)
  if (!checked.ok) return seeOther(refundPath(bookingId, {problem: checked.problem}, typed))
  if (key === '') return seeOther(refundPath(bookingId, {confirm: true}, typed))
  if (!isRefundKey(key)) return seeOther(refundPath(bookingId, {problem: 'unconfirmed'}, typed))
  const result: RefundResult = await refundBooking(booking.id, {amountCents: checked.amountCents, reason: checked.reason, formKey: key}, staff, deps)
  switch (result.outcome) {
    case 'refunded':
    case 'already_refunded':
      // A second click of one confirmation lands where the first did: the refund, made once.
      return seeOther(refundPath(bookingId, {done: 'refunded', refunded: String(result.refundedCents)}))
    case 'refund_refused':
      return seeOther(refundPath(bookingId, {problem: 'refund_refused', message: result.message.slice(0, 300)}, typed))
    case 'provider_unreachable':
    case 'in_progress':
      // Whether money moved is not known yet: the page offers this same refund again (the same key, so never twice).
      return seeOther(refundPath(bookingId, {problem: result.outcome, key}, typed))
    default:
      return seeOther(refundPath(bookingId, {problem: result.outcome}, typed))
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
