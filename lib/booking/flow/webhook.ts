/** Webhook events: a verified payment event → paid / expired / failed, or nothing. */
import type {ClosedStatus} from '../store/store'
import type {PaymentEvent} from '../../payments/provider'
import {confirmCheckout, findBookingOf, type ConfirmDeps, type FulfilResult} from './fulfil'

export type PaymentEventResult =
  | FulfilResult
  | {outcome: 'ignored'}
  /** An expired or failed checkout: the booking closed (`changed`) or already was not pending. */
  | {outcome: 'closed-booking'; bookingId: string; status: ClosedStatus; changed: boolean}
  /** An expired or failed checkout that is not the booking's current one: nothing changes. */
  | {outcome: 'stale-session'; bookingId: string}

/**
 * A verified webhook event: paid → the same confirmation as `fulfilCheckout` (with the amount the
 * signed event carries; a plan's card is retrieved from the checkout through `deps.payments`); expired / failed → the pending booking is closed; anything else, or an
 * event for an unknown booking, changes nothing. Duplicates and out-of-order events change nothing.
 */
export async function handlePaymentEvent(event: PaymentEvent, deps: ConfirmDeps): Promise<PaymentEventResult> {
  // A saved card (setup mode) is the plan's, not a booking's (lib/booking/plans/card.ts).
  // Payments made outside a checkout (plan charges, refunds, disputes) are reconciled apart (lib/booking/reconcile.ts).
  if (event.kind !== 'paid' && event.kind !== 'expired' && event.kind !== 'failed') return {outcome: 'ignored'}
  if (!event.sessionId) return {outcome: 'ignored'}
  if (event.kind === 'paid') {
    return confirmCheckout(
      {
        sessionId: event.sessionId,
        bookingId: event.bookingId ?? null,
        paid: true,
        status: 'complete',
        amountTotalCents: event.amountTotalCents ?? null,
        currency: event.currency ?? null,
      },
      deps,
    )
  }
  const booking = await findBookingOf(deps.store, event)
  if (!booking) return {outcome: 'unknown-booking'}
  // A checkout the booking has since replaced (e.g. recreated after the old one expired) closes nothing.
  if (booking.paymentSessionId !== null && booking.paymentSessionId !== event.sessionId) return {outcome: 'stale-session', bookingId: booking.id}
  const change = await deps.store.markClosed(booking.id, event.kind)
  return {outcome: 'closed-booking', bookingId: booking.id, status: event.kind, changed: change === 'changed'}
}
