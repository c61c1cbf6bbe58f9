/**
 * A per-key rate limit, in memory (one server process): each key has a bucket of `limit` requests
 * that refills evenly over `windowMs` (the generic cell rate algorithm: one number per key, the time
 * at which its bucket is full again). A burst of `limit` requests is allowed, then one more every
 * `windowMs / limit`; refused requests cost nothing, so a client that waits gets through again.
 *
 * Every check costs O(1): keys sit in a Map in the order they were last seen, so the ones whose
 * bucket is full again are found at its front and dropped a few per check; beyond `maxKeys` the key
 * seen least recently is dropped (losing its history only ever lets a request through, never
 * refuses one wrongly). Nothing outlives the process: a restart starts every client afresh.
 */

export interface RateLimitOptions {
  /** Requests allowed per key in a burst, and per window on average. */
  limit: number
  windowMs: number
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number
  /** Keys kept at most (default 10 000). */
  maxKeys?: number
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
  check(key: string): RateLimitResult
  /** Keys currently tracked. */
  size(): number
  reset(): void
}

/** Keys whose bucket is full again dropped per check, at most (amortised: each key is dropped once). */
const DROPS_PER_CHECK = 4

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const {limit, windowMs} = options
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 10_000
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`)
  if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${windowMs}`)

  const interval = windowMs / limit // time one request takes to refill
  const tolerance = windowMs - interval // how far ahead of now a key's bucket may be booked
  // key → {full: when its bucket is full again, seen: when it was last checked}; Map order = `seen`.
  const buckets = new Map<string, {full: number; seen: number}>()

  function dropRecovered(at: number): void {
    let dropped = 0
    for (const [key, bucket] of buckets) {
      // Last seen a window ago: its bucket has been full since (full ≤ last accepted + window).
      if (dropped === DROPS_PER_CHECK || bucket.seen + windowMs > at) break
      buckets.delete(key)
      dropped++
    }
  }

  return {
    check(key: string): RateLimitResult {
      const at = now()
      dropRecovered(at)
      const bucket = buckets.get(key)
      const full = Math.max(bucket?.full ?? at, at)
      buckets.delete(key)
      if (full - at > tolerance) {
        buckets.set(key, {full, seen: at})
        const retryAfterSeconds = Math.max(1, Math.ceil((full - tolerance - at) / 1000))
        return {allowed: false, limit, remaining: 0, retryAfterSeconds}
      }
      const booked = full + interval
      buckets.set(key, {full: booked, seen: at})
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string)
      const remaining = Math.max(0, limit - Math.ceil((booked - at) / interval - 1e-9))
      return {allowed: true, limit, remaining, retryAfterSeconds: 0}
    },
    size: () => buckets.size,
    reset: () => buckets.clear(),
  }
}

/** `{limit, windowMs}` from two variables, with defaults for anything unset or not a positive number. */
export function rateLimitFromEnv(
  env: Record<string, string | undefined>,
  names: {limit: string; windowSeconds: string},
  defaults: {limit: number; windowSeconds: number},
): {limit: number; windowMs: number} {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]?.trim())
    return Number.isInteger(value) && value > 0 ? value : fallback
  }
  return {limit: read(names.limit, defaults.limit), windowMs: read(names.windowSeconds, defaults.windowSeconds) * 1000}
}

/**
 * One limiter per process under `name` (kept on globalThis, so the route modules' separate bundles
 * share it), sized from the environment (`rateLimitFromEnv`).
 */
export function processRateLimiter(
  name: string,
  names: {limit: string; windowSeconds: string},
  defaults: {limit: number; windowSeconds: number},
): RateLimiter {
  const key = Symbol.for(`renton-cleaning.${name}.rateLimiter`)
  const holder = globalThis as typeof globalThis & {[key: symbol]: RateLimiter | undefined}
  holder[key] ??= createRateLimiter(rateLimitFromEnv(process.env, names, defaults))
  return holder[key]
}
