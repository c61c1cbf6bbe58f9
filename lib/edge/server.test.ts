import {connect} from 'node:net'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {CLIENT_ADDRESS_HEADER} from './client-address'
import {page, scriptSources, seen, sha, SCRIPT, startEdge} from './test-support/next-stand-in'

/*
 * The edge as a whole (server.ts), in front of a stand-in for Next's request handler, on a real
 * HTTP server read with fetch as a browser would. Each part's own behaviour is tested beside it.
 */

let base: string
let edge: Awaited<ReturnType<typeof startEdge>>['edge']
let close: () => Promise<void>
beforeAll(async () => ({base, edge, close} = await startEdge()))
afterAll(() => close())

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
  }, 30_000)

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
  it('answers a router state header Next cannot read with 400, and passes a readable one on', async () => {
    for (const tree of ['%ff', '{', encodeURIComponent('["",{"children":5}]')]) {
      const response = await fetch(base + '/a/b', {headers: {rsc: '1', 'next-router-state-tree': tree}})
      expect(response.status).toBe(400)
    }
    const readable = encodeURIComponent(JSON.stringify(['', {children: ['__PAGE__', {}]}]))
    const response = await fetch(base + '/whole', {headers: {rsc: '1', 'next-router-state-tree': readable}})
    expect(response.status).toBe(200)
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
