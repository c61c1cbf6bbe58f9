/**
 * The pages the edge answered in the last second, ready to send again without asking Next (a
 * "micro-cache"). Under load most page requests are for a few addresses, and each one cost Next's
 * routing and cache read, and the edge's hold and hash, only to send bytes the edge already had
 * (GET / measured at 0.36× the bare Next.js app's requests per second without it). A page is kept for
 * `RECENT_PAGE_MS` at most, so an edit published in the Studio shows within that second on every
 * server process; the process that receives the publish forgets its pages at once.
 *
 * Only what is the same for every visitor is kept: a 200 page from Next's cache (the edge's page
 * versions, keyed by ETag), asked for by a plain GET of a path with no query, no cookie of draft
 * mode, no router header (the client router's requests get a different answer for the same
 * address), never an office page, the API or a page rendered per request (those stream).
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {IncomingMessage, OutgoingHttpHeaders} from 'node:http'

export const RECENT_PAGE_MS = 1000
const MAX_RECENT_PAGES = 200

/** Request headers that make Next answer an address with something else than its page (router data, a server action). */
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url', 'next-action'] as const

/** The address whose publish makes every process forget its pages (app/api/revalidate, the Sanity webhook). */
export const REVALIDATE_PATH = '/api/revalidate'

/** A 200 page as it was sent: its headers (policy, encoding, length) and bytes. */
export type RecentPage = {headers: OutgoingHttpHeaders; body: Buffer}

/**
 * The key a request's answer may be kept and found under, or null when it must go to Next: the
 * address with the encoding the answer is sent in (each encoding is its own set of bytes).
 * `personal`: an answer that is not the same for everyone (draft mode, the office, the API).
 */
export function recentPageKey(req: IncomingMessage, {encoding, personal}: {encoding: string | null; personal: boolean}): string | null {
  if (req.method !== 'GET' || personal) return null
  const url = req.url ?? ''
  if (url.includes('?')) return null
  if (ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return null
  return `${encoding ?? 'identity'}\n${url}`
}

export function createRecentPages({now = Date.now, ttlMs = RECENT_PAGE_MS}: {now?: () => number; ttlMs?: number} = {}) {
  const pages = new Map<string, RecentPage & {at: number}>()
  return {
    get(key: string): RecentPage | null {
      const page = pages.get(key)
      if (!page) return null
      if (now() - page.at >= ttlMs) {
        pages.delete(key)
        return null
      }
      return page
    },
    set(key: string, page: RecentPage): void {
      // A page that sets a cookie is someone's: never sent to another visitor.
      if (page.headers['set-cookie'] !== undefined) return
      pages.delete(key)
      if (pages.size >= MAX_RECENT_PAGES) pages.delete(pages.keys().next().value as string)
      pages.set(key, {...page, at: now()})
    },
    clear(): void {
      pages.clear()
    },
  }
}
