/**
 * Charging a plan's later visits: each later visit is
 * charged off-session to the plan's saved card `chargeLeadHours` before its window. A run:
 * 1. claims the visits due (of active plans only: a paused or cancelled plan is never charged), in
 *    batches, in the database (FOR UPDATE SKIP LOCKED, a lease), so two processes running it at
 *    once never take the same visit;
 * 2. charges each with the provider, under an idempotency key naming the visit and the card's
 *    generation: a claim re-taken after its lease ran out (a process died between charging and
 *    recording) asks the provider again with the same key and is answered the first charge, never
 *    a second one;
 * 3. records the answer with the claim's token, in one transaction: paid; or declined (the visit
 *    keeps its place until its card deadline, the customer is e-mailed a link to give a new card);
 *    or, when the provider could not be reached, due again after a back-off;
 * 4. releases the declined visits whose deadline has passed: the visit is 'failed' / 'released',
 *    its place in the window offered again, the office and the customer e-mailed, once.
 * Plain TypeScript: the database functions, the provider, the clock and the settings are passed in.
 */
import {eventEmails, customerEmailOnly, type PlanVisitDeclinedFacts, type PlanVisitReleasedFacts} from '../../email/queue.ts'
import {chargeSavedCardOnce} from '../../payments/once.ts'
import {PaymentProviderError, type OffSessionChargeResult, type PaymentProvider} from '../../payments/provider.ts'
import {checkoutDescription} from '../flow/shared.ts'
import {bookingReference} from '../stored.ts'
import type {StoredBooking} from '../store/store.ts'
import type {ClaimedVisit, PlanChargeStore} from './charges-store.ts'
import type {StoredPlan} from './plan.ts'
import type {PlanSettings} from './settings.ts'

export interface PlanChargeDeps {
  store: PlanChargeStore
  /** The configured provider (asked once per run; it may throw when none is configured). */
  payments: () => Promise<PaymentProvider> | PaymentProvider
  settings: PlanSettings
  /** The clock: read at each claim and record, so a long run's leases and times stay true. */
  now: () => Date
  log?: Pick<Console, 'error' | 'warn'>
  /** Called after a run queued e-mails (the server wakes its outbox worker). */
  emailsQueued?: () => void
}

export interface PlanChargeOptions {
  /** Visits claimed at a time (default 50). */
  batchSize?: number
  /** How long a claim lasts: far longer than charging one batch takes (default 300 s). */
  leaseSeconds?: number
  /** Charges sent to the provider at once (default 4). */
  concurrency?: number
  /** Only this plan's visits (a new card charges the plan's held visits at once). */
  planId?: string | null
}

/** What one run did, for the jobs table (public.scheduled_jobs.last_result). */
export interface PlanChargeRun {
  charged: number
  declined: number
  /** The provider could not be reached: due again after a back-off. */
  retried: number
  /** Claims another run had taken over (their lease ran out): recorded there. */
  lost: number
  released: number
  /** Charges whose record failed (the database): their claim runs out and they are asked again with the same key. */
  errors: number
}

/** A visit's charge at the provider: one per visit and saved card, whatever asks again. */
export function visitChargeKey(bookingId: string, cardGeneration: number): string {
  return `plan-visit:${bookingId}:card-${cardGeneration}`
}

/** The line on the customer's statement: the booking's line item and the visit's number. */
export function visitChargeDescription(booking: StoredBooking): string {
  return booking.planVisit ? `${checkoutDescription(booking)} (visit ${booking.planVisit})` : checkoutDescription(booking)
}

/** When a visit the provider could not charge is tried again: 5 minutes, doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 300 * 2 ** Math.max(0, Math.min(attempts, 10) - 1))
}

/**
 * Until when a declined visit keeps its place: `declineReleaseHours` before its window (the crews
 * plan the day before), but at least an hour after the decline, so a customer told late (a charge
 * retried close to the visit) still has an hour to give a new card.
 */
export function cardDeadline(booking: Pick<StoredBooking, 'windowStartsAt'>, settings: PlanSettings, now: Date): Date {
  const atLeast = now.getTime() + 3_600_000
  if (!booking.windowStartsAt) return new Date(atLeast)
  return new Date(Math.max(new Date(booking.windowStartsAt).getTime() - settings.declineReleaseHours * 3_600_000, atLeast))
}

function chargeFactsBase(booking: StoredBooking, plan: StoredPlan) {
  return {
    id: booking.id,
    planId: plan.id,
    reference: bookingReference(booking.id),
    industry: booking.industry,
    service: checkoutDescription(booking),
    visit: booking.planVisit ?? 0,
    date: booking.date,
    arrivalWindow: booking.arrivalWindow,
    windowStartsAt: booking.windowStartsAt,
    location: booking.location,
    customer: {firstName: booking.firstName, lastName: booking.lastName, email: booking.email, phone: booking.phone, address: booking.address},
    totalCents: booking.amountCents,
    cardLabel: plan.cardLabel,
    linkGeneration: booking.manageLinkGeneration,
  }
}

export function planVisitDeclinedFacts(
  visit: Pick<ClaimedVisit, 'booking' | 'plan'>,
  details: {authenticationRequired: boolean; deadlineAt: Date; now: Date},
): PlanVisitDeclinedFacts {
  return {
    kind: 'plan_visit_declined',
    ...chargeFactsBase(visit.booking, visit.plan),
    authenticationRequired: details.authenticationRequired,
    deadlineAt: details.deadlineAt.toISOString(),
    declinedAt: details.now.toISOString(),
  }
}

export function planVisitReleasedFacts(visit: {booking: StoredBooking; plan: StoredPlan}, now: Date): PlanVisitReleasedFacts {
  return {kind: 'plan_visit_released', ...chargeFactsBase(visit.booking, visit.plan), releasedAt: now.toISOString()}
}

/**
 * Why a claimed visit cannot be sent to the provider at all, or null: no card saved, or saved with
 * another provider than the one configured now. Recorded by code (the office words it); the
 * customer is asked for a card as after a decline.
 */
function unchargeable(plan: StoredPlan, provider: PaymentProvider): {outcome: 'declined'; paymentId: null; code: string; message: string} | null {
  const code = !plan.paymentCustomerId || !plan.paymentMethodId ? 'no_saved_card' : plan.paymentProvider && plan.paymentProvider !== provider.name ? 'other_provider' : null
  return code ? {outcome: 'declined', paymentId: null, code, message: code} : null
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lanes = Array.from({length: Math.max(1, Math.min(limit, items.length))}, async () => {
    while (next < items.length) await work(items[next++])
  })
  await Promise.all(lanes)
}

async function chargeVisit(visit: ClaimedVisit, provider: PaymentProvider, deps: PlanChargeDeps, run: PlanChargeRun & {queued: number}): Promise<void> {
  const log = deps.log ?? console
  const {booking, plan} = visit
  const idempotencyKey = visitChargeKey(booking.id, plan.cardGeneration)
  let result: OffSessionChargeResult
  try {
    result =
      unchargeable(plan, provider) ??
      (await chargeSavedCardOnce(
        provider,
        {
          card: {customerId: plan.paymentCustomerId as string, paymentMethodId: plan.paymentMethodId as string},
          amountCents: booking.amountCents,
          currency: 'usd',
          description: visitChargeDescription(booking),
          idempotencyKey,
          bookingId: booking.id,
          planId: plan.id,
        },
        // A visit claimed again (no answer, or a process that died mid-charge) is looked up at the
        // provider first: the key may be older than the provider keeps it.
        {retry: visit.attempts > 1},
      ))
  } catch (error) {
    const refusal = refusedCard(error)
    if (refusal) {
      await recordDecline(visit, refusal, provider, deps, run)
      return
    }
    // Unreachable (or the operator's configuration): nothing is known to be charged. Asked again
    // later with the same key, so a charge the provider did make is answered, not repeated.
    const retryAt = new Date(deps.now().getTime() + retryDelaySeconds(visit.attempts) * 1000)
    log.warn(
      `[plan-charges] Visit ${booking.id} not charged (attempt ${visit.attempts}), tried again at ${retryAt.toISOString()}:`,
      error instanceof PaymentProviderError ? `${error.message} (${error.statusCode ?? 'no answer'})` : error,
    )
    await record(visit, {outcome: 'unreachable', retryAt}, [], deps, run)
    return
  }
  if (result.outcome === 'succeeded') {
    if (result.amountCents !== booking.amountCents) log.error(`[plan-charges] Visit ${booking.id}: charged ${result.amountCents} cents for a price of ${booking.amountCents}`)
    await record(visit, {outcome: 'succeeded', provider: provider.name, paymentId: result.paymentId, amountCents: result.amountCents, idempotencyKey}, [], deps, run)
    return
  }
  await recordDecline(visit, result, provider, deps, run)
}

/**
 * The provider refused the saved card itself as a request (Stripe: 400 / 404, e.g. the
 * PaymentMethod was detached or the Customer deleted): nothing was charged, and asking again with it
 * never will be: the customer is asked for a new card, as after a decline. Not a refusal of the
 * account (401 / 403: the operator's key) nor a rate limit or an idempotency conflict (409 / 429).
 */
function refusedCard(error: unknown): Extract<OffSessionChargeResult, {paymentId: string | null; code: string | null}> | null {
  if (!(error instanceof PaymentProviderError) || (error.statusCode !== 400 && error.statusCode !== 402 && error.statusCode !== 404)) return null
  // The key sent again with other parameters says nothing of the card (the first request may have charged it): wait.
  const cause = error.cause as {type?: unknown} | undefined
  if (cause?.type === 'StripeIdempotencyError' || error.code === 'idempotency_key_in_use' || /idempot/i.test(error.message)) return null
  const code = error.code ?? 'card_refused'
  return {outcome: 'declined', paymentId: null, code, message: error.message}
}

async function recordDecline(
  visit: ClaimedVisit,
  result: Extract<OffSessionChargeResult, {paymentId: string | null; code: string | null}>,
  provider: PaymentProvider,
  deps: PlanChargeDeps,
  run: PlanChargeRun & {queued: number},
): Promise<void> {
  const {booking, plan} = visit
  const idempotencyKey = visitChargeKey(booking.id, plan.cardGeneration)
  const now = deps.now()
  const deadline = cardDeadline(booking, deps.settings, now)
  const facts = planVisitDeclinedFacts(visit, {authenticationRequired: result.outcome === 'authentication_required', deadlineAt: deadline, now})
  await record(
    visit,
    {
      outcome: result.outcome,
      provider: unchargeable(plan, provider) ? null : provider.name,
      paymentId: result.paymentId,
      amountCents: booking.amountCents,
      code: result.code,
      message: result.message,
      idempotencyKey,
      cardDeadlineAt: deadline,
      eventKey: `plan_visit_declined:${booking.id}:card-${plan.cardGeneration}`,
    },
    customerEmailOnly(facts),
    deps,
    run,
  )
}

async function record(
  visit: ClaimedVisit,
  charge: Parameters<PlanChargeStore['record']>[1],
  emails: Parameters<PlanChargeStore['record']>[3],
  deps: PlanChargeDeps,
  run: PlanChargeRun & {queued: number},
): Promise<void> {
  try {
    const outcome = await deps.store.record(visit, charge, deps.now(), emails)
    if (outcome === 'charged') run.charged++
    else if (outcome === 'declined') {
      run.declined++
      run.queued += emails.length
    } else if (outcome === 'retry') run.retried++
    else run.lost++
  } catch (error) {
    // The claim stays until its lease runs out; then the visit is asked for again with the same key.
    run.errors++
    ;(deps.log ?? console).error(`[plan-charges] The charge of visit ${visit.booking.id} could not be recorded:`, error)
  }
}

/** Charges every visit due now, then releases the declined visits past their deadline. */
export async function runPlanCharges(deps: PlanChargeDeps, options: PlanChargeOptions = {}): Promise<PlanChargeRun> {
  const batchSize = Math.max(1, options.batchSize ?? 50)
  const leaseSeconds = options.leaseSeconds ?? 300
  const run: PlanChargeRun & {queued: number} = {charged: 0, declined: 0, retried: 0, lost: 0, released: 0, errors: 0, queued: 0}
  let provider: PaymentProvider | null = null
  for (;;) {
    const claimed = await deps.store.claimDue(deps.now(), {limit: batchSize, leaseSeconds, planId: options.planId ?? null})
    if (claimed.length === 0) break
    // Asked only when something is due: a run with nothing to charge needs no provider.
    try {
      provider ??= await deps.payments()
    } catch (error) {
      // No provider configured (or it cannot be built): the claimed visits wait for a later run.
      ;(deps.log ?? console).error('[plan-charges] No payment provider to charge with:', error)
      for (const visit of claimed) await record(visit, {outcome: 'unreachable', retryAt: new Date(deps.now().getTime() + retryDelaySeconds(visit.attempts) * 1000)}, [], deps, run)
      break
    }
    const current = provider
    await eachAtMost(claimed, options.concurrency ?? 4, (visit) => chargeVisit(visit, current, deps, run))
    if (claimed.length < batchSize) break
  }
  if (!options.planId) run.released = await releaseExpiredDeclines(deps, batchSize, run)
  if (run.queued > 0) deps.emailsQueued?.()
  const {queued, ...summary} = run
  void queued
  return summary
}

/** Releases the declined visits whose card deadline has passed; answers how many this run released. */
async function releaseExpiredDeclines(deps: PlanChargeDeps, batchSize: number, run: {queued: number}): Promise<number> {
  let released = 0
  for (;;) {
    const now = deps.now()
    const due = await deps.store.dueForRelease(now, batchSize)
    let releasedNow = 0
    for (const visit of due) {
      const emails = eventEmails(planVisitReleasedFacts(visit, now))
      if (await deps.store.release(visit.booking.id, now, emails)) {
        releasedNow++
        run.queued += emails.length
      }
    }
    released += releasedNow
    // Another run released them, or none is left.
    if (due.length < batchSize || releasedNow === 0) return released
  }
}
