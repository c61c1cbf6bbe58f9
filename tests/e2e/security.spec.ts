import {request as httpRequest} from 'node:http'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {expect, test, type APIResponse} from './support/test'
import {commercialBooking} from './support/bookings'
import {documentsOfType} from './support/dataset'

/**
 * The security of the suite's production server (scripts/serve.ts, as `npm start`): every kind of
 * response carries the security headers, pages allow only their own scripts, nobody can frame the
 * site, unknown and malformed addresses get the server-rendered 404 page, and a forged Host header
 * cannot send a payer elsewhere.
 */

const article = documentsOfType<{slug: {current: string}}>('blogPost')[0].slug.current

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers()
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy'], what).toContain('camera=()')
  expect(headers['x-powered-by'], what).toBeUndefined()
  // Served over plain http here: no HSTS (the unit tests cover an HTTPS public address).
  expect(headers['strict-transport-security'], what).toBeUndefined()
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'")
}

/**
 * A page's script sources: its own files and its inline scripts, by hash (a page from Next's cache,
 * held whole by the edge) or by the nonce each of them carries (a page rendered for the request,
 * streamed), nothing inline otherwise.
 */
async function expectPagePolicy(response: APIResponse, what: string, inline: 'hashes' | 'nonce' = 'hashes') {
  const policy = response.headers()['content-security-policy']
  const scripts = /script-src ([^;]*)/.exec(policy)?.[1].split(' ') ?? []
  expect(scripts[0], what).toBe("'self'")
  expect(scripts.length, `${what}: its inline scripts by ${inline === 'hashes' ? 'hash' : 'nonce'}`).toBeGreaterThan(1)
  const allowed = inline === 'hashes' ? /^'sha256-[A-Za-z0-9+/]+=*'$|^https:\/\/core\.sanity-cdn\.com$/ : /^'nonce-[A-Za-z0-9+/]{22}=='$/
  for (const source of scripts.slice(1)) expect(source, what).toMatch(allowed)
  if (inline === 'nonce') {
    const nonce = scripts[1].slice("'nonce-".length, -1)
    const html = await response.text()
    const scriptTags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => body && !/\bsrc=|application\/ld\+json/.test(attributes))
    expect(scriptTags.length, what).toBeGreaterThan(0)
    for (const [, attributes] of scriptTags) expect(attributes, what).toContain(`nonce="${nonce}"`)
  }
  expect(policy, what).not.toContain('unsafe-eval')
  expect(policy, what).toContain("object-src 'none'")
  expect(policy, what).toContain("base-uri 'self'")
}

test.describe('security headers', () => {
  test('every kind of page, the 404 page, the Studio and the test checkout send them, with a policy naming their scripts', async ({request}) => {
    const pages = ['/', '/house_cleaning', '/roof-cleaning', '/contact', '/blogs', `/blog/${article}`, '/appointment', '/no-such-page', '/studio']
    // Fetched at once, so the test's time doesn't grow with the number of pages on a slow machine.
    const responses = await Promise.all(pages.map((path) => request.get(path)))
    for (const [index, response] of responses.entries()) {
      expectSecurityHeaders(response, pages[index])
      await expectPagePolicy(response, pages[index])
    }
    const booked = await request.post('/api/bookings', {data: commercialBooking()})
    const {checkoutUrl} = (await booked.json()) as {checkoutUrl: string}
    const checkout = await request.get(checkoutUrl)
    expect(checkout.status()).toBe(200)
    expectSecurityHeaders(checkout, 'test checkout')
    // Rendered for this request: streamed under a fresh nonce.
    await expectPagePolicy(checkout, 'test checkout', 'nonce')
  })

  test('API routes and files send them too', async ({request}) => {
    const api = await request.post('/api/bookings', {data: {}})
    expect(api.status()).toBe(400)
    expectSecurityHeaders(api, 'POST /api/bookings')
    const robots = await request.get('/robots.txt')
    expectSecurityHeaders(robots, '/robots.txt')
  })

  test.describe('what the policy stops', () => {
    test.use({cspViolationsExpected: true})

    test('an injected inline script does not run, while the page itself works', async ({page}) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) violations.push(message.text())
      })
      await page.goto('/house_cleaning')
      await expect(page.locator('form[data-interactive]').first()).toBeAttached()
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script')
        script.textContent = 'window.__injected = true'
        document.body.append(script)
        await new Promise((resolve) => requestAnimationFrame(resolve))
        return (window as unknown as {__injected?: boolean}).__injected === true
      })
      expect(ran).toBe(false)
      await expect.poll(() => violations.join('\n')).toContain('inline script')
    })

    test('another site cannot frame the Studio or the site’s pages (clickjacking)', async ({page, baseURL}) => {
      const refused: string[] = []
      page.on('console', (message) => {
        if (/frame-ancestors/.test(message.text())) refused.push(message.text())
      })
      // A page of another origin (about:blank here) framing the site.
      await page.setContent(`<iframe src="${baseURL}/studio"></iframe><iframe src="${baseURL}/"></iframe>`)
      await expect.poll(() => refused.length).toBe(2)
    })
  })
})

test.describe('unknown and malformed addresses', () => {
  test('an unknown page or article answers 404 with the 404 page in its HTML, naming the address', async ({request}) => {
    for (const path of ['/no-such-page', '/blog/no-such-article', '/a/b/c']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      const html = await response.text()
      expect(html, path).toContain('<h1 id="not-found-heading">Page Not Found</h1>')
      expect(html, path).toMatch(new RegExp(`>${path.replace(/\//g, '\\/')}</span>`))
    }
  })

  test('404 pages asked for at the same time each name their own address, also after the 404 text is published', async ({request}) => {
    // A publish of the 404 text outdates any copy of the 404 page: every unknown address is then
    // rendered again, many at once under load, and each answer must still be its own.
    const body = JSON.stringify({_id: 'notFoundPage', _type: 'notFoundPage', slug: null})
    const signature = await encodeSignatureHeader(body, Date.now(), process.env.SANITY_REVALIDATE_SECRET!)
    expect((await request.post('/api/revalidate', {data: body, headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature}})).status()).toBe(200)
    const token = () => Math.random().toString(36).slice(2, 10)
    // Both kinds: addresses no route matches (/a/x/y) and pages that call notFound() (/x, /blog/x).
    const paths = Array.from({length: 24}, (_, i) => [`/${token()}`, `/blog/${token()}`, `/${token()}/${token()}/${token()}`][i % 3])
    const pages = await Promise.all(paths.map(async (path) => ({path, response: await request.get(path, {headers: {accept: 'text/html'}})})))
    for (const {path, response} of pages) {
      expect(response.status(), path).toBe(404)
      const html = await response.text()
      expect(html, path).toContain('<h1 id="not-found-heading">Page Not Found</h1>')
      const shown = [...html.matchAll(/>(\/[^<]*)<\/span>/g)].map((match) => match[1])
      expect(shown, path).toEqual([path])
    }
  })

  test('visitors without JavaScript see the 404 page', async ({browser, baseURL}) => {
    const context = await browser.newContext({javaScriptEnabled: false, baseURL})
    const page = await context.newPage()
    const response = await page.goto('/no-such-service')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible()
    await expect(page.getByRole('link', {name: 'Back to the home page'})).toBeVisible()
    await context.close()
  })

  test('malformed percent-escapes answer the 404 page, never a 500', async ({request}) => {
    for (const path of ['/%ff', '/blog/%ff', '/%E0%A4%A', '/%', '/images/local/production/%ff', '/checkout/test/%ff', '/studio/%ff', '/blog%ff']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(await response.text(), path).toContain('Page Not Found')
    }
  })

  test('in a browser the 404 page hydrates cleanly and keeps the address', async ({page}) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible()
    await expect(page.getByText('/no-such-page', {exact: true})).toBeVisible()
    expect(page.url()).toMatch(/\/no-such-page$/)
    await page.getByRole('link', {name: 'Back to the home page'}).click()
    await expect(page).toHaveURL(/\/$/)
    expect(errors).toEqual([])
  })
})

/** POST with headers fetch will not let a page set (Host). */
function rawPost(url: string, body: unknown, headers: Record<string, string>): Promise<{status: number; json: Record<string, unknown>}> {
  const target = new URL(url)
  const data = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: {'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers}},
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({status: res.statusCode ?? 0, json: JSON.parse(text)}))
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

test('a forged Host or X-Forwarded-Host never becomes the payment’s return address', async ({baseURL, request}) => {
  const forged = await rawPost(`${baseURL}/api/bookings`, commercialBooking(), {host: 'phishing.example', 'x-forwarded-host': 'phishing.example', 'x-forwarded-proto': 'https'})
  expect(forged.status).toBe(200)
  const checkoutUrl = String(forged.json.checkoutUrl)
  expect(new URL(checkoutUrl).origin).toBe(new URL(baseURL!).origin)
  // Paying sends the customer back to the site's own success page.
  const sessionPath = new URL(checkoutUrl).pathname
  const paid = await request.post(`${sessionPath}/pay`, {maxRedirects: 0})
  expect(paid.status()).toBe(303)
  expect(new URL(paid.headers().location).origin).toBe(new URL(baseURL!).origin)
  expect(paid.headers().location).not.toContain('phishing')
})
