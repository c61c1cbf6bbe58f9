/**
 * Which scripts a page may run (Content-Security-Policy), decided per answer:
 * - a page Next serves from its cache (prerendered or ISR), and every 404 and error page, is held
 *   whole and gets a policy naming the hashes of the inline scripts the app wrote in it
 *   (inline-scripts.ts): pages stay static and cached, no nonce needed; any other inline script is
 *   refused by the browser and logged here;
 * - a page Next renders for this request alone (the success page, the office, the manage-booking
 *   page…) streams as it comes: the edge gives Next a fresh nonce in the request's policy header
 *   (Next writes it on every script it and React put in the page) and sends a policy naming it;
 * - every other answer but JavaScript (images, icons, JSON, text) gets a policy that lets nothing
 *   run (FILE_CONTENT_SECURITY_POLICY), in place of the site-wide fallback from next.config.ts.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import {randomBytes} from 'node:crypto'
import type {IncomingMessage} from 'node:http'
import {inlineScriptHashes} from './inline-scripts.ts'
import {contentSecurityPolicyFor, type PolicyOptions} from './security-headers.ts'

/**
 * Whether a response is an answer of the site's API (/api/…): short JSON, no HTML, no nonce, and
 * not worth compressing (Next streams them without a length, and a brotli stream for each cost
 * about 6 % of a booking's CPU without making the answer smaller).
 */
export function isApiAnswer(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/')
}

/** The request headers Next reads a page's script nonce from (getScriptNonceFromHeaders): only the edge may set them. */
const REQUEST_POLICY_HEADERS = ['content-security-policy', 'content-security-policy-report-only'] as const

/** A fresh nonce for one page request: 128 random bits, base64 (the characters Next's nonce pattern takes). */
export function newScriptNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * Gives Next a fresh nonce in the request's policy header, after removing any the client sent (a
 * client choosing the nonce could run scripts of its own). Not for the API, which writes no HTML,
 * nor for an address Next prerendered: it is served from Next's cache, and a nonce would be written
 * into the cached page by its next revalidation (harmless under its hash policy, but bytes for
 * nothing). Returns the nonce, or null.
 */
export function scriptNonceFor(req: IncomingMessage, pathname: string, prerendered: ReadonlySet<string> = new Set()): string | null {
  for (const name of REQUEST_POLICY_HEADERS) delete req.headers[name]
  if (isApiAnswer(pathname) || prerendered.has(pathname)) return null
  const nonce = newScriptNonce()
  req.headers['content-security-policy'] = `script-src 'nonce-${nonce}'`
  return nonce
}

/**
 * Whether an HTML answer is streamed under a nonce policy rather than held and hashed: a page (200)
 * Next rendered for this request alone, which it marks `Cache-Control: private, no-cache,
 * no-store, max-age=0, must-revalidate`; a page from its cache carries `s-maxage=…`. Held still:
 * every other status (a notFound() page's empty body is replaced by the 404 page, which needs it
 * whole), and any page rendered without a nonce of the edge's.
 */
export function streamsPage({status, cacheControl, nonce}: {status: number; cacheControl: string; nonce: string | null}): boolean {
  return nonce !== null && status === 200 && /(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/i.test(cacheControl)
}

/** The site's settings every page policy takes. */
export type SitePolicyOptions = Pick<PolicyOptions, 'sanityProjectId' | 'studioProjectId' | 'https'>

/** Inline scripts the app does not write, logged once each (a few: each would be logged once per render otherwise). */
export function createForeignScriptLog(log: Pick<Console, 'error'>) {
  const reported = new Set<string>()
  return (pathname: string) => (script: string) => {
    if (reported.has(script) || reported.size >= 50) return
    reported.add(script)
    log.error(`Edge: ${pathname} holds an inline script the app does not write; the browser is told not to run it: ${script.slice(0, 200)}`)
  }
}

/** The policy of a held page: the hashes of its own inline scripts. */
export function heldPagePolicy(pathname: string, html: string, site: SitePolicyOptions, preview: boolean, onForeign: (script: string) => void): string {
  return contentSecurityPolicyFor(pathname, {...site, preview, scriptHashes: inlineScriptHashes(html, onForeign)})
}

/** The policy of a page streamed as Next renders it: the nonce its scripts carry. */
export function streamedPagePolicy(pathname: string, nonce: string | null, site: SitePolicyOptions, preview: boolean): string {
  return contentSecurityPolicyFor(pathname, {...site, preview, scriptNonce: nonce ?? undefined})
}
