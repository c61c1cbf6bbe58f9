import {copyFileSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {readLocalDataset} from '../../lib/content/local-dataset.ts'
import {startContentLakeStandIn, type ContentLakeStandIn, type LakeDocument} from '../../lib/content/test-support/content-lake.ts'
import {datasetFile, getDocument, readDocuments} from './support/dataset'
import {freePort, killServer, startServer, waitUntilServing, type PrivateServer} from './support/private-server'
import {expect, test, type Page} from './support/test'

/**
 * The editor's preview is live: with draft mode on, a draft changed after the page opened is
 * announced to that open page, which asks the server to render it anew, without a reload. Online,
 * the site reads a local stand-in of the Sanity Content Lake (its query API and its live events,
 * lib/content/test-support/content-lake.ts) through @sanity/client, with a read token; offline,
 * the local dataset file. Each runs a site of its own.
 *
 * The home page is the hard case: its contact form stays dehydrated until first used
 * (components/leads/deferredLeadForm.tsx), and the re-render has to wait for the form's code.
 */
type Home = {_id: string; _type: string; hero: {headline: string}}
const TOKEN = 'e2e-viewer-token'
const SECRET_ID = 'sanity-preview-url-secret.e2e'

const enable = (secret: string, pathname: string) =>
  `/api/draft-mode/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}`

/**
 * Marks the open document, and counts the documents loaded since: a reload would lose the mark and
 * count one (the router's own history updates in the same document count none).
 */
async function markDocument(page: Page): Promise<{navigations: () => number; markSurvived: () => Promise<boolean>}> {
  let navigations = 0
  page.on('domcontentloaded', () => {
    navigations += 1
  })
  await page.evaluate(() => Object.assign(window, {previewMark: 'still the same document'}))
  return {
    navigations: () => navigations,
    markSurvived: () => page.evaluate(() => (window as unknown as {previewMark?: string}).previewMark === 'still the same document'),
  }
}

/** Saves the dataset as editors' tools do: a new file moved over the old one. */
function saveDataset(file: string, documents: object[]) {
  writeFileSync(`${file}.tmp`, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  renameSync(`${file}.tmp`, file)
}

/** The preview's connection for change announcements, once the page has opened it. */
const changesConnected = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/draft-mode/changes')

test.describe('live preview', () => {
  // Each test starts a server of its own before it opens a page: 32–35 s of a 60 s budget on a busy
  // machine (measured), so the budget is the private servers' (its waits are all for conditions).
  test.setTimeout(120_000)
  let root: string
  let server: PrivateServer | null = null
  let lake: ContentLakeStandIn | null = null

  test.beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'e2e-live-preview-'))
  })

  test.afterEach(async () => {
    if (server) await killServer(server.child, 'SIGTERM')
    await lake?.close()
    server = null
    lake = null
    rmSync(root, {recursive: true, force: true})
  })

  test('on the Content Lake: a changed draft is announced to the open preview, which is rendered anew without a reload; the perspective the Studio picks is honoured', async ({page, browser}) => {
    const documents = readLocalDataset(datasetFile()).documents.map((doc) =>
      // The preview link's secret is fresh, as the Studio writes it just before opening the preview.
      doc._id === SECRET_ID ? {...doc, _updatedAt: new Date().toISOString()} : doc,
    ) as LakeDocument[]
    lake = await startContentLakeStandIn({documents, token: TOKEN})
    const port = await freePort()
    server = startServer({
      port,
      dataDir: join(root, 'site'),
      env: {
        NEXT_PUBLIC_SANITY_PROJECT_ID: 'e2elive',
        NEXT_PUBLIC_SANITY_DATASET: 'production',
        SANITY_API_HOST: lake.url,
        SANITY_API_READ_TOKEN: TOKEN,
      },
    })
    await waitUntilServing(server)
    // Pictures would come from Sanity's CDN, out of reach here.
    await page.context().route('https://cdn.sanity.io/**', (route) => route.abort())

    const published = getDocument<Home>('homePage')
    // As the Content Lake holds it (pictures as asset references), to be edited there.
    const draft = documents.find((doc) => doc._id === 'drafts.homePage') as unknown as Home
    const secret = getDocument<{secret: string}>(SECRET_ID).secret
    const heading = page.getByRole('heading', {level: 1})

    const connected = changesConnected(page)
    await page.goto(`${server.baseUrl}${enable(secret, '/')}`)
    await expect(heading).toContainText(draft.hero.headline)
    expect((await connected).headers()['content-type']).toContain('text/event-stream')
    // The site holds the Content Lake's live events open, with the token (drafts included).
    await expect.poll(() => lake!.liveConnections()).toBeGreaterThan(0)
    const liveEvents = lake.requests.filter((request) => request.url.pathname === '/v2025-10-01/data/live/events/production')
    expect(liveEvents.every((request) => request.authorized && request.url.searchParams.get('includeDrafts') === 'true')).toBe(true)

    const mark = await markDocument(page)
    const edited = 'Spotless homes across Renton, edited just now'
    lake.put({...draft, hero: {...draft.hero, headline: edited}} as LakeDocument)
    // Until the Content Lake announces the change, the page shows what it had.
    await expect(heading).toContainText(draft.hero.headline)
    const rerender = page.waitForRequest((request) => request.method() === 'POST' && Boolean(request.headers()['next-action']))
    lake.announce()
    // The page asks the server to render it anew, and shows the edited draft in place.
    expect((await (await rerender).response())?.status()).toBe(200)
    await expect(heading).toContainText(edited)
    expect(await mark.markSurvived()).toBe(true)
    expect(mark.navigations()).toBe(0)

    // The Presentation tool's perspective switcher (its cookie): published shows what visitors see.
    const origin = new URL(server.baseUrl)
    await page.context().addCookies([{name: 'sanity-preview-perspective', value: 'published', domain: origin.hostname, path: '/'}])
    await page.reload()
    await expect(heading).toContainText(published.hero.headline)
    await expect(page.getByText('Preview of drafts')).toBeVisible()

    // A visitor meanwhile: the published page, no preview connection, and the endpoint refuses them.
    const visitor = await browser.newContext()
    try {
      const visit = await visitor.request.get(`${server.baseUrl}/`)
      expect(await visit.text()).not.toContain(edited)
      const refused = await visitor.request.get(`${server.baseUrl}/api/draft-mode/changes`)
      expect(refused.status()).toBe(404)
    } finally {
      await visitor.close()
    }
  })

  test('offline: an edit saved to the local dataset shows in the open preview, without a reload', async ({page}) => {
    const file = join(root, 'production.ndjson')
    copyFileSync(datasetFile(), file)
    symlinkSync(join(dirname(datasetFile()), 'images'), join(root, 'images'))
    const port = await freePort()
    server = startServer({port, dataDir: join(root, 'site'), env: {SANITY_LOCAL_DATASET: file}})
    await waitUntilServing(server)

    const draft = getDocument<Home>('drafts.homePage')
    const secret = getDocument<{secret: string}>(SECRET_ID).secret
    const heading = page.getByRole('heading', {level: 1})
    const connected = changesConnected(page)
    await page.goto(`${server.baseUrl}${enable(secret, '/')}`)
    await expect(heading).toHaveText(draft.hero.headline)
    await connected

    const mark = await markDocument(page)
    const edited = 'Spotless homes, saved to the dataset just now'
    const lines = readDocuments().map((doc) => (doc._id === draft._id ? {...draft, hero: {...draft.hero, headline: edited}} : doc))
    const rerender = page.waitForRequest((request) => request.method() === 'POST' && Boolean(request.headers()['next-action']))
    saveDataset(file, lines)
    expect((await (await rerender).response())?.status()).toBe(200)
    await expect(heading).toHaveText(edited)
    expect(await mark.markSurvived()).toBe(true)
    expect(mark.navigations()).toBe(0)
  })
})
