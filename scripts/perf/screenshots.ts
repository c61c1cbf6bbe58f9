/**
 * Screenshots for a before | after comparison of a visible change: home, a service page and a
 * booking screen, each whole page at a phone's and a laptop's width, in the Chromium the perf
 * scripts use, with reduced motion (no animation caught half way) and the fonts loaded.
 *
 *   node scripts/perf/screenshots.ts --origin http://localhost:3600 --out DIR
 *     writes DIR/<page>-<width>.png (home, service, booking × 390, 1280)
 *   node scripts/perf/screenshots.ts --compose BEFORE_DIR AFTER_DIR --out DIR
 *     writes DIR/<page>-<width>-before-after.png: the two shots side by side, captioned "Before" and
 *     "After", laid out by a small HTML page rendered in the same Chromium
 */
import {mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import type {Browser} from '@playwright/test'
import {launchWeighingBrowser} from './page-weight.ts'

const PAGES = [
  {name: 'home', path: '/'},
  {name: 'service', path: '/deep-cleaning'},
  {name: 'booking', path: '/house_cleaning'},
]
const VIEWPORTS = [
  {width: 390, height: 844},
  {width: 1280, height: 800},
]
const GAP = 16

async function shoot(browser: Browser, origin: string, out: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({viewport, reducedMotion: 'reduce'})
    const page = await context.newPage()
    for (const {name, path} of PAGES) {
      const response = await page.goto(new URL(path, origin).href, {waitUntil: 'networkidle'})
      if (!response?.ok()) throw new Error(`${path} answered ${response?.status() ?? 'nothing'}`)
      // A full-page shot does not scroll, so images below the first screen load now.
      await page.evaluate(async () => {
        const images = [...document.images]
        for (const image of images) image.loading = 'eager'
        await Promise.all(images.map((image) => image.decode().catch(() => {})))
        await document.fonts.ready
      })
      const file = join(out, `${name}-${viewport.width}.png`)
      await page.screenshot({path: file, fullPage: true})
      console.log(file)
    }
    await context.close()
  }
}

async function compose(browser: Browser, before: string, after: string, out: string): Promise<void> {
  const page = await browser.newPage()
  for (const {width} of VIEWPORTS) {
    for (const {name} of PAGES) {
      const image = (dir: string) => `data:image/png;base64,${readFileSync(join(dir, `${name}-${width}.png`)).toString('base64')}`
      const column = (caption: string, dir: string) => `<figure><figcaption>${caption}</figcaption><img src="${image(dir)}"></figure>`
      await page.setViewportSize({width: 2 * width + GAP, height: 600})
      await page.setContent(
        `<style>
          body { margin: 0; display: flex; gap: ${GAP}px; align-items: flex-start; background: #8a8f8d; }
          figure { margin: 0; width: ${width}px; }
          figcaption { padding: 12px 16px; background: #0b3b3c; color: #fff; font: 600 24px/1.2 system-ui, sans-serif; }
          img { display: block; width: ${width}px; }
        </style>
        ${column('Before', before)}${column('After', after)}`,
      )
      await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())))
      const file = join(out, `${name}-${width}-before-after.png`)
      await page.screenshot({path: file, fullPage: true})
      console.log(file)
    }
  }
}

const {values, positionals} = parseArgs({
  options: {origin: {type: 'string'}, out: {type: 'string'}, compose: {type: 'boolean'}},
  allowPositionals: true,
})
if (!values.out || (values.compose ? positionals.length !== 2 : !values.origin)) {
  console.error('usage: node scripts/perf/screenshots.ts --origin URL --out DIR\n       node scripts/perf/screenshots.ts --compose BEFORE_DIR AFTER_DIR --out DIR')
  process.exit(2)
}
mkdirSync(values.out, {recursive: true})
const browser = await launchWeighingBrowser()
try {
  if (values.compose) await compose(browser, positionals[0], positionals[1], values.out)
  else await shoot(browser, values.origin!, values.out)
} finally {
  await browser.close()
}
