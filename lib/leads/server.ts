import 'server-only'

import {randomUUID} from 'node:crypto'
import {getAvailability} from '../content'
import {getDatabaseFunctions} from '../database'
import {wakeEmailOutbox} from '../email/server'
import {clientAddress} from '../edge/client-address'
import {createRateLimiter, rateLimitFromEnv, type RateLimiter} from '../rate-limit'
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

const LIMITERS_KEY = Symbol.for('renton-cleaning.leads.rateLimiters')

export function leadRateLimiter(kind: LeadKind): RateLimiter {
  const holder = globalThis as typeof globalThis & {[LIMITERS_KEY]?: Map<LeadKind, RateLimiter>}
  const limiters = (holder[LIMITERS_KEY] ??= new Map())
  let limiter = limiters.get(kind)
  if (!limiter) {
    limiter = createRateLimiter(
      rateLimitFromEnv(process.env, {limit: 'LEAD_RATE_LIMIT_MAX', windowSeconds: 'LEAD_RATE_LIMIT_WINDOW_SECONDS'}, {limit: 5, windowSeconds: 60}),
    )
    limiters.set(kind, limiter)
  }
  return limiter
}

export {clientAddress}
