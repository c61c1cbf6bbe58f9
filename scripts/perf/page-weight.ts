/**
 * What a page costs on the wire, measured in Chromium through Playwright as tests/e2e/page-weight.spec.ts
 * does: gzipped script bytes until the network is quiet, once with next/link's idle prefetches
 * blocked (what the page itself needs before anyone interacts) and once with them (what a visitor's
 * browser fetches while the page sits idle), and the document's HTML, raw and gzipped.
 *
 * Both apps are asked for gzip only: the site's edge would send brotli to a browser that accepts it
 * while `next start` sends gzip, and the budgets compare like with like.
 *
 * Bytes before first paint are the exception: a third load with Chromium's own Accept-Encoding, since
 * that budget is about what a browser really downloads (first-paint-bytes.ts).
 */
import {chromium, devices, type Browser, type Page, type Request} from '@playwright/test'
import {firstPaintBytes, type FirstPaintBytes} from './first-paint-bytes.ts'
import {CHROMIUM} from './lighthouse.ts'

export type PageWeight = {
  url: string
  blockPrefetch: boolean
  /** Script bytes as received (gzip), their count, and every encoding they came in. */
  jsBytes: number
  jsFiles: number
  jsEncodings: string[]
  /** The document: decoded bytes, bytes on the wire, its encoding. */
  htmlBytes: number
  htmlWireBytes: number
  htmlEncoding: string
  /** next/link prefetch requests seen (blocked or not). */
  prefetches: number
}

/** Quiet for this long with nothing in flight counts as network idle (Playwright's own is 500 ms). */
const QUIET_MS = 1000
const IDLE_TIMEOUT_MS = 60_000

export function launchWeighingBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}

function isPrefetch(request: Request): boolean {
  return Boolean(request.headers()['next-router-prefetch'])
}

/** Follows the requests in flight; wait() resolves once none has been for QUIET_MS, counted from the call. */
function networkQuiet(page: Page): {wait: () => Promise<void>; stop: () => void} {
  const inFlight = new Set<Request>()
  let timer: NodeJS.Timeout | undefined
  let waiting: (() => void) | undefined
  const arm = () => {
    clearTimeout(timer)
    if (waiting && inFlight.size === 0) timer = setTimeout(waiting, QUIET_MS)
  }
  const started = (request: Request) => {
    inFlight.add(request)
    clearTimeout(timer)
  }
  const ended = (request: Request) => {
    inFlight.delete(request)
    arm()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    wait: () =>
      new Promise<void>((resolve) => {
        waiting = resolve
        arm()
      }),
    stop: () => {
      clearTimeout(timer)
      page.off('request', started)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
    },
  }
}

export async function weighPage(browser: Browser, url: string, {blockPrefetch}: {blockPrefetch: boolean}): Promise<PageWeight> {
  // The viewport of the e2e suite (Desktop Chrome), whose page-weight spec these figures continue.
  // Chromium lets this header replace its own Accept-Encoding (checked: every request, scripts too).
  const context = await browser.newContext({...devices['Desktop Chrome'], extraHTTPHeaders: {'accept-encoding': 'gzip'}})
  try {
    const page = await context.newPage()

    let prefetches = 0
    await page.route('**/*', (route) => {
      if (!isPrefetch(route.request())) return route.fallback()
      prefetches++
      return blockPrefetch ? route.abort() : route.fallback()
    })

    const scripts: Promise<{bytes: number; encoding: string}>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        })),
      )
    })

    const quiet = networkQuiet(page)
    const response = await page.goto(url, {waitUntil: 'load', timeout: IDLE_TIMEOUT_MS})
    if (!response || !response.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`)
    // next/link prefetches once the page has hydrated, which on a busy machine can take longer than
    // any quiet window after `load`: wait for the main thread to go idle first, then for the network.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), {timeout: 15_000})))
    let timeout: NodeJS.Timeout | undefined
    await Promise.race([
      quiet.wait(),
      new Promise((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`${url}: the network was not idle within ${IDLE_TIMEOUT_MS / 1000} s`)), IDLE_TIMEOUT_MS)
      }),
    ]).finally(() => {
      clearTimeout(timeout)
      quiet.stop()
    })

    const [html, htmlSizes, measured] = await Promise.all([response.body(), response.request().sizes(), Promise.all(scripts)])
    return {
      url,
      blockPrefetch,
      jsBytes: measured.reduce((sum, script) => sum + script.bytes, 0),
      jsFiles: measured.length,
      jsEncodings: [...new Set(measured.map((script) => script.encoding))].sort(),
      htmlBytes: html.byteLength,
      htmlWireBytes: htmlSizes.responseBodySize,
      htmlEncoding: response.headers()['content-encoding'] ?? 'identity',
      prefetches,
    }
  } finally {
    await context.close()
  }
}

export type FirstPaintWeight = FirstPaintBytes & {
  url: string
  /** The document's Content-Encoding as the response header gave it (Resource Timing's may be absent). */
  responseEncoding: string
  /** The Accept-Encoding Chromium sent for the document: what the encoding was negotiated from. */
  acceptEncoding: string
}

/**
 * Bytes before first paint of one fresh load (new context, empty cache) in the e2e suite's viewport,
 * with Chromium's default request headers.
 */
export async function weighFirstPaint(browser: Browser, url: string): Promise<FirstPaintWeight> {
  const context = await browser.newContext({...devices['Desktop Chrome']})
  try {
    const page = await context.newPage()
    const response = await page.goto(url, {waitUntil: 'load', timeout: IDLE_TIMEOUT_MS})
    if (!response || !response.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`)
    const [measured, requestHeaders] = await Promise.all([firstPaintBytes(page), response.request().allHeaders()])
    const responseEncoding = response.headers()['content-encoding'] ?? 'identity'
    if (measured.documentEncoding !== undefined && measured.documentEncoding !== responseEncoding) {
      throw new Error(`${url}: Resource Timing says the document came as ${measured.documentEncoding}, its response header ${responseEncoding}`)
    }
    return {url, ...measured, responseEncoding, acceptEncoding: requestHeaders['accept-encoding'] ?? ''}
  } finally {
    await context.close()
  }
}
