/**
 * Next.js's cache of rendered pages and content reads, on its documented cache handler interface
 * (`cacheHandler` in next.config.ts: get, set, revalidateTag, resetRequestCache), loaded by Node
 * directly when the server starts (type stripping: erasable TypeScript, `.ts` imports).
 *
 * - Only what exists is kept (lasting.ts): a made-up address costs one render, nothing lasting.
 * - Without REDIS_URL (and during `next build`): this process's memory (memory-store.ts, bounded
 *   by cacheMaxMemorySize), in front of the build's prerendered files (build-pages.ts). Nothing is
 *   written to disk: the build directory stays as the build left it.
 * - With REDIS_URL: the cache every process shares (redis-store.ts), so a publish received by one
 *   process refreshes the pages on all of them. A page not yet in Redis is read from the build's
 *   prerendered files, unless a tag of it was refreshed since. While Redis cannot be reached, this
 *   process serves from its memory and says so in its log; pages are always served.
 * - A publish (revalidateTag) outdates, in this process, every entry made under its tags before it.
 */
import {readBuiltEntry} from './build-pages.ts'
import type {CacheEntry, CachedValue, GetContext, HandlerContext, SetContext} from './entries.ts'
import {entryTags, isLastingEntry, type CacheEntryShape} from './lasting.ts'
import {createMemoryStore, type MemoryStore} from './memory-store.ts'
import {sharedPageCache, type SharedPageCache} from './redis-store.ts'

/** Next's own default for cacheMaxMemorySize. */
const DEFAULT_MEMORY_BYTES = 50 * 1024 * 1024

/** The tags a content read was asked under (its own and its page's). */
function readTags(ctx: GetContext): string[] {
  return [...(ctx.tags ?? []), ...(ctx.softTags ?? [])]
}

/** An entry as the redis-strings handler stores it: with the lifespan it computed from the page's lifetime. */
type StoredValue = CacheEntry & {lifespan?: {revalidate?: number | false} | null}

/**
 * The entry's lifetime as Next wants it back (`cacheControl`), from the stored lifespan: a process
 * that did not render a page itself then still knows when it is due for its time backstop.
 */
function withLifetime(entry: StoredValue | null): CacheEntry | null {
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

/** One memory store and one record of refreshed tags per process (Next makes a handler per request). */
let memory: MemoryStore | undefined
const refreshedTags = new Map<string, number>()

export default class PageCache {
  readonly #shared: SharedPageCache | null
  readonly #serverDistDir: string | undefined
  readonly #memory: MemoryStore

  constructor(ctx: HandlerContext) {
    this.#shared = sharedPageCache(ctx as Parameters<typeof sharedPageCache>[0])
    this.#serverDistDir = ctx.serverDistDir
    memory ??= createMemoryStore(ctx.maxMemoryCacheSize || DEFAULT_MEMORY_BYTES)
    this.#memory = memory
  }

  async get(key: string, ctx: GetContext): Promise<CacheEntry | null> {
    const shared = this.#shared
    if (shared?.ready) {
      try {
        const found = withLifetime((await shared.handler.get(key, ctx as never)) as StoredValue | null)
        if (found) {
          this.#memory.set(key, found)
          return found
        }
        // Not in Redis yet: the build's own file of this page, unless something it shows was published since.
        const built = await this.#built(key, ctx)
        if (!built) return null
        return (await shared.refreshedSince(entryTags(built, readTags(ctx)), built.lastModified)) ? null : built
      } catch (error) {
        reportSharedFailure(error)
      }
    }
    const entry = this.#memory.get(key) ?? (await this.#built(key, ctx))
    return entry && !this.#outdated(entry, ctx) ? entry : null
  }

  async set(key: string, data: CachedValue | null, ctx: SetContext): Promise<void> {
    if (!isLastingEntry(data as CacheEntryShape)) {
      this.#memory.delete(key)
      return
    }
    const shared = this.#shared
    if (shared?.ready) {
      try {
        await shared.handler.set(key, data as never, ctx as never)
      } catch (error) {
        reportSharedFailure(error)
      }
    }
    // With Redis too: the copy this process serves should Redis go down.
    this.#memory.set(key, {lastModified: Date.now(), value: data, cacheControl: ctx.cacheControl})
  }

  async revalidateTag(tags: string | string[]): Promise<void> {
    const list = typeof tags === 'string' ? [tags] : tags
    const now = Date.now()
    for (const tag of list) refreshedTags.set(tag, now)
    const shared = this.#shared
    if (!shared) return
    try {
      await shared.refresh(list)
    } catch (error) {
      console.warn(`[cache] Content refreshed on this process only (${error instanceof Error ? error.message : String(error)}): the other processes show it within the time backstop`)
    }
  }

  resetRequestCache(): void {}

  /** The build's entry, kept in memory once read (a copy per process, as a rendered one is). */
  async #built(key: string, ctx: GetContext): Promise<CacheEntry | null> {
    if (!this.#serverDistDir) return null
    const entry = await readBuiltEntry(this.#serverDistDir, key, ctx)
    if (entry) this.#memory.set(key, entry)
    return entry
  }

  /** Made before a publish of one of its tags (that publish outdates it here, at once). */
  #outdated(entry: CacheEntry, ctx: GetContext): boolean {
    return entryTags(entry, readTags(ctx)).some((tag) => (refreshedTags.get(tag) ?? 0) >= entry.lastModified)
  }
}
