/** /success: what it may show (never a name, e-mail, phone, address or note), after confirming the payment. */
import type {BookingStore, PaymentStatus} from '../store/store'
import type {PaymentProvider} from '../../payments/provider'
import {arrivalWindowLabel} from '../arrival-window'
import {formatUsd} from '../money'
import {bookingReference} from '../stored'
import {fulfilCheckout} from './fulfil'
import {mayAskPaymentProvider} from './result-pages'
import {checkoutDescription, flowLog, type BookingFlowDeps} from './shared'
import type {PlanFlowDeps} from '../plans/visits'

/** What /success may show: the service, date, location and total; nothing personal. */
export interface SuccessSummary {
  /** The short reference the confirmation e-mail carries too ('3F9A-2B1C'). */
  reference: string
  /** The line item: 'Commercial Cleaning – Corporate Office Cleaning'. */
  service: string
  /** YYYY-MM-DD, or null (bookings made before every form asked for one). */
  date: string | null
  /** '8:00 AM – 10:00 AM', or null for a booking made before windows. */
  arrivalWindow: string | null
  /** 'King County', or null (exterior bookings have no location). */
  location: string | null
  /** '$60.00' once paid, else null. */
  totalPaid: string | null
  /** '$60.00': the amount charged (or to be charged). */
  total: string
  paymentStatus: PaymentStatus
}

/** The summary of a booking for /success, or null for an unknown or malformed id. */
export async function bookingSummaryForSuccess(id: string, deps: Pick<BookingFlowDeps, 'store'>): Promise<SuccessSummary | null> {
  const booking = await deps.store.findById(id)
  if (!booking) return null
  const total = formatUsd(booking.amountCents)
  return {
    reference: bookingReference(booking.id),
    service: checkoutDescription(booking),
    date: booking.date,
    arrivalWindow: booking.arrivalWindow ? arrivalWindowLabel(booking.arrivalWindow) : null,
    location: booking.location,
    totalPaid: booking.paymentStatus === 'paid' ? total : null,
    total,
    paymentStatus: booking.paymentStatus,
  }
}

/**
 * /success: confirms the payment through the session id (the same confirmation as the webhook; a
 * provider that cannot be reached is logged, and the stored state is shown), then the summary.
 * The provider is asked only when the booking exists, is still pending and holds exactly this
 * session id, so made-up or mismatched links and final bookings never cost a provider call; and at
 * most once per PAYMENT_CHECK_INTERVAL_SECONDS per booking across every server (reloads show the
 * stored state meanwhile; the webhook confirms a payment anyway).
 * Null when the booking cannot be shown (unknown or malformed id).
 */
export async function successPageSummary(
  params: {bookingId: string | null; sessionId: string | null},
  deps: {store: BookingStore; now: () => Date; payments: () => PaymentProvider; emailsQueued?: () => void; plans?: () => Promise<PlanFlowDeps>},
): Promise<SuccessSummary | null> {
  if (!params.bookingId) return null
  const booking = await deps.store.findById(params.bookingId)
  if (!booking) return null
  if (params.sessionId && booking.paymentStatus === 'pending' && booking.paymentSessionId === params.sessionId) {
    try {
      if (await mayAskPaymentProvider(deps.store, booking.id, deps.now())) {
        await fulfilCheckout(
          params.sessionId,
          {store: deps.store, now: deps.now, payments: deps.payments(), emailsQueued: deps.emailsQueued, plans: deps.plans ? await deps.plans() : undefined},
          {expectedBookingId: params.bookingId},
        )
      }
    } catch (error) {
      flowLog.error(`Booking flow: the payment of booking ${params.bookingId} could not be confirmed`, error)
    }
  }
  return bookingSummaryForSuccess(params.bookingId, deps)
}
