/**
 * A plan's life in the booking flow and the roll-forward: making the plan of a paid first visit,
 * storing its later visits up to the booking horizon, and what the confirmation tells of them.
 * Plain TypeScript: the stores, the rules and the clock are passed in; the database decides where
 * a visit finds a place (plan-store.ts).
 */
import {planVisitId} from './visit-id'
import type {PlanSummaryFacts, QueuedEmail} from '../../email/queue'
import type {SavedCard} from '../../payments/provider'
import {addDays, earliestBookableDate, weekdayOf, type AvailabilityRules} from '../availability'
import type {BookingStore, StoredBooking} from '../store/store'
import {planCadence, type StoredPlan} from './plan'
import type {AddVisitResult, PlanStore} from './plan-store'
import {perVisitPrice, planPrices, visitTemplateOf} from './pricing'
import {likelyPlacement, planHorizon, visitCandidates, visitDatesBetween, type ScheduledDate} from './schedule'
import type {PlanSettings} from './settings'

/** What the flow and the job need for plans. */
export interface PlanFlowDeps {
  plans: PlanStore
  availability: () => Promise<AvailabilityRules>
  settings: PlanSettings
  /** What a visit placed elsewhere, or with no place that week, tells (none if unset). */
  emails?: VisitEmails
}

/**
 * The e-mails of a visit placed elsewhere and of a visit with no place that week. Where a visit
 * placed elsewhere went is the database's to say: it fills in the payload's toDate, toWindow and
 * windowStartsAt.
 */
export interface VisitEmails {
  placedElsewhere(plan: StoredPlan, visit: ScheduledDate): QueuedEmail[]
  noPlace(plan: StoredPlan, visit: ScheduledDate): QueuedEmail[]
}

/** No e-mails (a caller that tells nobody). */
export const NO_VISIT_EMAILS: VisitEmails = {placedElsewhere: () => [], noPlace: () => []}

type PlanShape = Pick<StoredPlan, 'anchorDate' | 'cadence' | 'serviceFamily' | 'arrivalWindow'>

/**
 * The visits still to generate: after `after` up to the horizon, none sooner than a customer could
 * book now (a plan behind the calendar, e.g. the job stopped for days, skips what is past rather
 * than placing it into a gone week).
 */
function datesToGenerate(plan: PlanShape, after: string, rules: AvailabilityRules, now: Date): ScheduledDate[] {
  const earliest = earliestBookableDate(rules, now)
  const from = after < earliest ? addDays(earliest, -1) : after
  return visitDatesBetween(plan, from, planHorizon(rules, now))
}

/** The plan shape of a first booking not yet a plan (null: not a plan frequency, or no date or window). */
function planShapeOf(booking: StoredBooking): (PlanShape & {frequency: string}) | null {
  const cadence = planCadence(booking)
  if (!cadence || !booking.date || !booking.arrivalWindow || !booking.serviceFamily) return null
  return {anchorDate: booking.date, cadence, serviceFamily: booking.serviceFamily, arrivalWindow: booking.arrivalWindow, frequency: booking.frequency ?? ''}
}

/**
 * The plan section of a first visit's confirmation: its later visits up to the horizon, each where
 * it would be placed by the places taken now (the database places them just after the payment);
 * null for a booking that makes no plan.
 */
export async function plannedVisits(
  booking: StoredBooking,
  deps: {plans: Pick<PlanFlowDeps, 'availability' | 'settings'>; store: Pick<BookingStore, 'placesTaken'>},
  now: Date,
): Promise<PlanSummaryFacts | null> {
  const shape = planShapeOf(booking)
  if (!shape) return null
  const rules = await deps.plans.availability()
  const dates = datesToGenerate(shape, shape.anchorDate, rules, now)
  const visits: PlanSummaryFacts['visits'] = []
  if (dates.length > 0) {
    // One read for every week the visits may go in.
    const taken = await deps.store.placesTaken(shape.serviceFamily, addDays(dates[0].date, -6), addDays(dates[dates.length - 1].date, 6), now)
    for (const {visit, date} of dates) {
      const placed = likelyPlacement(visitCandidates(shape, date, rules, deps.plans.settings, now), taken)
      if (placed) visits.push({id: planVisitId(booking.id, visit), date: placed.date, window: placed.window, windowStartsAt: placed.windowStartsAt})
    }
  }
  return {frequency: shape.frequency, cadence: shape.cadence, arrivalWindow: shape.arrivalWindow, weekday: weekdayOf(shape.anchorDate), visits}
}

export type GenerateSummary = {added: number; existing: number; full: number; placedElsewhere: number}

/** Stores the plan's visits from after its generated date up to the horizon (each once, whoever asks). */
export async function generateVisits(
  plan: StoredPlan,
  deps: {plans: PlanStore; settings: PlanSettings; emails?: VisitEmails},
  rules: AvailabilityRules,
  now: Date,
): Promise<GenerateSummary> {
  const summary: GenerateSummary = {added: 0, existing: 0, full: 0, placedElsewhere: 0}
  if (plan.status !== 'active') return summary
  const emails = deps.emails ?? NO_VISIT_EMAILS
  for (const visit of datesToGenerate(plan, plan.generatedThrough, rules, now)) {
    const candidates = visitCandidates(plan, visit.date, rules, deps.settings, now)
    const result: AddVisitResult = await deps.plans.addVisit(
      plan.id,
      {...visit, candidates, placedEmails: emails.placedElsewhere(plan, visit), fullEmails: emails.noPlace(plan, visit)},
      now,
    )
    if (result.status === 'inactive') break
    summary[result.status] += 1
    if (result.status === 'added' && result.placedElsewhere) summary.placedElsewhere += 1
  }
  return summary
}

export type StartPlanResult = {status: 'created' | 'existing'; planId: string; visits: GenerateSummary} | {status: 'not_a_plan'}

/**
 * Makes the plan of a paid first visit with the card kept for it (null: the provider kept none;
 * the plan is made anyway and its first charge asks the customer for a card), then stores its
 * visits up to the horizon. Safe to call again and at once: the plan is made once, each visit once.
 */
export async function startPlan(
  booking: StoredBooking,
  card: (SavedCard & {provider: string}) | null,
  deps: PlanFlowDeps,
  now: Date,
): Promise<StartPlanResult> {
  const cadence = planCadence(booking)
  if (!cadence || booking.paymentStatus !== 'paid') return {status: 'not_a_plan'}
  // Priced once: the plan's per-visit amount and its visits' template come from the same breakdown.
  const perVisit = perVisitPrice(booking)
  const created = await deps.plans.createPlan(booking.id, {
    cadence,
    ...planPrices(booking, perVisit),
    visitTemplate: visitTemplateOf(booking, perVisit),
    card: card ? {provider: card.provider, customerId: card.customerId, paymentMethodId: card.paymentMethodId, label: card.label} : null,
  })
  if (created.status === 'not_eligible') return {status: 'not_a_plan'}
  const plan = await deps.plans.findPlan(created.planId)
  if (!plan) return {status: 'not_a_plan'}
  const visits = await generateVisits(plan, deps, await deps.availability(), now)
  return {status: created.status, planId: plan.id, visits}
}
