import {createHash} from 'node:crypto'

/**
 * The id a plan's later visit is stored with, known before it is stored: the first visit's
 * confirmation names each later visit's calendar event by it, and a later change of that visit (a
 * move, a cancellation) then replaces exactly that event in the customer's calendar. The same as
 * `md5('plan-visit:' || first_booking_id || ':' || visit)::uuid` in add_plan_visit
 * (supabase/migrations/20261122000200_baseline_plans_and_charges.sql).
 */
export function planVisitId(firstBookingId: string, visit: number): string {
  const hex = createHash('md5').update(`plan-visit:${firstBookingId}:${visit}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
