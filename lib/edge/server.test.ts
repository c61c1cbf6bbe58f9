import {createHash} from 'node:crypto'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {connect, type AddressInfo} from 'node:net'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {CLIENT_ADDRESS_HEADER, clientAddress} from './client-address'
import {FILE_CONTENT_SECURITY_POLICY, siteContentSecurityPolicy} from './security-headers'
import {createRecentPages, RECENT_PAGE_MS} from './recent-pages'
import {createEdgeHandler, isApiAnswer, NOT_FOUND_PATH, preferredEncoding, PRERENDERED_NOT_FOUND_PATH, streamsPage} from './server'
import {readAsItArrives} from './test-support/streamed-page'

/*
 * The edge in front of a stand-in for Next's request handler that answers the way Next does
 * (headers set then a streamed or whole body, writeHead with headers, the empty notFound() shell),
 * on a real HTTP server, read with fetch as a browser would.
 */

const SCRIPT = 'self.__next_f.push([1,"hello"])'
const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`
const page = (title: string, script = SCRIPT) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><p>${'x'.repeat(2000)}</p><script>${script}</script></body></html>`
const EMPTY_SHELL = '<!DOCTYPE html><html id="__next_error__"><head></head><body><div hidden=""></div><script>self.__next_f.push([1,"404"])</script></body></html>'
const NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="en"><body><h1>Page Not Found</h1><p>The requested URL <span>${NOT_FOUND_PATH}</span> was not found.</p><script>self.__next_f.push([1,"${NOT_FOUND_PATH}"])</script></body></html>`
const GLOBAL_NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="en"><body><h1>Page Not Found</h1><p>The requested URL <span>https://example.com${PRERENDERED_NOT_FOUND_PATH}</span> was not found.</p><p><a href="/">Home</a></p><script>self.__next_f.push([1,"${PRERENDERED_NOT_FOUND_PATH}"])</script></body></html>`

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
const FOREIGN = 'document.title="owned"'
const seen: {url?: string; headers?: IncomingMessage['headers']} = {}
/** How many requests of each address reached the stand-in for Next. */
const reachedNext = new Map<string, number>()
const logged: string[] = []

/** What Next sends on a page it renders for the request alone (a dynamic page, or its notFound()). */
const PER_REQUEST = 'private, no-cache, no-store, max-age=0, must-revalidate'
/** What Next sends on a page from its cache (prerendered, or ISR). */
const FROM_CACHE = 's-maxage=300, stale-while-revalidate=31535700'
/** The nonce Next takes from the request's policy header (as getScriptNonceFromHeaders does). */
const requestNonce = (req: IncomingMessage) => /'nonce-([A-Za-z0-9+/_-]+={0,2})'/.exec(String(req.headers['content-security-policy'] ?? ''))?.[1]
const LOADING = '<p role="status">Loading your booking…</p>'
const DETAILS = '<dl><dt>Service</dt><dd>House cleaning</dd></dl>'
/** The held "database answer" of the rendered page: released by the test. */
let releaseDetails: () => void = () => {}

async function framework(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    const details = new Promise<void>((resolve) => (releaseDetails = resolve))
    res.statusCode = 200
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', PER_REQUEST)
    res.write(`<!DOCTYPE html><html lang="en"><head><title>Rendered</title></head><body><h1>Rendered</h1><p>${'x'.repeat(2000)}</p>${LOADING}<script nonce="${nonce}">${SCRIPT}</script>`)
    await details
    res.end(`${DETAILS}<script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`)
  } else if (path === '/revalidated') {
    // A page Next rendered into its cache for this request (ISR), with the request's nonce on its scripts.
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': FROM_CACHE, 'x-nextjs-cache': 'MISS'})
    res.end(page('Revalidated').replace('<script>', `<script nonce="${requestNonce(req)}">`))
  } else if (path === '/api/echo') {
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify({client: clientAddress(new Headers(req.headers as Record<string, string>))}))
  } else if (path.startsWith('/unmatched/')) {
    // What Next sends for an address no route matches: the prerendered global 404 page.
    res.statusCode = 404
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.end(GLOBAL_NOT_FOUND_PAGE)
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

let server: Server
let base: string
let edge: ReturnType<typeof createEdgeHandler>

beforeAll(async () => {
  edge = createEdgeHandler({
    next: framework,
    trust: {kind: 'none'},
    https: true,
    prerenderedPaths: new Set(['/cached']),
    notFoundPage: async () => NOT_FOUND_PAGE,
    log: {error: (message: string) => logged.push(message)},
  })
  server = createServer(edge)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? ''
  return /script-src ([^;]*)/.exec(policy)?.[1].split(' ') ?? []
}

describe('the edge server', () => {
  it('keeps no page version for addresses anyone can make up, and keeps the real ones', async () => {
    const get = (path: string) => fetch(base + path, {headers: {'accept-encoding': 'br', accept: 'text/html'}}).then(async (r) => ({status: r.status, body: await r.text()}))
    await get('/cached')
    await get('/studio')
    const before = edge.cachedPages()
    expect(before.count).toBeGreaterThanOrEqual(2)
    const random = () => Math.random().toString(36).slice(2)
    const made = Array.from({length: 1000}, (_, i) => ['/gone/', '/studio/', '/unmatched/', '/no-such-', '/cached?v='][i % 5] + random())
    for (let i = 0; i < made.length; i += 100) {
      const answers = await Promise.all(made.slice(i, i + 100).map(get))
      expect(answers.every(({status}) => status === 200 || status === 404)).toBe(true)
    }
    expect(edge.cachedPages()).toEqual(before)
    // The real pages are still answered from the versions kept before the flood.
    expect((await get('/cached')).body).toBe(page('Cached'))
    expect((await get('/studio/structure/anything')).body).toBe(page('Studio'))
    expect(edge.cachedPages()).toEqual(before)
  })

  it('never keeps an office page, and marks it private and not to be stored, under the site’s policy', async () => {
    const before = edge.cachedPages()
    const response = await fetch(`${base}/office/staff`, {headers: {'accept-encoding': 'br', accept: 'text/html'}})
    expect(await response.text()).toBe(page('Office'))
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(scriptSources(response).some((source) => source.startsWith("'sha256-"))).toBe(true)
    expect(edge.cachedPages()).toEqual(before)
  })

  it('sends a page whole and compressed, with a policy that allows exactly its inline scripts', async () => {
    for (const path of ['/streamed', '/whole']) {
      const response = await fetch(base + path, {headers: {'accept-encoding': 'gzip'}})
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(await response.text()).toBe(page(path === '/streamed' ? 'Streamed' : 'Whole'))
      expect(scriptSources(response)).toEqual(["'self'", `'${sha(SCRIPT)}'`])
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    }
    const whole = await fetch(base + '/whole', {headers: {'accept-encoding': 'identity'}})
    expect(whole.headers.get('x-own')).toBe('kept')
    expect(Number(whole.headers.get('content-length'))).toBe(Buffer.byteLength(page('Whole')))
  })

  it('never lets a page be revalidated with a 304 (its policy belongs to one version of it)', async () => {
    await fetch(base + '/whole', {headers: {accept: 'text/html', 'if-none-match': '"abc"', 'if-modified-since': 'Mon, 01 Jan 2024 00:00:00 GMT'}})
    expect(seen.headers?.['if-none-match']).toBeUndefined()
    expect(seen.headers?.['if-modified-since']).toBeUndefined()
  })

  it('hands the app the connection’s address, whatever forwarding headers or stamps the client sends', async () => {
    const answers = await Promise.all(
      ['198.51.100.1', '198.51.100.2, 203.0.113.9'].map((forged) =>
        fetch(base + '/api/echo', {headers: {'x-forwarded-for': forged, [CLIENT_ADDRESS_HEADER]: `token ${forged}`}}).then((r) => r.json()),
      ),
    )
    expect(answers).toEqual([{client: '127.0.0.1'}, {client: '127.0.0.1'}])
  })

  it('replaces the empty notFound() body with the 404 page naming the address asked for', async () => {
    const response = await fetch(base + '/no-such-page')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1>Page Not Found</h1>')
    expect(html).toContain('<span>/no-such-page</span>')
    // The payload keeps what the browser's router needs; its hash is in the policy.
    expect(scriptSources(response)).toContain(`'${sha(`self.__next_f.push([1,"${NOT_FOUND_PATH}"])`)}'`)
  })

  it('makes the prerendered 404 page name the address asked for, escaped, and leaves its scripts alone', async () => {
    const response = await fetch(base + '/unmatched/a%3Cb')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<span>https://example.com/unmatched/a%3Cb</span>')
    expect(html).not.toContain(`${PRERENDERED_NOT_FOUND_PATH}<`)
    expect(scriptSources(response)).toContain(`'${sha(`self.__next_f.push([1,"${PRERENDERED_NOT_FOUND_PATH}"])`)}'`)
  })

  it('answers an address with a malformed escape with the 404 page, not a 500', async () => {
    for (const path of ['/%ff', '/blog/%E0%A4%A', '/%']) {
      const response = await fetch(base + path)
      expect(response.status).toBe(404)
      expect(seen.url).toBe(NOT_FOUND_PATH)
      expect(await response.text()).toContain(`<span>${path.replace(/&/g, '&#38;')}</span>`)
    }
  })

  it('answers a router state header Next cannot read with 400, and passes a readable one on', async () => {
    for (const tree of ['%ff', '{', encodeURIComponent('["",{"children":5}]')]) {
      const response = await fetch(base + '/a/b', {headers: {rsc: '1', 'next-router-state-tree': tree}})
      expect(response.status).toBe(400)
    }
    const readable = encodeURIComponent(JSON.stringify(['', {children: ['__PAGE__', {}]}]))
    const response = await fetch(base + '/whole', {headers: {rsc: '1', 'next-router-state-tree': readable}})
    expect(response.status).toBe(200)
  })

  it('sends brotli when the browser takes it, and a cached page the same bytes every time', async () => {
    const first = await fetch(base + '/cached', {headers: {'accept-encoding': 'gzip, br'}})
    const second = await fetch(base + '/cached', {headers: {'accept-encoding': 'br'}})
    for (const response of [first, second]) {
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(await response.text()).toBe(page('Cached'))
    }
    expect(first.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'))
    const plain = await fetch(base + '/cached', {headers: {'accept-encoding': 'identity'}})
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(page('Cached'))
  })
})

describe('pages rendered per request', () => {
  it('streams such a page as it comes, compressed, under a policy naming the nonce its scripts carry', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const page = readAsItArrives(base + '/rendered', encoding)
      const response = await page.response
      await page.arrived(LOADING)
      // The fallback is on the screen while the rest is still being read.
      expect(page.text()).not.toContain(DETAILS)
      releaseDetails()
      await page.ended()
      expect(page.text()).toContain(DETAILS)
      expect(response.headers['content-encoding']).toBe(encoding)
      const nonces = [...page.text().matchAll(/<script nonce="([^"]+)">/g)].map(([, nonce]) => nonce)
      expect(nonces).toHaveLength(2)
      const policy = String(response.headers['content-security-policy'])
      expect(policy).toContain(`script-src 'self' 'nonce-${nonces[0]}';`)
      expect(nonces[1]).toBe(nonces[0])
      expect(policy).not.toContain('sha256-')
      expect(policy).toContain("frame-ancestors 'none'")
      expect(response.headers['cache-control']).toBe(PER_REQUEST)
    }
  })

  it('gives each page request a fresh nonce of 128 bits, and never one the client chose', async () => {
    const policies: string[] = []
    for (let i = 0; i < 2; i++) {
      const page = readAsItArrives(base + '/rendered', 'gzip')
      const response = await page.response
      await page.arrived(LOADING)
      releaseDetails()
      await page.ended()
      policies.push(String(response.headers['content-security-policy']))
    }
    const [first, second] = policies.map((policy) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? '')
    expect(Buffer.from(first, 'base64')).toHaveLength(16)
    expect(second).not.toBe(first)

    const chosen = {'content-security-policy': "script-src 'nonce-chosen'", 'content-security-policy-report-only': "script-src 'nonce-chosen'"}
    await fetch(base + '/whole', {headers: {accept: 'text/html', ...chosen}})
    expect(seen.headers?.['content-security-policy']).toMatch(/^script-src 'nonce-[A-Za-z0-9+/]{22}=='$/)
    expect(seen.headers?.['content-security-policy-report-only']).toBeUndefined()
    // The API, and an address Next prerendered (served from its cache), get none.
    for (const path of ['/api/echo', '/cached']) {
      await fetch(base + path, {headers: {accept: 'text/html', ...chosen}})
      expect(seen.headers?.['content-security-policy'], path).toBeUndefined()
      expect(seen.headers?.['content-security-policy-report-only'], path).toBeUndefined()
    }
  })

  it('keeps an office page rendered per request private and not stored, and streams it under the nonce policy', async () => {
    const page = readAsItArrives(base + '/office/today', 'br')
    const response = await page.response
    await page.arrived(LOADING)
    releaseDetails()
    await page.ended()
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self' 'nonce-[^']+';/)
  })

  it('still holds and hashes a page from Next’s cache, even one rendered with the request’s nonce', async () => {
    const response = await fetch(base + '/revalidated', {headers: {accept: 'text/html', 'accept-encoding': 'br'}})
    expect(await response.text()).toMatch(/<script nonce="[^"]+">/)
    expect(scriptSources(response)).toEqual(["'self'", `'${sha(SCRIPT)}'`])
  })

  it('streams only a 200 Next rendered per request, under the edge’s nonce', () => {
    expect(streamsPage({status: 200, cacheControl: PER_REQUEST, nonce: 'n'})).toBe(true)
    expect(streamsPage({status: 200, cacheControl: 'private, no-store', nonce: 'n'})).toBe(true)
    // From Next's cache: prerendered, ISR, the Studio's one page.
    expect(streamsPage({status: 200, cacheControl: FROM_CACHE, nonce: 'n'})).toBe(false)
    expect(streamsPage({status: 200, cacheControl: 's-maxage=31536000', nonce: 'n'})).toBe(false)
    expect(streamsPage({status: 200, cacheControl: '', nonce: 'n'})).toBe(false)
    // notFound() and errors: held (the empty body is replaced by the 404 page).
    expect(streamsPage({status: 404, cacheControl: PER_REQUEST, nonce: 'n'})).toBe(false)
    expect(streamsPage({status: 500, cacheControl: PER_REQUEST, nonce: 'n'})).toBe(false)
    // No nonce of the edge's in the request: Next wrote none on the scripts.
    expect(streamsPage({status: 200, cacheControl: PER_REQUEST, nonce: null})).toBe(false)
  })
})

describe('what the policies let run', () => {
  it('gives images, icons and API answers a policy that runs nothing, and JavaScript files the page policy', async () => {
    for (const path of ['/drawing.svg', '/icon.ico', '/api/bookings', '/api/echo']) {
      const response = await fetch(base + path)
      expect(response.headers.get('content-security-policy'), path).toBe(FILE_CONTENT_SECURITY_POLICY)
    }
    expect(FILE_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/)
    expect(FILE_CONTENT_SECURITY_POLICY).not.toMatch(/script-src/)
    expect(FILE_CONTENT_SECURITY_POLICY).toMatch(/(^|; )sandbox($|;)/)
    const script = await fetch(base + '/chunk.js')
    expect(script.headers.get('content-security-policy')).toBeNull()
  })

  it('names only the app’s own inline scripts in a page, and logs one injected into it', async () => {
    const response = await fetch(base + '/injected')
    expect(await response.text()).toContain(`<script>${FOREIGN}</script>`)
    expect(scriptSources(response)).toEqual(["'self'", `'${sha(SCRIPT)}'`])
    expect(logged.some((line) => line.includes('/injected') && line.includes(FOREIGN))).toBe(true)
  })
})

describe('request lines', () => {
  /** One raw request on its own connection; the status line of the answer. */
  function rawStatus(requestLine: string, host: string): Promise<string> {
    const {port} = new URL(base)
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1')
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk.toString()))
      socket.on('error', reject)
      socket.on('close', () => resolve(answer.split('\r\n', 1)[0]))
      // Written, not ended: Node drops a request whose client half-closes before the answer.
      socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    })
  }

  it('answers a request in absolute form (a proxy’s, naming another host) with 400 and never passes it on', async () => {
    seen.url = undefined
    expect(await rawStatus('GET http://evil.example/x HTTP/1.1', 'evil.example')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await rawStatus(`GET ${base}/whole HTTP/1.1`, new URL(base).host)).toMatch(/^HTTP\/1\.1 400 /)
    expect(await rawStatus('OPTIONS * HTTP/1.1', 'localhost')).toMatch(/^HTTP\/1\.1 400 /)
    expect(seen.url).toBeUndefined()
    expect(await rawStatus('GET /whole HTTP/1.1', 'localhost')).toMatch(/^HTTP\/1\.1 200 /)
  })
})

describe('compression of other responses', () => {
  it('sends the API’s answers as they are, and still compresses any other streamed response', async () => {
    const answer = await fetch(base + '/api/bookings', {headers: {'accept-encoding': 'gzip, deflate, br'}})
    expect(answer.headers.get('content-encoding')).toBeNull()
    expect(await answer.json()).toEqual({ok: true, notes: 'z'.repeat(1500)})
    const file = await fetch(base + '/chunk.js', {headers: {'accept-encoding': 'gzip, deflate, br'}})
    expect(file.headers.get('content-encoding')).toBe('br')
    expect(await file.text()).toBe(`console.log(${JSON.stringify('y'.repeat(3000))})`)
  })
})

describe('isApiAnswer', () => {
  it('is the /api routes only', () => {
    expect(['/api', '/api/bookings', '/api/bookings/resume'].map(isApiAnswer)).toEqual([true, true, true])
    expect(['/', '/apis', '/api-docs', '/blog/api'].map(isApiAnswer)).toEqual([false, false, false, false])
  })
})

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
  })
})


describe('the pages answered in the last second', () => {
  let clock = 0
  let recentServer: Server
  let recentBase: string
  beforeAll(async () => {
    recentServer = createServer(createEdgeHandler({
      next: framework,
      trust: {kind: 'none'},
      https: false,
      recentPages: createRecentPages({now: () => clock}),
      notFoundPage: async () => NOT_FOUND_PAGE,
      log: {error: () => {}},
    }))
    await new Promise<void>((resolve) => recentServer.listen(0, '127.0.0.1', resolve))
    recentBase = `http://127.0.0.1:${(recentServer.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => recentServer.close(() => resolve())))

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const before = reachedNext.get(path.split('?')[0]) ?? 0
    const response = await fetch(recentBase + path, {headers: {'accept-encoding': 'br', accept: 'text/html', ...headers}})
    const body = await response.text()
    return {response, body, reachedNext: (reachedNext.get(path.split('?')[0]) ?? 0) - before}
  }

  it('sends a page from Next\'s cache again without asking Next, with the same bytes and policy, for one second', async () => {
    clock = 1_000_000
    const first = await get('/cached')
    expect(first.reachedNext).toBe(1)
    clock += RECENT_PAGE_MS - 1
    const again = await get('/cached')
    expect(again.reachedNext).toBe(0)
    expect(again.body).toBe(first.body)
    expect(again.body).toBe(page('Cached'))
    for (const header of ['content-security-policy', 'content-encoding', 'etag', 'content-type', 'x-content-type-options']) {
      expect(again.response.headers.get(header)).toBe(first.response.headers.get(header))
    }
    // Another encoding is its own answer.
    expect((await get('/cached', {'accept-encoding': 'gzip'})).reachedNext).toBe(1)
    clock += 1
    expect((await get('/cached')).reachedNext).toBe(1)
  })

  it('never answers from it what differs by visitor or request: queries, router requests, draft mode, the office, pages rendered per request, 404s', async () => {
    clock = 2_000_000
    const twice = async (path: string, headers: Record<string, string> = {}) => (await get(path, headers)).reachedNext + (await get(path, headers)).reachedNext
    expect(await twice('/cached?v=1')).toBe(2)
    expect(await twice('/cached', {rsc: '1'})).toBe(2)
    expect(await twice('/cached', {'next-router-prefetch': '1'})).toBe(2)
    expect(await twice('/cached', {cookie: '__prerender_bypass=abc'})).toBe(2)
    expect(await twice('/office/staff')).toBe(2)
    expect(await twice('/gone/page')).toBe(2)
    expect(await twice('/whole')).toBe(2)
    // A page rendered per request (streamed): each request renders it again.
    for (let i = 0; i < 2; i++) {
      const before = reachedNext.get('/rendered') ?? 0
      const rendered = get('/rendered')
      await vi.waitFor(() => expect(reachedNext.get('/rendered') ?? 0).toBe(before + 1))
      releaseDetails()
      expect((await rendered).reachedNext).toBe(1)
    }
  })

  it('forgets every page when content is published (the revalidate webhook reaches this process)', async () => {
    clock = 3_000_000
    expect((await get('/cached')).reachedNext).toBe(1)
    expect((await get('/cached')).reachedNext).toBe(0)
    await fetch(`${recentBase}/api/revalidate`, {method: 'POST', body: '{}'}).then((r) => r.text())
    expect((await get('/cached')).reachedNext).toBe(1)
  })
})
