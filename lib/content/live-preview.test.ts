import {copyFileSync, mkdtempSync, renameSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import {startContentLakeStandIn, type ContentLakeStandIn} from './test-support/content-lake'

/**
 * What an editor's preview reads and how it learns of changes, through the real @sanity/client
 * against a local stand-in of the Content Lake (query API and live events), and offline from the
 * local dataset file.
 */
const TOKEN = 'viewer-token'
const headline = `*[_type == "homePage" && _id == "homePage"][0].hero.headline`
let lake: ContentLakeStandIn

beforeAll(async () => {
  lake = await startContentLakeStandIn({
    token: TOKEN,
    documents: [
      {_id: 'homePage', _type: 'homePage', hero: {headline: 'Published headline'}},
      {_id: 'drafts.homePage', _type: 'homePage', hero: {headline: 'Draft headline'}},
      {_id: 'versions.rSpring.homePage', _type: 'homePage', hero: {headline: 'Spring release headline'}},
    ],
  })
})

afterAll(() => lake.close())
afterEach(() => vi.unstubAllEnvs())

async function contentLake() {
  vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', 'testproject')
  vi.stubEnv('NEXT_PUBLIC_SANITY_DATASET', 'production')
  vi.stubEnv('SANITY_API_HOST', lake.url)
  vi.stubEnv('SANITY_API_READ_TOKEN', TOKEN)
  vi.resetModules()
  return import('./content-lake')
}

const clean = (text: unknown) => String(text).replace(/[\u200B-\u200D\u2060\uFEFF]|[\u{E0000}-\u{E007F}]/gu, '')

describe('the preview on the Content Lake', () => {
  it('reads in the perspective the Presentation tool asks for, with the token; visitors read published', async () => {
    const {queryContentLake} = await contentLake()
    expect(await queryContentLake(headline)).toBe('Published headline')
    expect(clean(await queryContentLake(headline, {}, 'drafts'))).toBe('Draft headline')
    expect(clean(await queryContentLake(headline, {}, 'published'))).toBe('Published headline')
    expect(clean(await queryContentLake(headline, {}, ['rSpring', 'drafts']))).toBe('Spring release headline')
    const previewReads = lake.requests.filter((request) => request.url.searchParams.get('perspective') !== 'published')
    expect(previewReads.map((request) => request.url.searchParams.get('perspective'))).toEqual(['drafts', 'rSpring,drafts'])
    expect(previewReads.every((request) => request.authorized)).toBe(true)
  })

  it('hears of every change, drafts included, from the live events API', async () => {
    const {watchContentLake} = await contentLake()
    const changes: number[] = []
    const lost: unknown[] = []
    const stop = watchContentLake(() => changes.push(Date.now()), (error) => lost.push(error))
    try {
      await vi.waitFor(() => expect(lake.liveConnections()).toBe(1))
      const stream = lake.requests.findLast((request) => request.url.pathname.endsWith('/data/live/events/production'))
      expect(stream?.url.pathname).toBe('/v2025-10-01/data/live/events/production')
      expect(stream?.url.searchParams.get('includeDrafts')).toBe('true')
      expect(stream?.authorized).toBe(true)
      expect(changes).toHaveLength(0)
      lake.announce()
      await vi.waitFor(() => expect(changes).toHaveLength(1))
      lake.announce()
      await vi.waitFor(() => expect(changes).toHaveLength(2))
      expect(lost).toEqual([])
    } finally {
      stop()
    }
    await vi.waitFor(() => expect(lake.liveConnections()).toBe(0))
  })
})

describe('the preview on the local dataset', () => {
  it('hears of each new version of the dataset file, saved in place or replaced', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'live-dataset-'))
    const file = path.join(dir, 'production.ndjson')
    copyFileSync(path.join(process.cwd(), 'studio', 'dataset', 'production.ndjson'), file)
    vi.stubEnv('SANITY_LOCAL_DATASET', file)
    vi.resetModules()
    const {watchLocalDataset} = await import('./local-dataset')
    let changes = 0
    const stop = watchLocalDataset(() => (changes += 1), (error) => {
      throw error
    })
    try {
      writeFileSync(path.join(dir, 'notes.txt'), 'another file in the folder')
      writeFileSync(file, `${JSON.stringify({_id: 'x', _type: 'y'})}\n`)
      await vi.waitFor(() => expect(changes).toBe(1))
      // Saved as editors often do: a new file moved over the old one.
      writeFileSync(path.join(dir, 'next.tmp'), `${JSON.stringify({_id: 'x', _type: 'z'})}\n`)
      renameSync(path.join(dir, 'next.tmp'), file)
      await vi.waitFor(() => expect(changes).toBe(2))
    } finally {
      stop()
    }
  })
})
