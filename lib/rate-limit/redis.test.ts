import {createServer, type Server, type Socket} from 'node:net'
import {createClient} from 'redis'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {closedPort} from '../database/test-support/ports'
import {clientKeyHash, failingOpen} from './limiter'
import {createRedisRateLimiter} from './redis'
import {TEST_KEY_SECRET} from './test-support/limiters'
import {REDIS_SERVER, startRedisServer, type RedisServer} from '../database/test-support/redis-server'

vi.setConfig({testTimeout: 30_000, hookTimeout: 30_000})

/**
 * The rate limits in Redis (REDIS_URL): rate-limiter-flexible's RateLimiterRedis on the official
 * client, against a real redis-server started for these tests.
 */

type Client = ReturnType<typeof createClient>

function redisClient(url: string): Client {
  const client = createClient({url, disableOfflineQueue: true, socket: {connectTimeout: 1_000, reconnectStrategy: false}})
  client.on('error', () => {})
  return client
}

function limiterOn(client: Client, options: {limit: number; windowSeconds: number; name?: string; timeoutMs?: number}) {
  return createRedisRateLimiter(client, {name: options.name ?? 'quote', keySecret: async () => TEST_KEY_SECRET, ...options})
}

if (!REDIS_SERVER) console.warn('Skipping the Redis rate limit tests: redis-server is not installed (apt-get install redis-server).')

describe.skipIf(!REDIS_SERVER)('rate limits in Redis (a real redis-server)', () => {
  let server: RedisServer
  const clients: Client[] = []

  async function connected(): Promise<Client> {
    const client = redisClient(server.url)
    await client.connect()
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    server = await startRedisServer()
  })

  afterAll(async () => {
    for (const client of clients) if (client.isOpen) client.destroy()
    await server?.dispose()
  })

  beforeEach(async () => {
    await (await connected()).flushAll()
  })

  it('allows `limit` requests of a client per window, then refuses with the seconds until its window ends', async () => {
    const limiter = limiterOn(await connected(), {limit: 3, windowSeconds: 60})
    expect(await limiter.check('203.0.113.7')).toEqual({allowed: true, limit: 3, remaining: 2, retryAfterSeconds: 0})
    expect((await limiter.check('203.0.113.7')).remaining).toBe(1)
    expect((await limiter.check('203.0.113.7')).remaining).toBe(0)
    const refused = await limiter.check('203.0.113.7')
    expect(refused).toMatchObject({allowed: false, limit: 3, remaining: 0})
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
    // Another client, and the same client under another limit, count apart.
    expect((await limiter.check('203.0.113.8')).allowed).toBe(true)
    expect((await limiterOn(await connected(), {limit: 3, windowSeconds: 60, name: 'booking'}).check('203.0.113.7')).allowed).toBe(true)
  })

  it('two server processes on their own connections share one client quota, racing or not, and a restart forgives nothing', async () => {
    const first = limiterOn(await connected(), {limit: 5, windowSeconds: 60})
    const second = limiterOn(await connected(), {limit: 5, windowSeconds: 60})
    const answers = await Promise.all(Array.from({length: 20}, (_, i) => (i % 2 ? first : second).check('203.0.113.7')))
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5)
    for (const client of clients) client.destroy()
    // Both processes restarted, with new connections: still over the limit.
    const restarted = limiterOn(await connected(), {limit: 5, windowSeconds: 60})
    expect((await restarted.check('203.0.113.7')).allowed).toBe(false)
  })

  it('keeps no address, and nothing longer than a window: one key per client, a keyed hash, expiring with its window', async () => {
    const client = await connected()
    const limiter = limiterOn(client, {limit: 5, windowSeconds: 60})
    await limiter.check('203.0.113.7')
    await limiter.check('2001:db8::1')
    const keys = (await client.keys('*')).sort()
    expect(keys).toEqual([`rate-limit:quote:${clientKeyHash(TEST_KEY_SECRET, '203.0.113.7')}`, `rate-limit:quote:${clientKeyHash(TEST_KEY_SECRET, '2001:db8::1')}`].sort())
    for (const key of keys) {
      const ttl = await client.pTTL(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(60_000)
    }
  })
})

describe('rate limits in Redis when Redis cannot be reached', () => {
  it('nothing listens: the check fails at once, and the server lets the request through with a log', async () => {
    const client = redisClient(`redis://127.0.0.1:${await closedPort()}`)
    await client.connect().catch(() => {})
    const limiter = limiterOn(client, {limit: 1, windowSeconds: 60})
    await expect(limiter.check('203.0.113.7')).rejects.toThrow()
    const log = {error: vi.fn()}
    const open = failingOpen(limiter, {name: 'quote', log})
    expect((await open.check('203.0.113.7')).allowed).toBe(true)
    expect((await open.check('203.0.113.7')).allowed).toBe(true)
    expect(log.error).toHaveBeenCalledTimes(1)
    if (client.isOpen) client.destroy()
  })

  it('a server that accepts but never answers: the check gives up after its timeout instead of holding the request', async () => {
    const sockets: Socket[] = []
    const silent: Server = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const {port} = silent.address() as {port: number}
    const client = redisClient(`redis://127.0.0.1:${port}`)
    void client.connect().catch(() => {})
    try {
      const limiter = limiterOn(client, {limit: 1, windowSeconds: 60, timeoutMs: 300})
      const started = performance.now()
      await expect(limiter.check('203.0.113.7')).rejects.toThrow()
      expect(performance.now() - started).toBeLessThan(2_000)
    } finally {
      if (client.isOpen) client.destroy()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
