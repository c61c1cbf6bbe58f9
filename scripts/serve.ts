/**
 * The production server: Next.js behind the site's edge (lib/edge/server.ts). `npm start` runs it
 * after `next build`; it takes `next start`'s -p/--port and -H/--hostname (or PORT / LISTEN_HOST).
 * It listens on 127.0.0.1 unless a host is given (lib/edge/listen.ts):
 *
 *   node scripts/serve.ts -p 3000              # this machine only
 *   node scripts/serve.ts -p 3000 -H 0.0.0.0   # every interface
 *
 * Run by Node 24 directly (type stripping), so it and the lib/edge modules it loads use only
 * erasable TypeScript and `.ts` import paths.
 */
import {saveCompileCacheSoon} from './compile-cache.ts' // first: before Next.js loads
import {readFileSync} from 'node:fs'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import next from 'next'
import {describeProxyTrust, proxyTrustFromEnv} from '../lib/edge/client-address.ts'
import {createSiteServer, listenAddress} from '../lib/edge/listen.ts'
import {notFoundPageLoader} from '../lib/edge/not-found-page.ts'
import {createEdgeHandler} from '../lib/edge/server.ts'
import {isHttpsSite} from '../lib/edge/security-headers.ts'
import {projectId, studioProjectId} from '../studio/env.ts'
import {dropOutputNobodyReads} from '../lib/process-output.ts'
import {claimDatabaseOrExit, stopGracefullyOnSignals} from './serve-lifecycle.ts'

dropOutputNobodyReads()

const {port, host: hostname} = listenAddress(process.argv.slice(2), process.env)
Object.assign(process.env, {NODE_ENV: 'production'})

const trust = proxyTrustFromEnv(process.env) // throws on a setting that makes no sense: better than guessing
claimDatabaseOrExit() // before Next loads: a second server on one embedded database stops here
const siteUrl = process.env.SITE_URL?.trim()
const app = next({dev: false, dir: process.cwd(), hostname, port})
await app.prepare()
const handle = app.getRequestHandler()

// The addresses this build prerendered: Next serves them from its cache (the edge gives them no nonce).
const prerenderedPaths = (() => {
  try {
    const manifest = JSON.parse(readFileSync(join(process.cwd(), '.next', 'prerender-manifest.json'), 'utf8')) as {routes?: Record<string, unknown>}
    return new Set(Object.keys(manifest.routes ?? {}))
  } catch {
    return new Set<string>()
  }
})()

/** This server's own address, for the 404 page it fetches from itself. */
const ownOrigin = () => {
  const {address, family} = server.address() as AddressInfo
  const host = address === '::' || address === '0.0.0.0' ? '127.0.0.1' : family === 'IPv6' ? `[${address}]` : address
  return `http://${host}:${port}`
}
const server = createSiteServer(
  createEdgeHandler({
    next: (req, res) => handle(req, res),
    trust,
    sanityProjectId: projectId || undefined,
    studioProjectId,
    https: isHttpsSite(siteUrl),
    prerenderedPaths,
    notFoundPage: notFoundPageLoader(ownOrigin),
  }),
)

stopGracefullyOnSignals(server)

server.listen(port, hostname, () => {
  console.log(`▲ Serving on http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`)
  console.log(`[edge] Client addresses for rate limits: ${describeProxyTrust(trust)}`)
  if (!siteUrl) {
    console.warn('[edge] SITE_URL is not set: bookings are refused until it names the public address (e.g. https://www.example.com); `npm start` sets http://localhost:3000')
  } else {
    console.log(`[edge] Public address: ${siteUrl}`)
  }
  saveCompileCacheSoon()
})

