/** What the payment result pages (/success and /cancel) share. */
import type {BookingStore} from '../store/store'

/** A search parameter as one string (the first of repeated ones), or null. */
export function singleParam(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : null
}

/**
 * How often, at most, the payment result pages ask the payment provider about one pending booking.
 * Reloading /success or /cancel must not spend the provider's API rate limit (Stripe's is shared by
 * every checkout of the account); a customer back from paying is asked about at once, and a payment
 * confirmed meanwhile reaches the booking through the webhook.
 */
export const PAYMENT_CHECK_INTERVAL_SECONDS = 10

export function mayAskPaymentProvider(store: BookingStore, bookingId: string, now: Date): Promise<boolean> {
  return store.claimPaymentCheck(bookingId, {intervalSeconds: PAYMENT_CHECK_INTERVAL_SECONDS, now})
}
