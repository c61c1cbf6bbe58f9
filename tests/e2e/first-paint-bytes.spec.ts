import {BOOKING, KB, MARKETING} from '../../scripts/perf/budgets.ts'
import {describeFirstPaintBytes, firstPaintBytes} from '../../scripts/perf/first-paint-bytes.ts'
import {expect, test} from './support/test'
import {documentsOfType} from './support/dataset'

/**
 * What a phone downloads before it can paint a page: the compressed document, every render-blocking
 * stylesheet (and script, if one blocks) and every preloaded font, as the browser negotiated them
 * (Chromium's own Accept-Encoding), counted from the browser's Resource Timing after a real load
 * with an empty cache. At most 45 kB on marketing pages and 60 kB on booking screens, the budgets
 * `npm run perf` judges with the same count.
 *
 * One test per page, so a slow page never shares a timeout with the others.
 */
const blogSlug = documentsOfType<{slug: {current: string}}>('blogPost')[0].slug.current

const pages: {kind: string; path: string; booking?: true}[] = [
  {kind: 'home page', path: '/'},
  {kind: 'service page', path: '/deep-cleaning'},
  {kind: 'quote landing page', path: '/roof-cleaning'},
  {kind: 'blog article', path: `/blog/${blogSlug}`},
  {kind: 'blogs list', path: '/blogs'},
  {kind: 'contact page', path: '/contact'},
  {kind: 'appointment page', path: '/appointment'},
  {kind: 'house booking screen', path: '/house_cleaning', booking: true},
  {kind: 'exterior booking screen', path: '/exterior_cleaning', booking: true},
  {kind: 'carpet booking screen', path: '/carpet_cleaning', booking: true},
  {kind: 'commercial booking screen', path: '/commercial_cleaning', booking: true},
]

for (const {kind, path, booking} of pages) {
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
