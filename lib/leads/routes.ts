/**
 * The HTTP side of the lead forms, on the web Request/Response API so the route handlers stay one
 * line and this is tested without a server: rate limit per client address, size cap, JSON, then
 * `submitLead`. Answers are listed in ./answers.ts.
 */
import type {RateLimiter} from '../rate-limit/limiter'
import {readJsonBody} from '../request-body'
import type {LeadAnswer} from './answers'
import {submitLead, type LeadFlowDeps, type LeadResult} from './flow'
import type {LeadKind} from './schemas'

/** Largest request accepted (a contact message at its 4000-character limit is well under). */
export const MAX_LEAD_BODY_BYTES = 32 * 1024

function answer(body: LeadAnswer, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, {status, headers: {'Cache-Control': 'no-store', ...headers}})
}

/** What the visitor sent is 4xx (a key already stored with other details 409); the database failing 503. */
const STATUS: Record<Exclude<LeadResult, {ok: true}>['kind'], number> = {validation: 400, spam: 400, conflict: 409, unavailable: 503}

export interface LeadRouteOptions {
  limiter: RateLimiter
  /** The client's address, the rate limit's key. */
  clientKey: (request: Request) => string
  /** The flow's dependencies; may throw when the database cannot be opened. */
  deps: () => Promise<LeadFlowDeps>
  log?: Pick<Console, 'error'>
}

/** POST of one lead form. */
export async function handleLeadRequest(kind: LeadKind, request: Request, options: LeadRouteOptions): Promise<Response> {
  const limit = await options.limiter.check(options.clientKey(request))
  if (!limit.allowed) return answer({ok: false, kind: 'rate-limited'}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  const read = await readJsonBody(request, MAX_LEAD_BODY_BYTES)
  if (!read.ok) {
    return read.status === 400 ? answer({ok: false, kind: 'validation', fieldErrors: {'': 'invalidRequest'}}, 400) : answer({ok: false, kind: 'invalid'}, read.status)
  }
  let deps: LeadFlowDeps
  try {
    deps = await options.deps()
  } catch (error) {
    ;(options.log ?? console).error(`Lead route: the database is not available for a ${kind}`, error)
    return answer({ok: false, kind: 'unavailable'}, 503)
  }
  const result = await submitLead(kind, read.body, deps)
  return result.ok ? answer({ok: true}, 200) : answer(result, STATUS[result.kind])
}
