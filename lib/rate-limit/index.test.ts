import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {createClient} from 'redis'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {getDatabaseFunctions} from '../database'
import {closePgliteDatabase, getPgliteDatabase} from '../database/pglite'
import {closedPort} from '../database/test-support/ports'
import {PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {sharedRateLimiter} from './index'
import {clientKeyHash} from './limiter'
import {REDIS_SERVER, startRedisServer, type RedisServer} from '../database/test-support/redis-server'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The server's wiring of the limits (./index.ts) as a route handler gets it: the store the
 * environment names, each limit sized from its variables, the key secret from the database.
 */

const NAMES = {limit: 'WIRING_TEST_RATE_LIMIT_MAX', windowSeconds: 'WIRING_TEST_RATE_LIMIT_WINDOW_SECONDS'}
const saved = {...process.env}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rate-limit-wiring-'))
let redis: RedisServer | undefined
const redisUrls: string[] = []

beforeAll(async () => {
  process.env.BOOKINGS_DATA_DIR = dataDir
  process.env.SUPABASE_URL = ''
  process.env.SUPABASE_SERVICE_ROLE_KEY = ''
  process.env[NAMES.limit] = '2'
  process.env[NAMES.windowSeconds] = '600'
  if (REDIS_SERVER) redis = await startRedisServer()
})

afterAll(async () => {
  for (const url of redisUrls) {
    // The process's connection, opened (with its library) on first use: a promise of it.
    const redis = await ((globalThis as Record<symbol, unknown>)[Symbol.for(`renton-cleaning.rate-limit.redis ${url}`)] as Promise<{client: {destroy(): void; isOpen: boolean}}> | undefined)
    if (redis?.client.isOpen) redis.client.destroy()
  }
  await redis?.dispose()
  await closePgliteDatabase()
  process.env = saved
  rmSync(dataDir, {recursive: true, force: true})
})

function withRedis<T>(url: string | undefined, run: () => Promise<T>): Promise<T> {
  if (url) redisUrls.push(url)
  process.env.REDIS_URL = url ?? ''
  return run().finally(() => {
    process.env.REDIS_URL = ''
  })
}

describe('sharedRateLimiter', () => {
  it('without REDIS_URL: in the database, sized from its variables, keyed by a hash under the database’s own secret', async () => {
    const limiter = await withRedis(undefined, async () => sharedRateLimiter('wiring-db', NAMES, {limit: 5, windowSeconds: 60}))
    expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    // Another route module asking for the same limit gets the same count.
    expect((await sharedRateLimiter('wiring-db', NAMES, {limit: 5, windowSeconds: 60}).check('203.0.113.7')).allowed).toBe(true)
    expect(await limiter.check('203.0.113.7')).toMatchObject({allowed: false, limit: 2, retryAfterSeconds: 300})
    const secret = await (await getDatabaseFunctions()).value<string>('app_secret', {p_name: 'rate_limit_keys'})
    const {rows} = await (await getPgliteDatabase()).query<{key: string}>('select key from public.rate_limits')
    expect(rows).toEqual([{key: `wiring-db:${clientKeyHash(secret, '203.0.113.7')}`}])
  })

  it.skipIf(!REDIS_SERVER)('with REDIS_URL: in Redis, under the same keyed hash, from the first request after start', async () => {
    const url = redis!.url
    await withRedis(url, async () => {
      const limiter = sharedRateLimiter('wiring-redis', NAMES, {limit: 5, windowSeconds: 60})
      expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
      expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
      expect(await limiter.check('203.0.113.7')).toMatchObject({allowed: false, limit: 2})
    })
    const client = createClient({url})
    await client.connect()
    try {
      const secret = await (await getDatabaseFunctions()).value<string>('app_secret', {p_name: 'rate_limit_keys'})
      expect(await client.keys('*')).toEqual([`rate-limit:wiring-redis:${clientKeyHash(secret, '203.0.113.7')}`])
    } finally {
      client.destroy()
    }
  })

  it('with REDIS_URL and nothing listening there: requests go through, and the log says why', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await withRedis(`redis://127.0.0.1:${await closedPort()}`, async () => {
        const limiter = sharedRateLimiter('wiring-down', NAMES, {limit: 5, windowSeconds: 60})
        for (let i = 0; i < 4; i++) expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
      })
      expect(errors.mock.calls.some(([message]) => String(message).startsWith('Rate limit "wiring-down": the store could not be reached'))).toBe(true)
    } finally {
      errors.mockRestore()
    }
  })
})
