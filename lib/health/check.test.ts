import {createServer, type Socket} from 'node:net'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {createServiceRoleClient} from '../database/supabase'
import {createSupabaseDatabaseFunctions} from '../database/supabase-functions'
import {clearLeadsAndOutbox, closedPort, openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {createOutboxStore} from '../email/outbox'
import {checkHealth, describeVersion, healthResponse} from './check'

vi.setConfig({testTimeout: 30_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The load balancer's health check on real databases: the embedded one answering, Supabase's Data
 * API refusing connections, and one that accepts connections and never answers.
 */

const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.health'
const VERSION = describeVersion('0.1.0', 'b1ld-1d\n')

let database: Awaited<ReturnType<typeof openTempPglite>>

beforeAll(async () => {
  database = await openTempPglite()
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  await database?.close()
})

beforeEach(async () => {
  await clearLeadsAndOutbox(database.db)
})

function embeddedOutbox() {
  return createOutboxStore(createSqlDatabaseFunctions(database.db))
}

function supabaseOutbox(url: string) {
  return createOutboxStore(createSupabaseDatabaseFunctions(createServiceRoleClient({url, serviceRoleKey: SERVICE_ROLE_KEY})))
}

describe('checkHealth', () => {
  it('is ok with the oldest unsent e-mail\'s age when the database answers (null: nothing waiting)', async () => {
    const outbox = embeddedOutbox()
    expect(await checkHealth({oldestUnsentEmailSeconds: () => outbox.oldestUnsentSeconds(), version: VERSION})).toEqual({
      httpStatus: 200,
      report: {status: 'ok', database: 'ok', oldestUnsentEmailSeconds: null, version: '0.1.0+b1ld-1d'},
    })
    await database.db.query(
      `insert into public.email_outbox (event_key, template, payload, created_at) values ('contact_message:x:business', 'contact_message.business', '{}', now() - interval '75 seconds')`,
    )
    const {httpStatus, report} = await checkHealth({oldestUnsentEmailSeconds: () => outbox.oldestUnsentSeconds(), version: VERSION})
    expect(httpStatus).toBe(200)
    expect(report.oldestUnsentEmailSeconds).toBeGreaterThanOrEqual(75)
    expect(report.oldestUnsentEmailSeconds).toBeLessThan(120)
  })

  it('is unavailable (503) when the database refuses connections, and says nothing of why', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    const failures: unknown[] = []
    const outbox = supabaseOutbox(url)
    const result = await checkHealth({oldestUnsentEmailSeconds: () => outbox.oldestUnsentSeconds(), version: VERSION, logFailure: (error) => failures.push(error)})
    expect(result).toEqual({
      httpStatus: 503,
      report: {status: 'unavailable', database: 'unreachable', oldestUnsentEmailSeconds: null, version: '0.1.0+b1ld-1d'},
    })
    // The reason goes to the server's log only.
    expect(failures).toHaveLength(1)
    expect(JSON.stringify(result)).not.toContain('127.0.0.1')
  })

  it('is unavailable once its time is up when the database accepts connections but never answers', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const outbox = supabaseOutbox(`http://127.0.0.1:${(silent.address() as {port: number}).port}`)
      const failures: unknown[] = []
      const result = await checkHealth({oldestUnsentEmailSeconds: () => outbox.oldestUnsentSeconds(), version: VERSION, timeoutMs: 200, logFailure: (error) => failures.push(error)})
      expect(result.httpStatus).toBe(503)
      expect(result.report).toMatchObject({status: 'unavailable', database: 'unreachable'})
      expect(String(failures[0])).toMatch(/did not answer within 200 ms/)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})

describe('healthResponse', () => {
  it('answers JSON that no cache or proxy keeps', async () => {
    const response = healthResponse({httpStatus: 503, report: {status: 'unavailable', database: 'unreachable', oldestUnsentEmailSeconds: null, version: VERSION}})
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({status: 'unavailable', database: 'unreachable', oldestUnsentEmailSeconds: null, version: '0.1.0+b1ld-1d'})
  })
})

describe('describeVersion', () => {
  it("names the package version and the build, or that the code is not a build (next dev)", () => {
    expect(describeVersion('1.2.3', 'Qx7_abc\n')).toBe('1.2.3+Qx7_abc')
    expect(describeVersion('1.2.3', null)).toBe('1.2.3+unbuilt')
  })
})
