/**
 * Child process of the window race test: `node lib/booking/store/test-support/window-racer.ts <json>`
 * (Node 24 runs the TypeScript directly), where <json> is {host, port, user, database, date,
 * requests, capacity}. Opens its own connection pool to the PostgreSQL server, as a second server
 * process would, waits for `go` on stdin so both processes start together, sends `requests`
 * bookings for the 08:00-10:00 window of `date` at once and prints {"created": n, "full": m}.
 */
import {randomUUID} from 'node:crypto'
import {once} from 'node:events'
import pg from 'pg'
import {createSqlBookingStore} from '../sql-store.ts'
import {WindowFullError} from '../store.ts'
import {houseBooking} from './fixtures.ts'

const options = JSON.parse(process.argv[2] ?? '{}') as {host: string; port: number; user: string; database: string; date: string; requests: number; capacity: number}
const pool = new pg.Pool({host: options.host, port: options.port, user: options.user, database: options.database, max: 10})
const store = createSqlBookingStore({query: async (text, params) => ({rows: (await pool.query(text, params)).rows})})
await pool.query('select 1')
process.stdout.write('ready\n')
await once(process.stdin, 'data')

const now = new Date('2031-01-01T00:00:00Z')
const results = await Promise.allSettled(
  Array.from({length: options.requests}, () =>
    store.createPending(
      houseBooking({
        idempotencyKey: randomUUID(),
        date: options.date,
        arrivalWindow: '08:00-10:00',
        serviceFamily: 'indoor',
        windowStartsAt: `${options.date}T15:00:00.000Z`,
        holdExpiresAt: '2031-01-01T00:30:00.000Z',
      }),
      {capacity: options.capacity, now},
    ),
  ),
)
const created = results.filter((result) => result.status === 'fulfilled' && result.value.created).length
const full = results.filter((result) => result.status === 'rejected' && result.reason instanceof WindowFullError).length
process.stdout.write(`${JSON.stringify({created, full})}\n`)
await pool.end()
