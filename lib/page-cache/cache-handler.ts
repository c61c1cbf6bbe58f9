/**
 * Next.js's cache of rendered pages and content reads (`cacheHandler` in next.config.ts), loaded by
 * Node directly when the server starts (type stripping: erasable TypeScript, `.ts` imports).
 *
 * - Only what exists is kept (lasting.ts): a made-up address costs one render, nothing lasting
 *   (nor in Next's router's memory of addresses: unknown-paths.ts).
 * - Without REDIS_URL, and during `next build`: Next's own disk cache (.next/server/route-cache,
 *   .next/cache/fetch-cache, with its in-memory copy), as before.
 * - With REDIS_URL: the cache every process shares (redis-store.ts), so a publish received by one
 *   process refreshes the pages on all of them. A page not yet in Redis is read from the build's
 *   prerendered files, unless a tag of it was refreshed since. The build directory is only read
 *   (several processes of one build never write the same files). While Redis cannot be reached,
 *   this process keeps pages in its own memory (Next's bounded in-memory cache) and says so in its
 *   log; pages are always served.
 */
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js'
import type {CacheHandler, CacheHandlerContext, CacheHandlerValue} from 'next/dist/server/lib/incremental-cache/index.js'
import {getMemoryCache} from 'next/dist/server/lib/incremental-cache/memory-cache.external.js'
import {SharedCacheControls} from 'next/dist/server/lib/incremental-cache/shared-cache-controls.external.js'
import {entryTags, isLastingEntry, type CacheEntryShape} from './lasting.ts'
import {sharedPageCache, type SharedPageCache} from './redis-store.ts'
import {forgetUnknownPaths} from './unknown-paths.ts'

forgetUnknownPaths()

// Node imports this CommonJS module whole (the class is its `default`); a bundler hands the class itself.
const FileSystemCache = (FileSystemCacheModule as unknown as {default?: typeof FileSystemCacheModule}).default ?? FileSystemCacheModule

type GetContext = Parameters<CacheHandler['get']>[1]
type SetValue = Parameters<CacheHandler['set']>[1]
type SetContext = Parameters<CacheHandler['set']>[2]

/**
 * Next remembers each stored page's lifetime in a process-wide map before it calls the handler
 * (SharedCacheControls, one entry per address, never emptied); an entry not kept must not leave one.
 */
const pageLifetimes = (SharedCacheControls as unknown as {cacheControls: Map<string, unknown>}).cacheControls

function readTags(ctx: GetContext): string[] {
  const read = ctx as {tags?: string[]; softTags?: string[]}
  return [...(read.tags ?? []), ...(read.softTags ?? [])]
}

/** An entry as the redis-strings handler stores it: with the lifespan it computed from the page's lifetime. */
type StoredValue = CacheHandlerValue & {lifespan?: {revalidate?: number | false} | null}

/**
 * The entry's lifetime as Next wants it back (`cacheControl`), from the stored lifespan: a process
 * that did not render a page itself then still knows when it is due for its time backstop.
 */
function withLifetime(entry: StoredValue | null): CacheHandlerValue | null {
  if (!entry || entry.cacheControl) return entry
  const revalidate = entry.lifespan?.revalidate
  return typeof revalidate === 'number' ? {...entry, cacheControl: {revalidate, expire: undefined}} : entry
}

let lastSharedFailure = 0
function reportSharedFailure(error: unknown): void {
  if (Date.now() - lastSharedFailure < 60_000) return
  lastSharedFailure = Date.now()
  console.warn(`[cache] The shared cache failed (${error instanceof Error ? error.message : String(error)}): this request used this process's own cache`)
}

export default class PageCache implements CacheHandler {
  readonly #local: InstanceType<typeof FileSystemCache>
  readonly #shared: SharedPageCache | null
  readonly #memoryBytes: number

  constructor(ctx: CacheHandlerContext) {
    this.#memoryBytes = ctx.maxMemoryCacheSize ?? 0
    this.#shared = sharedPageCache(ctx as Parameters<typeof sharedPageCache>[0])
    // Next passes its file system and build directory whenever it runs as a server or builds.
    this.#local = new FileSystemCache({...ctx, flushToDisk: ctx.flushToDisk && !this.#shared} as ConstructorParameters<typeof FileSystemCache>[0])
  }

  async get(key: string, ctx: GetContext): Promise<CacheHandlerValue | null> {
    const shared = this.#shared
    if (shared?.ready) {
      try {
        const found = withLifetime((await shared.handler.get(key, ctx as Parameters<SharedPageCache['handler']['get']>[1])) as StoredValue | null)
        if (found) {
          this.#keepCopy(key, found)
          return found
        }
        // Not in Redis yet: the build's own file of this page (or this process's copy from a time
        // Redis was down), unless something it shows was published since.
        const built = await this.#local.get(key, ctx)
        if (!built) return null
        return (await shared.refreshedSince(entryTags(built, readTags(ctx)), built.lastModified)) ? null : built
      } catch (error) {
        reportSharedFailure(error)
      }
    }
    return this.#local.get(key, ctx)
  }

  /**
   * A copy of what Redis answered in this process's bounded memory cache (Next's own, the one it
   * uses without a shared cache): while Redis is down, the process serves the last version it saw
   * rather than the build's. Read only when Redis cannot answer, or checked against the refreshed tags.
   */
  #keepCopy(key: string, entry: CacheHandlerValue): void {
    if (!this.#memoryBytes) return
    getMemoryCache(this.#memoryBytes).set(key, {lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl})
  }

  async set(key: string, data: SetValue, ctx: SetContext): Promise<void> {
    if (!isLastingEntry(data as CacheEntryShape)) {
      pageLifetimes.delete(key)
      return
    }
    const shared = this.#shared
    if (shared?.ready) {
      try {
        await shared.handler.set(key, data as Parameters<SharedPageCache['handler']['set']>[1], ctx as Parameters<SharedPageCache['handler']['set']>[2])
      } catch (error) {
        reportSharedFailure(error)
      }
    }
    // Without Redis: Next's disk and memory cache. With it: a copy in this process's memory only
    // (the build directory is never written), what it serves should Redis go down.
    await this.#local.set(key, data, ctx)
  }

  async revalidateTag(tags: string | string[], durations?: {expire?: number}): Promise<void> {
    const list = typeof tags === 'string' ? [tags] : tags
    // This process's own record (Next's tags manifest), which also outdates its own copies.
    await this.#local.revalidateTag(list, durations)
    const shared = this.#shared
    if (!shared) return
    try {
      await shared.refresh(list)
    } catch (error) {
      console.warn(`[cache] Content refreshed on this process only (${error instanceof Error ? error.message : String(error)}): the other processes show it within the time backstop`)
    }
  }

  resetRequestCache(): void {}
}
