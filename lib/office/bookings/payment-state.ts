/**
 * A booking's payment as the office reads it, from two integers: what was paid and what went back.
 * One rule, used by the booking's page, the lists, the schedule and the CSV export, so they never
 * disagree. Plain TypeScript; the words are ./words.ts (PAYMENT_STATE_WORDS).
 */

export type PaymentState = 'paid' | 'partly_refunded' | 'refunded'

/**
 * 'paid' when nothing went back, 'refunded' when all of it did, 'partly_refunded' in between;
 * null when nothing was paid (an unpaid hold, a plan's visit not yet charged, a free booking).
 */
export function paymentState(paidCents: number, refundedCents: number): PaymentState | null {
  if (paidCents <= 0) return null
  if (refundedCents <= 0) return 'paid'
  return refundedCents >= paidCents ? 'refunded' : 'partly_refunded'
}

/** The payment's state with its amounts, in cents: paid, refunded and what the business kept. */
export type PaymentSummary = {state: PaymentState; paidCents: number; refundedCents: number; keptCents: number}

/** The summary of a stored booking's payment, or null when it was not paid. */
export function paymentSummary(booking: {paymentStatus: string; amountCents: number; refundedCents: number}): PaymentSummary | null {
  const paidCents = booking.paymentStatus === 'paid' ? booking.amountCents : 0
  const state = paymentState(paidCents, booking.refundedCents)
  if (!state) return null
  const refundedCents = Math.min(booking.refundedCents, paidCents)
  return {state, paidCents, refundedCents, keptCents: paidCents - refundedCents}
}
