/**
 * Disputed payments (chargebacks) as the payment provider's webhook recorded them
 * (lib/booking/reconcile.ts, `payment_disputes`), for Needs attention: the open ones, newest first.
 */
import type {DatabaseFunctions} from '../../database/functions.ts'
import {isoTimestamp} from '../../database/timestamps'

export interface OpenDispute {
  id: string
  provider: string
  providerDisputeId: string
  bookingId: string | null
  /** The customer's name, when the booking is known. */
  customerName: string | null
  service: string | null
  amountCents: number
  reason: string | null
  status: string
  openedAt: string
}

const text = (value: unknown): string | null => (value == null ? null : String(value))

export async function openDisputes(functions: DatabaseFunctions): Promise<OpenDispute[]> {
  const rows = await functions.rows('open_payment_disputes', {})
  return rows.map((row) => ({
    id: String(row.id),
    provider: String(row.provider),
    providerDisputeId: String(row.provider_dispute_id),
    bookingId: text(row.booking_id),
    customerName: row.first_name == null ? null : `${row.first_name} ${row.last_name}`,
    service: text(row.service) ?? text(row.industry),
    amountCents: Number(row.amount_cents),
    reason: text(row.reason),
    status: String(row.status),
    openedAt: isoTimestamp(row.opened_at),
  }))
}
