import {handleBookingRequest} from '@/lib/booking/routes'
import {bookingFlowDeps, bookingRateLimiter, clientAddress} from '@/lib/booking/server'
import {paymentReturnOrigin} from '@/lib/site-url'

/**
 * Confirm & Pay: validates, prices and stores the booking, creates its checkout and answers
 * `{ok: true, bookingId, checkoutUrl}` (the answers are listed in lib/booking/flow-messages.ts).
 */
export async function POST(request: Request) {
  return handleBookingRequest(request, {
    limiter: bookingRateLimiter(),
    clientKey: (req) => clientAddress(req.headers),
    origin: () => paymentReturnOrigin(),
    deps: (origin) => bookingFlowDeps(origin, clientAddress(request.headers)),
  })
}
