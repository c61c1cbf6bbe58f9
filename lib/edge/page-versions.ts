/**
 * What the edge works out for a page from Next's cache, kept per version of the page so it is done
 * once rather than once per request: its policy (the hashes of its scripts) and its compressed
 * bytes. A version is a page that exists (200) with Next's ETag; a page changed on its way
 * (the 404 page), one in draft mode, the office's, and every page without an ETag are worked on
 * each time and kept nowhere. Keyed by version rather than address, so addresses anyone can make
 * up (a 404 each, or /studio/<anything>, which is the one Studio page) add nothing.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {Encoding} from './compression.ts'

/** Page versions kept (the site has a few dozen pages); the oldest added is dropped first. */
export const MAX_PAGE_VERSIONS = 200

export type PageVersion = {policy: string; encoded: Map<Encoding, Buffer>}

/** The key of a page version: the site or the Studio (different policies), Next's ETag, the page's length. */
export function pageVersionKey(area: 'site' | 'studio', etag: unknown, bytes: number): string | null {
  return typeof etag === 'string' ? `${area}\n${etag}\n${bytes}` : null
}

export function createPageVersions(max = MAX_PAGE_VERSIONS) {
  const versions = new Map<string, PageVersion>()
  return {
    /** The kept version, or a new one made with `policy()` (kept when it has a key). */
    get(key: string | null, policy: () => string): PageVersion {
      const found = key ? versions.get(key) : undefined
      if (found) return found
      const version: PageVersion = {policy: policy(), encoded: new Map()}
      if (key) {
        if (versions.size >= max) versions.delete(versions.keys().next().value as string)
        versions.set(key, version)
      }
      return version
    },
    /** How many versions are kept and roughly their bytes (for tests and measurements). */
    size(): {count: number; bytes: number} {
      let bytes = 0
      for (const [key, version] of versions) {
        bytes += key.length + version.policy.length
        for (const encoded of version.encoded.values()) bytes += encoded.byteLength
      }
      return {count: versions.size, bytes}
    },
  }
}
