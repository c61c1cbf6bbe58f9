/**
 * Bytes before first paint: what a browser must download before it can paint a page's first screen.
 * That is the compressed document, every render-blocking resource (stylesheets, and scripts if any
 * block) and every font the page preloads (a preloaded font competes with them for the connection),
 * counted as the browser negotiated them (br or gzip, whatever it asked for and the server sent), not
 * as a tool that forces one encoding would see them.
 *
 * The figures are the browser's own Resource Timing, read from the page once it has loaded: the
 * navigation entry's encodedBodySize for the document, the resource entries whose
 * renderBlockingStatus is "blocking", and the entries of the `link[rel=preload][as=font]` hrefs.
 * encodedBodySize is the body as received, before decompression and without headers, also when the
 * browser took it from its cache. Shared by `npm run perf` and tests/e2e/first-paint-bytes.spec.ts.
 */
import type {Page} from '@playwright/test'

export type FirstPaintBytes = {
  /** The document's body as received (compressed). */
  documentBytes: number
  /** Its Content-Encoding as the browser reports it (Resource Timing's contentEncoding), when it does. */
  documentEncoding?: string
  /** Render-blocking resources; kind: "stylesheet", "script", or Resource Timing's initiator type. */
  blocking: {url: string; bytes: number; kind: string}[]
  /** Fonts the page preloads. */
  fonts: {url: string; bytes: number}[]
  totalBytes: number
}

/**
 * Reads the figures from a page after its `load` event (preloads and render-blocking resources have
 * arrived by then). Throws when a counted resource cannot be measured: a cross-origin resource served
 * without Timing-Allow-Origin reports 0 bytes, and a preloaded font missing from Resource Timing was
 * never fetched; either would make the total too small.
 */
export async function firstPaintBytes(page: Page): Promise<FirstPaintBytes> {
  const measured = await page.evaluate(() => {
    // Fields newer than TypeScript's DOM types (Chromium has both).
    type Timing = PerformanceResourceTiming & {renderBlockingStatus?: string; contentEncoding?: string}
    const navigation = performance.getEntriesByType('navigation')[0] as Timing | undefined
    const resources = performance.getEntriesByType('resource') as Timing[]
    const kindOf = (entry: Timing) => {
      const element = [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')].find(
        (candidate) => ('href' in candidate ? candidate.href : candidate.src) === entry.name,
      )
      if (element instanceof HTMLLinkElement && element.relList.contains('stylesheet')) return 'stylesheet'
      if (element instanceof HTMLScriptElement) return 'script'
      return entry.initiatorType
    }
    const fontHrefs = [...new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel~="preload"][as="font"]')].map((link) => link.href))]
    return {
      document: navigation ? {bytes: navigation.encodedBodySize, encoding: navigation.contentEncoding, url: navigation.name} : null,
      blocking: resources
        .filter((entry) => entry.renderBlockingStatus === 'blocking')
        .map((entry) => ({url: entry.name, bytes: entry.encodedBodySize, kind: kindOf(entry)})),
      fonts: fontHrefs.map((href) => {
        const entry = resources.find((candidate) => candidate.name === href)
        return {url: href, bytes: entry ? entry.encodedBodySize : null}
      }),
      renderBlockingKnown: resources.length === 0 || resources.some((entry) => typeof entry.renderBlockingStatus === 'string'),
    }
  })
  const where = page.url()
  if (!measured.document) throw new Error(`${where}: no navigation entry in Resource Timing (was the page loaded?)`)
  if (!measured.renderBlockingKnown) throw new Error(`${where}: this browser does not report renderBlockingStatus in Resource Timing`)
  if (measured.document.bytes === 0) throw new Error(`${where}: the document reports 0 bytes in Resource Timing`)
  for (const resource of measured.blocking) {
    if (resource.bytes === 0) throw new Error(`${where}: render-blocking ${resource.kind} ${resource.url} reports 0 bytes (cross-origin without Timing-Allow-Origin?)`)
  }
  const fonts = measured.fonts.map(({url, bytes}) => {
    if (bytes === null) throw new Error(`${where}: the preloaded font ${url} was not fetched by the time the page loaded`)
    if (bytes === 0) throw new Error(`${where}: the preloaded font ${url} reports 0 bytes (cross-origin without Timing-Allow-Origin?)`)
    return {url, bytes}
  })
  const documentBytes = measured.document.bytes
  return {
    documentBytes,
    ...(measured.document.encoding ? {documentEncoding: measured.document.encoding} : {}),
    blocking: measured.blocking,
    fonts,
    totalBytes: documentBytes + [...measured.blocking, ...fonts].reduce((sum, resource) => sum + resource.bytes, 0),
  }
}

/** One line for a person: the total and what it counted, e.g. in a test's failure message. */
export function describeFirstPaintBytes(bytes: FirstPaintBytes): string {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`
  const path = (url: string) => {
    try {
      return new URL(url).pathname
    } catch {
      return url
    }
  }
  const counted = [
    `document ${kB(bytes.documentBytes)} (${bytes.documentEncoding ?? 'encoding not reported'})`,
    ...bytes.blocking.map((resource) => `render-blocking ${resource.kind} ${path(resource.url)} ${kB(resource.bytes)}`),
    ...bytes.fonts.map((font) => `preloaded font ${path(font.url)} ${kB(font.bytes)}`),
  ]
  return `${kB(bytes.totalBytes)} before first paint: ${counted.join('; ')}`
}
