import {handleResumeRequest} from '@/lib/booking/routes'
import {manageLinkSecret} from '@/lib/booking/manage-link-secret'
import {bookingRateLimiter, clientAddress, getBookingStore, systemNow} from '@/lib/booking/server'

/** The form values of an unpaid booking for the browser that made it ('Back to the booking form'), or for the unpaid checkout reminder's signed link. */
export async function POST(request: Request) {
  return handleResumeRequest(request, {
    limiter: bookingRateLimiter(),
    clientKey: (req) => clientAddress(req.headers),
    store: getBookingStore,
    linkSecret: () => manageLinkSecret(),
    now: systemNow,
  })
}
