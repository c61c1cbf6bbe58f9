import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {builtPathOf, readBuiltEntry} from './build-pages'
import PageCache from './cache-handler'
import {createMemoryStore} from './memory-store'

const KEY = '/route-cache/APP_PAGE/0f3c/$/about'

/** A build directory holding one prerendered page, /about, as `next build` writes it. */
function buildWithAboutPage(): string {
  const serverDistDir = join(mkdtempSync(join(tmpdir(), 'page-cache-')), 'server')
  mkdirSync(join(serverDistDir, 'app', 'about.segments'), {recursive: true})
  writeFileSync(join(serverDistDir, 'app', 'about.html'), '<html>About</html>')
  writeFileSync(join(serverDistDir, 'app', 'about.rsc'), 'router data')
  writeFileSync(join(serverDistDir, 'app', 'about.segments', '_tree.segment.rsc'), 'tree')
  const meta = {status: 200, headers: {'x-next-cache-tags': '_N_T_/about,aboutPage'}, segmentPaths: ['/_tree', '/missing'], routeCache: {key: KEY, isFallback: false}, routeCacheLastModified: 1000}
  writeFileSync(join(serverDistDir, 'app', 'about.meta'), JSON.stringify(meta))
  return serverDistDir
}

const built = buildWithAboutPage()
afterAll(() => rmSync(join(built, '..'), {recursive: true, force: true}))

describe('the build’s prerendered pages', () => {
  it('finds the path a key’s files were written under, never outside the build', () => {
    expect(builtPathOf(KEY)).toBe('/about')
    expect(builtPathOf('/route-cache/APP_PAGE/0f3c/$/index')).toBe('/index')
    expect(builtPathOf('/route-cache/APP_PAGE/0f3c/$/../../secret')).toBeNull()
  })

  it('reads a page with its router data and segments, only for the key it was made for', async () => {
    const entry = await readBuiltEntry(built, KEY, {kind: 'APP_PAGE'})
    expect(entry?.lastModified).toBe(1000)
    expect(entry?.value).toMatchObject({kind: 'APP_PAGE', html: '<html>About</html>', status: 200})
    expect(String(entry?.value?.rscData)).toBe('router data')
    expect([...(entry?.value?.segmentData as Map<string, Buffer>).keys()]).toEqual(['/_tree'])
    expect(await readBuiltEntry(built, '/route-cache/APP_PAGE/other/$/about', {kind: 'APP_PAGE'})).toBeNull()
    expect(await readBuiltEntry(built, KEY, {kind: 'APP_PAGE', isFallback: true})).toBeNull()
    expect(await readBuiltEntry(built, '/route-cache/APP_PAGE/0f3c/$/nothing', {kind: 'APP_PAGE'})).toBeNull()
  })
})

describe('the memory store', () => {
  it('drops the least recently used entries beyond its size', () => {
    const store = createMemoryStore(2000)
    const entry = (html: string) => ({lastModified: 1, value: {kind: 'APP_PAGE', html}})
    store.set('/a', entry('a'.repeat(500)))
    store.set('/b', entry('b'.repeat(500)))
    store.get('/a')
    store.set('/c', entry('c'.repeat(500)))
    expect(store.get('/b')).toBeNull()
    expect(store.get('/a')).not.toBeNull()
    expect(store.get('/c')).not.toBeNull()
    expect(store.size.bytes).toBeLessThanOrEqual(2000)
    store.set('/huge', entry('x'.repeat(5000)))
    expect(store.get('/huge')).toBeNull()
  })
})

describe('the page cache handler', () => {
  const handler = () => new PageCache({serverDistDir: built, maxMemoryCacheSize: 1024 * 1024})
  const page = (html: string, status = 200) => ({kind: 'APP_PAGE', html, status, headers: {'x-next-cache-tags': '_N_T_/x,servicePage'}})

  it('serves the build’s page, then what was rendered since', async () => {
    const cache = handler()
    expect((await cache.get(KEY, {kind: 'APP_PAGE'}))?.value?.html).toBe('<html>About</html>')
    await cache.set(KEY, page('<html>About, again</html>'), {cacheControl: {revalidate: 60}})
    const entry = await handler().get(KEY, {kind: 'APP_PAGE'})
    expect(entry?.value?.html).toBe('<html>About, again</html>')
    expect(entry?.cacheControl).toEqual({revalidate: 60})
  })

  it('keeps nothing of an address that has nothing: a 404 render, a read that found nothing', async () => {
    const cache = handler()
    await cache.set('/route-cache/APP_PAGE/1/$/made-up', page('<html>404</html>', 404), {})
    await cache.set('content-read', {kind: 'FETCH', data: {body: 'null'}}, {fetchCache: true})
    expect(await cache.get('/route-cache/APP_PAGE/1/$/made-up', {kind: 'APP_PAGE'})).toBeNull()
    expect(await cache.get('content-read', {kind: 'FETCH'})).toBeNull()
  })

  it('forgets at once what a publish outdates, by the page’s tags or the read’s', async () => {
    const cache = handler()
    await cache.set('/route-cache/APP_PAGE/2/$/windows', page('<html>Windows</html>'), {})
    await cache.set('services-read', {kind: 'FETCH', data: {body: '[1]'}, tags: []}, {fetchCache: true})
    await cache.set('/route-cache/APP_PAGE/2/$/other', {...page('<html>Other</html>'), headers: {'x-next-cache-tags': 'otherPage'}}, {})
    await new Promise((resolve) => setImmediate(resolve))
    await cache.revalidateTag(['servicePage'])
    expect(await cache.get('/route-cache/APP_PAGE/2/$/windows', {kind: 'APP_PAGE'})).toBeNull()
    expect(await cache.get('services-read', {kind: 'FETCH', tags: ['servicePage']})).toBeNull()
    expect((await cache.get('/route-cache/APP_PAGE/2/$/other', {kind: 'APP_PAGE'}))?.value?.html).toBe('<html>Other</html>')
    await cache.revalidateTag('aboutPage')
    expect(await cache.get(KEY, {kind: 'APP_PAGE'})).toBeNull()
  })
})
