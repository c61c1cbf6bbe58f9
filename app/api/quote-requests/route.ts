import {handleLeadRequest} from '@/lib/leads/routes'
import {clientAddress, leadFlowDeps, leadRateLimiter} from '@/lib/leads/server'

/** Stores a quote request from a quote landing page with its e-mails; the answers are listed in lib/leads/answers.ts. */
export async function POST(request: Request) {
  return handleLeadRequest('quoteRequest', request, {
    limiter: leadRateLimiter('quoteRequest'),
    clientKey: (req) => clientAddress(req.headers),
    deps: leadFlowDeps,
  })
}
