import {handleCardUpdateRequest} from '@/lib/booking/plans/card'
import {cardUpdateDeps, clientAddress, manageRateLimiter} from '@/lib/booking/server'

/** "Change the card" from a plan's manage link (a form: token): 303 to the provider's card-update checkout (lib/booking/plans/card.ts). */
export async function POST(request: Request) {
  return handleCardUpdateRequest(request, {limiter: manageRateLimiter(), clientKey: (req) => clientAddress(req.headers), deps: () => cardUpdateDeps(clientAddress(request.headers))})
}
