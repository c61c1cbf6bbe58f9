import {handleResumeRequest} from '@/lib/booking/routes'
import {bookingRateLimiter, clientAddress, getBookingStore} from '@/lib/booking/server'

/** The form values of an unpaid booking for the browser that made it ('Back to the booking form'). */
export async function POST(request: Request) {
  return handleResumeRequest(request, {limiter: bookingRateLimiter(), clientKey: (req) => clientAddress(req.headers), store: getBookingStore})
}
