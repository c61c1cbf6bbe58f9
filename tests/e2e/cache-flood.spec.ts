import {readdirSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {expect, test} from './support/test'
import {ROOT} from './support/private-server'
import {marketingRoutes} from './support/routes'

/**
 * Abuse item 1: a GET of an address anyone can make up answers 404 (or the one page it names) and
 * leaves nothing lasting. On Next 16.4 as configured before, each made-up /<x> or /blog/<x> wrote
 * about 70 kB (8 files) under .next/server/route-cache, plus the content read that found nothing
 * under .next/cache/fetch-cache. A flood of 500 made-up addresses against the suite's server may
 * grow the caches on disk by 100 kB at most (a miss kept as before would add 35 MB; the budget is
 * 1 MB for 10,000, measured by hand), and the real pages are still answered from the cache afterwards.
 */

/**
 * Where Next keeps what it caches at run time: rendered pages and content reads (with the build's
 * own). Its image optimiser's cache is left out: it takes only the site's own files in sizes Next
 * allows (next.config.ts), which other tests running meanwhile may ask for.
 */
const CACHE_DIRS = [join(ROOT, '.next', 'server'), join(ROOT, '.next', 'cache', 'fetch-cache')]

/** Every page the build made ahead, and the Studio's. */
function builtPages(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, '.next', 'prerender-manifest.json'), 'utf8')) as {routes: Record<string, unknown>}
  return [...Object.keys(manifest.routes).filter((path) => !path.startsWith('/_')), '/studio']
}

function bytesUnder(dir: string): number {
  let total = 0
  let entries: import('node:fs').Dirent[]
  try {
    entries = readdirSync(dir, {withFileTypes: true})
  } catch {
    return 0
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += bytesUnder(path)
    else if (entry.isFile()) {
      try {
        total += statSync(path).size
      } catch {
        // replaced while counting
      }
    }
  }
  return total
}

const cacheBytes = () => CACHE_DIRS.reduce((sum, dir) => sum + bytesUnder(dir), 0)

const random = () => Math.random().toString(36).slice(2, 12)

/** Addresses anyone can make up, of every shape the site answers. */
function madeUpAddress(i: number): string {
  const shapes = [
    () => `/${random()}`,
    () => `/blog/${random()}`,
    () => `/blog/${100 + (i % 899)}`, // a legacy article number no article has
    () => `/${random()}/${random()}`,
    () => `/images/local/${random()}`,
    () => `/images/local/production/${random()}-10x10.png`,
    () => `/studio/${random()}`,
    () => `/about?${random()}=${random()}`,
    () => `/_next/${random()}`,
    () => `/_next/static/chunks/${random()}.js`,
  ]
  return shapes[i % shapes.length]()
}

test('a flood of made-up addresses leaves the caches as they were, and real pages stay cached', async ({baseURL}) => {
  test.setTimeout(120_000)
  // Every built page visited once first: its first visit copies its built files into the run-time
  // cache (once per build), which other tests visiting it meanwhile must not count against the flood.
  for (const path of builtPages()) expect((await fetch(baseURL + path, {redirect: 'manual'})).status, path).toBeLessThan(400)

  const before = cacheBytes()
  const started = Date.now()
  const statuses = new Map<number, number>()
  const total = 500
  const concurrent = 50
  let next = 0
  await Promise.all(
    Array.from({length: concurrent}, async () => {
      while (next < total) {
        const address = madeUpAddress(next++)
        const response = await fetch(baseURL + address, {headers: {accept: 'text/html', 'accept-encoding': 'br, gzip'}})
        await response.arrayBuffer()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      }
    }),
  )
  const seconds = (Date.now() - started) / 1000
  const grown = cacheBytes() - before
  test.info().annotations.push({type: 'flood', description: `${total} made-up addresses in ${seconds.toFixed(1)} s: caches grew ${grown} bytes`})

  // Only 404s, and the pages the addresses name (/about with a query, the one Studio page).
  expect([...statuses.keys()].sort()).toEqual([200, 404])
  expect(grown).toBeLessThanOrEqual(100 * 1024)

  // The real pages are still answered from the cache (fresh, or due for their time backstop).
  for (const path of ['/', '/about', marketingRoutes().find(({path}) => path.startsWith('/blog/'))!.path, '/studio']) {
    const response = await fetch(baseURL + path)
    expect(response.status).toBe(200)
    expect(['HIT', 'STALE'], path).toContain(response.headers.get('x-nextjs-cache'))
  }
})
