/**
 * The shapes Next's cache handler interface passes (next.config.ts `cacheHandler`: get, set,
 * revalidateTag, resetRequestCache), as far as the site's handler reads them. Declared here rather
 * than imported from Next's compiled output, whose paths and names change between releases.
 *
 * Plain types: loaded by Node directly (type stripping) with the cache handler.
 */

/** What Next gives the handler's constructor. */
export interface HandlerContext {
  dev?: boolean
  /** Whether the handler may keep entries beyond this process (false under `next build` for some work). */
  flushToDisk?: boolean
  /** `.next/server` of the build being served (or built). */
  serverDistDir?: string
  /** The bytes Next would keep in memory itself (cacheMaxMemorySize, 50 MB unless set). */
  maxMemoryCacheSize?: number
  [other: string]: unknown
}

/** A stored value: a page (html, its router data and segments), a route's body, or a content read. */
export type CachedValue = {kind: string; [field: string]: unknown}

/** When an entry is due for its time backstop (seconds; false: never). */
export type CacheControl = {revalidate: number | false; expire?: number}

/** An entry as get() returns it. */
export interface CacheEntry {
  lastModified: number
  value: CachedValue | null
  cacheControl?: CacheControl
}

/** What get() is told: the kind asked for, and a content read's tags. */
export interface GetContext {
  kind: string
  isFallback?: boolean
  tags?: string[]
  softTags?: string[]
  [other: string]: unknown
}

/** What set() is told: the entry's lifetime and, for a content read, its tags. */
export interface SetContext {
  cacheControl?: CacheControl
  tags?: string[]
  fetchCache?: boolean
  [other: string]: unknown
}

/** Roughly how many bytes an entry holds (its HTML, router data, segments, or JSON). */
export function entryBytes(value: CachedValue | null): number {
  if (!value) return 64
  let bytes = 256
  for (const field of Object.values(value)) {
    if (typeof field === 'string') bytes += field.length
    else if (field instanceof Uint8Array) bytes += field.byteLength
    else if (field instanceof Map) for (const part of field.values()) bytes += part instanceof Uint8Array ? part.byteLength : String(part).length
    else if (field && typeof field === 'object') bytes += JSON.stringify(field)?.length ?? 0
  }
  return bytes
}
