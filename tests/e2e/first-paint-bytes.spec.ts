import {BOOKING, KB, MARKETING} from '../../scripts/perf/budgets.ts'
import {describeFirstPaintBytes, firstPaintBytes} from '../../scripts/perf/first-paint-bytes.ts'
import {SPEED_PAGES} from './support/speed-pages'
import {expect, test} from './support/test'

/**
 * What a phone downloads before it can paint a page: the compressed document, every render-blocking
 * stylesheet (and script, if one blocks) and every preloaded font, as the browser negotiated them
 * (Chromium's own Accept-Encoding), counted from the browser's Resource Timing after a real load
 * with an empty cache. At most 45 kB on marketing pages and 60 kB on booking screens, the budgets
 * `npm run perf` judges with the same count.
 *
 * One test per page, so a slow page never shares a timeout with the others.
 */
for (const {kind, path, booking} of SPEED_PAGES) {
  const budget = booking ? BOOKING.firstPaintBytes : MARKETING.firstPaintBytes
  test(`the ${kind} needs at most ${budget / KB} kB before its first paint`, async ({page}) => {
    const response = await page.goto(path, {waitUntil: 'load'})
    expect(response?.ok()).toBe(true)
    const bytes = await firstPaintBytes(page)
    const counted = `${path}: ${describeFirstPaintBytes(bytes)}`
    test.info().annotations.push({type: 'bytes before first paint', description: counted})
    console.log(counted)
    expect(bytes.totalBytes, counted).toBeLessThanOrEqual(budget)
  })
}
