import AxeBuilder from '@axe-core/playwright'
import {expect, test} from '@playwright/test'
import {marketingRoutes} from './support/routes'

const viewports = [
  {name: 'desktop', width: 1280, height: 900},
  {name: 'mobile', width: 390, height: 844},
]

// axe checks what we build; the OpenStreetMap frame is a third party's page.
for (const viewport of viewports) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({viewport: {width: viewport.width, height: viewport.height}})
    for (const {path} of [...marketingRoutes(), {path: '/no-such-page'}]) {
      test(`${path} has no serious or critical axe violations`, async ({page}) => {
        await page.goto(path)
        const results = await new AxeBuilder({page}).exclude('[data-map-frame]').analyze()
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
        expect(serious).toEqual([])
      })
    }
  })
}
