/**
 * The pages and route answers `next build` prerendered, read from the build's output
 * (.next/server/app/<path>.html, .rsc, .meta, <path>.segments/…) the first time a process is asked
 * for them: what a page is until it is first rendered again. Only read, never written: several
 * processes of one build share the directory.
 *
 * Next asks for a page under a key scoped by its route (`/route-cache/<kind>/<route>/$/<path>`);
 * the build wrote the file under the path alone, and its .meta names the key it belongs to, so a
 * file is used only for the key it was made for.
 *
 * Plain code: loaded by Node directly (type stripping) with the cache handler.
 */
import {readFile, stat} from 'node:fs/promises'
import {join, sep} from 'node:path'
import type {CacheEntry, GetContext} from './entries.ts'

type Meta = {
  headers?: Record<string, unknown>
  status?: number
  postponed?: string
  segmentPaths?: string[]
  cacheControl?: CacheEntry['cacheControl']
  routeCacheLastModified?: number
  routeCache?: {key?: string; isFallback?: boolean}
}

/** The path the build wrote a key's files under (`/about`, `/index`), or null for a key outside the app directory. */
export function builtPathOf(key: string): string | null {
  const marker = key.indexOf('/$/')
  const path = marker === -1 ? key : key.slice(marker + 2)
  return path.startsWith('/') && !path.split('/').includes('..') ? path : null
}

/** The build's entry for a page or route key, or null when the build made none for it. */
export async function readBuiltEntry(serverDistDir: string, key: string, ctx: GetContext): Promise<CacheEntry | null> {
  if (ctx.kind !== 'APP_PAGE' && ctx.kind !== 'APP_ROUTE') return null
  const path = builtPathOf(key)
  if (!path) return null
  const root = join(serverDistDir, 'app')
  const file = (suffix: string) => {
    const full = join(root, path + suffix)
    if (!full.startsWith(root + sep)) throw new Error(`Outside the build: ${key}`)
    return full
  }
  try {
    const meta = JSON.parse(await readFile(file('.meta'), 'utf8')) as Meta
    if (meta.routeCache && (meta.routeCache.key !== key || Boolean(meta.routeCache.isFallback) !== Boolean(ctx.isFallback))) return null
    const primary = file(ctx.kind === 'APP_ROUTE' ? '.body' : '.html')
    const lastModified = meta.routeCacheLastModified ?? (await stat(primary)).mtime.getTime()
    const common = {headers: meta.headers, status: meta.status}
    if (ctx.kind === 'APP_ROUTE') {
      return {lastModified, cacheControl: meta.cacheControl, value: {kind: 'APP_ROUTE', body: await readFile(primary), ...common}}
    }
    let segmentData: Map<string, Buffer> | undefined
    if (meta.segmentPaths) {
      const segments = new Map<string, Buffer>()
      segmentData = segments
      await Promise.all(
        meta.segmentPaths.map(async (segment) => {
          // A segment that cannot be read is left out: the browser then fetches it like a dynamic one.
          await readFile(file(`.segments${segment}.segment.rsc`)).then((bytes) => segments.set(segment, bytes), () => {})
        }),
      )
    }
    const withRouterData = !ctx.isFallback && (!ctx.isRoutePPREnabled || meta.postponed == null)
    return {
      lastModified,
      cacheControl: meta.cacheControl,
      value: {
        kind: 'APP_PAGE',
        html: await readFile(primary, 'utf8'),
        rscData: withRouterData ? await readFile(file('.rsc')) : undefined,
        postponed: meta.postponed,
        segmentData,
        ...common,
      },
    }
  } catch {
    return null
  }
}
