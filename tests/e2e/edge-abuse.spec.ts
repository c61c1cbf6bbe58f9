import {mkdirSync, rmSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {connect, type AddressInfo} from 'node:net'
import {networkInterfaces} from 'node:os'
import {join} from 'node:path'
import {createEdgeHandler} from '../../lib/edge/server'
import {FILE_CONTENT_SECURITY_POLICY} from '../../lib/edge/security-headers'
import {commercialBooking} from './support/bookings'
import {freePort, killServer, ROOT, startServer, waitUntilServing, type PrivateServer} from './support/private-server'
import {expect, test} from './support/test'

/**
 * Abuse of the site's edge: the local test checkout is this machine's only on a
 * server configured as `npm start` configures it, which listens on loopback; files run no script;
 * an inline script injected into a page is refused by the browser; a request line in absolute form
 * is refused.
 */

/** This machine's address on its network (not loopback), if it has one. */
const NETWORK_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

/** The status line answering one raw request line. */
function rawStatus(port: number, requestLine: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', reject)
    socket.on('close', () => resolve(answer.split('\r\n', 1)[0]))
    // Written, not ended: Node drops a request whose client half-closes before the answer.
    socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
  })
}

test.describe('the test checkout on a server configured as `npm start` configures it', () => {
  test.describe.configure({mode: 'serial'})
  test.skip(!NETWORK_ADDRESS, 'this machine has no network address other than loopback')
  test.setTimeout(120_000)

  const dataDir = join(ROOT, 'test-results', 'edge-test-checkout-data')
  let server: PrivateServer | undefined

  test.beforeAll(async () => {
    rmSync(dataDir, {recursive: true, force: true})
    mkdirSync(dataDir, {recursive: true})
    const port = await freePort()
    // `npm start`'s loopback SITE_URL and no TEST_CHECKOUT_ENABLED, but listening on every interface,
    // as `npm start` did before (or anyone who adds -H 0.0.0.0), so another address can connect.
    server = startServer({port, dataDir, host: '0.0.0.0', env: {SITE_URL: `http://localhost:${port}`, TEST_CHECKOUT_ENABLED: ''}})
    await waitUntilServing(server)
  })

  test.afterAll(async () => {
    if (server) await killServer(server.child, 'SIGTERM')
    rmSync(dataDir, {recursive: true, force: true})
  })

  test('a visitor connecting from another address can neither book nor pay; this machine can', async () => {
    const local = server!.baseUrl
    const remote = `http://${NETWORK_ADDRESS}:${server!.port}`
    const book = (base: string) => fetch(`${base}/api/bookings`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(commercialBooking())})

    const refused = await book(remote)
    expect(refused.status).toBe(503)
    expect(await refused.json()).toMatchObject({ok: false, kind: 'payment'})

    // Booked on this machine, then the payment attempted from the other address.
    const booked = await book(local)
    expect(booked.status).toBe(200)
    const {checkoutUrl} = (await booked.json()) as {checkoutUrl: string}
    const session = new URL(checkoutUrl).pathname
    expect((await fetch(remote + session)).status).toBe(404)
    expect((await fetch(`${remote}${session}/pay`, {method: 'POST', redirect: 'manual'})).status).toBe(404)

    // The session is still open: paid from this machine, it goes to the success page.
    const page = await fetch(local + session)
    expect(page.status).toBe(200)
    const paid = await fetch(`${local}${session}/pay`, {method: 'POST', redirect: 'manual'})
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toContain('/success?')
  })
})

test.describe('the suite’s server (started without a host, as `npm start`)', () => {
  test('listens on loopback only: its port on this machine’s network address refuses the connection', async ({baseURL}) => {
    test.skip(!NETWORK_ADDRESS, 'this machine has no network address other than loopback')
    const port = Number(new URL(baseURL!).port)
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(port, NETWORK_ADDRESS!)
      socket.on('connect', () => (socket.destroy(), resolve('connected')))
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    })
    expect(outcome).toBe('ECONNREFUSED')
  })

  test('answers a request line in absolute form with 400, never a redirect to the host it names', async ({baseURL}) => {
    const port = Number(new URL(baseURL!).port)
    expect(await rawStatus(port, 'GET http://evil.example/x HTTP/1.1', 'evil.example')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await rawStatus(port, 'GET http://evil.example/blog1 HTTP/1.1', `localhost:${port}`)).toMatch(/^HTTP\/1\.1 400 /)
    expect(await rawStatus(port, 'GET /blogs HTTP/1.1', `localhost:${port}`)).toMatch(/^HTTP\/1\.1 200 /)
  })

  test('images, icons and other files carry a policy that runs no script', async ({request}) => {
    const home = await (await request.get('/')).text()
    const image = /\/images\/local\/production\/[\w-]+\.svg/.exec(home)?.[0]
    expect(image, 'an SVG of the local dataset on the home page').toBeTruthy()
    for (const path of [image!, '/icons.svg', '/favicon.ico', '/icon.svg', '/robots.txt', '/sitemap.xml']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['content-security-policy'], path).toBe(FILE_CONTENT_SECURITY_POLICY)
    }
  })
})

test.describe('what the browser refuses', () => {
  test.use({cspViolationsExpected: true})

  /**
   * The edge in this process in front of a stand-in upstream: a proxy to the suite's server that
   * writes a script of its own into each page (as a server-side injection would) and serves an SVG
   * that carries a script.
   */
  let edge: Server
  let edgeUrl: string

  test.beforeAll(async ({baseURL}) => {
    const upstream = async (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/drawing.svg') {
        res.writeHead(200, {'Content-Type': 'image/svg+xml'})
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__svgRan = true</script><rect width="10" height="10"/></svg>')
        return
      }
      const answer = await fetch(baseURL + req.url!, {headers: {accept: String(req.headers.accept ?? '*/*')}})
      const type = answer.headers.get('content-type') ?? 'application/octet-stream'
      let body = Buffer.from(await answer.arrayBuffer())
      if (type.startsWith('text/html')) {
        body = Buffer.from(body.toString('utf8').replace('</body>', '<script>document.documentElement.dataset.injected = "ran"</script></body>'))
      }
      res.writeHead(answer.status, {'Content-Type': type})
      res.end(body)
    }
    edge = createServer(createEdgeHandler({next: upstream, trust: {kind: 'none'}, https: false, notFoundPage: async () => null, log: {error: () => {}}}))
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve))
    edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`
  })

  test.afterAll(() => new Promise<void>((resolve) => edge.close(() => resolve())))

  test('an inline script injected into a page does not run, while the page’s own scripts do', async ({page}) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text())
    })
    await page.goto(`${edgeUrl}/house_cleaning`)
    // Hydrated: the app's inline scripts (by hash) and files ran.
    await expect(page.locator('form[data-interactive]').first()).toBeAttached()
    expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined()
    await expect.poll(() => violations.length).toBeGreaterThan(0)
    expect(violations.every((text) => /inline script|script-src/i.test(text))).toBe(true)
  })

  test('an SVG opened on its own runs no script', async ({page}) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|sandboxed/i.test(message.text())) violations.push(message.text())
    })
    const response = await page.goto(`${edgeUrl}/drawing.svg`)
    expect(response?.headers()['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY)
    await expect(page.locator('rect')).toBeAttached()
    expect(await page.evaluate(() => (window as unknown as {__svgRan?: boolean}).__svgRan)).toBeUndefined()
    await expect.poll(() => violations.length).toBeGreaterThan(0)
  })
})
