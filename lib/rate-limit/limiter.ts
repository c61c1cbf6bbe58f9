import {createHmac} from 'node:crypto'

/**
 * A per-client rate limit, shared by every server process: each limit (a name, `limit` requests per
 * `windowSeconds`) counts requests per client address in a store all processes reach, so a client
 * gets its quota once however many processes answer, and a restart forgives nobody.
 *
 * Two adapters implement `RateLimiter`: the database (./database.ts, the default, one SQL function)
 * and Redis/Valkey (./redis.ts, rate-limiter-flexible) when REDIS_URL is set. ./index.ts picks one.
 * Neither store keeps a client's address: keys are a keyed hash of it (`clientKeyHash`).
 */

export interface RateLimitOptions {
  /** Requests allowed per client in a burst, and per window on average. */
  limit: number
  windowSeconds: number
}

export interface RateLimitResult {
  allowed: boolean
  limit: number
  /** Requests still allowed right now (after this one). */
  remaining: number
  /** When refused: seconds until the next request is allowed (at least 1). */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Counts one request of the client at `address`; rejects when the store cannot be reached. */
  check(address: string): Promise<RateLimitResult>
}

export function checkRateLimitOptions({limit, windowSeconds}: RateLimitOptions): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`)
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) throw new RangeError(`windowSeconds must be a positive integer, got ${windowSeconds}`)
}

/** `{limit, windowSeconds}` from two variables, with defaults for anything unset or not a positive whole number. */
export function rateLimitFromEnv(
  env: Record<string, string | undefined>,
  names: {limit: string; windowSeconds: string},
  defaults: RateLimitOptions,
): RateLimitOptions {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]?.trim())
    return Number.isInteger(value) && value > 0 ? value : fallback
  }
  return {limit: read(names.limit, defaults.limit), windowSeconds: read(names.windowSeconds, defaults.windowSeconds)}
}

/**
 * The store's key for a client's address: HMAC-SHA-256 under a secret only the servers know
 * (base64url, 43 characters). An address space is small enough to hash whole, so a plain hash would
 * give every address back to anyone who reads the store; the keyed one gives nothing.
 */
export function clientKeyHash(secret: string, address: string): string {
  return createHmac('sha256', secret).update(address).digest('base64url')
}

/**
 * Lets requests through when the store cannot be reached, saying so in the log (the first failure,
 * then at most once a minute with the count since). Every limited request (a booking, a form, the
 * availability, a manage link) needs the database anyway: with the database down it fails on its
 * own with "unavailable", which is the truth, where a refusal would tell the visitor they sent too
 * many. With Redis down and the database up, bookings and forms go on (the database still guards
 * places, idempotency and the e-mails) rather than the whole site refusing because of a counter.
 */
export function failingOpen(
  limiter: RateLimiter,
  options: {name: string; log?: Pick<Console, 'error'>; now?: () => number},
): RateLimiter {
  const log = options.log ?? console
  const now = options.now ?? Date.now
  let lastLogged = -Infinity
  let unlogged = 0
  return {
    async check(address: string): Promise<RateLimitResult> {
      try {
        return await limiter.check(address)
      } catch (error) {
        unlogged++
        if (now() - lastLogged >= 60_000) {
          log.error(
            `Rate limit "${options.name}": the store could not be reached, ${unlogged === 1 ? 'a request was' : `${unlogged} requests were`} let through unlimited`,
            error,
          )
          lastLogged = now()
          unlogged = 0
        }
        return {allowed: true, limit: 0, remaining: 0, retryAfterSeconds: 0}
      }
    },
  }
}

/** Rejects with an error after `ms` unless `promise` settles first (a store that hangs must not hold the request). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
    timer.unref?.()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
