import type {CheckoutRequest} from '../provider'

/**
 * A checkout request for `bookingId` as the booking flow makes it (in dollars, its return pages on
 * `origin`), with what the test chooses.
 */
export function checkoutRequestFor(
  bookingId: string,
  chosen: Pick<CheckoutRequest, 'amountCents' | 'description' | 'customerEmail' | 'idempotencyKey'> & Partial<CheckoutRequest>,
  origin = 'https://renton.example',
): CheckoutRequest {
  return {
    bookingId,
    currency: 'usd',
    successUrl: `${origin}/success?bookingId=${bookingId}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/cancel?bookingId=${bookingId}`,
    ...chosen,
  }
}
