import type {DatabaseFunctions} from '../database/functions.ts'
import {checkRateLimitOptions, clientKeyHash, type RateLimiter, type RateLimitOptions, type RateLimitResult} from './limiter.ts'

/**
 * The rate limits in the database (the default): the function take_rate_limit of
 * supabase/migrations counts each request in one statement under the client's row lock (the generic
 * cell rate algorithm: a burst of `limit`, then one more every window ÷ limit; refused requests
 * cost nothing), through either adapter of `DatabaseFunctions` (SQL on PGlite or PostgreSQL,
 * supabase-js rpc). Rows are keyed `<name>:<keyed hash of the address>`.
 */
export function createDatabaseRateLimiter(
  functions: DatabaseFunctions,
  options: RateLimitOptions & {
    /** Which limit this is (booking, availability, …): each counts apart. */
    name: string
    /** The secret of the keyed hash, the same in every process. */
    keySecret: () => Promise<string>
    /** The clock, for tests; by default the database's own, one for every process. */
    now?: () => Date
  },
): RateLimiter {
  checkRateLimitOptions(options)
  const {name, limit, windowSeconds} = options
  return {
    async check(address: string): Promise<RateLimitResult> {
      const key = `${name}:${clientKeyHash(await options.keySecret(), address)}`
      const answer = await functions.value<{allowed: boolean; remaining: number; retryAfterSeconds: number}>('take_rate_limit', {
        p_key: key,
        p_limit: limit,
        p_window_seconds: windowSeconds,
        p_now: options.now?.() ?? null,
      })
      return {allowed: answer.allowed, limit, remaining: answer.remaining, retryAfterSeconds: answer.retryAfterSeconds}
    },
  }
}
