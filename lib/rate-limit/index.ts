import 'server-only'

import {getDatabaseFunctions} from '../database'
import {createDatabaseRateLimiter} from './database.ts'
import {failingOpen, rateLimitFromEnv, type RateLimiter, type RateLimitOptions} from './limiter.ts'
import {createRedisRateLimiter} from './redis.ts'

/**
 * The rate limits wired to the configured store (the only module that reads the environment for
 * them): Redis/Valkey when REDIS_URL is set, otherwise the app's database. Each limit is sized
 * from its two variables (`rateLimitFromEnv`) and lets requests through, with a log, while its store
 * cannot be reached (`failingOpen` says why).
 */

export type {RateLimiter, RateLimitResult} from './limiter.ts'

type Holder = typeof globalThis & {[key: symbol]: unknown}
const holder = globalThis as Holder

/** One value per process under `name` (kept on globalThis, so the route modules' separate bundles share it). */
function perProcess<T>(name: string, make: () => T): T {
  const key = Symbol.for(`renton-cleaning.rate-limit.${name}`)
  holder[key] ??= make()
  return holder[key] as T
}

/** A Redis URL as the log may show it: without its user name or password. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`
  } catch {
    return 'REDIS_URL'
  }
}

/**
 * The secret of the keyed hash of client addresses: made by the database on first use and kept in
 * app_secrets, so every process (and Redis, whose keys it names too) hashes an address alike.
 */
function keySecret(): Promise<string> {
  const key = Symbol.for('renton-cleaning.rate-limit.key-secret')
  const cached = holder[key] as Promise<string> | undefined
  if (cached) return cached
  const secret = getDatabaseFunctions()
    .then((functions) => functions.value<string>('app_secret', {p_name: 'rate_limit_keys'}))
    .catch((error: unknown) => {
      // Asked again next time: the database may be back.
      holder[key] = undefined
      throw error
    })
  holder[key] = secret
  return secret
}

/**
 * The process's one Redis connection for the rate limits, opened on first use and reconnecting by
 * itself. The client library loads then too: loading it cost every server start about 90 ms, with
 * or without Redis.
 */
function redisClient(url: string) {
  return perProcess(`redis ${url}`, async () => {
    const {createClient} = await import('redis')
    let lastLogged = -Infinity
    const client = createClient({
      url,
      // Disconnected: fail at once (the limit lets the request through) rather than queue it.
      disableOfflineQueue: true,
      socket: {connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5_000)},
    })
    client.on('error', (error: unknown) => {
      // Emitted on every failed reconnection: once a minute is enough to say Redis is down.
      if (Date.now() - lastLogged < 60_000) return
      lastLogged = Date.now()
      console.error('Rate limits: Redis cannot be reached', error)
    })
    // Requests that come while the first connection is being made wait for it (at most its
    // 2 s timeout) instead of passing unlimited; later, a lost connection fails them at once.
    const firstAttempt = new Promise<void>((resolve) => {
      client.once('ready', () => resolve())
      client.once('error', () => resolve())
    })
    // A counter's connection never keeps a stopping server alive.
    client.unref()
    client.connect().catch(() => {})
    return {client, firstAttempt}
  })
}

/**
 * The limit `name` of this process, shared through the store with every other process:
 * `names.limit` requests (default `defaults.limit`) per `names.windowSeconds` seconds per client.
 */
export function sharedRateLimiter(name: string, names: {limit: string; windowSeconds: string}, defaults: RateLimitOptions): RateLimiter {
  return perProcess(`limiter ${name}`, () => {
    const options = {...rateLimitFromEnv(process.env, names, defaults), name, keySecret}
    const url = process.env.REDIS_URL?.trim()
    perProcess('announced', () => {
      if (url) console.log(`[rate-limit] Rate limits: in Redis/Valkey at ${redisAddress(url)}, shared by every server process using it`)
      else console.log('[rate-limit] Rate limits: in the database, shared by every server process using it')
      return true
    })
    if (url) {
      const inRedis = redisClient(url).then(async ({client, firstAttempt}) => {
        await firstAttempt
        return createRedisRateLimiter(client, options)
      })
      return failingOpen({check: async (address) => (await inRedis).check(address)}, {name})
    }
    // The database functions of the moment (the embedded database opens on first use).
    const store: RateLimiter = {check: async (address) => createDatabaseRateLimiter(await getDatabaseFunctions(), options).check(address)}
    return failingOpen(store, {name})
  })
}
