import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {randomUUID} from 'node:crypto'
import pg from 'pg'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {createSqlBookingStore} from '../booking/store/sql-store'
import {houseBooking} from '../booking/store/test-support/fixtures'
import {companyLocalTimeToDate} from '../company-time'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import type {SqlClient} from '../database/sql'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../database/test-support/postgres-cluster'
import {createTextFolderTransport} from './folder-transport'
import {createTextOutboxStore} from './outbox'
import {createVisitTextRemindersJob} from './reminders'
import {datasetComposer} from './test-support/content'
import {createTextWorker} from './worker'

/**
 * "Never twice" where it must hold: a real PostgreSQL server and two server processes' worth of
 * connection pools (each its own connections, so nothing in Node serialises them), each running the
 * reminder job twice at once and two text workers at once. Only the database's unique event key
 * and its FOR UPDATE SKIP LOCKED claims keep every visit to one text.
 */

const postgresTools = findPostgresTools()
const at = (local: string) => companyLocalTimeToDate(local) as Date
const VISITS = 20

describe.skipIf('missing' in postgresTools)('reminder texts with two server processes (their own connection pools) on one PostgreSQL database', () => {
  let db: MigratedCluster
  const pools: pg.Pool[] = []
  const dirs: string[] = []

  beforeAll(async () => {
    if ('missing' in postgresTools) return
    db = await startMigratedCluster(postgresTools, 4)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
    await db?.close()
    for (const dir of dirs) rmSync(dir, {recursive: true, force: true})
  })

  /** A server process's own pool of connections to the cluster. */
  function processPool(): SqlClient {
    const pool = new pg.Pool({host: db.cluster.host, port: db.cluster.port, user: db.cluster.user, database: db.cluster.database, max: 4})
    pools.push(pool)
    return {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await pool.query(text, params)).rows as R[]})}
  }

  it(`${VISITS} visits, each process running the job twice and two workers at once: ${VISITS} texts, each sent once`, {timeout: 60_000}, async () => {
    const store = createSqlBookingStore(db.sql)
    const bookedAt = at('2031-03-15T10:00')
    for (let index = 0; index < VISITS; index += 1) {
      const window = ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'][index % 4]
      const {booking} = await store.createPending(
        houseBooking({
          firstName: `Visit${index}`,
          phone: `425555${String(1000 + index)}`,
          date: '2031-03-22',
          arrivalWindow: window,
          serviceFamily: 'indoor',
          windowStartsAt: at(`2031-03-22T${window.slice(0, 5)}`).toISOString(),
          holdExpiresAt: new Date(bookedAt.getTime() + 1_800_000).toISOString(),
          smsConsentAt: bookedAt.toISOString(),
        }),
        {capacity: 100, now: bookedAt},
      )
      await store.markPaid(booking.id, {sessionId: `cs_${randomUUID()}`, paidAt: bookedAt})
    }

    const compose = await datasetComposer()
    const log = {error: vi.fn(), warn: vi.fn()}
    const processes = [processPool(), processPool()].map((sql) => {
      const outbox = createTextOutboxStore(createSqlDatabaseFunctions(sql))
      const dir = mkdtempSync(path.join(os.tmpdir(), 'texts-pg-'))
      dirs.push(dir)
      const worker = () =>
        createTextWorker({outbox: async () => outbox, transport: createTextFolderTransport(dir), compose, now: () => at('2031-03-21T18:00'), options: {pollMs: 3_600_000, batchSize: 3}, log})
      const job = createVisitTextRemindersJob({outbox: async () => outbox})
      return {dir, worker, job}
    })

    const queued = await Promise.all(processes.flatMap(({job}) => [job.run(at('2031-03-21T09:00')), job.run(at('2031-03-21T09:00'))]))
    expect(queued.reduce((sum: number, run) => sum + (run as {queued: number}).queued, 0)).toBe(VISITS)

    const drained = await Promise.all(processes.flatMap(({worker}) => [worker().drain(), worker().drain()]))
    expect(drained.reduce((sum, result) => sum + result.sent, 0)).toBe(VISITS)
    const files = processes.flatMap(({dir}) => readdirSync(dir).filter((name) => name.endsWith('.json')))
    expect(files).toHaveLength(VISITS)
    const {rows} = await db.sql.query<{status: string; n: number}>('select status, count(*)::int as n from public.text_outbox group by status')
    expect(rows).toEqual([{status: 'sent', n: VISITS}])
    // Both processes took part (the claims were shared out, not taken by the first alone).
    expect(processes.every(({dir}) => readdirSync(dir).length > 0)).toBe(true)
    expect(log.error).not.toHaveBeenCalled()
  })
})
