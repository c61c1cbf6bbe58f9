import {cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {expect, test} from './support/test'
import {freePort, killServer, ROOT, startServer, waitUntilServing, type PrivateServer} from './support/private-server'
import {REDIS_MISSING, REDIS_SERVER, startRedisServer, type RedisServer} from '../../lib/database/test-support/redis-server'

/**
 * Next's page and content cache in Redis (REDIS_URL) when Redis goes away: with Redis down, at start
 * or later, a process still serves its pages; it rejoins when Redis returns, and a publish received
 * by one process then reaches the other. (That a publish reaches every process within 5 s with Redis
 * up is tests/e2e/deploy.spec.ts's.) Private servers from the suite's build read their own copy of
 * the dataset.
 */
test.describe.configure({mode: 'serial'})

const SECRET = 'shared-cache-revalidate-secret'
const ARTICLE_ID = 'blogPost-3'

type Article = {_id: string; _type: string; title: string; slug: {current: string}}

let workDir: string
let dataset: string
let redis: RedisServer
const servers: PrivateServer[] = []

function readArticle(): Article {
  const line = readFileSync(dataset, 'utf8').split('\n').find((candidate) => candidate.includes(`"_id":"${ARTICLE_ID}"`))
  return JSON.parse(line!) as Article
}

/** Changes the article's title in the servers' dataset, then calls the webhook of one server, as Sanity does. */
async function publishTitle(server: PrivateServer, title: string): Promise<Article> {
  const article = {...readArticle(), title}
  const lines = readFileSync(dataset, 'utf8').split('\n').map((line) => (line.includes(`"_id":"${ARTICLE_ID}"`) ? JSON.stringify(article) : line))
  writeFileSync(dataset, lines.join('\n'))
  const now = new Date()
  utimesSync(dataset, now, now)
  const body = JSON.stringify({_id: article._id, _type: article._type, slug: article.slug.current})
  const response = await fetch(`${server.baseUrl}/api/revalidate`, {
    method: 'POST',
    body,
    headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET)},
  })
  expect(response.status).toBe(200)
  return article
}

async function heading(server: PrivateServer, path: string): Promise<string> {
  const response = await fetch(server.baseUrl + path)
  expect(response.status, `${path} on port ${server.port}`).toBe(200)
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1].replace(/<[^>]+>/g, '').trim() ?? ''
}

async function start(): Promise<PrivateServer> {
  const port = await freePort()
  const server = startServer({
    port,
    dataDir: join(workDir, `server-${port}`),
    env: {REDIS_URL: redis.url, SANITY_LOCAL_DATASET: dataset, SANITY_REVALIDATE_SECRET: SECRET},
  })
  servers.push(server)
  await waitUntilServing(server)
  return server
}

test.beforeAll(async () => {
  test.skip(!REDIS_SERVER, REDIS_MISSING)
  test.setTimeout(120_000)
  workDir = mkdtempSync(join(tmpdir(), 'e2e-shared-cache-'))
  cpSync(join(ROOT, 'test-results', 'dataset'), join(workDir, 'dataset'), {recursive: true})
  dataset = join(workDir, 'dataset', 'production.ndjson')
  redis = await startRedisServer()
  await start()
})

test.afterAll(async () => {
  await Promise.all(servers.map((server) => killServer(server.child, 'SIGTERM')))
  await redis?.dispose()
  if (workDir) rmSync(workDir, {recursive: true, force: true})
})

test('with Redis down a process keeps serving, and a publish it receives shows on it', async () => {
  const [first] = servers
  const path = `/blog/${readArticle().slug.current}`
  // Answered from the shared cache while Redis is up.
  expect(await heading(first, path)).toBe(readArticle().title)
  expect(['HIT', 'STALE']).toContain((await fetch(first.baseUrl + path)).headers.get('x-nextjs-cache'))
  await redis.stop()

  expect(await heading(first, '/')).not.toBe('')
  expect(await heading(first, path)).toBe(readArticle().title)
  expect((await fetch(`${first.baseUrl}/no-such-page-${Date.now()}`)).status).toBe(404)
  const article = await publishTitle(first, 'Moss, Mildew and the Long Wet Season')
  await expect.poll(() => heading(first, path), {timeout: 10_000}).toBe(article.title)
  await expect.poll(() => first.output()).toContain('cannot be reached')
})

test('a process started while Redis is down serves pages, and shares publishes again once Redis returns', async () => {
  // Starts a server and waits for two reconnections: 30 s of a 60 s budget on a busy machine (measured).
  test.setTimeout(120_000)
  const first = servers[0]
  const late = await start()
  const path = `/blog/${readArticle().slug.current}`
  // What it serves until Redis returns may be the build's version of a page (its time backstop heals it).
  expect(await heading(late, '/')).not.toBe('')
  expect(await heading(late, path)).not.toBe('')
  expect(late.output()).toContain('cannot be reached')

  // Each process reconnects on its own (back-off up to 5 s) and says so.
  const connections = (server: PrivateServer) => server.output().split('shared through Redis').length - 1
  const firstBefore = connections(first)
  await redis.start()
  await expect.poll(() => connections(late), {timeout: 15_000}).toBe(1)
  await expect.poll(() => connections(first), {timeout: 15_000}).toBe(firstBefore + 1)

  const article = await publishTitle(first, 'Pressure Washing Without Harming Cedar Siding')
  await expect.poll(() => heading(late, path), {timeout: 5_000, intervals: [100, 250]}).toBe(article.title)
})
