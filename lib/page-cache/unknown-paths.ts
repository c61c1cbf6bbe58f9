/**
 * Next's router remembers, per process, every address it looked up among its files, including each
 * one that matched nothing (router-utils/filesystem.js: an LRU of up to 8 MB, an entry of ~160
 * bytes for each made-up address). A flood of 10,000 made-up addresses would keep ~1.6 MB there.
 * Its "matched nothing" answers are not kept: looking such an address up again is a few in-memory
 * set checks, cheaper than a render, and nothing an address anyone can make up leaves lasts.
 *
 * Loaded by Node directly with the cache handler (type stripping): erasable TypeScript.
 */
import lruCacheModule from 'next/dist/server/lib/lru-cache.js'

type LruCache = {set(key: string, value: unknown): void}

/** The router's marker for "no file at this address" (a module-private Symbol('not-found')). */
export function isNoFileMarker(value: unknown): boolean {
  return typeof value === 'symbol' && value.description === 'not-found'
}

let installed = false

/** Makes Next's LRU caches skip the router's "no file at this address" entries (once per process). */
export function forgetUnknownPaths(): void {
  if (installed) return
  installed = true
  // Node imports this CommonJS module whole; its LRUCache is a property of it.
  const {LRUCache} = lruCacheModule as unknown as {LRUCache: {prototype: LruCache}}
  const set = LRUCache.prototype.set
  LRUCache.prototype.set = function setUnlessNoFile(this: LruCache, key: string, value: unknown) {
    if (isNoFileMarker(value)) return
    set.call(this, key, value)
  }
}
