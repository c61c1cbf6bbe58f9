import {mkdtempSync, mkdirSync, rmSync, writeFileSync, utimesSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import sharp from 'sharp'
import {localImageFile, queryLocalDataset} from './local-dataset'

const fixtures: string[] = []
afterEach(() => {
  for (const dir of fixtures.splice(0)) rmSync(dir, {recursive: true, force: true})
})

function fixture(documents: object[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dataset-'))
  fixtures.push(dir)
  mkdirSync(path.join(dir, 'images'))
  writeFileSync(
    path.join(dir, 'images', 'hero.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#0b3b3c"/></svg>',
  )
  const file = path.join(dir, 'production.ndjson')
  writeFileSync(file, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  return file
}

const hero = {
  _id: 'homePage',
  _type: 'homePage',
  hero: {headline: 'Elevate', image: {_type: 'accessibleImage', alt: 'A tidy room', _sanityAsset: 'image@file://./images/hero.svg'}},
}

afterEach(() => vi.unstubAllEnvs())

describe('local dataset', () => {
  it('resolves image files to assets named as Sanity names them, through the same projection as the Content Lake', async () => {
    vi.stubEnv('SANITY_LOCAL_DATASET', fixture([hero]))
    const image = await queryLocalDataset<Record<string, unknown>>(
      `*[_id == "homePage"][0].hero.image{alt, "id": asset->_id, "url": asset->url, "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height, "lqip": asset->metadata.lqip}`,
    )
    expect(image).toEqual({
      alt: 'A tidy room',
      id: expect.stringMatching(/^image-[0-9a-f]{40}-1200x800-svg$/),
      url: expect.stringMatching(/^\/images\/local\/production\/[0-9a-f]{40}-1200x800\.svg$/),
      width: 1200,
      height: 800,
      lqip: null,
    })
  })

  it('gives a photo the metadata of a Sanity upload: size, opacity, dominant colour and a blurred preview', async () => {
    const file = fixture([{...hero, hero: {...hero.hero, image: {...hero.hero.image, _sanityAsset: 'image@file://./images/crew.jpg'}}}])
    // A teal photo with an orange corner: teal dominates.
    await sharp({create: {width: 640, height: 360, channels: 3, background: '#0b6b6e'}})
      .composite([{input: {create: {width: 80, height: 80, channels: 3, background: '#f08a24'}}, left: 0, top: 0}])
      .jpeg()
      .toFile(path.join(path.dirname(file), 'images', 'crew.jpg'))
    vi.stubEnv('SANITY_LOCAL_DATASET', file)
    const image = await queryLocalDataset<{id: string; width: number; height: number; opaque: boolean; lqip: string; color: string}>(
      `*[_id == "homePage"][0].hero.image.asset->{"id": _id, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "opaque": metadata.isOpaque, "lqip": metadata.lqip, "color": metadata.palette.dominant.background}`,
    )
    expect(image).toMatchObject({id: expect.stringMatching(/^image-[0-9a-f]{40}-640x360-jpg$/), width: 640, height: 360, opaque: true})
    expect(image.lqip).toMatch(/^data:image\/jpeg;base64,/)
    const preview = await sharp(Buffer.from(image.lqip.split(',')[1], 'base64')).metadata()
    expect(preview.width).toBe(20)
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(image.color.slice(at, at + 2), 16))
    expect(g).toBeGreaterThan(r + 40)
    expect(b).toBeGreaterThan(r + 40)
  })

  it('sees an edited dataset file on the next query', async () => {
    const file = fixture([hero])
    vi.stubEnv('SANITY_LOCAL_DATASET', file)
    expect(await queryLocalDataset('*[_id == "homePage"][0].hero.headline')).toBe('Elevate')
    writeFileSync(file, JSON.stringify({...hero, hero: {...hero.hero, headline: 'Shine'}}) + '\n')
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
    expect(await queryLocalDataset('*[_id == "homePage"][0].hero.headline')).toBe('Shine')
  })

  it('names the line of a broken document', async () => {
    const file = fixture([hero])
    writeFileSync(file, JSON.stringify(hero) + '\n{"_id": broken\n')
    vi.stubEnv('SANITY_LOCAL_DATASET', file)
    await expect(queryLocalDataset('*')).rejects.toThrow(/production\.ndjson:2:/)
  })

  it('finds image files only by the name of an asset of the dataset', async () => {
    const file = fixture([hero])
    vi.stubEnv('SANITY_LOCAL_DATASET', file)
    const url = await queryLocalDataset<string>('*[_id == "homePage"][0].hero.image.asset->url')
    const name = url.split('/').pop()!
    expect(localImageFile(name)?.file).toBe(path.join(path.dirname(file), 'images', 'hero.svg'))
    for (const other of ['hero.svg', '../production.ndjson', '..%2Fproduction.ndjson', name.replace(/^./, (c) => (c === '0' ? '1' : '0')), `${name}.svg`, '.hidden.svg']) {
      expect(localImageFile(other)).toBeNull()
    }
  })
})
