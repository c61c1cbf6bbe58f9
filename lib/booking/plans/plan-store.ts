/**
 * Making plans and storing their visits, through the database functions of
 * supabase/migrations/20261122000200_baseline_plans_and_charges.sql (the same on PGlite, PostgreSQL and Supabase). The
 * database decides: a plan once per first booking, a visit once per plan and number, in the first
 * of its candidate windows with a place left (under the windows' locks).
 */
import type {DatabaseFunctions} from '../../database/functions.ts'
import type {QueuedEmail} from '../../email/queue.ts'
import {fromRow, isUuid} from '../store/mapping.ts'
import type {StoredBooking} from '../store/store.ts'
import type {Cadence, StoredPlan} from './plan.ts'
import {createPlanReader, jsonObject, planFromRow} from './reader.ts'
import type {VisitCandidate} from './schedule.ts'

/** What makes a plan beside its first booking: its cadence, prices, later visits' choices, card. */
export type NewPlan = {
  cadence: Cadence
  perVisitCents: number
  oneTimeCents: number
  visitTemplate: StoredPlan['visitTemplate']
  card: {provider: string; customerId: string; paymentMethodId: string; label: string | null} | null
}

export type CreatePlanResult = {status: 'created' | 'existing'; planId: string} | {status: 'not_eligible'}

/** One visit to store: its number and usual date, where it may go, and what to tell whom. */
export type VisitToAdd = {
  visit: number
  /** The date the cadence gives (the plan is generated through it). */
  date: string
  /** In order: its own window first. */
  candidates: readonly VisitCandidate[]
  /**
   * Queued when it goes elsewhere than its own window that day (the customer); the database sets
   * their payloads' toDate, toWindow and windowStartsAt to the window it went to.
   */
  placedEmails?: readonly QueuedEmail[]
  /** Queued when no candidate has a place (the customer and the business). */
  fullEmails?: readonly QueuedEmail[]
}

export type AddVisitResult =
  | {status: 'added' | 'existing'; bookingId: string; date: string; window: string; placedElsewhere: boolean}
  | {status: 'full'; date: string}
  | {status: 'inactive'}

export interface PlanStore {
  findPlan(id: string): Promise<StoredPlan | null>
  createPlan(firstBookingId: string, plan: NewPlan): Promise<CreatePlanResult>
  addVisit(planId: string, visit: VisitToAdd, now: Date): Promise<AddVisitResult>
  /** Active plans with visits to generate before `through`, in id order after `after`. */
  plansToRollForward(through: string, after: string | null, limit: number): Promise<StoredPlan[]>
  /** Paid first visits of a plan frequency without their plan, paid before `paidBefore`. */
  paidBookingsWithoutPlan(paidBefore: Date, limit: number): Promise<StoredBooking[]>
}

export function createPlanStore(functions: DatabaseFunctions): PlanStore {
  const reader = createPlanReader(functions)
  return {
    findPlan: reader.findPlan,

    async createPlan(firstBookingId, plan) {
      if (!isUuid(firstBookingId)) return {status: 'not_eligible'}
      const answer = jsonObject(
        await functions.value<unknown>('create_plan_for_booking', {
          p_booking_id: firstBookingId,
          p_plan: {
            cadence: plan.cadence,
            per_visit_cents: plan.perVisitCents,
            one_time_cents: plan.oneTimeCents,
            visit_template: plan.visitTemplate,
            payment_provider: plan.card?.provider ?? null,
            payment_customer_id: plan.card?.customerId ?? null,
            payment_method_id: plan.card?.paymentMethodId ?? null,
            card_label: plan.card?.label ?? null,
          },
        }),
      )
      if (answer.status === 'created' || answer.status === 'existing') return {status: answer.status, planId: String(answer.id)}
      return {status: 'not_eligible'}
    },

    async addVisit(planId, visit, now) {
      if (!isUuid(planId)) return {status: 'inactive'}
      const answer = jsonObject(
        await functions.value<unknown>('add_plan_visit', {
          p_plan_id: planId,
          p_visit: {
            visit: visit.visit,
            date: visit.date,
            candidates: visit.candidates.map((candidate) => ({
              date: candidate.date,
              window: candidate.window,
              window_starts_at: candidate.windowStartsAt,
              capacity: candidate.capacity,
              charge_due_at: candidate.chargeDueAt,
            })),
            placed_emails: visit.placedEmails ?? [],
            full_emails: visit.fullEmails ?? [],
          },
          p_now: now,
        }),
      )
      switch (answer.status) {
        case 'added':
        case 'existing':
          return {
            status: answer.status,
            bookingId: String(answer.id),
            date: String(answer.date).slice(0, 10),
            window: String(answer.window),
            placedElsewhere: answer.placed_elsewhere === true,
          }
        case 'full':
          return {status: 'full', date: String(answer.date).slice(0, 10)}
        default:
          return {status: 'inactive'}
      }
    },

    async plansToRollForward(through, after, limit) {
      const rows = await functions.rows<{plan: unknown}>('plans_to_roll_forward', {p_through: through, p_after: after, p_limit: limit})
      return rows.map((row) => planFromRow(row.plan))
    },

    async paidBookingsWithoutPlan(paidBefore, limit) {
      const rows = await functions.rows<{booking: unknown}>('paid_bookings_without_plan', {p_paid_before: paidBefore, p_limit: limit})
      return rows.map((row) => fromRow(jsonObject(row.booking)))
    },
  }
}
