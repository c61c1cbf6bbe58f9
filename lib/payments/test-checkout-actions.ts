import {BodyTooLargeError, readTextWithLimit} from '../request-body'
import {testCardUpdateReturnUrl, type TestCheckoutProvider} from './test-checkout'

/**
 * The saved-card part of Pay / Save and Cancel on the test checkout page: the visitor's
 * "this test card declines later charges" choice is recorded on the open session before it is
 * completed, and a card-update session (setup mode) is completed here, going back to its return URL.
 * A payment session answers null: the booking's own action (lib/booking/routes.ts) completes it.
 */

/** The checkbox's name and value on the page's form. */
export const DECLINES_LATER_FIELD = 'declinesLater'
export const DECLINES_LATER_VALUE = 'yes'

/** Largest form (the one checkbox). */
const MAX_BODY_BYTES = 4 * 1024

export async function testCardAction(
  request: Request,
  sessionId: string,
  outcome: 'complete' | 'cancelled',
  checkout: TestCheckoutProvider | null,
): Promise<Response | null> {
  if (!checkout) return null
  if (outcome === 'complete') {
    let body: string
    try {
      // A copy: the booking's action reads the request itself.
      body = await readTextWithLimit(request.clone(), MAX_BODY_BYTES)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return Response.json({error: 'Request body too large'}, {status: 413})
      throw error
    }
    const declines = new URLSearchParams(body).get(DECLINES_LATER_FIELD) === DECLINES_LATER_VALUE
    await checkout.chooseCard(sessionId, declines)
  }
  const update = await checkout.getCardUpdate(sessionId)
  if (!update) return null
  const done = await checkout.completeCardUpdate(sessionId, outcome === 'complete' ? 'saved' : 'cancelled')
  if (!done) return new Response('Not found', {status: 404})
  // The first outcome wins: a repeated Save after Cancel goes where the session ended.
  const location = testCardUpdateReturnUrl(done, done.status === 'saved' ? 'saved' : 'cancelled')
  return new Response(null, {status: 303, headers: {Location: location, 'Cache-Control': 'no-store'}})
}
