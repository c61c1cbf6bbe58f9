import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {imageFileFacts} from './image-files'
import {contentImageUrl, croppedSize} from './images'
import type {ContentImage} from './index'
import {ImagePipelineBusyError, outputFormat, parseImageTransform, transformImage} from './local-images'

// A 16:9 photo whose subject (the hotspot) sits near the right edge.
const photo: ContentImage = {
  alt: 'The crew at work',
  assetId: 'image-0123456789abcdef0123456789abcdef01234567-2400x1350-jpg',
  url: 'https://cdn.sanity.io/images/abc123/production/0123456789abcdef0123456789abcdef01234567-2400x1350.jpg',
  width: 2400,
  height: 1350,
  crop: {top: 0, bottom: 0, left: 0, right: 0},
  hotspot: {x: 0.9, y: 0.12, width: 0.1, height: 0.1},
  lqip: '',
  color: '',
}

const params = (url: string) => new URL(url, 'http://site.test').searchParams

describe('content image URLs', () => {
  it('cut a photo to the asked shape around the hotspot, on Sanity’s CDN', () => {
    const url = contentImageUrl(photo, {width: 400, height: 300})
    expect(url.startsWith('https://cdn.sanity.io/images/abc123/production/0123456789abcdef0123456789abcdef01234567-2400x1350.jpg?')).toBe(true)
    // 4:3 of a 16:9 photo is 1800 × 1350; centred on x = 2160 it would overrun the right edge, so it ends there.
    expect(params(url).get('rect')).toBe('600,0,1800,1350')
    expect(Object.fromEntries(params(url))).toMatchObject({w: '400', h: '300', fit: 'crop', auto: 'format', q: '75'})
  })

  it('cut a wide strip where the hotspot is, and keep the editor’s crop when no shape is asked', () => {
    // 1200 × 514 at full width is 2400 × 1028; centred on y = 162 it would start above the top, so it starts there.
    expect(params(contentImageUrl(photo, {width: 1200, height: 514})).get('rect')).toBe('0,0,2400,1028')
    const cropped = {...photo, crop: {top: 0.1, bottom: 0.1, left: 0.25, right: 0}}
    const url = contentImageUrl(cropped, {width: 800})
    expect(params(url).get('rect')).toBe('600,135,1800,1080')
    expect(params(url).get('fit')).toBe('max')
    expect(croppedSize(cropped)).toEqual({width: 1800, height: 1080})
  })

  it('point local assets at this site, at the path and with the parameters of the CDN', () => {
    const local = {...photo, url: '/images/local/production/0123456789abcdef0123456789abcdef01234567-2400x1350.jpg'}
    const url = contentImageUrl(local, {width: 640, height: 480})
    expect(url.startsWith('/images/local/production/0123456789abcdef0123456789abcdef01234567-2400x1350.jpg?rect=600,0,1800,1350&')).toBe(true)
  })
})

describe('the local image pipeline', () => {
  const size = {width: 2400, height: 1350}

  it('refuses malformed or out-of-bounds parameters', () => {
    for (const bad of ['w=0', 'w=5000', 'w=1e3', 'h=-1', 'q=0', 'q=abc', 'rect=0,0,2401,1350', 'rect=0,0,0,10', 'rect=1,2,3', 'rect=a,b,c,d', 'fm=gif']) {
      expect(parseImageTransform(new URLSearchParams(bad), size), bad).toBeNull()
    }
    expect(parseImageTransform(new URLSearchParams('rect=600,0,1800,1350&w=400&h=300&fit=crop&auto=format&unknown=1'), size)).toMatchObject({
      rect: {left: 600, top: 0, width: 1800, height: 1350},
      width: 400,
      height: 300,
      crop: true,
      quality: 75,
    })
  })

  it('sends WebP to browsers that take it when asked for auto=format, the file’s format otherwise', () => {
    const auto = parseImageTransform(new URLSearchParams('auto=format'), size)!
    expect(outputFormat(auto, 'jpg', 'image/avif,image/webp,*/*')).toBe('webp')
    expect(outputFormat(auto, 'jpg', 'image/*')).toBe('jpg')
    expect(outputFormat(parseImageTransform(new URLSearchParams('fm=png&auto=format'), size)!, 'jpg', 'image/webp')).toBe('png')
  })

  it('cuts the rectangle and scales it, so the hotspot’s marker lands where the builder put it', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'photo-')), 'crew.jpg')
    const marker = await sharp({create: {width: 120, height: 120, channels: 3, background: '#e01010'}}).png().toBuffer()
    await sharp({create: {width: 2400, height: 1350, channels: 3, background: '#2a6f6f'}})
      .composite([{input: marker, left: 2100, top: 102}])
      .jpeg({quality: 90})
      .toFile(file)
    const url = contentImageUrl({...photo, url: `/images/local/production/x-2400x1350.jpg`}, {width: 400, height: 300})
    const bytes = await transformImage(file, parseImageTransform(params(url), size)!, 'jpg')
    const {data, info} = await sharp(bytes).raw().toBuffer({resolveWithObject: true})
    expect([info.width, info.height]).toEqual([400, 300])
    expect(imageFileFacts('out.jpg', bytes)).toEqual({format: 'jpg', width: 400, height: 300})
    // The marker's centre (2160, 162) in the 1800 × 1350 cut from x = 600, scaled by 400/1800: (347, 36).
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
    const [r, g] = pixel(347, 36)
    expect(r).toBeGreaterThan(180)
    expect(g).toBeLessThan(80)
    // Centre cropping would have cut the marker off: the right edge of the picture stays teal.
    expect(pixel(200, 150)[0]).toBeLessThan(100)
  })
})

describe('the local image pipeline under a flood of odd sizes', () => {
  it('makes two at a time, queues a page’s worth and turns the rest away as busy', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'photo-')), 'small.jpg')
    await sharp({create: {width: 400, height: 300, channels: 3, background: '#2a6f6f'}}).jpeg().toFile(file)
    const results = await Promise.allSettled(
      Array.from({length: 40}, (_, index) => transformImage(file, parseImageTransform(new URLSearchParams(`w=${100 + index}`), {width: 400, height: 300})!, 'jpg')),
    )
    const made = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result) => result.status === 'rejected')
    expect(made.length).toBeGreaterThanOrEqual(26)
    expect(refused.length).toBeGreaterThan(0)
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ImagePipelineBusyError)
  })
})

describe('image file headers', () => {
  it('give the size of JPEG, PNG and WebP files (lossy, lossless and extended) as sharp reads it', async () => {
    const base = () => sharp({create: {width: 333, height: 217, channels: 4, background: '#336699'}})
    const files: [string, Buffer][] = [
      ['a.jpg', await base().jpeg().toBuffer()],
      ['a.jpeg', await base().jpeg({progressive: true}).toBuffer()],
      ['a.png', await base().png().toBuffer()],
      ['a.webp', await base().webp({lossless: true}).toBuffer()],
      ['b.webp', await base().removeAlpha().webp().toBuffer()],
      ['c.webp', await base().webp({quality: 50, alphaQuality: 50}).toBuffer()],
    ]
    for (const [name, bytes] of files) expect(imageFileFacts(name, bytes), name).toMatchObject({width: 333, height: 217})
    expect(imageFileFacts('a.png', Buffer.from('not a png at all, not at all'))).toBeUndefined()
    expect(imageFileFacts('a.gif', files[0][1])).toBeUndefined()
  })
})
