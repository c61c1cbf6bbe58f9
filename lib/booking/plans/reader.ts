/**
 * Reading plans, their visits and their charges through the database functions of
 * supabase/migrations (the same on PGlite, PostgreSQL and Supabase), and the one mapping between
 * public.booking_plans / public.plan_charges rows and the app's types (a visit's charge comes with
 * its booking: public.booking_with_charge). The functions that write
 * plans live beside the rules that need them (plans, charges, changes).
 */
import type {DatabaseFunctions} from '../../database/functions.ts'
import {fromRow, isUuid} from '../store/mapping.ts'
import type {StoredBooking} from '../store/store.ts'
import {CADENCES, PLAN_STATUSES, type Cadence, type PlanCharge, type PlanStatus, type StoredPlan} from './plan.ts'

function text(value: unknown): string | null {
  return value == null ? null : String(value)
}

function timestamp(value: unknown): string | null {
  if (value == null) return null
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** A JSON object from a driver's value (parsed jsonb, or its text); {} for anything else. */
export function jsonObject(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
}

/** A plan from a row of public.booking_plans (a driver's row, or `to_jsonb` of one). */
export function planFromRow(value: unknown): StoredPlan {
  const row = jsonObject(value)
  const cadence = String(row.cadence)
  const status = String(row.status)
  if (!(CADENCES as readonly string[]).includes(cadence)) throw new Error(`Unknown plan cadence: ${cadence}`)
  if (!(PLAN_STATUSES as readonly string[]).includes(status)) throw new Error(`Unknown plan status: ${status}`)
  return {
    id: String(row.id),
    firstBookingId: String(row.first_booking_id),
    industry: String(row.industry) as StoredPlan['industry'],
    frequency: String(row.frequency),
    cadence: cadence as Cadence,
    anchorDate: String(row.anchor_date).slice(0, 10),
    arrivalWindow: String(row.arrival_window),
    serviceFamily: String(row.service_family) as StoredPlan['serviceFamily'],
    visitTemplate: jsonObject(row.visit_template) as StoredPlan['visitTemplate'],
    perVisitCents: Number(row.per_visit_cents),
    oneTimeCents: Number(row.one_time_cents),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    status: status as PlanStatus,
    pausedAt: timestamp(row.paused_at),
    cancelledAt: timestamp(row.cancelled_at),
    cancelledBy: row.cancelled_by === 'customer' || row.cancelled_by === 'office' ? row.cancelled_by : null,
    generatedThrough: String(row.generated_through).slice(0, 10),
    paymentProvider: text(row.payment_provider),
    paymentCustomerId: text(row.payment_customer_id),
    paymentMethodId: text(row.payment_method_id),
    cardLabel: text(row.card_label),
    cardGeneration: Number(row.card_generation ?? 0),
    smsConsentAt: timestamp(row.sms_consent_at),
    createdAt: timestamp(row.created_at) as string,
  }
}

/** A charge from a row of public.plan_charges. */
export function planChargeFromRow(value: unknown): PlanCharge {
  const row = jsonObject(value)
  return {
    id: String(row.id),
    planId: String(row.plan_id),
    bookingId: text(row.booking_id),
    kind: row.kind === 'early_cancellation' ? 'early_cancellation' : 'visit',
    amountCents: Number(row.amount_cents),
    status: String(row.status) as PlanCharge['status'],
    providerPaymentId: text(row.provider_payment_id),
    errorCode: text(row.error_code),
    errorMessage: text(row.error_message),
    idempotencyKey: String(row.idempotency_key),
    createdAt: timestamp(row.created_at) as string,
  }
}

export interface PlanReader {
  /** The plan, or null (also for a malformed id). */
  findPlan(id: string): Promise<StoredPlan | null>
  /** Every visit of the plan (the first included), in order. */
  visitsOf(planId: string): Promise<StoredBooking[]>
  /** Every charge the plan made or tried, oldest first. */
  chargesOf(planId: string): Promise<PlanCharge[]>
}

export function createPlanReader(functions: DatabaseFunctions): PlanReader {
  return {
    async findPlan(id) {
      if (!isUuid(id)) return null
      const row = await functions.value<unknown>('plan_by_id', {p_id: id})
      return row == null ? null : planFromRow(row)
    },
    async visitsOf(planId) {
      if (!isUuid(planId)) return []
      const rows = await functions.rows<{booking: unknown}>('plan_visits', {p_plan_id: planId})
      return rows.map((row) => fromRow(jsonObject(row.booking)))
    },
    async chargesOf(planId) {
      if (!isUuid(planId)) return []
      const rows = await functions.rows<{charge: unknown}>('plan_charges_of', {p_plan_id: planId})
      return rows.map((row) => planChargeFromRow(row.charge))
    },
  }
}
