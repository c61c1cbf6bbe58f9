import {clientAddress, getTestCheckout, testCheckoutAction} from '@/lib/booking/server'
import {testCardAction} from '@/lib/payments/test-checkout-actions'

/**
 * Pay (or Save, for a card update) on the local test checkout: the "declines later charges" choice
 * is kept with the session; a card update is saved and goes to its success URL; a payment completes
 * the session as paid, confirms the booking through the same fulfilCheckout as the success page,
 * then 303 to the success URL.
 */
export async function POST(request: Request, {params}: {params: Promise<{sessionId: string}>}) {
  const {sessionId} = await params
  return (await testCardAction(request, sessionId, 'complete', getTestCheckout(clientAddress(request.headers)))) ?? testCheckoutAction(request, sessionId, 'paid')
}
