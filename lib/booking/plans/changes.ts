/**
 * Changing a plan: skip one visit, pause, resume, cancel, by the customer
 * (their manage link, lib/booking/manage.ts) or by the office (/office/plans/[id], audited with the
 * member's name). Moving one visit is the booking's own move (lib/booking/manage.ts), which a plan's
 * visit waiting for its charge may use like a paid booking.
 *
 * The 24-hour rule per visit, as for one-time bookings: a visit not yet charged ('scheduled') is
 * released only when its window is at least 24 hours away; a visit within 24 hours stays (the crews
 * have planned the day), and a visit already charged (48 to 24 hours before) is refunded by the
 * business on request, never released here. The office may skip a visit not yet charged until its
 * window begins (it arranges late changes by phone).
 *
 * Cancelled before its second visit has taken place (no later visit paid whose window has begun or
 * marked done), a plan owes the difference to the one-time price: `one_time_cents − the first
 * visit's amount` (0 for commercial: nothing is charged). The database decides and claims it under the
 * plan's lock in the cancellation's transaction, so two cancellations at once, or a second one, charge
 * it once; the saved card is charged with the key `plan:<id>:early-cancellation` and the outcome is the
 * plan's one 'early_cancellation' charge row. A decline is recorded and the office told.
 *
 * Each change is one database function (20261122000200_baseline_plans_and_charges.sql): the rows, its record and
 * its e-mails (the customer's confirmation, the business told) in one transaction. Plain TypeScript.
 */
import type {DatabaseFunctions} from '../../database/functions.ts'
import {customerEmailOnly, eventEmails, type PlanChangedFacts, type PlanEarlyCancellationFacts, type QueuedEmail} from '../../email/queue.ts'
import type {ActingStaff} from '../../office/access/roles.ts'
import {PaymentProviderError, type PaymentProvider} from '../../payments/provider.ts'
import {RESCHEDULE_NOTICE_HOURS} from '../availability.ts'
import {checkoutDescription} from '../flow/shared.ts'
import type {StoredBooking} from '../store/store.ts'
import type {StoredPlan} from './plan.ts'
import {createPlanReader} from './reader.ts'
import {generateVisits, type PlanFlowDeps, type VisitEmails} from './visits.ts'

/**
 * What cancelling the plan now would charge, in cents (0: nothing): the difference to the one-time
 * price while no later visit has taken place (paid and begun, or marked done). The database decides
 * the same under the plan's lock (plan_second_visit_taken_place); this is for showing it beforehand.
 */
export function earlyCancellationOwed(plan: Pick<StoredPlan, 'status' | 'firstBookingId' | 'oneTimeCents'>, visits: StoredBooking[], now: Date): number {
  if (plan.status === 'cancelled') return 0
  const taken = visits.some(
    (visit) =>
      (visit.planVisit ?? 1) >= 2 &&
      !visit.cancelledAt &&
      visit.paymentStatus === 'paid' &&
      (visit.outcome === 'done' || (visit.windowStartsAt !== null && Date.parse(visit.windowStartsAt) <= now.getTime())),
  )
  const first = visits.find((visit) => visit.id === plan.firstBookingId)
  return taken || !first ? 0 : Math.max(plan.oneTimeCents - first.amountCents, 0)
}

/** Who changes the plan: the customer through their manage link, or a member of the office. */
export type PlanActor = {by: 'customer'} | {by: 'office'; staff: ActingStaff}

export interface PlanChangeDeps {
  functions: DatabaseFunctions
  /** The saved card's provider; null when no provider can charge now (the charge is recorded as failed). */
  /** `findOffSessionCharge`: the difference is looked up at the provider before it is sent (it may be a retry after the provider forgot its key). */
  payments: (Pick<PaymentProvider, 'chargeSavedCard'> & Partial<Pick<PaymentProvider, 'findOffSessionCharge'>>) | null
  now: () => Date
  /** Wakes the e-mail outbox after a change queued messages. */
  emailsQueued?: () => void
  /**
   * Generates the plan's visits from its generated_through on (the plans' roll-forward), after a
   * resume. Missing: the daily roll-forward generates them.
   */
  generateVisits?: (planId: string) => Promise<void>
  /** How long a claim on the early-cancellation charge lasts (seconds, default 600). */
  chargeLeaseSeconds?: number
}

/** Why a change was not made; the manage page and the office word them. */
export type PlanRefusal =
  /** No such plan or visit (or not this plan's). */
  | 'notFound'
  /** The visit's window starts within 24 hours: call us. */
  | 'tooLate'
  /** Its window has begun. */
  | 'begun'
  /** Already charged (48 to 24 hours before): ask to cancel it; the business refunds. */
  | 'charged'
  /** Its charge is being made this moment: try again in a minute. */
  | 'charging'
  /** Already skipped, released or cancelled. */
  | 'notScheduled'
  | 'alreadyPaused'
  | 'alreadyActive'
  /** The plan is cancelled: nothing more to change. */
  | 'cancelled'

/** What the early-cancellation difference came to. */
export type EarlyCancellationCharge =
  /** Nothing owed (the second visit had taken place, the prices are equal, or the office waived it). */
  | {status: 'none'}
  | {status: 'succeeded' | 'declined' | 'authentication_required' | 'failed'; amountCents: number}
  /** The provider did not answer: the claim lapses and a later cancellation tries the same charge again. */
  | {status: 'unknown'; amountCents: number}

export type PlanChangeResult =
  | {ok: true; outcome: 'skipped' | 'resumed'}
  | {ok: true; outcome: 'paused'; released: number}
  | {ok: true; outcome: 'cancelled'; released: number; earlyCancellation: EarlyCancellationCharge}
  | {ok: false; refusal: PlanRefusal}

const SKIP_REFUSALS: Record<string, PlanRefusal> = {
  not_found: 'notFound',
  too_late: 'tooLate',
  begun: 'begun',
  charged: 'charged',
  charging: 'charging',
  not_scheduled: 'notScheduled',
}

/** The charge's kind, as its key and the statement name it. */
const EARLY_CANCELLATION_KIND = 'early-cancellation'

/** Logs what neither the customer nor the office is told. Replaceable in tests. */
let logger: Pick<Console, 'error'> = console
export function setPlanChangeLogger(next: Pick<Console, 'error'>): void {
  logger = next
}

function staffArg(actor: PlanActor): ActingStaff | null {
  return actor.by === 'office' ? {id: actor.staff.id, name: actor.staff.name} : null
}

/** The plan's first visit's line item ('House Cleaning – Regular Cleaning, Weekly'). */
function planService(plan: StoredPlan, visits: StoredBooking[]): string {
  const first = visits.find((visit) => visit.id === plan.firstBookingId) ?? visits[0]
  return first ? checkoutDescription(first) : plan.frequency
}

async function planAndVisits(planId: string, deps: PlanChangeDeps): Promise<{plan: StoredPlan; visits: StoredBooking[]} | null> {
  const reader = createPlanReader(deps.functions)
  const plan = await reader.findPlan(planId)
  return plan ? {plan, visits: await reader.visitsOf(plan.id)} : null
}

/**
 * The e-mail facts of a change. `released` and `earlyCancellationCents` are what the database
 * decides in the change's transaction: it writes them into the payload as it queues the message.
 */
function changedFacts(plan: StoredPlan, visits: StoredBooking[], change: PlanChangedFacts['change'], actor: PlanActor, now: Date, visit?: StoredBooking): PlanChangedFacts {
  const nextVisit = visits.find((v) => v.windowStartsAt && Date.parse(v.windowStartsAt) > now.getTime() && !v.cancelledAt && (v.paymentStatus === 'paid' || v.paymentStatus === 'scheduled') && v.id !== visit?.id)
  return {
    kind: 'plan_changed',
    id: plan.id,
    change,
    by: actor.by,
    frequency: plan.frequency,
    service: planService(plan, visits),
    customer: {firstName: plan.firstName, lastName: plan.lastName, email: plan.email, phone: plan.phone, address: visits[0]?.address ?? ''},
    visit: visit ? {id: visit.id, date: visit.date, arrivalWindow: visit.arrivalWindow} : null,
    // The manage link of the plan's next visit: the page the customer manages the plan from now.
    manageVisit: nextVisit?.windowStartsAt ? {id: nextVisit.id, windowStartsAt: nextVisit.windowStartsAt, linkGeneration: nextVisit.manageLinkGeneration} : null,
    released: 0,
    earlyCancellationCents: 0,
    changedAt: now.toISOString(),
  }
}

/** The customer hears of every change; the business of the customer's (the office knows its own). */
function changeEmails(facts: PlanChangedFacts, actor: PlanActor): QueuedEmail[] {
  return actor.by === 'customer' ? eventEmails(facts) : customerEmailOnly(facts)
}

/** Skips one not-yet-charged visit of the plan (see the file's comment for the 24-hour rule). */
export async function skipVisit(planId: string, bookingId: string, actor: PlanActor, deps: PlanChangeDeps): Promise<PlanChangeResult> {
  const found = await planAndVisits(planId, deps)
  const visit = found?.visits.find((v) => v.id === bookingId)
  if (!found || !visit) return {ok: false, refusal: 'notFound'}
  const now = deps.now()
  const facts = changedFacts(found.plan, found.visits, 'visit_skipped', actor, now, visit)
  const answer = await deps.functions.value<{status: string}>('skip_plan_visit', {
    p_plan_id: planId,
    p_booking_id: bookingId,
    p_notice_hours: RESCHEDULE_NOTICE_HOURS,
    p_now: now.toISOString(),
    p_staff: staffArg(actor),
    p_emails: changeEmails(facts, actor),
  })
  if (answer.status !== 'skipped') return {ok: false, refusal: SKIP_REFUSALS[answer.status] ?? 'notFound'}
  deps.emailsQueued?.()
  return {ok: true, outcome: 'skipped'}
}

/** Pauses the plan: visits not yet charged more than 24 hours ahead are released. */
export async function pausePlan(planId: string, actor: PlanActor, deps: PlanChangeDeps): Promise<PlanChangeResult> {
  const found = await planAndVisits(planId, deps)
  if (!found) return {ok: false, refusal: 'notFound'}
  const now = deps.now()
  const facts = changedFacts(found.plan, found.visits, 'paused', actor, now)
  const answer = await deps.functions.value<{status: string; released?: number}>('pause_plan', {
    p_plan_id: planId,
    p_notice_hours: RESCHEDULE_NOTICE_HOURS,
    p_now: now.toISOString(),
    p_staff: staffArg(actor),
    p_emails: changeEmails(facts, actor),
  })
  if (answer.status === 'already_paused') return {ok: false, refusal: 'alreadyPaused'}
  if (answer.status === 'cancelled') return {ok: false, refusal: 'cancelled'}
  if (answer.status !== 'paused') return {ok: false, refusal: 'notFound'}
  deps.emailsQueued?.()
  return {ok: true, outcome: 'paused', released: Number(answer.released ?? 0)}
}

/** Resumes a paused plan: its visits are generated again from the next date of its cadence. */
export async function resumePlan(planId: string, actor: PlanActor, deps: PlanChangeDeps): Promise<PlanChangeResult> {
  const found = await planAndVisits(planId, deps)
  if (!found) return {ok: false, refusal: 'notFound'}
  const now = deps.now()
  const facts = changedFacts(found.plan, found.visits, 'resumed', actor, now)
  const answer = await deps.functions.value<{status: string}>('resume_plan', {
    p_plan_id: planId,
    p_now: now.toISOString(),
    p_staff: staffArg(actor),
    p_emails: changeEmails(facts, actor),
  })
  if (answer.status === 'already_active') return {ok: false, refusal: 'alreadyActive'}
  if (answer.status === 'cancelled') return {ok: false, refusal: 'cancelled'}
  if (answer.status !== 'resumed') return {ok: false, refusal: 'notFound'}
  deps.emailsQueued?.()
  if (deps.generateVisits) {
    // The plan is active again whatever happens here: the daily roll-forward generates what this missed.
    try {
      await deps.generateVisits(planId)
    } catch (error) {
      logger.error('Plan resumed, but its visits could not be generated now (the roll-forward will)', error)
    }
  }
  return {ok: true, outcome: 'resumed'}
}

/**
 * Cancels the plan: visits not yet charged more than 24 hours ahead are released; before the second
 * visit has taken place the difference to the one-time price is charged once (`chargeEarly: false`
 * lets the office waive it).
 */
export async function cancelPlan(planId: string, actor: PlanActor, deps: PlanChangeDeps, options: {chargeEarly?: boolean} = {}): Promise<PlanChangeResult> {
  const found = await planAndVisits(planId, deps)
  if (!found) return {ok: false, refusal: 'notFound'}
  const now = deps.now()
  const facts = changedFacts(found.plan, found.visits, 'cancelled', actor, now)
  const answer = await deps.functions.value<{status: string; released?: number; earlyCancellationCents?: number; chargeCents?: number | null}>('cancel_plan', {
    p_plan_id: planId,
    p_notice_hours: RESCHEDULE_NOTICE_HOURS,
    p_now: now.toISOString(),
    p_staff: staffArg(actor),
    p_charge_early: options.chargeEarly ?? true,
    p_lease_seconds: deps.chargeLeaseSeconds ?? 600,
    p_emails: changeEmails(facts, actor),
  })
  if (answer.status === 'not_found') return {ok: false, refusal: 'notFound'}
  const claimed = answer.chargeCents == null ? null : Number(answer.chargeCents)
  const charge = claimed ? await chargeEarlyCancellation(found.plan, found.visits, claimed, deps) : null
  if (answer.status === 'already_cancelled') return {ok: false, refusal: 'cancelled'}
  deps.emailsQueued?.()
  return {ok: true, outcome: 'cancelled', released: Number(answer.released ?? 0), earlyCancellation: charge ?? {status: 'none'}}
}

/**
 * The difference a cancelled plan still owes, charged now if nothing was recorded for it and nobody
 * is charging it (a try whose provider did not answer, its claim lapsed): the same key, so never a
 * second charge. Null: nothing to charge.
 */
export async function chargeOwedDifference(planId: string, deps: PlanChangeDeps): Promise<EarlyCancellationCharge | null> {
  const found = await planAndVisits(planId, deps)
  if (!found) return null
  const claimed = await deps.functions.value<number | null>('claim_early_cancellation_charge', {
    p_plan_id: planId,
    p_now: deps.now().toISOString(),
    p_lease_seconds: deps.chargeLeaseSeconds ?? 600,
  })
  return claimed ? await chargeEarlyCancellation(found.plan, found.visits, Number(claimed), deps) : null
}

/**
 * Charges the claimed difference to the saved card and records what happened (once: the key is
 * the plan's). A decline, or a plan with no card, tells the office; a provider that does not answer
 * leaves the claim to lapse, so a later try sends the same key again (never a second charge).
 */
async function chargeEarlyCancellation(plan: StoredPlan, visits: StoredBooking[], amountCents: number, deps: PlanChangeDeps): Promise<EarlyCancellationCharge> {
  const key = `plan:${plan.id}:early-cancellation`
  let outcome: {status: 'succeeded' | 'declined' | 'authentication_required' | 'failed'; paymentId: string | null; code: string | null; message: string | null}
  if (!deps.payments || !plan.paymentCustomerId || !plan.paymentMethodId) {
    // No card saved, or no provider configured: the office is told (the code says which).
    outcome = {status: 'failed', paymentId: null, code: deps.payments ? 'no_saved_card' : 'no_payment_provider', message: null}
  } else {
    try {
      const card = {customerId: plan.paymentCustomerId, paymentMethodId: plan.paymentMethodId}
      // Charged at the first cancellation or retried later ("Charge the difference now", a lapsed
      // claim) under the one key: looked up first, since the provider keeps a key only a while.
      const found = deps.payments.findOffSessionCharge ? await deps.payments.findOffSessionCharge({idempotencyKey: key, card, bookingId: null}) : null
      const result = found ?? await deps.payments.chargeSavedCard({
        card,
        amountCents,
        currency: 'usd',
        // The statement's line: the plan's service and the charge's kind, as its key names it.
        description: [planService(plan, visits), EARLY_CANCELLATION_KIND].join(' – '),
        idempotencyKey: key,
        bookingId: null,
        planId: plan.id,
      })
      outcome =
        result.outcome === 'succeeded'
          ? {status: 'succeeded', paymentId: result.paymentId, code: null, message: null}
          : {status: result.outcome, paymentId: result.paymentId, code: result.code, message: result.message}
    } catch (error) {
      logger.error('Early cancellation: the payment provider did not answer; the same charge is tried again later', error)
      // Not reached (no answer, or the provider's own failure): nothing is known to be charged.
      if (error instanceof PaymentProviderError && (error.statusCode === undefined || error.statusCode >= 500)) return {status: 'unknown', amountCents}
      outcome = {status: 'failed', paymentId: null, code: 'provider_error', message: error instanceof Error ? error.message : String(error)}
    }
  }
  const facts: PlanEarlyCancellationFacts = {
    kind: 'plan_early_cancellation',
    id: plan.id,
    service: planService(plan, visits),
    frequency: plan.frequency,
    customer: {firstName: plan.firstName, lastName: plan.lastName, email: plan.email, phone: plan.phone, address: visits[0]?.address ?? ''},
    amountCents,
    status: outcome.status,
    error: outcome.message,
    at: deps.now().toISOString(),
  }
  // The office hears of a charge that did not go through (it calls the customer); a success is in the cancellation's e-mails.
  const emails = outcome.status === 'succeeded' ? [] : eventEmails(facts).filter((message) => message.audience === 'business')
  await deps.functions.value<boolean>('record_early_cancellation_charge', {
    p_plan_id: plan.id,
    p_amount_cents: amountCents,
    p_status: outcome.status,
    p_provider_payment_id: outcome.paymentId,
    p_error_code: outcome.code,
    p_error_message: outcome.message,
    p_now: deps.now().toISOString(),
    p_emails: emails,
  })
  if (emails.length > 0) deps.emailsQueued?.()
  return {status: outcome.status, amountCents}
}

/**
 * The plans' own generation (./visits.ts, the roll-forward's) for one plan after a resume: its visits
 * from its generated_through on, up to the horizon, each placed under its windows' locks.
 */
export function visitGenerator(flow: PlanFlowDeps & {emails?: VisitEmails}, now: () => Date): (planId: string) => Promise<void> {
  return async (planId) => {
    const plan = await flow.plans.findPlan(planId)
    if (plan) await generateVisits(plan, flow, await flow.availability(), now())
  }
}
