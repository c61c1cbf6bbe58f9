import pg from 'pg'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import type {DatabaseFunctions} from '../database/functions'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import type {SqlClient} from '../database/sql'
import {createServiceRoleClient} from '../database/supabase'
import {createSupabaseDatabaseFunctions} from '../database/supabase-functions'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../database/test-support/postgres-cluster'
import {openPostgrestOnPglite, type PostgrestStandIn} from '../database/test-support/postgrest'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {openedForTests} from '../database/test-support/opened-for-tests'
import {createDatabaseRateLimiter} from './database'
import {clientKeyHash, failingOpen, rateLimitFromEnv, type RateLimiter} from './limiter'
import {TEST_KEY_SECRET} from './test-support/limiters'

// The databases are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The shared rate limit's SQL function (take_rate_limit, supabase/migrations) through the app's
 * adapters, on the embedded PGlite, on a real PostgreSQL server and through supabase-js rpc: the
 * generic cell rate algorithm with the test's clock (p_now), its table kept small, no address kept.
 */

const T0 = Date.parse('2027-01-10T20:00:00Z')

function clock(start = T0) {
  let now = start
  return {now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000)}
}

type Harness = {functions: DatabaseFunctions; sql: SqlClient; close(): Promise<void>}

let names = 0
function limiterOn(h: Harness, options: {limit: number; windowSeconds: number; now?: () => Date; name?: string}): RateLimiter {
  return createDatabaseRateLimiter(h.functions, {name: options.name ?? `limit-${++names}`, keySecret: async () => TEST_KEY_SECRET, ...options})
}

async function rows(sql: SqlClient): Promise<{key: string; full_at: Date}[]> {
  return (await sql.query<{key: string; full_at: Date}>('select key, full_at from public.rate_limits order by key')).rows
}

function rateLimitContract(setup: () => Promise<Harness>) {
  const h = openedForTests(setup)
  beforeEach(async () => {
    await h.sql.query('delete from public.rate_limits')
  })

  it('allows a burst of `limit` requests, then refuses with the seconds until the next, one more every window ÷ limit', async () => {
    const time = clock()
    const limiter = limiterOn(h, {limit: 3, windowSeconds: 60, now: time.now})
    expect(await limiter.check('203.0.113.7')).toEqual({allowed: true, limit: 3, remaining: 2, retryAfterSeconds: 0})
    expect((await limiter.check('203.0.113.7')).remaining).toBe(1)
    expect((await limiter.check('203.0.113.7')).remaining).toBe(0)
    // One request refills every 20 s: the next is allowed 20 s after the burst.
    time.advance(5)
    expect(await limiter.check('203.0.113.7')).toEqual({allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 15})
    time.advance(14.5)
    expect(await limiter.check('203.0.113.7')).toEqual({allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 1})
    time.advance(0.5)
    expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    expect((await limiter.check('203.0.113.7')).allowed).toBe(false)
    // A whole window later the whole burst is back.
    time.advance(60)
    for (let i = 0; i < 3; i++) expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    expect((await limiter.check('203.0.113.7')).allowed).toBe(false)
  })

  it('holds a steady client to `limit` per window however long it keeps asking; refused requests cost nothing', async () => {
    const time = clock()
    const limiter = limiterOn(h, {limit: 5, windowSeconds: 60, now: time.now})
    let allowed = 0
    // Three requests every 2 s for 4 minutes.
    for (let second = 0; second < 240; second += 2) {
      for (let i = 0; i < 3; i++) if ((await limiter.check('198.51.100.4')).allowed) allowed++
      time.advance(2)
    }
    // 5 at once, then one every 12 s over 4 minutes: 5 + 19.
    expect(allowed).toBe(24)
    // The refusals did not push the refill back: now (240 s), 12 s after the last allowed one, one more.
    expect((await limiter.check('198.51.100.4')).allowed).toBe(true)
    expect((await limiter.check('198.51.100.4')).allowed).toBe(false)
  })

  it('counts each client and each limit apart', async () => {
    const time = clock()
    const booking = limiterOn(h, {limit: 1, windowSeconds: 600, now: time.now, name: 'booking'})
    const availability = limiterOn(h, {limit: 1, windowSeconds: 600, now: time.now, name: 'availability'})
    expect((await booking.check('a')).allowed).toBe(true)
    expect((await booking.check('b')).allowed).toBe(true)
    expect((await availability.check('a')).allowed).toBe(true)
    expect(await booking.check('a')).toMatchObject({allowed: false, retryAfterSeconds: 600})
  })

  it('keeps no address: each row is the limit and a keyed hash of the address', async () => {
    const limiter = limiterOn(h, {limit: 2, windowSeconds: 60, name: 'quote'})
    await limiter.check('203.0.113.7')
    await limiter.check('2001:db8::1')
    const stored = await rows(h.sql)
    expect(stored.map((row) => row.key).sort()).toEqual([`quote:${clientKeyHash(TEST_KEY_SECRET, '203.0.113.7')}`, `quote:${clientKeyHash(TEST_KEY_SECRET, '2001:db8::1')}`].sort())
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113\.7|2001:db8/)
    // Another secret, another key: the hash cannot be recomputed from the address alone.
    expect(clientKeyHash('another secret of at least 32 characters', '203.0.113.7')).not.toBe(clientKeyHash(TEST_KEY_SECRET, '203.0.113.7'))
  })

  it('cannot grow without bound: clients whose bucket is full again are forgotten as others come', async () => {
    const time = clock()
    const limiter = limiterOn(h, {limit: 2, windowSeconds: 10, now: time.now})
    for (let i = 0; i < 120; i++) await limiter.check(`198.51.100.${i}`)
    expect(await rows(h.sql)).toHaveLength(120)
    // Every one of those buckets is full again after a window: they say nothing any more.
    time.advance(11)
    for (let i = 0; i < 40; i++) {
      await limiter.check(`192.0.2.${i % 5}`)
      time.advance(0.01)
    }
    // 40 calls took away up to 4 old rows each: only the 5 clients still within their window remain.
    expect((await rows(h.sql)).length).toBe(5)
    // Forgetting a full bucket changes nothing: an old client gets its whole burst, as it would have.
    expect((await limiter.check('198.51.100.1')).remaining).toBe(1)
  })

  it('without a clock of its own it counts on the database clock', async () => {
    const limiter = limiterOn(h, {limit: 1, windowSeconds: 3_600})
    expect((await limiter.check('203.0.113.9')).allowed).toBe(true)
    const refused = await limiter.check('203.0.113.9')
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(3_500)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3_600)
  })

  it('refuses a limit or a window that is not positive', async () => {
    await expect(h.functions.value('take_rate_limit', {p_key: 'k', p_limit: 0, p_window_seconds: 60, p_now: null})).rejects.toMatchObject({code: '22023'})
    await expect(h.functions.value('take_rate_limit', {p_key: 'k', p_limit: 1, p_window_seconds: 0, p_now: null})).rejects.toMatchObject({code: '22023'})
    expect(() => limiterOn(h, {limit: 0, windowSeconds: 60})).toThrow(RangeError)
  })
}

describe('take_rate_limit on PGlite (the embedded default)', () => {
  rateLimitContract(async () => {
    const database = await openTempPglite()
    return {functions: createSqlDatabaseFunctions(database.db), sql: database.db, close: database.close}
  })
})

const postgresTools = findPostgresTools()
if ('missing' in postgresTools) console.warn(`Skipping the rate limits on a real PostgreSQL server: ${postgresTools.missing}.`)

describe.skipIf('missing' in postgresTools)('take_rate_limit on a real PostgreSQL server (throwaway cluster)', () => {
  let cluster: MigratedCluster

  rateLimitContract(async () => {
    if ('missing' in postgresTools) throw new Error(postgresTools.missing)
    cluster = await startMigratedCluster(postgresTools, 8)
    return {functions: createSqlDatabaseFunctions(cluster.sql), sql: cluster.sql, close: cluster.close}
  })

  /** A server process's own connections to the database (a pool, as the server has), and its own limiter on them. */
  async function serverProcess(options: {limit: number; windowSeconds: number}) {
    const pool = new pg.Pool({host: cluster.cluster.host, port: cluster.cluster.port, user: cluster.cluster.user, database: cluster.cluster.database, max: 3})
    const sql: SqlClient = {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await pool.query(text, params)).rows as R[]})}
    const limiter = createDatabaseRateLimiter(createSqlDatabaseFunctions(sql), {name: 'quote', keySecret: async () => TEST_KEY_SECRET, ...options})
    return {limiter, stop: () => pool.end()}
  }

  it('two server processes on their own connections share one client quota, racing or not, and a restart forgives nothing', async () => {
    await cluster.sql.query('delete from public.rate_limits')
    const first = await serverProcess({limit: 5, windowSeconds: 60})
    const second = await serverProcess({limit: 5, windowSeconds: 60})
    try {
      // 20 requests of one client at once, half to each process: 5 get through.
      const answers = await Promise.all(Array.from({length: 20}, (_, i) => (i % 2 ? first : second).limiter.check('203.0.113.7')))
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(5)
      // Another client is not affected.
      expect((await second.limiter.check('203.0.113.8')).allowed).toBe(true)
    } finally {
      await first.stop()
      await second.stop()
    }
    // Both processes restarted: the client is still over its limit.
    const restarted = await serverProcess({limit: 5, windowSeconds: 60})
    try {
      const refused = await restarted.limiter.check('203.0.113.7')
      expect(refused.allowed).toBe(false)
      expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    } finally {
      await restarted.stop()
    }
  })

  it('many clients returning at once, each forgetting the others, all get their answer: no call waits for another', async () => {
    await cluster.sql.query('delete from public.rate_limits')
    const time = clock()
    const limiter = createDatabaseRateLimiter(createSqlDatabaseFunctions(cluster.sql), {name: 'quote', keySecret: async () => TEST_KEY_SECRET, limit: 2, windowSeconds: 10, now: time.now})
    const clients = Array.from({length: 60}, (_, i) => `198.51.100.${i}`)
    for (const address of clients) await limiter.check(address)
    // A window later every bucket is full again: each call may delete the rows of the others.
    time.advance(20)
    const answers = await Promise.all(clients.flatMap((address) => [limiter.check(address), limiter.check(address)]))
    expect(answers.every((answer) => answer.allowed)).toBe(true)
    expect((await rows(cluster.sql)).length).toBe(60)
  })
})

describe('take_rate_limit on Supabase (supabase-js rpc against a PostgREST stand-in)', () => {
  const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.rate-limit-service-role'
  const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.rate-limit-anon'
  let postgrest: PostgrestStandIn

  rateLimitContract(async () => {
    const supabase = await openPostgrestOnPglite({keys: {[SERVICE_ROLE_KEY]: 'service_role', [ANON_KEY]: 'anon'}, exposedTables: ['rate_limits']})
    postgrest = supabase.postgrest
    return {functions: createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY})), sql: supabase.db, close: supabase.close}
  })

  it('with the public (anon) key the function cannot be called', async () => {
    const anon = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: ANON_KEY}))
    await expect(anon.value('take_rate_limit', {p_key: 'k', p_limit: 5, p_window_seconds: 60, p_now: null})).rejects.toMatchObject({code: '42501'})
  })
})

describe('failingOpen (the store cannot be reached)', () => {
  it('lets the request through and says so in the log: at once, then at most once a minute with the count', async () => {
    const database = await openTempPglite()
    const store = createDatabaseRateLimiter(createSqlDatabaseFunctions(database.db), {name: 'booking', limit: 1, windowSeconds: 60, keySecret: async () => TEST_KEY_SECRET})
    await database.close()
    let now = T0
    const log = {error: vi.fn()}
    const limiter = failingOpen(store, {name: 'booking', log, now: () => now})
    expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.error.mock.calls[0][0]).toBe('Rate limit "booking": the store could not be reached, a request was let through unlimited')
    expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    expect(log.error).toHaveBeenCalledTimes(1)
    now += 60_000
    expect((await limiter.check('203.0.113.7')).allowed).toBe(true)
    expect(log.error).toHaveBeenCalledTimes(2)
    expect(log.error.mock.calls[1][0]).toBe('Rate limit "booking": the store could not be reached, 3 requests were let through unlimited')
  })
})

describe('rateLimitFromEnv', () => {
  it('reads the limit and the window in seconds, with defaults for anything unset or not a positive whole number', () => {
    const names = {limit: 'BOOKING_RATE_LIMIT_MAX', windowSeconds: 'BOOKING_RATE_LIMIT_WINDOW_SECONDS'}
    const defaults = {limit: 20, windowSeconds: 600}
    expect(rateLimitFromEnv({}, names, defaults)).toEqual({limit: 20, windowSeconds: 600})
    expect(rateLimitFromEnv({BOOKING_RATE_LIMIT_MAX: ' 3 ', BOOKING_RATE_LIMIT_WINDOW_SECONDS: '60'}, names, defaults)).toEqual({limit: 3, windowSeconds: 60})
    expect(rateLimitFromEnv({BOOKING_RATE_LIMIT_MAX: '0', BOOKING_RATE_LIMIT_WINDOW_SECONDS: '1.5'}, names, defaults)).toEqual({limit: 20, windowSeconds: 600})
    expect(rateLimitFromEnv({BOOKING_RATE_LIMIT_MAX: 'many', BOOKING_RATE_LIMIT_WINDOW_SECONDS: '-5'}, names, defaults)).toEqual({limit: 20, windowSeconds: 600})
  })
})
