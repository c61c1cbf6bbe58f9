/**
 * Payments made outside the site's own requests, reconciled from the provider's verified webhook
 * events (supabase/migrations/20261122000600_baseline_office.sql does the recording):
 * - a plan visit's off-session charge that succeeded or failed is recorded on the visit exactly as
 *   the charge job records it, unless it already was (the job died after the provider charged, or
 *   its answer was lost): a success is final (a failure arriving after it changes nothing), a
 *   failure counts only for the card the visit waits on;
 * - every refund of a refunded payment that the office did not make itself (the provider's
 *   dashboard) is recorded once in the booking's refund ledger and history; the office's own are
 *   told apart by the claim key kept in their metadata and by their provider refund id;
 * - a dispute is recorded once (shown in Needs attention and the booking's history), its status
 *   kept up to date, never reopened by a late report.
 * Each effect is idempotent by its natural key, so a replayed event changes nothing twice.
 * Plain TypeScript: the database functions, the reads and the clock are passed in.
 */
import type {DatabaseFunctions} from '../database/functions.ts'
import {customerEmailOnly} from '../email/queue.ts'
import type {PaymentEvent, PaymentProviderName, ProviderDispute, ProviderRefund, ReportedPlanCharge} from '../payments/provider.ts'
import {cardDeadline, planVisitDeclinedFacts} from './plans/charges.ts'
import type {PlanReader} from './plans/reader.ts'
import type {PlanSettings} from './plans/settings.ts'
import {isUuid} from './store/mapping.ts'
import type {BookingStore} from './store/store.ts'

export interface ReconcileDeps {
  functions: DatabaseFunctions
  store: BookingStore
  plans: PlanReader
  settings: PlanSettings
  now: () => Date
  /** Called when a decline's e-mail was queued (the server wakes its outbox worker). */
  emailsQueued?: () => void
}

/** Who the booking's history names for what happened at the provider. */
export const PROVIDER_NAMES: Record<PaymentProviderName, string> = {stripe: 'Stripe', 'test-checkout': 'Test checkout'}

/** What reconciling an event did (for the logs and the tests). */
export type ReconcileResult =
  | {kind: 'plan_charge'; outcome: 'charged' | 'declined' | 'late' | 'already' | 'stale' | 'recorded' | 'unknown'}
  | {kind: 'refunded'; outcomes: ('recorded' | 'already' | 'office' | 'ignored' | 'unknown')[]}
  | {kind: 'disputed'; outcome: 'recorded' | 'updated' | 'already'}
  | {kind: 'ignored'}

/** Whether the event is one this module reconciles. */
export function isReconciledEvent(event: PaymentEvent): boolean {
  return event.kind === 'plan_charge' || event.kind === 'refunded' || event.kind === 'disputed'
}

export async function reconcilePaymentEvent(event: PaymentEvent, provider: PaymentProviderName, deps: ReconcileDeps): Promise<ReconcileResult> {
  if (event.kind === 'plan_charge' && event.planCharge) return {kind: 'plan_charge', outcome: await reconcilePlanCharge(event.planCharge, provider, deps)}
  if (event.kind === 'refunded') {
    const outcomes: Extract<ReconcileResult, {kind: 'refunded'}>['outcomes'] = []
    // One call per refund, each its own transaction: a replay finds each recorded.
    for (const refund of event.refunds ?? []) outcomes.push(await recordRefund(refund, event.bookingId ?? null, provider, deps))
    return {kind: 'refunded', outcomes}
  }
  if (event.kind === 'disputed' && event.dispute) return {kind: 'disputed', outcome: await recordDispute(event.dispute, provider, deps)}
  return {kind: 'ignored'}
}

async function reconcilePlanCharge(charge: ReportedPlanCharge, provider: PaymentProviderName, deps: ReconcileDeps) {
  // Metadata is text the provider hands back: an id that is not one is no visit of ours.
  if (!isUuid(charge.bookingId)) return 'unknown' as const
  const now = deps.now()
  let details: Record<string, unknown> = {}
  let emails: ReturnType<typeof customerEmailOnly> = []
  if (charge.outcome !== 'succeeded') {
    const booking = await deps.store.findById(charge.bookingId)
    const plan = booking?.planId ? await deps.plans.findPlan(booking.planId) : null
    if (!booking || !plan) return 'unknown' as const
    // As the job records a decline: the visit keeps its place until its card deadline, the customer
    // is e-mailed once per visit and card (the same outbox key as the job's).
    const deadline = cardDeadline(booking, deps.settings, now)
    emails = customerEmailOnly(planVisitDeclinedFacts({booking, plan}, {authenticationRequired: charge.outcome === 'authentication_required', deadlineAt: deadline, now}))
    details = {code: charge.code, message: charge.message ?? '', card_deadline_at: deadline.toISOString(), event_key: `plan_visit_declined:${booking.id}:card-${plan.cardGeneration}`}
  }
  const outcome = await deps.functions.value<Extract<ReconcileResult, {kind: 'plan_charge'}>['outcome']>('reconcile_plan_charge', {
    p_booking_id: charge.bookingId,
    p_charge: {outcome: charge.outcome, provider, payment_id: charge.paymentId, amount_cents: charge.amountCents, idempotency_key: charge.idempotencyKey, ...details},
    p_now: now,
    p_emails: emails,
  })
  if (outcome === 'declined') deps.emailsQueued?.()
  return outcome
}

async function recordRefund(refund: ProviderRefund, eventBookingId: string | null, provider: PaymentProviderName, deps: ReconcileDeps) {
  const bookingId = [refund.bookingId, eventBookingId].find((id): id is string => typeof id === 'string' && isUuid(id)) ?? null
  return deps.functions.value<Extract<ReconcileResult, {kind: 'refunded'}>['outcomes'][number]>('record_provider_refund', {
    p_refund: {
      provider,
      refund_id: refund.id,
      payment_id: refund.paymentId,
      booking_id: bookingId,
      amount_cents: refund.amountCents,
      status: refund.status,
      key: refund.idempotencyKey,
      reason: refund.reason,
      created_at: refund.createdAt,
      staff_name: PROVIDER_NAMES[provider],
    },
    p_now: deps.now(),
  })
}

async function recordDispute(dispute: ProviderDispute, provider: PaymentProviderName, deps: ReconcileDeps) {
  return deps.functions.value<Extract<ReconcileResult, {kind: 'disputed'}>['outcome']>('record_payment_dispute', {
    p_dispute: {
      provider,
      dispute_id: dispute.id,
      payment_id: dispute.paymentId,
      booking_id: dispute.bookingId && isUuid(dispute.bookingId) ? dispute.bookingId : null,
      amount_cents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      created_at: dispute.createdAt,
      staff_name: PROVIDER_NAMES[provider],
    },
    p_now: deps.now(),
  })
}
