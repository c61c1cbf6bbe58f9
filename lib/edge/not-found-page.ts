/**
 * The 404 page for a page that called notFound(). Next 16 answers it with a 404 whose body is an
 * empty document (`<html id="__next_error__">`, the 404 page only in the script payload), which
 * visitors without JavaScript, crawlers and link previews see as blank. The edge sends the 404
 * page in its place: the one Next renders for NOT_FOUND_PATH, an address no route matches, with that
 * address replaced in its text by the one asked for. That page is rendered per request (app/
 * global-not-found.tsx), so its text always names NOT_FOUND_PATH and nothing else; its payload
 * names no address (the browser shows its own location after hydration), so text and payload agree.
 * An address that does not decode is asked of Next as NOT_FOUND_PATH (request-hygiene.ts) and
 * corrected the same way.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import {NOT_FOUND_PATH} from './request-hygiene.ts'

/** How long the fetched 404 page is reused: its text changes only when the content is published. */
export const NOT_FOUND_PAGE_MS = 10_000

/** The body Next sends for notFound() in a page: a document with no layout and an empty body. */
export function isEmptyNotFoundShell(html: string): boolean {
  return html.includes('<html id="__next_error__"') && !/<h1[\s>]/i.test(html)
}

/** The 404 page rendered for NOT_FOUND_PATH, made to name the address asked for (escaped); scripts are left alone. */
export function showRequestedPath(html: string, requestedPath: string): string {
  const shown = requestedPath.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return html
    .split(/(<script\b[\s\S]*?<\/script\s*>)/i)
    .map((part, index) => (index % 2 === 1 ? part : part.split(NOT_FOUND_PATH).join(shown)))
    .join('')
}

/**
 * The 404 page as Next renders it for NOT_FOUND_PATH, fetched from this server (through the edge:
 * `origin` is its own address) and reused for NOT_FOUND_PAGE_MS; null when it cannot be had.
 */
export function notFoundPageLoader(origin: () => string, {now = Date.now} = {}): () => Promise<string | null> {
  let kept: {html: string; at: number} | undefined
  return async () => {
    if (kept && now() - kept.at < NOT_FOUND_PAGE_MS) return kept.html
    const response = await fetch(`${origin()}${NOT_FOUND_PATH}`, {headers: {accept: 'text/html'}})
    const html = await response.text()
    if (response.status !== 404 || !html.includes(NOT_FOUND_PATH)) return null
    kept = {html, at: now()}
    return html
  }
}
