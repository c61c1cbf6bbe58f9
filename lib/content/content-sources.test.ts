import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {evaluate, parse} from 'groq-js'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {readLocalDataset} from './local-dataset'
import * as queries from './queries'

/**
 * The Content Lake adapter, driven through the real @sanity/client against a local HTTP server that
 * answers Sanity's query API (GET /v{apiVersion}/data/query/{dataset}?query=…&$param=json) from the
 * committed dataset. Every query must give the same result through the Lake as from the local files.
 */
const dataset = readLocalDataset()
const requests: URL[] = []

function answerQuery(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  requests.push(url)
  const match = /^\/v(\d{4}-\d{2}-\d{2})\/data\/query\/([\w-]+)$/.exec(url.pathname)
  if (req.method !== 'GET' || !match || match[2] !== 'production') {
    res.writeHead(404, {'content-type': 'application/json'}).end(JSON.stringify({error: 'Not found'}))
    return
  }
  const query = url.searchParams.get('query') ?? ''
  const params = Object.fromEntries(
    [...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]),
  )
  Promise.resolve(evaluate(parse(query), {dataset: dataset.documents, params}))
    .then((value) => value.get())
    .then((result: unknown) => {
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({ms: 1, query, result}))
    })
    .catch((error: Error) => {
      res.writeHead(400, {'content-type': 'application/json'}).end(JSON.stringify({error: {description: error.message}}))
    })
}

const server = createServer(answerQuery)

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  vi.stubEnv('NEXT_PUBLIC_SANITY_PROJECT_ID', 'testproject')
  vi.stubEnv('NEXT_PUBLIC_SANITY_DATASET', 'production')
  vi.stubEnv('SANITY_API_HOST', `http://127.0.0.1:${port}`)
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await new Promise((resolve) => server.close(resolve))
})

describe('content sources', () => {
  it('reads every page through the Content Lake exactly as from the local dataset', async () => {
    vi.resetModules()
    const lake = await import('./content-lake')
    const local = await import('./local-dataset')
    const cases: [string, Record<string, unknown>][] = [
      [queries.siteSettingsQuery, {}],
      [queries.serviceMenuQuery, {}],
      [queries.homePageQuery, {}],
      [queries.servicePageQuery, {slug: 'deep-cleaning'}],
      [queries.servicePageQuery, {slug: 'mold-remediation'}],
      [queries.blogPostListQuery, {}],
      [queries.blogSlugByLegacyNumberQuery, {legacyNumber: 3}],
      [queries.legalPageQuery, {}],
      [queries.bookingSidebarQuery, {form: 'exterior'}],
    ]
    const asked = requests.length
    for (const [query, params] of cases) {
      const fromLake = await lake.queryContentLake(query, params)
      expect(fromLake).toEqual(await local.queryLocalDataset(query, params))
      expect(fromLake).not.toBeNull()
    }
    const these = requests.slice(asked)
    expect(these.length).toBe(cases.length)
    expect(these[0].pathname).toBe('/v2025-10-01/data/query/production')
    expect(these.find((url) => url.searchParams.has('$slug'))?.searchParams.get('$slug')).toBe('"deep-cleaning"')
  })

  it('chooses the Content Lake when a project id is configured', async () => {
    vi.resetModules()
    const content = await import('./index')
    expect(content.contentSource).toBe('content-lake')
    const settings = await content.getSiteSettings()
    expect(settings.companyName).toBe(dataset.documents.find((doc) => doc._id === 'siteSettings')?.companyName)
  })
})
