import type {DatabaseFunctions} from '../../database/functions.ts'
import type {QueuedEmail} from '../../email/queue.ts'
import {actingStaff, type ActingStaff} from '../access/roles'
import {isoTimestamp, isoTimestampOrNull} from '../../database/timestamps'
import {isUuid} from '../../booking/store/mapping'

/**
 * The office's money records through the database functions of
 * supabase/migrations/20261122000600_baseline_office.sql
 * (the same on PGlite, PostgreSQL and Supabase): the claim and completion of a cancellation's refund
 * and of a refund apart from cancelling, late payments, the customers'
 * cancellation requests and the e-mails the outbox gave up on. Each change is one function call,
 * one transaction, with its audit row and e-mails.
 */

/** Who acts, as the audit row names them. */

export type CancellationClaim =
  | {status: 'claimed'; key: string; attempt: number; sessionId: string | null; provider: string | null}
  | {status: 'in_progress'; amountCents: number; staffName: string}
  | {status: 'cancelled'; refundedCents: number}
  | {status: 'too_much'; refundableCents: number}
  | {status: 'not_paid' | 'not_found'}

/** The claim of a refund apart from cancelling, by the confirmation's one-time key (claim_booking_refund). */
export type RefundClaim =
  | {status: 'claimed'; key: string; sessionId: string | null; provider: string | null}
  /** This confirmation was carried out already (a second click, a replay). */
  | {status: 'refunded'; amountCents: number}
  | {status: 'in_progress'; staffName: string}
  | {status: 'too_much'; refundableCents: number}
  /** This confirmation's refund was refused by the provider: it cannot be sent again. */
  | {status: 'used' | 'key_reused' | 'not_paid' | 'not_found'}

export type LatePaymentRefundClaim =
  | {status: 'claimed'; key: string; amountCents: number; sessionId: string; provider: string | null; bookingId: string}
  | {status: 'in_progress'; staffName: string}
  | {status: 'resolved' | 'not_found'}

export type TakeLatePaymentOutcome = 'taken' | 'full' | 'resolved' | 'booking_changed' | 'not_found'

/** A payment that came after its booking's hold ended, with the booking it was for. */
export interface LatePayment {
  id: string
  bookingId: string
  sessionId: string
  amountCents: number
  currency: string | null
  /** The booking's payment status when the money came ('expired', 'cancelled', 'failed'). */
  bookingStatus: string
  receivedAt: string
  customerName: string
  email: string
  industry: string
  service: string | null
  date: string | null
  arrivalWindow: string | null
  serviceFamily: string | null
  windowStartsAt: string | null
  paymentProvider: string | null
}

/** A customer's request to cancel a paid booking, not yet done by the office. */
export interface CancellationRequest {
  bookingId: string
  customerName: string
  email: string
  industry: string
  service: string | null
  date: string | null
  arrivalWindow: string | null
  amountCents: number
  requestedAt: string
}

/** An e-mail the outbox gave up on. */
export interface FailedEmail {
  id: string
  eventKey: string
  template: string
  /** null: the business's own address. */
  to: string | null
  error: string | null
  attempts: number
  queuedAt: string
}

export interface OfficeMoneyStore {
  claimCancellation(bookingId: string, amountCents: number, staff: ActingStaff, now: Date): Promise<CancellationClaim>
  completeCancellation(
    bookingId: string,
    done: {key: string; provider: string | null; refundId: string | null; staff: ActingStaff; now: Date; emails: readonly QueuedEmail[]},
  ): Promise<'cancelled' | 'not_claimed'>
  claimRefund(bookingId: string, refund: {formKey: string; amountCents: number; reason: string; staff: ActingStaff; now: Date}): Promise<RefundClaim>
  completeRefund(
    bookingId: string,
    done: {key: string; provider: string | null; refundId: string | null; staff: ActingStaff; now: Date; emails: readonly QueuedEmail[]},
  ): Promise<'refunded' | 'not_claimed'>
  failRefund(key: string, error: string, now: Date): Promise<boolean>
  openLatePayments(): Promise<LatePayment[]>
  takeLatePayment(id: string, terms: {capacity: number; staff: ActingStaff; now: Date; emails: readonly QueuedEmail[]}): Promise<TakeLatePaymentOutcome>
  claimLatePaymentRefund(id: string, staff: ActingStaff, now: Date): Promise<LatePaymentRefundClaim>
  completeLatePaymentRefund(
    id: string,
    done: {key: string; provider: string | null; refundId: string | null; staff: ActingStaff; now: Date; emails: readonly QueuedEmail[]},
  ): Promise<'refunded' | 'not_claimed'>
  openCancellationRequests(): Promise<CancellationRequest[]>
  failedEmails(): Promise<FailedEmail[]>
  retryFailedEmail(id: string, staff: ActingStaff, now: Date): Promise<boolean>
}



function text(value: unknown): string | null {
  return value == null ? null : String(value)
}


/** What the provider answered for a claimed refund, as each `complete_*` function takes it. */
type CompletedRefund = {key: string; provider: string | null; refundId: string | null; staff: ActingStaff; now: Date; emails: readonly QueuedEmail[]}

export function createOfficeMoneyStore(functions: DatabaseFunctions): OfficeMoneyStore {
  /** Completes a claimed refund (a cancellation's, a refund's, a late payment's) in one transaction; answers the function's status. */
  async function complete(
    name: 'complete_booking_cancellation' | 'complete_booking_refund' | 'complete_late_payment_refund',
    id: string,
    done: CompletedRefund,
  ): Promise<string> {
    const answer = await functions.value<{status: string}>(name, {
      p_id: id,
      p_key: done.key,
      p_provider: done.provider,
      p_provider_refund_id: done.refundId,
      p_staff: actingStaff(done.staff),
      p_now: done.now,
      p_emails: done.emails,
    })
    return answer.status
  }
  return {
    async claimCancellation(bookingId, amountCents, staff, now) {
      if (!isUuid(bookingId)) return {status: 'not_found'}
      const answer = await functions.value<Record<string, unknown>>('claim_booking_cancellation', {
        p_id: bookingId,
        p_amount_cents: amountCents,
        p_staff: actingStaff(staff),
        p_now: now,
      })
      switch (answer.status) {
        case 'claimed':
          return {status: 'claimed', key: String(answer.key), attempt: Number(answer.attempt), sessionId: text(answer.session_id), provider: text(answer.provider)}
        case 'in_progress':
          return {status: 'in_progress', amountCents: Number(answer.amount_cents), staffName: String(answer.staff_name)}
        case 'cancelled':
          return {status: 'cancelled', refundedCents: Number(answer.refunded_cents)}
        case 'too_much':
          return {status: 'too_much', refundableCents: Number(answer.refundable_cents)}
        default:
          return {status: answer.status === 'not_paid' ? 'not_paid' : 'not_found'}
      }
    },
    async completeCancellation(bookingId, done) {
      return (await complete('complete_booking_cancellation', bookingId, done)) === 'cancelled' ? 'cancelled' : 'not_claimed'
    },
    async claimRefund(bookingId, refund) {
      if (!isUuid(bookingId)) return {status: 'not_found'}
      const answer = await functions.value<Record<string, unknown>>('claim_booking_refund', {
        p_id: bookingId,
        p_key: refund.formKey,
        p_amount_cents: refund.amountCents,
        p_reason: refund.reason,
        p_staff: actingStaff(refund.staff),
        p_now: refund.now,
      })
      switch (answer.status) {
        case 'claimed':
          return {status: 'claimed', key: String(answer.key), sessionId: text(answer.session_id), provider: text(answer.provider)}
        case 'refunded':
          return {status: 'refunded', amountCents: Number(answer.amount_cents)}
        case 'in_progress':
          return {status: 'in_progress', staffName: String(answer.staff_name)}
        case 'too_much':
          return {status: 'too_much', refundableCents: Number(answer.refundable_cents)}
        case 'used':
        case 'key_reused':
        case 'not_paid':
          return {status: answer.status}
        default:
          return {status: 'not_found'}
      }
    },
    async completeRefund(bookingId, done) {
      return (await complete('complete_booking_refund', bookingId, done)) === 'refunded' ? 'refunded' : 'not_claimed'
    },
    async failRefund(key, error, now) {
      return (await functions.value<boolean>('fail_booking_refund', {p_key: key, p_error: error, p_now: now})) === true
    },
    async openLatePayments() {
      const rows = await functions.rows('open_late_payments', {})
      return rows.map((row) => ({
        id: String(row.id),
        bookingId: String(row.booking_id),
        sessionId: String(row.session_id),
        amountCents: Number(row.amount_cents),
        currency: text(row.currency),
        bookingStatus: String(row.booking_status),
        receivedAt: isoTimestamp(row.received_at),
        customerName: `${row.first_name} ${row.last_name}`,
        email: String(row.email),
        industry: String(row.industry),
        service: text(row.service),
        date: text(row.date),
        arrivalWindow: text(row.arrival_window),
        serviceFamily: text(row.service_family),
        windowStartsAt: isoTimestampOrNull(row.window_starts_at),
        paymentProvider: text(row.payment_provider),
      }))
    },
    async takeLatePayment(id, terms) {
      if (!isUuid(id)) return 'not_found'
      const answer = await functions.value<{status: TakeLatePaymentOutcome}>('take_late_payment', {
        p_id: id,
        p_capacity: terms.capacity,
        p_staff: actingStaff(terms.staff),
        p_now: terms.now,
        p_emails: terms.emails,
      })
      return answer.status
    },
    async claimLatePaymentRefund(id, staff, now) {
      if (!isUuid(id)) return {status: 'not_found'}
      const answer = await functions.value<Record<string, unknown>>('claim_late_payment_refund', {p_id: id, p_staff: actingStaff(staff), p_now: now})
      if (answer.status === 'claimed') {
        return {
          status: 'claimed',
          key: String(answer.key),
          amountCents: Number(answer.amount_cents),
          sessionId: String(answer.session_id),
          provider: text(answer.provider),
          bookingId: String(answer.booking_id),
        }
      }
      if (answer.status === 'in_progress') return {status: 'in_progress', staffName: String(answer.staff_name)}
      return {status: answer.status === 'resolved' ? 'resolved' : 'not_found'}
    },
    async completeLatePaymentRefund(id, done) {
      return (await complete('complete_late_payment_refund', id, done)) === 'refunded' ? 'refunded' : 'not_claimed'
    },
    async openCancellationRequests() {
      const rows = await functions.rows('open_cancellation_requests', {})
      return rows.map((row) => ({
        bookingId: String(row.id),
        customerName: `${row.first_name} ${row.last_name}`,
        email: String(row.email),
        industry: String(row.industry),
        service: text(row.service),
        date: text(row.date),
        arrivalWindow: text(row.arrival_window),
        amountCents: Number(row.amount_cents),
        requestedAt: isoTimestamp(row.cancellation_requested_at),
      }))
    },
    async failedEmails() {
      const rows = await functions.rows('failed_emails', {})
      return rows.map((row) => ({
        id: String(row.id),
        eventKey: String(row.event_key),
        template: String(row.template),
        to: text(row.to_address),
        error: text(row.last_error),
        attempts: Number(row.attempts),
        queuedAt: isoTimestamp(row.created_at),
      }))
    },
    async retryFailedEmail(id, staff, now) {
      if (!isUuid(id)) return false
      return (await functions.value<boolean>('retry_failed_email', {p_id: id, p_staff: actingStaff(staff), p_now: now})) === true
    },
  }
}
