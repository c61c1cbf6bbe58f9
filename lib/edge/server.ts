/**
 * The edge of the site: the Node HTTP handler scripts/serve.ts puts in front of Next's own. Per
 * request it
 * - answers an address Next cannot decode (`/%ff`: Next 16 throws on it before any app code runs
 *   and answers a bare 500) with the 404 page, and a router state header Next cannot parse with 400;
 * - resolves the client's address from what the deployment trusts (client-address.ts) and hands it
 *   to the app, so forged forwarding headers never give a client a fresh rate-limit quota;
 * - compresses (Next's own compression is off: it would sit between Next and this code), a
 *   cached page once per version (its ETag) rather than once per request, with its policy;
 * - holds each HTML page Next serves from its cache (prerendered or ISR), and every 404 and error
 *   page, until it is complete, then sends it with a Content-Security-Policy that names the hashes
 *   of the inline scripts the app wrote in it (inline-scripts.ts: pages stay static and cached, no
 *   nonce needed; any other inline script is refused by the browser and logged here), and HSTS when
 *   the public address is HTTPS;
 * - streams each page Next renders for the request alone (the success page, the office, the
 *   manage-booking page…) as it comes, compressed on the fly, so a Suspense fallback reaches the
 *   browser before the data behind it is read: such a page gets a fresh nonce in the request's
 *   Content-Security-Policy header (Next writes it on every script it and React put in the page)
 *   and a policy that names the nonce (scriptNonceFor, streamsPage);
 * - gives every other answer but JavaScript (images, icons, JSON, text) a policy that lets nothing
 *   run (FILE_CONTENT_SECURITY_POLICY), in place of the site-wide fallback from next.config.ts;
 * - replaces the empty body Next 16 sends when a page calls notFound() (vercel/next.js#98295: the
 *   404 is right, its HTML is only in the script payload) with the rendered 404 page, so visitors
 *   without JavaScript, crawlers and link previews see 'Page Not Found'.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import {randomBytes} from 'node:crypto'
import type {IncomingMessage, OutgoingHttpHeaders, ServerResponse} from 'node:http'
import {brotliCompressSync, constants as zlibConstants, gzipSync} from 'node:zlib'
import compression from 'compression'
// Next's own check of the client router's state header, run here so a header it cannot parse is the
// client's 400 rather than Next's 500 (vercel/next.js#92907).
import flightRouterState from 'next/dist/server/app-render/parse-and-validate-flight-router-state.js'
import {CLIENT_ADDRESS_HEADER, resolveClientAddress, stampClientAddress, type ProxyTrust} from './client-address.ts'
import {inlineScriptHashes} from './inline-scripts.ts'
import {createRecentPages, recentPageKey, REVALIDATE_PATH} from './recent-pages.ts'
import {isOfficePath} from '../office/shared/headers.ts'
import {
  contentSecurityPolicyFor,
  FILE_CONTENT_SECURITY_POLICY,
  frameOptions,
  hasDraftModeCookie,
  isJavaScriptType,
  isStudioPath,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts'

/** An address no route matches, one segment deeper than the [service] route: Next renders its 404 page in full. */
export const NOT_FOUND_PATH = '/_edge/not-found'

export interface EdgeOptions {
  /** Next's request handler (`app.getRequestHandler()`). */
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>
  trust: ProxyTrust
  /** A configured Sanity project (its API and CDN join the policy). */
  sanityProjectId?: string
  /** The project the Studio opens (the placeholder when none is configured). */
  studioProjectId?: string
  /** The public address is HTTPS: HSTS and upgrade-insecure-requests. */
  https: boolean
  /**
   * The addresses Next prerendered (the routes of its prerender-manifest.json): served from its
   * cache, so their requests get no nonce, which a revalidation would otherwise write into the
   * cached page (harmless under its hash policy, but bytes and a changed page for nothing).
   */
  prerenderedPaths?: ReadonlySet<string>
  /** The pages answered in the last second (recent-pages.ts); tests give one with their own clock. */
  recentPages?: ReturnType<typeof createRecentPages>
  /** The rendered 404 page, for pages whose notFound() body came out empty; null when unavailable. */
  notFoundPage: () => Promise<string | null>
  log?: Pick<Console, 'error'>
}

/**
 * Whether a request target is a path (origin form, `/…`). A browser sends nothing else to a site;
 * the absolute form (`http://host/…`) is for proxies, and `*` and `host:port` are for OPTIONS and
 * CONNECT, which the site does not serve.
 */
export function isOriginForm(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/')
}

/** Whether a request path decodes: Next's router throws URIError on a malformed percent-escape. */
export function isDecodablePath(url: string): boolean {
  const path = url.split('?', 1)[0]
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

/** Whether the client router's state header (sent with in-app navigations) is absent or one Next can read. */
export function isReadableRouterState(value: string | string[] | undefined): boolean {
  try {
    flightRouterState.parseAndValidateFlightRouterState(value)
    return true
  } catch {
    return false
  }
}

/** The path app/global-not-found.tsx is prerendered for (its text names it until corrected here). */
export const PRERENDERED_NOT_FOUND_PATH = '/_not-found'

/**
 * The 404 page, made to name the address the visitor asked for: it is rendered once for
 * PRERENDERED_NOT_FOUND_PATH (or for NOT_FOUND_PATH), so its text shows that path; the browser
 * shows its own after hydration, so the two must match. Scripts are left alone: their hashes are
 * taken afterwards.
 */
export function showRequestedPath(html: string, requestedPath: string): string {
  const shown = requestedPath.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return html
    .split(/(<script\b[\s\S]*?<\/script\s*>)/i)
    .map((part, index) => (index % 2 === 1 ? part : part.split(NOT_FOUND_PATH).join(shown).split(`${PRERENDERED_NOT_FOUND_PATH}<`).join(`${shown}<`)))
    .join('')
}

/** The body Next sends for notFound() in a page: a document with no layout and an empty body. */
export function isEmptyNotFoundShell(html: string): boolean {
  return html.includes('<html id="__next_error__"') && !/<h1[\s>]/i.test(html)
}

/**
 * Whether a response is an answer of the site's API (/api/…): short JSON ({ok, …}; their requests
 * are capped at a few kB and so are their answers). Next streams them without a length, so the
 * compression middleware cannot see they are under its 1 kB threshold and would start a brotli
 * stream for each, which cost about 6 % of a booking's CPU and made the answer no smaller.
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
 * nor for a prerendered address (see EdgeOptions.prerenderedPaths). Returns the nonce, or null.
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
 * no-store, max-age=0, must-revalidate`; a page from its cache (prerendered or ISR) carries
 * `s-maxage=…`. Held still: every other status (a notFound() page's empty body is replaced by the
 * 404 page, which needs it whole), and any page rendered without a nonce of the edge's.
 */
export function streamsPage({status, cacheControl, nonce}: {status: number; cacheControl: string; nonce: string | null}): boolean {
  return nonce !== null && status === 200 && /(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/i.test(cacheControl)
}

/** The headers of an answer the edge gives itself (Next, which adds the site's headers, never sees the request). */
const REFUSAL_HEADERS = {
  ...Object.fromEntries(SECURITY_HEADERS.map(({key, value}) => [key, value])),
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
}

/** Pages smaller than this are sent as they are (as the compression middleware does below 1 kB). */
const MIN_COMPRESSED_BYTES = 1024
const BROTLI_ONCE = {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 9}}
const BROTLI_EACH_TIME = {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 4}}
/** Page versions whose policy and compressed bytes are kept (the site has a few dozen pages). */
const MAX_CACHED_PAGES = 200

/** The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return wants('br') ? 'br' : wants('gzip') ? 'gzip' : null
}

function appendVary(res: ServerResponse, field: string): void {
  const current = String(res.getHeader('vary') ?? '')
  if (!current.split(',').some((value) => value.trim().toLowerCase() === field.toLowerCase())) {
    res.setHeader('Vary', current ? `${current}, ${field}` : field)
  }
}

/** The edge's request handler, and what its cache of page versions holds (for tests and measurements). */
export type EdgeHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {cachedPages: () => {count: number; bytes: number}}

export function createEdgeHandler(options: EdgeOptions): EdgeHandler {
  const apiAnswers = new WeakSet<IncomingMessage>()
  const compress = compression({filter: (req, res) => !apiAnswers.has(req as IncomingMessage) && compression.filter(req, res)})
  const log = options.log ?? console
  // Page version → its policy and its compressed bytes; least recently added dropped first. Only
  // pages that exist (200), keyed by version rather than address, so addresses anyone can make up
  // (a 404 each, or /studio/<anything>, which is the one Studio page) add nothing.
  const pages = new Map<string, {policy: string; encoded: Map<'br' | 'gzip', Buffer>}>()
  // The pages answered in the last second, sent again as they were (recent-pages.ts).
  const recent = options.recentPages ?? createRecentPages()
  // Foreign inline scripts already logged (a few: each would be logged once per render otherwise).
  const reported = new Set<string>()
  const reportForeign = (pathname: string) => (script: string) => {
    if (reported.has(script) || reported.size >= 50) return
    reported.add(script)
    log.error(`Edge: ${pathname} holds an inline script the app does not write; the browser is told not to run it: ${script.slice(0, 200)}`)
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    if (!isOriginForm(req.url)) {
      res.writeHead(400, {...REFUSAL_HEADERS, Connection: 'close'})
      res.end('Bad Request: the request target must be a path')
      return
    }
    const requestedPath = (req.url ?? '/').split('?', 1)[0]
    const rewritten = !req.url || !isDecodablePath(req.url)
    if (rewritten) req.url = NOT_FOUND_PATH

    if (!isReadableRouterState(req.headers['next-router-state-tree'])) {
      res.writeHead(400, REFUSAL_HEADERS)
      res.end('Bad Request: unreadable Next-Router-State-Tree header')
      return
    }

    delete req.headers[CLIENT_ADDRESS_HEADER]
    req.headers[CLIENT_ADDRESS_HEADER] = stampClientAddress(resolveClientAddress(req.socket.remoteAddress, req.headers, options.trust))

    // A page's policy names its scripts: revalidating a page with a 304 would keep the headers the
    // browser stored with another version of it. Pages are small; files keep their validators.
    if (req.headers['sec-fetch-dest'] === 'document' || req.headers.accept?.includes('text/html')) {
      delete req.headers['if-none-match']
      delete req.headers['if-modified-since']
    }

    if (options.https) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
    const pathname = (req.url ?? '/').split('?', 1)[0]

    const preview = hasDraftModeCookie(req.headers.cookie)
    // An office page is one member's: never kept, and never stored by any cache on the way.
    const office = isOfficePath(pathname)
    // A publish: this process forgets its recent pages now and once the new content is in.
    if (pathname === REVALIDATE_PATH) {
      recent.clear()
      res.once('finish', () => recent.clear())
    }
    const api = isApiAnswer(pathname)
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const recentKey = rewritten ? null : recentPageKey(req, {encoding, personal: preview || office || api})
    const recentPage = recentKey ? recent.get(recentKey) : null
    if (recentPage) {
      res.writeHead(200, recentPage.headers)
      res.end(recentPage.body)
      return
    }
    const nonce = scriptNonceFor(req, pathname, options.prerenderedPaths)
    if (api) apiAnswers.add(req)
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {})
    // A page version from Next's cache (its key: a 200 only), as sent, for the next second's requests.
    const keepRecent = <T extends string | Buffer>(versionKey: string | null, sent: T): T => {
      if (recentKey && versionKey) {
        const body: Buffer = typeof sent === 'string' ? Buffer.from(sent, 'utf8') : (sent as Buffer)
        recent.set(recentKey, {headers: {...res.getHeaders(), 'content-length': body.byteLength}, body})
      }
      return sent
    }
    const streamed = () => streamsPage({status: res.statusCode, cacheControl: String(res.getHeader('cache-control') ?? ''), nonce})
    holdHtml(res, {streams: streamed, finish: async (html, held) => {
      let body = html
      let notFoundPage = rewritten
      if (res.statusCode === 404 && req.method === 'GET' && isEmptyNotFoundShell(html)) {
        const page = await options.notFoundPage().catch((error: unknown) => {
          log.error('Edge: the 404 page could not be fetched', error)
          return null
        })
        if (page) {
          body = page
          notFoundPage = true
          res.removeHeader('etag')
        }
      }
      if (notFoundPage || res.statusCode === 404) body = showRequestedPath(body, requestedPath)
      // A page Next serves from its cache, unchanged here, is worked on once per version.
      const etag = res.getHeader('etag')
      if (office) res.setHeader('Cache-Control', 'private, no-store')
      const key =
        typeof etag === 'string' && body === html && !preview && !office && res.statusCode === 200
          ? `${isStudioPath(pathname) ? 'studio' : 'site'}\n${etag}\n${held.byteLength}`
          : null
      let page = key ? pages.get(key) : undefined
      if (!page) {
        const policy = contentSecurityPolicyFor(pathname, {
          scriptHashes: inlineScriptHashes(body, reportForeign(pathname)),
          sanityProjectId: options.sanityProjectId,
          studioProjectId: options.studioProjectId,
          https: options.https,
          preview,
        })
        page = {policy, encoded: new Map()}
        if (key) {
          if (pages.size >= MAX_CACHED_PAGES) pages.delete(pages.keys().next().value as string)
          pages.set(key, page)
        }
      }
      res.setHeader('Content-Security-Policy', page.policy)
      if (preview) res.setHeader('X-Frame-Options', frameOptions(true))
      if (!encoding || req.method === 'HEAD') return keepRecent(key, body)
      const bytes = body === html ? held : Buffer.from(body, 'utf8')
      if (bytes.byteLength < MIN_COMPRESSED_BYTES) return keepRecent(key, body)
      let encoded = page.encoded.get(encoding)
      if (!encoded) {
        // Once per version: compress hard. Every time (a page Next renders per request): as cheaply
        // as the compression middleware would.
        encoded = encoding === 'br' ? brotliCompressSync(bytes, key ? BROTLI_ONCE : BROTLI_EACH_TIME) : gzipSync(bytes, {level: key ? 9 : 6})
        if (key) page.encoded.set(encoding, encoded)
      }
      res.setHeader('Content-Encoding', encoding)
      appendVary(res, 'Accept-Encoding')
      return keepRecent(key, encoded)
    }, passing: (html) => {
      if (!html) {
        if (!isJavaScriptType(String(res.getHeader('content-type') ?? ''))) res.setHeader('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY)
        return
      }
      // A page rendered for this request: its scripts carry the nonce, the policy names it.
      if (office) res.setHeader('Cache-Control', 'private, no-store')
      res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(pathname, {
        scriptNonce: nonce ?? undefined,
        sanityProjectId: options.sanityProjectId,
        studioProjectId: options.studioProjectId,
        https: options.https,
        preview,
      }))
      if (preview) res.setHeader('X-Frame-Options', frameOptions(true))
      flushEachWrite(res)
    }})

    options.next(req, res).catch((error: unknown) => {
      log.error('Edge: the request failed', error)
      if (!res.headersSent) {
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      }
      res.end('Internal Server Error')
    })
  }
  const cachedPages = () => {
    let bytes = 0
    for (const [key, page] of pages) {
      bytes += key.length + page.policy.length
      for (const encoded of page.encoded.values()) bytes += encoded.byteLength
    }
    return {count: pages.size, bytes}
  }
  return Object.assign(handler, {cachedPages})
}

/**
 * Sends what was written so far through the compression stream at the end of each turn of the
 * event loop in which something was written: zlib otherwise keeps up to 16 kB (the loading state and
 * more) until the page ends. One flush per turn, not per chunk: React writes in many small pieces.
 */
function flushEachWrite(res: ServerResponse): void {
  const flush = (res as ServerResponse & {flush?: () => void}).flush
  if (!flush) return
  const write = res.write
  let scheduled = false
  res.write = function writeAndFlush(this: ServerResponse, ...args: unknown[]) {
    const written = (write as (...a: unknown[]) => boolean).apply(this, args)
    if (!scheduled) {
      scheduled = true
      setImmediate(() => {
        scheduled = false
        if (!res.writableEnded && !res.destroyed) flush.call(res)
      })
    }
    return written
  } as ServerResponse['write']
}

type Chunk = string | Uint8Array
type Callback = (error?: Error | null) => void

export interface HoldOptions {
  /** Sees the whole of a held page, sets headers and may change the body (text, or bytes as they are to be sent). */
  finish: (html: string, held: Buffer) => Promise<string | Buffer>
  /** Sees the headers of what passes straight through (`html`: an HTML page `streams` let go). */
  passing?: (html: boolean) => void
  /** Asked once the headers of an HTML page are known: let it pass as it is written rather than hold it. */
  streams?: () => boolean
}

/**
 * Holds an HTML response (any status but 204/304) until it ends, then lets `finish` see the whole
 * page, set headers and change the body; everything else, and an HTML page `streams` lets go,
 * passes straight through, after `passing` (if given) has seen its headers. Works on the
 * response's own methods, so whatever Next writes (headers, chunks, end) is seen here first.
 */
export function holdHtml(res: ServerResponse, {finish, passing, streams}: HoldOptions): void {
  const original = {writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders}
  let mode: 'undecided' | 'pass' | 'hold' = 'undecided'
  // Let through at the start: the response's methods are no longer these (`passing` may have wrapped them again).
  let restored = false
  const chunks: Buffer[] = []

  const restore = () => {
    res.writeHead = original.writeHead
    res.write = original.write
    res.end = original.end
    res.flushHeaders = original.flushHeaders
  }
  const decide = () => {
    if (mode !== 'undecided') return
    const type = String(res.getHeader('content-type') ?? '')
    const html = /^text\/html/i.test(type) && res.statusCode !== 204 && res.statusCode !== 304
    const held = html && !streams?.()
    mode = held ? 'hold' : 'pass'
    if (!held) {
      restore()
      restored = true
      passing?.(html)
    }
  }
  const collect = (chunk: Chunk | undefined, encoding?: BufferEncoding) => {
    if (chunk === undefined || chunk === null) return
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk))
  }

  res.writeHead = function writeHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    res.statusCode = statusCode
    const reason = typeof rest[0] === 'string' ? (rest.shift() as string) : undefined
    if (reason !== undefined) res.statusMessage = reason
    const headers = rest[0] as OutgoingHttpHeaders | unknown[] | undefined
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string)
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value)
    }
    decide()
    if (mode === 'pass') return original.writeHead.call(res, res.statusCode)
    return res
  } as ServerResponse['writeHead']

  res.flushHeaders = function flushHeaders(this: ServerResponse) {
    decide()
    if (mode === 'pass') original.flushHeaders.call(res)
  }

  res.write = function write(this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    decide()
    if (mode === 'pass') return ((restored ? res.write : original.write) as (...args: unknown[]) => boolean).call(res, chunk, ...rest)
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined
    collect(chunk, encoding)
    const callback = rest.find((arg): arg is Callback => typeof arg === 'function')
    if (callback) process.nextTick(callback)
    return true
  } as ServerResponse['write']

  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    decide()
    if (mode === 'pass') return ((restored ? res.end : original.end) as (...a: unknown[]) => ServerResponse).apply(res, args)
    const callback = args.find((arg): arg is Callback => typeof arg === 'function')
    const [chunk, encoding] = args.filter((arg) => typeof arg !== 'function') as [Chunk | undefined, BufferEncoding | undefined]
    collect(chunk, encoding)
    mode = 'pass' // a second end() (Next's error paths) must not finish twice
    const held = Buffer.concat(chunks)
    const html = held.toString('utf8')
    finish(html, held)
      .catch(() => html)
      .then((body) => {
        restore()
        const bytes = typeof body !== 'string' ? body : body === html ? held : Buffer.from(body, 'utf8')
        if (res.hasHeader('content-length')) res.setHeader('Content-Length', bytes.byteLength)
        original.writeHead.call(res, res.statusCode)
        const send = original.end as (chunk?: Buffer, callback?: () => void) => ServerResponse
        send.call(res, res.req?.method === 'HEAD' ? undefined : bytes, callback)
      })
    return res
  } as ServerResponse['end']
}
