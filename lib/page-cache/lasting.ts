/**
 * Which of Next's cache entries are worth keeping. An address anyone can make up (/<random>,
 * /blog/<random>) renders the not-found page and reads content that is not there; Next 16 would
 * keep both for every such address (about 70 kB on disk each), so a flood of made-up addresses
 * filled the disk. They cost a render each instead, and only pages and content that exist are kept.
 *
 * Plain data rules, no Next.js import: loaded by Node directly (type stripping) with the cache handler.
 */

/** The parts of an entry Next hands its cache handler that decide whether it lasts. */
export type CacheEntryShape =
  | {kind: 'APP_PAGE' | 'APP_ROUTE' | 'PAGES'; status?: number}
  | {kind: 'FETCH'; data: {body: string}}
  | {kind: string}
  | null
  | undefined

/** Statuses of an answer about an address that has nothing: never kept. */
const MISSING_STATUSES = new Set([404, 410])

/**
 * Whether an entry is kept: not a page or route answered 404/410, not a content read that found
 * nothing (the page cache's content reads are unstable_cache results, stored as JSON: `null` is a
 * query for a document that does not exist), and not Next's empty entry.
 */
export function isLastingEntry(entry: CacheEntryShape): boolean {
  if (!entry) return false
  if (entry.kind === 'APP_PAGE' || entry.kind === 'APP_ROUTE' || entry.kind === 'PAGES') {
    const status = (entry as {status?: number}).status
    return status === undefined || !MISSING_STATUSES.has(status)
  }
  if (entry.kind === 'FETCH') return (entry as {data?: {body?: unknown}}).data?.body !== 'null'
  return true
}

/** The cache tags an entry was made under (a page's x-next-cache-tags header, a content read's tags). */
export function entryTags(entry: {value?: unknown} | null | undefined, readTags: readonly string[] = []): string[] {
  const tags = new Set(readTags)
  const value = entry?.value as {headers?: Record<string, unknown>; tags?: unknown} | null | undefined
  const header = value?.headers?.['x-next-cache-tags']
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag)
  if (Array.isArray(value?.tags)) for (const tag of value.tags) if (typeof tag === 'string') tags.add(tag)
  return [...tags]
}
