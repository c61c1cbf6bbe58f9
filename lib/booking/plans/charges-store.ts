/**
 * The plan charge job's storage: the database functions of
 * supabase/migrations/20261122000200_baseline_plans_and_charges.sql (the same on PGlite, PostgreSQL and Supabase).
 * Each call is one transaction in the database, which decides what must hold across processes: a
 * visit is claimed by one run (FOR UPDATE SKIP LOCKED, a lease), recorded only with its claim's
 * token, released once.
 */
import type {DatabaseFunctions} from '../../database/functions.ts'
import type {QueuedEmail} from '../../email/queue.ts'
import {fromRow} from '../store/mapping.ts'
import type {StoredBooking} from '../store/store.ts'
import type {StoredPlan} from './plan.ts'
import {planFromRow} from './reader.ts'

/** A later visit claimed for its charge, with its plan. */
export interface ClaimedVisit {
  booking: StoredBooking
  plan: StoredPlan
  /** The claim: only it may record the charge. */
  lockToken: string
  /** Tries so far, this one included. */
  attempts: number
}

/** What the provider answered, as recorded (see record_plan_charge). */
export type RecordedCharge =
  | {outcome: 'succeeded'; provider: string; paymentId: string; amountCents: number; idempotencyKey: string}
  | {
      outcome: 'declined' | 'authentication_required'
      provider: string | null
      paymentId: string | null
      amountCents: number
      code: string | null
      message: string
      idempotencyKey: string
      /** Until when the visit keeps its place for a new card. */
      cardDeadlineAt: Date
      /** The outbox key of the customer's e-mail (one per visit and card). */
      eventKey: string
    }
  | {outcome: 'unreachable'; retryAt: Date}

export type RecordOutcome = 'charged' | 'declined' | 'retry' | 'lost'

export interface PlanChargeStore {
  /** Claims up to `limit` visits due at `now` (of active plans; of one plan if `planId`). */
  claimDue(now: Date, options: {limit: number; leaseSeconds: number; planId?: string | null}): Promise<ClaimedVisit[]>
  /** Records a claimed visit's charge with the customer's e-mails of a decline; 'lost' if the claim is no longer this run's. */
  record(visit: Pick<ClaimedVisit, 'booking' | 'lockToken'>, charge: RecordedCharge, now: Date, emails: QueuedEmail[]): Promise<RecordOutcome>
  /** Declined visits whose card deadline has passed. */
  dueForRelease(now: Date, limit: number): Promise<{booking: StoredBooking; plan: StoredPlan}[]>
  /** Releases one (its place offered again) and queues its e-mails; false if another run did, or a new card charged it. */
  release(bookingId: string, now: Date, emails: QueuedEmail[]): Promise<boolean>
}

function jsonObject(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
}

function chargeJson(charge: RecordedCharge): Record<string, unknown> {
  switch (charge.outcome) {
    case 'unreachable':
      return {outcome: charge.outcome, retry_at: charge.retryAt.toISOString()}
    case 'succeeded':
      return {outcome: charge.outcome, provider: charge.provider, payment_id: charge.paymentId, amount_cents: charge.amountCents, idempotency_key: charge.idempotencyKey}
    default:
      return {
        outcome: charge.outcome,
        provider: charge.provider,
        payment_id: charge.paymentId,
        amount_cents: charge.amountCents,
        code: charge.code,
        message: charge.message,
        idempotency_key: charge.idempotencyKey,
        card_deadline_at: charge.cardDeadlineAt.toISOString(),
        event_key: charge.eventKey,
      }
  }
}

export function createPlanChargeStore(functions: DatabaseFunctions): PlanChargeStore {
  return {
    async claimDue(now, {limit, leaseSeconds, planId = null}) {
      const rows = await functions.rows<{booking: unknown; plan: unknown}>('claim_plan_charges', {
        p_now: now,
        p_limit: limit,
        p_lease_seconds: Math.max(1, Math.ceil(leaseSeconds)),
        p_plan_id: planId,
      })
      return rows.map((row) => {
        const booking = jsonObject(row.booking)
        return {booking: fromRow(booking), plan: planFromRow(row.plan), lockToken: String(booking.charge_lock_token), attempts: Number(booking.charge_attempts)}
      })
    },
    async record(visit, charge, now, emails) {
      const answer = await functions.value<string>('record_plan_charge', {
        p_booking_id: visit.booking.id,
        p_lock_token: visit.lockToken,
        p_charge: chargeJson(charge),
        p_now: now,
        p_emails: emails,
      })
      return answer as RecordOutcome
    },
    async dueForRelease(now, limit) {
      const rows = await functions.rows<{booking: unknown; plan: unknown}>('plan_visits_to_release', {p_now: now, p_limit: limit})
      return rows.map((row) => ({booking: fromRow(jsonObject(row.booking)), plan: planFromRow(row.plan)}))
    },
    async release(bookingId, now, emails) {
      return (await functions.value<boolean>('release_plan_visit', {p_booking_id: bookingId, p_now: now, p_emails: emails})) === true
    },
  }
}
