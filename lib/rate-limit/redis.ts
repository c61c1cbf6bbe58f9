import {RateLimiterRedis, RateLimiterRes} from 'rate-limiter-flexible'
import {checkRateLimitOptions, clientKeyHash, withTimeout, type RateLimiter, type RateLimitOptions, type RateLimitResult} from './limiter.ts'

/**
 * The rate limits in Redis/Valkey (when REDIS_URL is set): rate-limiter-flexible's RateLimiterRedis
 * on the official `redis` client, one atomic script per request. Its algorithm is the library's
 * window from a client's first request: `limit` requests, then none until that window ends, when
 * the key expires by itself (Redis keeps nothing longer than a window). Same limit per window as the
 * database's; the refill comes at once at the window's end instead of one every window ÷ limit.
 * Keys are `rate-limit:<name>:<keyed hash of the address>`.
 */
export function createRedisRateLimiter(
  /** A node-redis client (`createClient`), connecting or connected. */
  client: unknown,
  options: RateLimitOptions & {
    name: string
    keySecret: () => Promise<string>
    /** A store that does not answer within this long counts as unreachable (default 1 s). */
    timeoutMs?: number
  },
): RateLimiter {
  checkRateLimitOptions(options)
  const {limit} = options
  const limiter = new RateLimiterRedis({
    storeClient: client,
    useRedisPackage: true,
    // Not connected: fail at once instead of queueing the request until Redis is back.
    rejectIfRedisNotReady: true,
    keyPrefix: `rate-limit:${options.name}`,
    points: limit,
    duration: options.windowSeconds,
  })
  const timeoutMs = options.timeoutMs ?? 1_000
  return {
    async check(address: string): Promise<RateLimitResult> {
      const key = clientKeyHash(await options.keySecret(), address)
      try {
        const taken = await withTimeout(limiter.consume(key), timeoutMs, 'RateLimiterRedis.consume')
        return {allowed: true, limit, remaining: taken.remainingPoints, retryAfterSeconds: 0}
      } catch (outcome) {
        // The library rejects with its result when the limit is reached, with an Error when Redis fails.
        if (!(outcome instanceof RateLimiterRes)) throw outcome
        return {allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))}
      }
    },
  }
}
