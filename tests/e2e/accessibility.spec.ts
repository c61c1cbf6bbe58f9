import AxeBuilder from '@axe-core/playwright'
import {expect, test} from './support/test'
import {documentsOfType} from './support/dataset'
import {marketingRoutes} from './support/routes'

/*
 * One page of each kind at a desktop width: the fixed pages, one service page of each layout, one
 * article and the not-found page; at a phone width, where only the layout and the header's menu
 * change, the home page, a service page and the longest text page. Pages of one kind share one
 * template and differ only in their texts; checking all 27 pages twice took a quarter of the
 * browser tests' time. The pages
 * with a lead form (/contact, the quote landings, /appointment) are checked, with every message of
 * their forms shown, in quote-form, contact-forms and appointment specs; the booking screens in theirs.
 */
const services = documentsOfType<{slug: {current: string}; layout: string}>('servicePage')
const onePerLayout = new Set(['information', 'carpetLanding', 'mold'].map((layout) => `/${services.find((page) => page.layout === layout)!.slug.current}`))
const firstArticle = `/blog/${documentsOfType<{slug: {current: string}}>('blogPost')[0].slug.current}`
const pages = marketingRoutes()
  .map(({path}) => path)
  .filter((path) => path !== '/contact')
  .filter((path) => (path.startsWith('/blog/') ? path === firstArticle : services.some((page) => `/${page.slug.current}` === path) ? onePerLayout.has(path) : true))

const informationPage = `/${services.find((page) => page.layout === 'information')!.slug.current}`
const viewports = [
  {name: 'desktop', width: 1280, height: 900, paths: [...pages, '/no-such-page']},
  {name: 'mobile', width: 390, height: 844, paths: ['/', informationPage, '/legal']},
]

// axe checks what we build; the OpenStreetMap frame is a third party's page.
for (const viewport of viewports) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({viewport: {width: viewport.width, height: viewport.height}})
    for (const path of viewport.paths) {
      test(`${path} has no serious or critical axe violations`, async ({page}) => {
        await page.goto(path)
        const results = await new AxeBuilder({page}).exclude('[data-map-frame]').options({resultTypes: ['violations']}).analyze()
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
        expect(serious).toEqual([])
      })
    }
  })
}
