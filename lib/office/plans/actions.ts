/**
 * The office's plans (/office/plans, /office/plans/[id]): the list (customer, how often,
 * status, next visit, card), one plan's visits, charges and changes, and what staff do to it (skip a
 * visit, pause, resume, cancel), each the plan's rule (lib/booking/plans/changes.ts) with the member
 * named in its audit row. Plain TypeScript with its dependencies passed in; the words are
 * ./words.ts's planWords.
 */
import {slotLabel} from '../../booking/arrival-window'
import {formatUsd} from '../../booking/money'
import {cancelPlan, chargeOwedDifference, earlyCancellationOwed, pausePlan, resumePlan, skipVisit, type PlanChangeDeps, type PlanChangeResult} from '../../booking/plans/changes'
import {PLAN_STATUSES, type PlanCharge, type PlanStatus, type StoredPlan} from '../../booking/plans/plan'
import {createPlanReader} from '../../booking/plans/reader'
import {isUuid} from '../../booking/store/mapping'
import type {StoredBooking} from '../../booking/store/store'
import type {DatabaseFunctions} from '../../database/functions'
import {formatCompanyDateTime} from '../../format'
import * as z from 'zod'
import {officeLine, optionalField, postedText, type PostedForm} from '../shared/input'
import type {ActingStaff} from '../access/roles'

/** One row of the list. */
export interface OfficePlanRow {
  id: string
  customer: string
  email: string
  frequency: string
  status: PlanStatus
  /** The next visit to come ('February 8, 2030, 8:00 AM – 10:00 AM') and its charge, or null. */
  nextVisit: {slot: string; bookingId: string; charge: string} | null
  cardLabel: string | null
  /** Visits whose card was declined and still wait for a new one. */
  declinedVisits: number
}

function text(value: unknown): string | null {
  return value == null ? null : String(value)
}

/** The charge state of a visit as the office reads it (a key of planWords.charge). */
export function visitChargeKey(visit: {paymentStatus?: string | null; chargeState?: string | null; payment_status?: unknown; charge_state?: unknown}): string {
  const status = String(visit.paymentStatus ?? visit.payment_status ?? '')
  const state = String(visit.chargeState ?? visit.charge_state ?? '')
  if (status === 'paid') return state === '' || state === 'null' ? 'paid' : 'charged'
  return state || status
}

/** The plans of a status (null: every status), newest first, at most `limit`. */
export async function officePlanList(functions: DatabaseFunctions, status: string | null, now: Date, limit = 200): Promise<OfficePlanRow[]> {
  const filter = status && (PLAN_STATUSES as readonly string[]).includes(status) ? status : null
  const rows = await functions.rows<{plan: unknown}>('office_plans', {p_status: filter, p_now: now.toISOString(), p_limit: limit})
  return rows.map(({plan}) => {
    const row = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Record<string, unknown>
    const next = row.next_visit as Record<string, unknown> | null
    return {
      id: String(row.id),
      customer: `${row.first_name} ${row.last_name}`,
      email: String(row.email),
      frequency: String(row.frequency),
      status: String(row.status) as PlanStatus,
      nextVisit: next
        ? {slot: slotLabel(text(next.date), text(next.arrival_window)), bookingId: String(next.id), charge: visitChargeKey(next)}
        : null,
      cardLabel: text(row.card_label),
      declinedVisits: Number(row.declined_visits ?? 0),
    }
  })
}

/** A plan's change as its page lists it. */
export interface OfficePlanChange {
  kind: 'visit_skipped' | 'paused' | 'resumed' | 'cancelled'
  by: 'customer' | 'office'
  staffName: string | null
  released: number
  bookingId: string | null
  when: string
}

/** One plan with everything its page shows. */
export interface OfficePlanView {
  plan: StoredPlan
  visits: (StoredBooking & {slot: string; charge: string; amount: string; skippable: boolean})[]
  charges: (PlanCharge & {amount: string; when: string})[]
  changes: OfficePlanChange[]
  /** What cancelling now would charge (before the second visit), or null. */
  earlyCancellation: string | null
  /** A cancelled plan's difference still owed with nothing recorded (its provider did not answer): staff may charge it. */
  differenceOwed: string | null
}

export async function officePlanView(functions: DatabaseFunctions, id: string, now: Date): Promise<OfficePlanView | null> {
  if (!isUuid(id)) return null
  const reader = createPlanReader(functions)
  const plan = await reader.findPlan(id)
  if (!plan) return null
  const [visits, charges, changeRows, raw] = await Promise.all([
    reader.visitsOf(id),
    reader.chargesOf(id),
    functions.rows<{change: unknown}>('plan_changes_of', {p_plan_id: id}),
    functions.value<unknown>('plan_by_id', {p_id: id}),
  ])
  const row = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null
  const owedCents = Number(row?.early_cancellation_cents ?? 0)
  const owed = earlyCancellationOwed(plan, visits, now)
  return {
    plan,
    // By date: a visit released by a pause is renumbered past the others when the plan resumes.
    visits: [...visits].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || (a.planVisit ?? 0) - (b.planVisit ?? 0)).map((visit) => ({
      ...visit,
      slot: slotLabel(visit.date, visit.arrivalWindow),
      charge: visit.cancelledAt && visit.paymentStatus === 'paid' ? 'cancelled' : visitChargeKey(visit),
      amount: formatUsd(visit.amountCents),
      // The office may skip a visit not yet charged until its window begins.
      skippable:
        visit.paymentStatus === 'scheduled' &&
        visit.chargeState !== 'charging' &&
        !visit.cancelledAt &&
        visit.windowStartsAt !== null &&
        Date.parse(visit.windowStartsAt) > now.getTime(),
    })),
    charges: charges.map((charge) => ({...charge, amount: formatUsd(charge.amountCents), when: formatCompanyDateTime(charge.createdAt)})),
    changes: changeRows.map(({change}) => {
      const row = (typeof change === 'string' ? JSON.parse(change) : change) as Record<string, unknown>
      return {
        kind: String(row.kind) as OfficePlanChange['kind'],
        by: row.changed_by === 'office' ? 'office' : 'customer',
        staffName: text(row.staff_name),
        released: Number(row.released ?? 0),
        bookingId: text(row.booking_id),
        when: formatCompanyDateTime(String(row.changed_at)),
      }
    }),
    earlyCancellation: owed > 0 ? formatUsd(owed) : null,
    differenceOwed:
      plan.status === 'cancelled' && owedCents > 0 && !charges.some((charge) => charge.kind === 'early_cancellation') ? formatUsd(owedCents) : null,
  }
}

export const OFFICE_PLAN_ACTIONS = ['skip', 'pause', 'resume', 'cancel', 'chargeDifference'] as const
export type OfficePlanAction = (typeof OFFICE_PLAN_ACTIONS)[number]

/** Each plan form's fields as posted (checked before the action; what they mean is the action's rule). */
export const PLAN_FORMS = {
  skip: z.object({visit: optionalField(officeLine())}),
  pause: z.object({}),
  resume: z.object({}),
  cancel: z.object({chargeEarly: optionalField(officeLine())}),
  chargeDifference: z.object({}),
} as const satisfies Record<OfficePlanAction, z.ZodType>

/** Where a browser's refused plan form goes: the plan's page, saying the visit (the only field chosen) was not found. */
export function planFormRefused(_refusal: {field: string}, params: {id?: unknown}): string {
  return `/office/plans/${encodeURIComponent(String(params.id))}?problem=notFound`
}

/**
 * A staff action on a plan from its page's form: the address the answer goes back to, with what
 * happened (`done=`) or why not (`problem=`, a key of planWords.problem).
 */
export async function officePlanAction(action: OfficePlanAction, planId: string, form: PostedForm, staff: ActingStaff, deps: () => Promise<PlanChangeDeps>): Promise<string> {
  const page = `/office/plans/${encodeURIComponent(planId)}`
  if (!isUuid(planId)) return `${page}?problem=notFound`
  let result: PlanChangeResult
  try {
    const resolved = await deps()
    if (action === 'chargeDifference') {
      const charged = await chargeOwedDifference(planId, resolved)
      return charged ? `${page}?done=differenceCharged&charge=${charged.status}` : `${page}?problem=nothingOwed`
    }
    const actor = {by: 'office', staff} as const
    switch (action) {
      case 'skip': {
        const visit = postedText(form, 'visit')
        if (!isUuid(visit)) return `${page}?problem=notFound`
        result = await skipVisit(planId, visit, actor, resolved)
        break
      }
      case 'pause':
        result = await pausePlan(planId, actor, resolved)
        break
      case 'resume':
        result = await resumePlan(planId, actor, resolved)
        break
      case 'cancel':
        // The difference is charged unless staff untick it (a cancellation the business asks for).
        result = await cancelPlan(planId, actor, resolved, {chargeEarly: postedText(form, 'chargeEarly') === 'on'})
        break
      default:
        return `${page}?problem=notFound`
    }
  } catch (error) {
    console.error(`Office: the plan action ${action} failed`, error)
    return `${page}?problem=unavailable`
  }
  if (!result.ok) return `${page}?problem=${result.refusal}`
  const early = result.outcome === 'cancelled' ? result.earlyCancellation : null
  return `${page}?done=${result.outcome}${early && early.status !== 'none' ? `&charge=${early.status}` : ''}`
}
