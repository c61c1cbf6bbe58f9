import {testCheckoutAction} from '@/lib/booking/server'

/** Pay on the local test checkout: completes the session as paid, confirms the booking through the same fulfilCheckout as the success page, then 303 to the success URL. */
export async function POST(request: Request, {params}: {params: Promise<{sessionId: string}>}) {
  return testCheckoutAction(request, (await params).sessionId, 'paid')
}
