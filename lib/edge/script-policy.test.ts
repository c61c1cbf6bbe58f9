import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {FILE_CONTENT_SECURITY_POLICY} from './security-headers'
import {isApiAnswer, streamsPage} from './script-policy'
import {DETAILS, FOREIGN, FROM_CACHE, LOADING, logged, PER_REQUEST, releaseDetails, SCRIPT, scriptSources, seen, sha, startEdge} from './test-support/next-stand-in'
import {readAsItArrives} from './test-support/streamed-page'

let base: string
let close: () => Promise<void>
beforeAll(async () => ({base, close} = await startEdge()))
afterAll(() => close())

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

describe('isApiAnswer', () => {
  it('is the /api routes only', () => {
    expect(['/api', '/api/bookings', '/api/bookings/resume'].map(isApiAnswer)).toEqual([true, true, true])
    expect(['/', '/apis', '/api-docs', '/blog/api'].map(isApiAnswer)).toEqual([false, false, false, false])
  })
})
