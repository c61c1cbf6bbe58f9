import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import pg from 'pg'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../../lib/database/test-support/postgres-cluster.ts'
import {startPostgrestStandIn, type PostgrestStandIn} from '../../lib/database/test-support/postgrest.ts'
import {readAsItArrives} from '../../lib/edge/test-support/streamed-page.ts'
import {expect, test} from './support/test'
import {commercialBooking} from './support/bookings'
import {NGINX, startNginx, type Nginx} from './support/deploy-stack'
import {getDocument} from './support/dataset'
import {freePort, killServer, startServer, waitUntilServing, type PrivateServer} from './support/private-server'

/**
 * The edge streams a page Next renders per request. A production server
 * (scripts/serve.ts from the run's build) on a real PostgreSQL (behind the Supabase Data API
 * stand-in, as deployed); this test locks the bookings table in a transaction of its own, so the
 * success page's read of the booking waits. Its loading state must reach the visitor while the read
 * waits; once the lock is released, the booking details follow, under a policy naming the nonce
 * that every inline script of the page carries. A page from Next's cache keeps its hashed policy.
 */

const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.e2e-page-streaming'
const texts = getDocument<{success: {loading: string; pending: string}}>('paymentPages').success
const postgres = findPostgresTools()

/** The script-src of a policy, as its sources. */
const scriptSources = (policy: string | string[] | null | undefined) => /script-src ([^;]*)/.exec(String(policy ?? ''))?.[1].split(' ') ?? []

test.describe('a page rendered per request streams', () => {
  test.describe.configure({mode: 'serial'})
  test.skip('missing' in postgres, `Needs PostgreSQL (initdb, pg_ctl): ${'missing' in postgres ? postgres.missing : ''}`)

  let database: MigratedCluster
  let api: PostgrestStandIn
  let server: PrivateServer
  let proxy: Nginx | null = null
  let dataDir: string

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    if ('missing' in postgres) return
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-streaming-'))
    database = await startMigratedCluster(postgres, 8)
    api = await startPostgrestStandIn(database.pool, {keys: {[SERVICE_ROLE_KEY]: 'service_role'}, exposedTables: ['bookings']})
    server = startServer({port: await freePort(), dataDir, env: {SUPABASE_URL: api.url, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY}})
    await waitUntilServing(server)
    if (existsSync(NGINX)) proxy = await startNginx({dir: join(dataDir, 'nginx'), listenPort: await freePort(), upstreamPorts: [server.port]})
  })

  test.afterAll(async () => {
    await proxy?.stop()
    if (server) await killServer(server.child, 'SIGTERM')
    await api?.close()
    await database?.close()
    if (dataDir) rmSync(dataDir, {recursive: true, force: true})
  })

  test('the success page shows its loading state before the booking is read, then the booking under a nonce policy', async () => {
    // Straight from the server, and through the reference deployment's nginx (deploy/nginx/) when installed.
    for (const base of [server.baseUrl, ...(proxy ? [proxy.url] : [])]) {
      const booked = await fetch(`${server.baseUrl}/api/bookings`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify(commercialBooking()),
      })
      expect(booked.status).toBe(200)
      const {bookingId} = (await booked.json()) as {bookingId: string}

      // The database's answer held: nothing reads the bookings table until this transaction ends.
      const holder = new pg.Client({host: database.cluster.host, port: database.cluster.port, user: database.cluster.user, database: database.cluster.database})
      await holder.connect()
      try {
        await holder.query('BEGIN')
        await holder.query('LOCK TABLE public.bookings IN ACCESS EXCLUSIVE MODE')

        const page = readAsItArrives(`${base}/success?bookingId=${bookingId}`, 'br')
        const response = await page.response
        await page.arrived(texts.loading)
        // The page's read of the booking is waiting on the lock, and none of its details has arrived.
        // Asked of pg_locks, not by the waiting statement's text: a parameterised query waits for its
        // lock while being parsed, when pg_stat_activity may still show the one before it ('begin').
        await expect
          .poll(async () => (await holder.query(`select count(*)::int as n from pg_locks where not granted and relation = 'public.bookings'::regclass`)).rows[0].n)
          .toBeGreaterThan(0)
        expect(page.text(), base).not.toContain('data-payment-status')
        expect(page.text(), base).not.toContain(texts.pending)

        await holder.query('COMMIT')
        await page.ended()
        const html = page.text()
        expect(html, base).toContain(texts.pending)
        expect(response.headers['content-encoding'], base).toBe('br')
        expect(response.headers['cache-control'], base).toContain('no-store')
        if (base === proxy?.url) expect(response.headers.server).toMatch(/^nginx/)

        // Every inline script carries the nonce the policy names; no hash is needed.
        const sources = scriptSources(response.headers['content-security-policy'])
        const nonce = sources.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean)
        expect(nonce, base).toBeTruthy()
        expect(sources.some((source) => source.startsWith("'sha256-")), base).toBe(false)
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes) && body)
        expect(inline.length, base).toBeGreaterThan(1)
        for (const [, attributes] of inline) expect(attributes, base).toContain(`nonce="${nonce}"`)
      } finally {
        await holder.query('ROLLBACK').catch(() => {})
        await holder.end()
      }
    }
  })

  test('a page from Next’s cache keeps a policy of hashes, and no nonce', async () => {
    for (const path of ['/', '/house_cleaning']) {
      const response = await fetch(`${server.baseUrl}${path}`, {headers: {accept: 'text/html'}})
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toMatch(/s-maxage=/)
      const sources = scriptSources(response.headers.get('content-security-policy'))
      expect(sources.filter((source) => source.startsWith("'sha256-")).length, path).toBeGreaterThan(0)
      expect(sources.some((source) => source.startsWith("'nonce-")), path).toBe(false)
      expect(await response.text(), path).not.toContain(' nonce=')
    }
  })
})
