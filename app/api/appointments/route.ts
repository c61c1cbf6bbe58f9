import {handleLeadRequest} from '@/lib/leads/routes'
import {clientAddress, leadFlowDeps, leadRateLimiter} from '@/lib/leads/server'

/** Stores an appointment request from /appointment with its e-mails; the answers are listed in lib/leads/answers.ts. */
export async function POST(request: Request) {
  return handleLeadRequest('appointment', request, {
    limiter: leadRateLimiter('appointment'),
    clientKey: (req) => clientAddress(req.headers),
    deps: leadFlowDeps,
  })
}
