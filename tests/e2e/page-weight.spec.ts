import {SPEED_PAGES} from './support/speed-pages'
import {expect, test, type Page} from './support/test'

/**
 * What each page costs a visitor in JavaScript, measured from the production build as the
 * browser receives it (gzip, as the edge server sends it), against a bare Next 16 app of one page
 * (134 kB, `npm run perf`).
 *
 * - Before interaction: the page alone, next/link's idle prefetches of the routes it links to
 *   blocked. A lead form's validation and submit code is not part of it: it loads when the visitor
 *   first touches the form (components/leads/deferredLeadForm.tsx).
 * - With idle prefetches: what the browser has fetched once the page is idle, prefetches included.
 *   Links to the booking screens (header "Book Now", footer, cards) prefetch only the route, not
 *   its form code, which is the booking screen's own (budgeted there).
 *
 * One test per page, so a slow page never shares a timeout with the others.
 */
const BARE_KB = 134
/** Marketing pages, with or without a lead form: bare + 12 kB. */
const PAGE_KB = BARE_KB + 12
/** Marketing pages including idle prefetches: 1.2 × bare. */
const PAGE_WITH_PREFETCH_KB = Math.round(BARE_KB * 1.2)
/** Booking screens: 1.35 × bare (react-hook-form, the live summary's pricing, the form itself). */
const BOOKING_KB = Math.round(BARE_KB * 1.35)

/** Gzipped kB of every script the page loads until the network is idle. */
async function scriptKilobytes(page: Page, path: string, {blockPrefetch}: {blockPrefetch: boolean}) {
  if (blockPrefetch) {
    await page.route('**/*', (route) => (route.request().headers()['next-router-prefetch'] ? route.abort() : route.fallback()))
  }
  const scripts: Promise<number>[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    const size = request.sizes().then((sizes) => sizes.responseBodySize)
    // A script the page fetches after the last count is never awaited; closing the page then
    // rejects its size, which must not fail the test (a counted one still rejects in total()).
    size.catch(() => {})
    scripts.push(size)
  })
  await page.goto(path, {waitUntil: 'networkidle'})
  const total = async () => {
    const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0)
    return {kB: Math.round(bytes / 102.4) / 10, files: scripts.length}
  }
  return {...(await total()), total}
}

for (const {kind, path, booking, form} of SPEED_PAGES) {
  const budget = booking ? BOOKING_KB : PAGE_KB
  const title = booking
    ? `the ${kind} loads at most ${budget} kB of gzipped JavaScript`
    : `the ${kind} loads at most ${budget} kB of gzipped JavaScript before interaction, ${PAGE_WITH_PREFETCH_KB} kB with idle prefetches`
  test(title, async ({browser}) => {
    const own = await browser.newPage()
    const withPrefetch = await browser.newPage()
    try {
      const alone = await scriptKilobytes(own, path, {blockPrefetch: true})
      let line = `${path}: ${alone.kB} kB in ${alone.files} files`
      if (form) {
        // What the visitor's first touch of the form adds (logged, not budgeted).
        await own.locator('form input:not([type=hidden])').first().focus()
        await own.waitForLoadState('networkidle')
        await expect(own.locator('form[data-interactive]').first()).toBeAttached()
        const touched = await alone.total()
        line += `; once the form is touched ${touched.kB} kB in ${touched.files} files`
      }
      const all = await scriptKilobytes(withPrefetch, path, {blockPrefetch: false})
      line += ` (with idle prefetches of linked routes: ${all.kB} kB in ${all.files} files)`
      test.info().annotations.push({type: 'gzipped JS', description: line})
      console.log(`gzipped JS ${line}`)
      expect(alone.files).toBeGreaterThan(0)
      expect(alone.kB).toBeLessThanOrEqual(budget)
      if (!booking) expect(all.kB).toBeLessThanOrEqual(PAGE_WITH_PREFETCH_KB)
    } finally {
      await own.close()
      await withPrefetch.close()
    }
  })
}
