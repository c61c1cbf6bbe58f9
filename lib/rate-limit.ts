/**
 * A per-key sliding-window rate limit, in memory (one server process). Each key keeps the times of
 * its accepted requests within the window; a request is refused while `limit` of them are younger
 * than `windowMs`. Refused requests are not counted, so a client that waits gets through again.
 *
 * Memory stays bounded: expired entries are swept every few hundred checks, and beyond `maxKeys`
 * the keys seen least recently are dropped (they lose their history, which only ever lets a
 * request through, never refuses one wrongly).
 */

export interface RateLimitOptions {
  /** Requests allowed per key within the window. */
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
  /** Requests still allowed in the current window (after this one). */
  remaining: number
  /** When refused: seconds until the oldest counted request leaves the window (at least 1). */
  retryAfterSeconds: number
}

export interface RateLimiter {
  check(key: string): RateLimitResult
  /** Keys currently tracked. */
  size(): number
  reset(): void
}

const SWEEP_EVERY = 256

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const {limit, windowMs} = options
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 10_000
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`)
  if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${windowMs}`)

  // Insertion order = least recently seen first (a key is re-inserted on every check).
  const hits = new Map<string, number[]>()
  let checks = 0

  function prune(times: number[], at: number): number[] {
    let first = 0
    while (first < times.length && times[first] <= at - windowMs) first++
    return first === 0 ? times : times.slice(first)
  }

  function sweep(at: number): void {
    for (const [key, times] of hits) {
      const kept = prune(times, at)
      if (kept.length === 0) hits.delete(key)
      else if (kept !== times) hits.set(key, kept)
    }
  }

  return {
    check(key: string): RateLimitResult {
      const at = now()
      if (++checks % SWEEP_EVERY === 0) sweep(at)
      const times = prune(hits.get(key) ?? [], at)
      hits.delete(key)
      if (times.length >= limit) {
        hits.set(key, times)
        const retryAfterSeconds = Math.max(1, Math.ceil((times[0] + windowMs - at) / 1000))
        return {allowed: false, limit, remaining: 0, retryAfterSeconds}
      }
      times.push(at)
      hits.set(key, times)
      if (hits.size > maxKeys) {
        sweep(at)
        for (const oldest of hits.keys()) {
          if (hits.size <= maxKeys) break
          hits.delete(oldest)
        }
      }
      return {allowed: true, limit, remaining: limit - times.length, retryAfterSeconds: 0}
    },
    size: () => hits.size,
    reset: () => hits.clear(),
  }
}

/**
 * The client's address as the proxy in front of the app reports it: the first entry of
 * X-Forwarded-For, else X-Real-IP, else 'unknown' (every such request then shares one bucket).
 * These headers are only trustworthy behind a proxy that sets them (Vercel, nginx, a load
 * balancer); an app exposed directly can be sent any value.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  const address = forwarded || headers.get('x-real-ip')?.trim() || ''
  if (address === '') return 'unknown'
  // An IPv4 client seen through an IPv6 socket is the same client.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').slice(0, 100).toLowerCase()
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
