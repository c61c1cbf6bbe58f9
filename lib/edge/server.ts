/**
 * The edge of the site: the Node HTTP handler scripts/serve.ts puts in front of Next's own. Each
 * request passes, in this order:
 * 1. request-hygiene.ts — refuse or reshape what Next would mishandle (400s, undecodable paths);
 * 2. client-address.ts — the client's address as the deployment trusts it, handed to the app;
 * 3. recent-pages.ts — a page answered in the last second is sent again without asking Next;
 * 4. script-policy.ts — a fresh nonce for a page Next may render for this request alone;
 * 5. response-tap.ts — Next's answer, held whole or streamed, by its headers:
 *    - a page from Next's cache, a 404 or an error page is held, gets its policy by the hashes of its
 *      inline scripts (kept per version: page-versions.ts), the 404 page in place of an empty
 *      notFound() body (not-found-page.ts), and is compressed whole (compression.ts);
 *    - a page rendered for this request streams under the policy naming its nonce, compressed as it
 *      comes (stream-sink.ts); anything else streams under a policy that runs nothing.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {IncomingMessage, ServerResponse} from 'node:http'
import {CLIENT_ADDRESS_HEADER, resolveClientAddress, stampClientAddress, type ProxyTrust} from './client-address.ts'
import {appendVary, compressesStream, compressWhole, MIN_COMPRESSED_BYTES, preferredEncoding} from './compression.ts'
import {isEmptyNotFoundShell, showRequestedPath} from './not-found-page.ts'
import {createPageVersions, pageVersionKey} from './page-versions.ts'
import {createRecentPages, recentPageKey, REVALIDATE_PATH} from './recent-pages.ts'
import {checkRequest, type CheckedRequest} from './request-hygiene.ts'
import {tapResponse, type Route} from './response-tap.ts'
import {createForeignScriptLog, heldPagePolicy, isApiAnswer, scriptNonceFor, streamedPagePolicy, streamsPage, type SitePolicyOptions} from './script-policy.ts'
import {isOfficePath} from '../office/shared/headers.ts'
import {FILE_CONTENT_SECURITY_POLICY, frameOptions, hasDraftModeCookie, isJavaScriptType, isStudioPath, STRICT_TRANSPORT_SECURITY} from './security-headers.ts'

export {NOT_FOUND_PATH} from './request-hygiene.ts'

export interface EdgeOptions extends SitePolicyOptions {
  /** Next's request handler (`app.getRequestHandler()`). */
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>
  trust: ProxyTrust
  /** The public address is HTTPS: HSTS and upgrade-insecure-requests. */
  https: boolean
  /** The addresses Next prerendered (its prerender-manifest.json): served from its cache, no nonce. */
  prerenderedPaths?: ReadonlySet<string>
  /** The pages answered in the last second (recent-pages.ts); tests give one with their own clock. */
  recentPages?: ReturnType<typeof createRecentPages>
  /** The 404 page rendered for NOT_FOUND_PATH (not-found-page.ts), or null when unavailable. */
  notFoundPage: () => Promise<string | null>
  log?: Pick<Console, 'error'>
}

/** The edge's request handler, and what its page versions hold (for tests and measurements). */
export type EdgeHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {cachedPages: () => {count: number; bytes: number}}

export function createEdgeHandler(options: EdgeOptions): EdgeHandler {
  const log = options.log ?? console
  const site: SitePolicyOptions = {sanityProjectId: options.sanityProjectId, studioProjectId: options.studioProjectId, https: options.https}
  const versions = createPageVersions()
  const recent = options.recentPages ?? createRecentPages()
  const foreignScript = createForeignScriptLog(log)

  /** A held answer, whole: the 404 page in place of an empty notFound() body, its policy, its encoding. */
  async function finishHeld(req: IncomingMessage, res: ServerResponse, request: CheckedRequest, held: Buffer, context: {preview: boolean; office: boolean; recentKey: string | null}): Promise<Buffer> {
    const {pathname} = request
    let html = held.toString('utf8')
    let changed = false
    if (res.statusCode === 404 && req.method === 'GET' && isEmptyNotFoundShell(html)) {
      const page = await options.notFoundPage().catch((error: unknown) => (log.error('Edge: the 404 page could not be fetched', error), null))
      if (page) {
        html = page
        changed = true
        res.removeHeader('etag')
      }
    }
    if (changed || request.rewritten) {
      html = showRequestedPath(html, request.requestedPath)
      changed = true
    }
    if (context.office) res.setHeader('Cache-Control', 'private, no-store')
    const kept = !changed && !context.preview && !context.office && res.statusCode === 200
    const key = kept ? pageVersionKey(isStudioPath(pathname) ? 'studio' : 'site', res.getHeader('etag'), held.byteLength) : null
    const version = versions.get(key, () => heldPagePolicy(pathname, html, site, context.preview, foreignScript(pathname)))
    res.setHeader('Content-Security-Policy', version.policy)
    if (context.preview) res.setHeader('X-Frame-Options', frameOptions(true))
    let body = changed ? Buffer.from(html, 'utf8') : held
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    if (encoding && req.method !== 'HEAD' && body.byteLength >= MIN_COMPRESSED_BYTES) {
      let encoded = version.encoded.get(encoding)
      if (!encoded) {
        encoded = compressWhole(body, encoding, key !== null)
        if (key) version.encoded.set(encoding, encoded)
      }
      // Its length stays known (the tap sets it to these bytes).
      res.setHeader('Content-Encoding', encoding)
      appendVary(res, 'Accept-Encoding')
      body = encoded
    }
    // A page version from Next's cache, as sent, for the next second's requests.
    if (key && context.recentKey) recent.set(context.recentKey, {headers: {...res.getHeaders(), 'content-length': body.byteLength}, body})
    return body
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const request = checkRequest(req, res)
    if (!request) return
    const {pathname} = request

    delete req.headers[CLIENT_ADDRESS_HEADER]
    req.headers[CLIENT_ADDRESS_HEADER] = stampClientAddress(resolveClientAddress(req.socket.remoteAddress, req.headers, options.trust))
    if (options.https) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)

    const preview = hasDraftModeCookie(req.headers.cookie)
    // An office page is one member's: never kept, and never stored by any cache on the way.
    const office = isOfficePath(pathname)
    const api = isApiAnswer(pathname)
    // A publish: this process forgets its recent pages now and once the new content is in.
    if (pathname === REVALIDATE_PATH) {
      recent.clear()
      res.once('finish', () => recent.clear())
    }
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const recentKey = request.rewritten ? null : recentPageKey(req, {encoding, personal: preview || office || api})
    const recentPage = recentKey ? recent.get(recentKey) : null
    if (recentPage) {
      res.writeHead(200, recentPage.headers)
      res.end(recentPage.body)
      return
    }

    const nonce = scriptNonceFor(req, pathname, options.prerenderedPaths)
    const route = (): Route => {
      const type = String(res.getHeader('content-type') ?? '')
      const html = /^text\/html/i.test(type) && res.statusCode !== 204 && res.statusCode !== 304
      const streamedEncoding = encoding && !api && compressesStream(req, res) ? encoding : null
      if (!html) {
        if (!isJavaScriptType(type)) res.setHeader('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY)
        return {hold: false, encoding: streamedEncoding}
      }
      if (!streamsPage({status: res.statusCode, cacheControl: String(res.getHeader('cache-control') ?? ''), nonce})) return {hold: true}
      // A page rendered for this request: its scripts carry the nonce, the policy names it.
      if (office) res.setHeader('Cache-Control', 'private, no-store')
      res.setHeader('Content-Security-Policy', streamedPagePolicy(pathname, nonce, site, preview))
      if (preview) res.setHeader('X-Frame-Options', frameOptions(true))
      return {hold: false, encoding: streamedEncoding, flushEachTurn: true}
    }
    tapResponse(res, {
      route,
      finish: (held) => finishHeld(req, res, request, held, {preview, office, recentKey}),
      onTooLarge: () => log.error(`Edge: ${pathname} outgrew what the edge holds of a page; answered 500`),
    })

    options.next(req, res).catch((error: unknown) => {
      log.error('Edge: the request failed', error)
      if (!res.headersSent) {
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      }
      res.end('Internal Server Error')
    })
  }
  return Object.assign(handler, {cachedPages: versions.size})
}
