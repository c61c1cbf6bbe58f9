import {handleAvailabilityRequest} from '@/lib/booking/routes'
import {availabilityDeps, availabilityRateLimiter, clientAddress} from '@/lib/booking/server'

/** The dates and arrival windows a booking form (or the estimate form) can offer now (lib/booking/flow/bookable-days.ts `bookingAvailability`, `estimateAvailability`). */
export async function GET(request: Request) {
  return handleAvailabilityRequest(request, {
    limiter: availabilityRateLimiter(),
    clientKey: (req) => clientAddress(req.headers),
    deps: availabilityDeps,
  })
}
