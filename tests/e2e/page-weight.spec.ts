import {expect, test} from '@playwright/test'
import {documentsOfType} from './support/dataset'

/**
 * What each page type costs a visitor in JavaScript, measured from the production build as the
 * browser receives it (gzip, as `next start` serves it). A bare Next 16 page is about 135 kB; the
 * budget leaves room for the site's few interactive parts and fails if something heavy (the Studio,
 * a UI kit) leaks into a public page.
 */
const BUDGET_KB = 170

const blogSlug = documentsOfType<{slug: {current: string}}>('blogPost')[0].slug.current

for (const [kind, path] of [
  ['home page', '/'],
  ['service page', '/deep-cleaning'],
  ['quote landing page', '/roof-cleaning'],
  ['blog article', `/blog/${blogSlug}`],
] as const) {
  test(`the ${kind} loads at most ${BUDGET_KB} kB of gzipped JavaScript`, async ({page}) => {
    const scripts: Promise<number>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize))
    })
    await page.goto(path, {waitUntil: 'networkidle'})
    const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0)
    const kB = Math.round(bytes / 102.4) / 10
    test.info().annotations.push({type: 'gzipped JS', description: `${path}: ${kB} kB in ${scripts.length} files`})
    console.log(`gzipped JS ${path}: ${kB} kB in ${scripts.length} files`)
    expect(scripts.length).toBeGreaterThan(0)
    expect(kB).toBeLessThanOrEqual(BUDGET_KB)
  })
}
