/**
 * This process's own copy of the cache: entries by key, least recently used dropped first once
 * they hold more than `maxBytes`. Without REDIS_URL it is the cache (what a process renders lasts
 * until it restarts; the build's own pages are read from disk by build-pages.ts); with Redis it is
 * what the process serves while Redis cannot be reached.
 *
 * Plain code: loaded by Node directly (type stripping) with the cache handler.
 */
import {entryBytes, type CacheEntry} from './entries.ts'

export function createMemoryStore(maxBytes: number) {
  const entries = new Map<string, {entry: CacheEntry; bytes: number}>()
  let total = 0
  const drop = (key: string) => {
    const found = entries.get(key)
    if (!found) return
    entries.delete(key)
    total -= found.bytes
  }
  return {
    get(key: string): CacheEntry | null {
      const found = entries.get(key)
      if (!found) return null
      entries.delete(key)
      entries.set(key, found)
      return found.entry
    },
    set(key: string, entry: CacheEntry): void {
      drop(key)
      const bytes = entryBytes(entry.value) + key.length
      if (bytes > maxBytes) return
      entries.set(key, {entry, bytes})
      total += bytes
      while (total > maxBytes) drop(entries.keys().next().value as string)
    },
    delete: drop,
    get size() {
      return {count: entries.size, bytes: total}
    },
  }
}

export type MemoryStore = ReturnType<typeof createMemoryStore>
