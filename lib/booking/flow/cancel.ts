/** /cancel: the way back to the booking's form, closing a booking whose checkout ended unpaid. */
import type {BookingStore, StoredBooking} from '../store/store'
import type {PaymentProvider} from '../../payments/provider'
import {INDUSTRY_PATHS, type Industry} from '../catalog'
import {mayAskPaymentProvider} from './result-pages'
import {flowLog} from './shared'

/**
 * /cancel: the way back to the booking's form (with the booking's id, so the browser that made it
 * can fill the form in again, see handleResumeRequest). A pending booking whose checkout the provider
 * reports finished unpaid (the test checkout's Cancel, an expired session) is marked cancelled; an
 * open Stripe checkout stays payable, so its booking stays pending until Stripe says it expired.
 * The provider is asked at most once per PAYMENT_CHECK_INTERVAL_SECONDS per booking, as on /success.
 */
export async function acknowledgeCancel(
  bookingId: string | null,
  deps: {store: BookingStore; now: () => Date; payments: () => PaymentProvider},
): Promise<{formPath: string; industry: Industry | null; bookingId: string | null}> {
  const fallback = {formPath: INDUSTRY_PATHS.house, industry: null, bookingId: null}
  if (!bookingId) return fallback
  let booking: StoredBooking | null
  try {
    booking = await deps.store.findById(bookingId)
  } catch (error) {
    flowLog.warn(`Booking flow: the cancelled booking ${bookingId} could not be read`, error)
    return fallback
  }
  if (!booking) return fallback
  if (booking.paymentStatus === 'pending' && booking.paymentSessionId) {
    try {
      if (await mayAskPaymentProvider(deps.store, booking.id, deps.now())) {
        const details = await deps.payments().retrieveCheckout(booking.paymentSessionId)
        if (details.paymentStatus !== 'paid' && details.status === 'expired') await deps.store.markClosed(booking.id, 'cancelled')
      }
    } catch (error) {
      flowLog.warn(`Booking flow: the checkout of cancelled booking ${booking.id} could not be checked`, error)
    }
  }
  return {formPath: INDUSTRY_PATHS[booking.industry], industry: booking.industry, bookingId: booking.paymentStatus === 'paid' ? null : booking.id}
}
