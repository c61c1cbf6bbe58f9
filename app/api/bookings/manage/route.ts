import {handleManageRequest} from '@/lib/booking/routes'
import {clientAddress, manageDeps, manageRateLimiter} from '@/lib/booking/server'

/** A move or a cancellation request through a booking's manage link (lib/booking/manage.ts). */
export async function POST(request: Request) {
  return handleManageRequest(request, {limiter: manageRateLimiter(), clientKey: (req) => clientAddress(req.headers), deps: manageDeps})
}
