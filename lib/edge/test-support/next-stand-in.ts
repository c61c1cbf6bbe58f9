import {createHash} from 'node:crypto'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {clientAddress} from '../client-address'
import {siteContentSecurityPolicy} from '../security-headers'
import {createEdgeHandler, NOT_FOUND_PATH, type EdgeOptions} from '../server'

/*
 * A stand-in for Next's request handler that answers the way Next does (headers set then a streamed
 * or whole body, writeHead with headers, the empty notFound() shell), and the edge in front of it
 * on a real HTTP server, read with fetch as a browser would: what the edge's tests share.
 */

export const SCRIPT = 'self.__next_f.push([1,"hello"])'
export const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`
export const page = (title: string, script = SCRIPT) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><p>${'x'.repeat(2000)}</p><script>${script}</script></body></html>`
export const EMPTY_SHELL = '<!DOCTYPE html><html id="__next_error__"><head></head><body><div hidden=""></div><script>self.__next_f.push([1,"404"])</script></body></html>'
export const NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="en"><body><h1>Page Not Found</h1><p>The requested URL <span>${NOT_FOUND_PATH}</span> was not found.</p><script>self.__next_f.push([1,"${NOT_FOUND_PATH}"])</script></body></html>`
/** The 404 page as Next renders it for an address no route matches (app/global-not-found.tsx, per request): it names that address. */
export const globalNotFoundPage = (path: string) =>
  `<!DOCTYPE html><html lang="en"><body><h1>Page Not Found</h1><p>The requested URL <span>https://example.com${path}</span> was not found.</p><p><a href="/">Home</a></p><script>self.__next_f.push([1,"404"])</script></body></html>`

export const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
export const FOREIGN = 'document.title="owned"'
export const seen: {url?: string; headers?: IncomingMessage['headers']} = {}
/** How many requests of each address reached the stand-in for Next. */
export const reachedNext = new Map<string, number>()
export const logged: string[] = []

/** What Next sends on a page it renders for the request alone (a dynamic page, or its notFound()). */
export const PER_REQUEST = 'private, no-cache, no-store, max-age=0, must-revalidate'
/** What Next sends on a page from its cache (prerendered, or ISR). */
export const FROM_CACHE = 's-maxage=300, stale-while-revalidate=31535700'
/** The nonce Next takes from the request's policy header (as getScriptNonceFromHeaders does). */
const requestNonce = (req: IncomingMessage) => /'nonce-([A-Za-z0-9+/_-]+={0,2})'/.exec(String(req.headers['content-security-policy'] ?? ''))?.[1]
export const LOADING = '<p role="status">Loading your booking…</p>'
export const DETAILS = '<dl><dt>Service</dt><dd>House cleaning</dd></dl>'
/** The held "database answer" of the rendered page: released by the test. */
let details: () => void = () => {}
export const releaseDetails = () => details()

export async function framework(req: IncomingMessage, res: ServerResponse): Promise<void> {
  seen.url = req.url
  seen.headers = req.headers
  const path = req.url!.split('?')[0]
  reachedNext.set(path, (reachedNext.get(path) ?? 0) + 1)
  if (path === '/streamed') {
    res.statusCode = 200
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    const html = page('Streamed')
    res.write(html.slice(0, 100))
    await new Promise((resolve) => setImmediate(resolve))
    res.write(Buffer.from(html.slice(100, 1000)))
    res.end(html.slice(1000))
  } else if (path === '/whole') {
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(page('Whole')), 'X-Own': 'kept'})
    res.end(page('Whole'))
  } else if (path === '/cached') {
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', ETag: '"v1"'})
    res.end(page('Cached'))
  } else if (path === '/office/staff') {
    // An office page, as Next might stamp it with an ETag: one member's, never to be kept.
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', ETag: '"office-v1"', 'Cache-Control': 'public, max-age=60'})
    res.end(page('Office'))
  } else if (path === '/studio' || path.startsWith('/studio/')) {
    // The Studio's one cached page, which next.config.ts's rewrite serves for every /studio/… address.
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', ETag: '"studio-v1"'})
    res.end(page('Studio'))
  } else if (path.startsWith('/gone/')) {
    // A not-found page Next renders whole and stamps with an ETag, naming no address.
    res.writeHead(404, {'Content-Type': 'text/html; charset=utf-8', ETag: '"gone-v1"'})
    res.end(page('Gone'))
  } else if (path === '/api/bookings' || path === '/chunk.js') {
    // As Next streams a route handler's Response or a file: headers, then the body in pieces, no length.
    res.statusCode = 200
    res.setHeader('Content-Type', path === '/chunk.js' ? 'application/javascript; charset=utf-8' : 'application/json')
    const body = path === '/chunk.js' ? `console.log(${JSON.stringify('y'.repeat(3000))})` : JSON.stringify({ok: true, notes: 'z'.repeat(1500)})
    res.write(body.slice(0, 10))
    await new Promise((resolve) => setImmediate(resolve))
    res.end(body.slice(10))
  } else if (path === '/drawing.svg' || path === '/icon.ico') {
    // As a file or an image route answers, with next.config.ts's site-wide fallback policy.
    res.writeHead(200, {'Content-Type': path === '/icon.ico' ? 'image/x-icon' : 'image/svg+xml', 'Content-Security-Policy': siteContentSecurityPolicy()})
    res.end(SVG)
  } else if (path === '/injected') {
    // A page into which something on the server wrote a script of its own.
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'})
    res.end(page('Injected').replace('</body>', `<script>${FOREIGN}</script></body>`))
  } else if (path === '/rendered' || path === '/office/today') {
    // A page rendered for this request, as Next streams it: the shell with a Suspense fallback, then
    // (once its data is read) the rest; every script carries the nonce of the request's policy.
    const nonce = requestNonce(req)
    const detailsRead = new Promise<void>((resolve) => (details = resolve))
    res.statusCode = 200
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', PER_REQUEST)
    res.write(`<!DOCTYPE html><html lang="en"><head><title>Rendered</title></head><body><h1>Rendered</h1><p>${'x'.repeat(2000)}</p>${LOADING}<script nonce="${nonce}">${SCRIPT}</script>`)
    await detailsRead
    res.end(`${DETAILS}<script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`)
  } else if (path === '/revalidated') {
    // A page Next rendered into its cache for this request (ISR), with the request's nonce on its scripts.
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': FROM_CACHE, 'x-nextjs-cache': 'MISS'})
    res.end(page('Revalidated').replace('<script>', `<script nonce="${requestNonce(req)}">`))
  } else if (path === '/api/echo') {
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify({client: clientAddress(new Headers(req.headers as Record<string, string>))}))
  } else if (path.startsWith('/unmatched/')) {
    // What Next sends for an address no route matches: the global 404 page, rendered for it.
    res.statusCode = 404
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', PER_REQUEST)
    res.end(globalNotFoundPage(path))
  } else if (path === NOT_FOUND_PATH) {
    res.statusCode = 404
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.end(NOT_FOUND_PAGE)
  } else {
    // notFound() in a page rendered per request: its headers say so, and it must still be held and replaced.
    res.statusCode = 404
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', PER_REQUEST)
    res.end(EMPTY_SHELL)
  }
}

/** The edge in front of the stand-in, listening on a free port of this machine. */
export async function startEdge(options: Partial<EdgeOptions> = {}) {
  const edge = createEdgeHandler({
    next: framework,
    trust: {kind: 'none'},
    https: true,
    prerenderedPaths: new Set(['/cached']),
    notFoundPage: async () => NOT_FOUND_PAGE,
    log: {error: (message: string) => logged.push(message)},
    ...options,
  })
  const server = createServer(edge)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {edge, base, close: () => new Promise<void>((resolve) => server.close(() => resolve()))}
}

/** The script sources a response's policy allows. */
export function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? ''
  return /script-src ([^;]*)/.exec(policy)?.[1].split(' ') ?? []
}
