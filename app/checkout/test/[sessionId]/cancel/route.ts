import {clientAddress, getTestCheckout, testCheckoutAction} from '@/lib/booking/server'
import {testCardAction} from '@/lib/payments/test-checkout-actions'

/** Cancel on the local test checkout: a card update goes back to its cancel URL; a payment marks the booking cancelled, then 303 to /cancel?bookingId=…. */
export async function POST(request: Request, {params}: {params: Promise<{sessionId: string}>}) {
  const {sessionId} = await params
  return (await testCardAction(request, sessionId, 'cancelled', getTestCheckout(clientAddress(request.headers)))) ?? testCheckoutAction(request, sessionId, 'cancelled')
}
