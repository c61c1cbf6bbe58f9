import 'server-only'

import {randomUUID} from 'node:crypto'
import {getAvailability} from '../content'
import {getDatabaseFunctions} from '../database'
import {wakeEmailOutbox} from '../email/server'
import {clientAddress} from '../edge/client-address'
import {sharedRateLimiter, type RateLimiter} from '../rate-limit'
import type {LeadFlowDeps} from './flow'
import type {LeadKind} from './schemas'
import {createLeadStore} from './store'

/**
 * The lead forms wired to the configured services: the database, the clock, the Availability
 * document (the estimate visits' days and windows), the outbox worker and
 * one rate limit per form endpoint (LEAD_RATE_LIMIT_MAX submissions, default 5, per
 * LEAD_RATE_LIMIT_WINDOW_SECONDS, default 60, and client address).
 */

export async function leadFlowDeps(): Promise<LeadFlowDeps> {
  return {
    store: createLeadStore(await getDatabaseFunctions()),
    now: () => new Date(),
    newId: randomUUID,
    availability: getAvailability,
    afterStored: wakeEmailOutbox,
  }
}

/** Each form endpoint's own limit (a contact message does not use up the quote form's). */
export function leadRateLimiter(kind: LeadKind): RateLimiter {
  return sharedRateLimiter(`lead-${kind}`, {limit: 'LEAD_RATE_LIMIT_MAX', windowSeconds: 'LEAD_RATE_LIMIT_WINDOW_SECONDS'}, {limit: 5, windowSeconds: 60})
}

export {clientAddress}
