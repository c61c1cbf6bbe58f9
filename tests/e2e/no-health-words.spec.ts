import {expect, test} from './support/test'

/**
 * No page of the site reads like the health form /appointment once was: neither
 * "Patient" nor "Doctor" on any page the sitemap lists, nor on /appointment. A bounded loop of
 * requests (the HTML as served, with the page's data), no browser navigation.
 */

const HEALTH_WORDS = /\b(Patient|Doctor)/

test('no page of the site says "Patient" or "Doctor"', async ({request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
  expect(paths.length).toBeGreaterThan(10)
  const pages = [...new Set([...paths, '/appointment'])]
  const found: string[] = []
  for (const path of pages) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const match = HEALTH_WORDS.exec(await response.text())
    if (match) found.push(`${path}: ${match[0]}`)
  }
  expect(found).toEqual([])
})
