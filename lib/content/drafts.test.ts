import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {validatePreviewUrl} from '@sanity/preview-url-secret'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {queryLocalDataset} from './local-dataset'

/**
 * Offline draft mode: the local dataset may hold drafts (`drafts.<id>`) and the Studio's preview
 * secrets; visitors' queries never see either, an editor's preview sees drafts over published
 * documents, and only a fresh secret of the dataset turns preview on.
 */
const HOUR = 3600_000
const now = Date.now()

const fixtures: string[] = []

function fixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'drafts-'))
  fixtures.push(dir)
  mkdirSync(path.join(dir, 'images'))
  const documents = [
    {_id: 'homePage', _type: 'homePage', hero: {headline: 'Published headline'}},
    {_id: 'drafts.homePage', _type: 'homePage', hero: {headline: 'Draft headline'}},
    {_id: 'faq-1', _type: 'faqItem', question: 'Published question?'},
    {_id: 'drafts.faq-new', _type: 'faqItem', question: 'A question never published?'},
    {_id: 'sanity-preview-url-secret.fresh', _type: 'sanity.previewUrlSecret', secret: 'fresh-secret', studioUrl: 'http://localhost:3000/studio', _updatedAt: new Date(now - 10 * 60_000).toISOString()},
    {_id: 'sanity-preview-url-secret.old', _type: 'sanity.previewUrlSecret', secret: 'old-secret', studioUrl: 'http://localhost:3000/studio', _updatedAt: new Date(now - 2 * HOUR).toISOString()},
  ]
  const file = path.join(dir, 'production.ndjson')
  writeFileSync(file, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  return file
}

beforeEach(() => vi.stubEnv('SANITY_LOCAL_DATASET', fixture()))
afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of fixtures.splice(0)) rmSync(dir, {recursive: true, force: true})
})

const headline = `*[_type == "homePage" && _id == "homePage"][0].hero.headline`
const questions = `*[_type == "faqItem"] | order(question asc).question`

describe('the local dataset, published and drafts', () => {
  it('visitors see published documents only: no drafts, no preview secrets', async () => {
    expect(await queryLocalDataset(headline)).toBe('Published headline')
    expect(await queryLocalDataset(questions)).toEqual(['Published question?'])
    expect(await queryLocalDataset(`count(*[_type == "sanity.previewUrlSecret"])`)).toBe(0)
  })

  it('a preview shows each draft in place of its published document, and new drafts too', async () => {
    expect(await queryLocalDataset(headline, {}, 'drafts')).toBe('Draft headline')
    expect(await queryLocalDataset(questions, {}, 'drafts')).toEqual(['A question never published?', 'Published question?'])
    expect(await queryLocalDataset(`count(*[_type == "homePage"])`, {}, 'drafts')).toBe(1)
    expect(await queryLocalDataset(`count(*[_type == "sanity.previewUrlSecret"])`, {}, 'drafts')).toBe(0)
  })

  it('turns preview on only for a secret of the dataset younger than an hour, and keeps the redirect on the site', async () => {
    vi.resetModules()
    const {previewSecretClient} = await import('./index')
    const client = previewSecretClient()!
    const url = (secret: string, pathname = '/blog/x') =>
      `http://localhost:3000/api/draft-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=${encodeURIComponent(pathname)}`
    expect(await validatePreviewUrl(client, url('fresh-secret'))).toMatchObject({isValid: true, redirectTo: '/blog/x'})
    expect((await validatePreviewUrl(client, url('old-secret'))).isValid).toBe(false)
    expect((await validatePreviewUrl(client, url('guessed-secret'))).isValid).toBe(false)
    expect((await validatePreviewUrl(client, url(''))).isValid).toBe(false)
    // Another site as the target lands on this site's path instead.
    expect((await validatePreviewUrl(client, url('fresh-secret', 'https://evil.example/phish'))).redirectTo).toBe('/phish')
  })
})
