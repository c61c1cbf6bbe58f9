import path from 'node:path'
import {readFileSync} from 'node:fs'
import sharp from 'sharp'
import {expect, test, type Page} from './support/test'
import {datasetFile, documentsOfType} from './support/dataset'
import type {BlogPostDoc} from './support/content-types'

/**
 * A photo an editor uploaded, with its hotspot on the subject (scripts/prepare-e2e-dataset.mjs puts
 * a red disc near the top-right corner of a 16:9 JPEG, an article's hero). The article shows it 4:3
 * on phones and 21:9 on wide screens; at both the subject must stay in view, where cutting around the
 * hotspot puts it, with a srcset, a size and a placeholder, and without moving the page.
 */

type Hotspot = {x: number; y: number}
type PhotoPost = BlogPostDoc & {heroImage: BlogPostDoc['heroImage'] & {_sanityAsset: string; hotspot: Hotspot}}

function photoPost() {
  const post = documentsOfType<PhotoPost>('blogPost').find((doc) => /\.jpe?g$/.test(doc.heroImage._sanityAsset))
  if (!post) throw new Error('The test dataset has no article with a photo as its hero')
  const file = path.join(path.dirname(datasetFile()), 'images', post.heroImage._sanityAsset.split('/').pop()!)
  return {post, file}
}

/** Where the hotspot falls in a cut of the given shape: the cut is centred on it, kept inside the photo. */
function expectedSubject(photo: {width: number; height: number}, hotspot: Hotspot, aspect: number) {
  const cut = photo.width / photo.height > aspect ? {width: photo.height * aspect, height: photo.height} : {width: photo.width, height: photo.width / aspect}
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max)
  const left = clamp(hotspot.x * photo.width - cut.width / 2, photo.width - cut.width)
  const top = clamp(hotspot.y * photo.height - cut.height / 2, photo.height - cut.height)
  return {x: (hotspot.x * photo.width - left) / cut.width, y: (hotspot.y * photo.height - top) / cut.height}
}

/** The centre of the red pixels in a screenshot of the picture, as fractions of its size; null if none. */
async function redCentre(png: Buffer) {
  const {data, info} = await sharp(png).removeAlpha().raw().toBuffer({resolveWithObject: true})
  let count = 0
  let sumX = 0
  let sumY = 0
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * 3
      if (data[at] > 180 && data[at + 1] < 80 && data[at + 2] < 80) {
        count++
        sumX += x
        sumY += y
      }
    }
  }
  return count < 20 ? null : {x: sumX / count / info.width, y: sumY / count / info.height}
}

async function loadedHero(page: Page, alt: string) {
  const hero = page.getByRole('article').getByRole('img', {name: alt})
  await expect(hero).toBeVisible()
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  return hero
}

for (const {name, viewport, aspect} of [
  {name: 'a phone', viewport: {width: 390, height: 844}, aspect: 4 / 3},
  {name: 'a desktop', viewport: {width: 1280, height: 900}, aspect: 21 / 9},
]) {
  test.describe(`on ${name}`, () => {
    test.use({viewport})

    test('a photo is cut around its hotspot, served in sizes and a modern format, with a size and a placeholder', async ({page}) => {
      const {post, file} = photoPost()
      const photo = await sharp(readFileSync(file)).metadata()
      const webp = page.waitForResponse((response) => /\/images\/local\/production\/[^/?]+\.jpg\?/.test(response.url()))
      await page.goto(`/blog/${post.slug.current}`)
      const hero = await loadedHero(page, post.heroImage.alt)

      // Served by the image pipeline: cut (rect) and sized by the URL, WebP for a browser that takes it.
      const image = await webp
      expect(image.headers()['content-type']).toBe('image/webp')
      const src = await hero.evaluate((img: HTMLImageElement) => img.currentSrc)
      expect(src).toMatch(/[?&]rect=\d+,\d+,\d+,\d+/)
      expect(src).toMatch(/[?&]fit=crop/)

      // Several sizes to choose from, for both shapes; width and height set, so the box is known before it loads.
      const srcset = (await hero.getAttribute('srcset')) ?? ''
      expect(srcset.split(', ').length).toBeGreaterThanOrEqual(4)
      const source = page.getByRole('article').locator('picture source')
      expect(((await source.getAttribute('srcset')) ?? '').split(', ').length).toBeGreaterThanOrEqual(4)
      for (const element of [hero, source]) {
        await expect(element).toHaveAttribute('width', /^\d+$/)
        await expect(element).toHaveAttribute('height', /^\d+$/)
      }
      // The upload's blurred preview behind the picture until it arrives.
      expect(await hero.getAttribute('style')).toContain('data:image/jpeg;base64')

      // Drawn at this screen's shape, with the subject where the cut around the hotspot puts it.
      const box = (await hero.boundingBox())!
      expect(box.width / box.height).toBeCloseTo(aspect, 1)
      const subject = await redCentre(await hero.screenshot())
      const expected = expectedSubject({width: photo.width!, height: photo.height!}, post.heroImage.hotspot, aspect)
      expect(subject, 'the subject (red disc) is in view').not.toBeNull()
      expect(subject!.x).toBeCloseTo(expected.x, 1)
      expect(subject!.y).toBeCloseTo(expected.y, 1)
    })

    test('the page with the photo does not shift as it loads (CLS ≤ 0.02)', async ({page}) => {
      const {post} = photoPost()
      await page.goto(`/blog/${post.slug.current}`)
      await loadedHero(page, post.heroImage.alt)
      await page.evaluate(() => document.fonts.ready)
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            // The navigation entry always exists, so the first call back comes (with every shift so far).
            const observer = new PerformanceObserver((list) => {
              observer.disconnect()
              const shifts = list.getEntriesByType('layout-shift') as unknown as {value: number; hadRecentInput: boolean}[]
              resolve(shifts.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0))
            })
            observer.observe({type: 'layout-shift', buffered: true})
            observer.observe({type: 'navigation', buffered: true})
          }),
      )
      expect(shift).toBeLessThanOrEqual(0.02)
    })
  })
}
