/**
 * The page and content-read cache shared by every server process, in Redis/Valkey (REDIS_URL), with
 * @fortedigital/nextjs-cache-handler's redis-strings handler on the official `redis` client. One
 * connection per process, opened in the background: a page never waits for Redis to come up, and
 * while Redis cannot be reached the cache handler (cache-handler.ts) uses this process's own memory.
 *
 * Keys carry the build's id, so two builds (a deploy rolling over) never read each other's pages.
 * Loaded by Node directly (type stripping) from the cache handler: erasable TypeScript, `.ts` imports.
 */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {createRequire} from 'node:module'
import type {CacheHandler as ForteCacheHandler} from '@fortedigital/nextjs-cache-handler'

/*
 * The Redis client and its cache handler are loaded only when REDIS_URL is set: loading them cost
 * about 90 ms of every server start (the first answer after start waited for it), with or without Redis.
 */
const load = createRequire(import.meta.url)
function redisModules() {
  return {
    createClient: (load('redis') as typeof import('redis')).createClient,
    ForteCacheHandler: (load('@fortedigital/nextjs-cache-handler') as typeof import('@fortedigital/nextjs-cache-handler')).CacheHandler,
    createRedisHandler: (load('@fortedigital/nextjs-cache-handler/redis-strings') as typeof import('@fortedigital/nextjs-cache-handler/redis-strings')).default,
  }
}

/** Longest wait for one Redis command before a request goes on without the shared cache. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000
/**
 * How long Redis keeps an entry after it was written: a day at least, so a page whose time
 * backstop has passed is still served at once (and re-rendered behind it) instead of waiting.
 */
const MIN_KEEP_SECONDS = 24 * 60 * 60
/** The redis-strings handler's hash of tag → when it was last refreshed (ms); used for every tag here. */
const REFRESHED_TAGS_KEY = '__revalidated_tags__'

type Context = ConstructorParameters<typeof ForteCacheHandler>[0]
type Logger = Pick<Console, 'info' | 'warn'>

export interface SharedPageCache {
  /** Redis answers right now. */
  readonly ready: boolean
  /** Next's handler methods, on the shared store. */
  readonly handler: ForteCacheHandler
  /** Whether any of `tags` was refreshed (by any process) after `since` (ms). */
  refreshedSince: (tags: readonly string[], since: number) => Promise<boolean>
  /** Marks `tags` refreshed now for every process, then drops the entries made under them. */
  refresh: (tags: readonly string[]) => Promise<void>
}

let shared: SharedPageCache | undefined

/** The address without its password, for the logs. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`
  } catch {
    return 'an unreadable REDIS_URL'
  }
}

/** The build's id (.next/BUILD_ID), the key prefix of its entries. */
export function buildIdOf(serverDistDir: string | undefined): string {
  if (!serverDistDir) return 'unknown-build'
  try {
    return readFileSync(join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'unknown-build'
  }
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`)), REDIS_COMMAND_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The process's shared cache for REDIS_URL (one connection, made on first use), or null when no
 * REDIS_URL is set or during `next build` (the build writes its pages to disk, where every process
 * of that build finds them).
 */
export function sharedPageCache(context: Context, env: NodeJS.ProcessEnv = process.env, log: Logger = console): SharedPageCache | null {
  const url = env.REDIS_URL?.trim()
  if (!url || env.NEXT_PHASE === 'phase-production-build' || context.dev) return null
  if (shared) return shared

  const keyPrefix = `page-cache:${buildIdOf(context.serverDistDir)}:`
  const where = describeRedisUrl(url)
  const {createClient, ForteCacheHandler, createRedisHandler} = redisModules()
  const client = createClient({
    url,
    // A command sent while the connection is down fails at once instead of waiting in a queue: the
    // request goes on with this process's own cache.
    disableOfflineQueue: true,
    pingInterval: 5000,
    socket: {connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000)},
  })
  let down = false
  client.on('ready', () => {
    log.info(`[cache] Pages and content reads are shared through Redis at ${where} (keys ${keyPrefix}*)`)
    down = false
  })
  client.on('error', (error: unknown) => {
    if (down) return
    down = true
    log.warn(`[cache] Redis at ${where} cannot be reached (${error instanceof Error ? error.message : String(error)}): this process keeps pages in its own memory until it returns; content published meanwhile reaches the other processes through the time backstop`)
  })
  client.connect().catch(() => {
    // Reported by the 'error' handler; the client keeps reconnecting on its own.
  })

  const redisHandler = createRedisHandler({client: client as Parameters<typeof createRedisHandler>[0]['client'], keyPrefix, timeoutMs: REDIS_COMMAND_TIMEOUT_MS, keyExpirationStrategy: 'EXAT'})
  ForteCacheHandler.onCreation(() => ({
    handlers: [redisHandler],
    ttl: {estimateExpireAge: (staleAge: number) => Math.max(Math.ceil(staleAge * 1.5), MIN_KEEP_SECONDS)},
  }))
  const handler = new ForteCacheHandler(context)
  const refreshedTagsKey = keyPrefix + REFRESHED_TAGS_KEY

  shared = {
    get ready() {
      return client.isReady
    },
    handler,
    async refreshedSince(tags, since) {
      if (tags.length === 0) return false
      const times = await withinTimeout(client.hmGet(refreshedTagsKey, [...tags]))
      return times.some((time) => time !== null && Number(time) > since)
    },
    async refresh(tags) {
      if (tags.length === 0) return
      const now = String(Date.now())
      // Every tag's time, not only the path tags the handler records itself: an entry a process
      // was still rendering with the old content when this arrived is refused by its time.
      await withinTimeout(client.hSet(refreshedTagsKey, Object.fromEntries(tags.map((tag) => [tag, now]))))
      await handler.revalidateTag([...tags])
    },
  }
  return shared
}
