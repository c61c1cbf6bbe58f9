import {handleLeadRequest} from '@/lib/leads/routes'
import {clientAddress, leadFlowDeps, leadRateLimiter} from '@/lib/leads/server'

/** Stores a message from the home or contact page's form with its e-mails; the answers are listed in lib/leads/answers.ts. */
export async function POST(request: Request) {
  return handleLeadRequest('contactMessage', request, {
    limiter: leadRateLimiter('contactMessage'),
    clientKey: (req) => clientAddress(req.headers),
    deps: leadFlowDeps,
  })
}
