import {mkdtempSync, mkdirSync, writeFileSync, utimesSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {queryLocalDataset, readLocalImage} from './local-dataset'

function fixture(documents: object[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dataset-'))
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
  it('resolves image files to URLs with their dimensions, through the same projection as the Content Lake', async () => {
    vi.stubEnv('SANITY_LOCAL_DATASET', fixture([hero]))
    const image = await queryLocalDataset<{url: string; width: number; height: number; alt: string}>(
      `*[_id == "homePage"][0].hero.image{alt, "url": asset->url, "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height}`,
    )
    expect(image).toEqual({alt: 'A tidy room', url: expect.stringMatching(/^\/content-images\/hero\.svg\?v=[0-9a-f]{10}$/), width: 1200, height: 800})
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

  it('serves only image files of the dataset folder', () => {
    vi.stubEnv('SANITY_LOCAL_DATASET', fixture([hero]))
    expect(readLocalImage('hero.svg')?.contentType).toBe('image/svg+xml')
    expect(readLocalImage('../production.ndjson')).toBeNull()
    expect(readLocalImage('..%2Fproduction.ndjson')).toBeNull()
    expect(readLocalImage('missing.svg')).toBeNull()
    expect(readLocalImage('.hidden.svg')).toBeNull()
  })
})
