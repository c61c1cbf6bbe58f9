import {testCheckoutAction} from '@/lib/booking/server'

/** Cancel on the local test checkout: completes the session as cancelled, marks the booking cancelled, then 303 to /cancel?bookingId=…. */
export async function POST(request: Request, {params}: {params: Promise<{sessionId: string}>}) {
  return testCheckoutAction(request, (await params).sessionId, 'cancelled')
}
