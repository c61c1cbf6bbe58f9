import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {startChildRacer, type ChildRacer} from '../../database/test-support/child-racer'
import {advisoryLockWaiters, findPostgresTools, type MigratedCluster} from '../../database/test-support/postgres-cluster'
import {migratedClusterForTests} from '../../database/test-support/opened-for-tests'
import {toInsertRow} from './mapping'
import {createSqlBookingStore} from './sql-store'
import {WindowFullError} from './store'
import {houseBooking} from './test-support/fixtures'

/**
 * The last places of an arrival window, raced for by two server processes sharing one PostgreSQL
 * database: each process has its own connection pool, so no lock in Node could serialise them;
 * only the database's (create_pending_booking) can.
 */

const RACER = path.join(import.meta.dirname, 'test-support', 'window-racer.ts')
const postgresTools = findPostgresTools()

function startRacer(cluster: MigratedCluster['cluster'], date: string, requests: number): ChildRacer<{created: number; full: number}> {
  const options = {host: cluster.host, port: cluster.port, user: cluster.user, database: cluster.database, date, requests, capacity: 3}
  return startChildRacer([RACER, JSON.stringify(options)])
}

describe.skipIf('missing' in postgresTools)('an arrival window raced for by two server processes on one PostgreSQL database', () => {
  const db = migratedClusterForTests(postgresTools, 4)

  it('50 requests (25 from each process) for a window with room for 3: exactly 3 bookings, 47 refusals', {timeout: 60_000}, async () => {
    const racers = [startRacer(db.cluster, '2031-04-01', 25), startRacer(db.cluster, '2031-04-01', 25)]
    await Promise.all(racers.map((racer) => racer.ready))
    for (const racer of racers) racer.go()
    const results = await Promise.all(racers.map((racer) => racer.result))
    expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(3)
    expect(results.reduce((sum, result) => sum + result.full, 0)).toBe(47)
    const {rows} = await db.sql.query<{n: number}>(`select count(*)::int as n from public.bookings where date = '2031-04-01' and arrival_window = '08:00-10:00'`)
    expect(rows[0].n).toBe(3)
  })

  it('a request for a window waits for one still in flight for it, then counts its place', {timeout: 30_000}, async () => {
    const now = new Date('2031-01-01T00:00:00Z')
    const booking = (overrides = {}) =>
      houseBooking({date: '2031-04-02', arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: '2031-04-02T15:00:00.000Z', holdExpiresAt: '2031-01-01T00:30:00.000Z', ...overrides})
    const inFlight = await db.pool.connect()
    try {
      await inFlight.query('begin')
      await inFlight.query('select public.create_pending_booking($1::jsonb, 1, $2)', [JSON.stringify(toInsertRow(booking())), now.toISOString()])
      const store = createSqlBookingStore({query: async (text, params) => ({rows: (await db.pool.query(text, params)).rows})})
      const second = store.createPending(booking(), {capacity: 1, now})
      second.catch(() => {})
      // The second request is held at the window's lock while the first is not committed.
      await expect.poll(() => advisoryLockWaiters(db.sql)).toBe(1)
      await inFlight.query('commit')
      await expect(second).rejects.toBeInstanceOf(WindowFullError)
    } finally {
      inFlight.release()
    }
  })
})
