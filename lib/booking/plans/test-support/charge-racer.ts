/**
 * Child process of the two-process charge test (../charges-race.test.ts):
 * `node --import ./lib/booking/plans/test-support/ts-register.mjs lib/booking/plans/test-support/charge-racer.ts <json>`,
 * where <json> is {host, port, user, database, stripePort, now, batchSize}. Opens its own connection
 * pool to the PostgreSQL server and its own Stripe adapter (the real SDK, pointed at the stand-in
 * the test runs), as a second server process would; waits for `go` on stdin so both processes start
 * together, runs the plan charge job once at `now` and prints what it did as one JSON line.
 */
import {once} from 'node:events'
import pg from 'pg'
import {createSqlDatabaseFunctions} from '../../../database/sql-functions.ts'
import {StripePaymentProvider} from '../../../payments/stripe.ts'
import {runPlanCharges} from '../charges.ts'
import {createPlanChargeStore} from '../charges-store.ts'
import {DEFAULT_PLAN_SETTINGS} from '../settings.ts'

const options = JSON.parse(process.argv[2] ?? '{}') as {host: string; port: number; user: string; database: string; stripePort: number; now: string; batchSize: number}
const pool = new pg.Pool({host: options.host, port: options.port, user: options.user, database: options.database, max: 4})
const functions = createSqlDatabaseFunctions({query: async (text, params) => ({rows: (await pool.query(text, params)).rows})})
const provider = new StripePaymentProvider({secretKey: 'sk_test_charge_racer', host: '127.0.0.1', port: options.stripePort, protocol: 'http'})
await pool.query('select 1')
process.stdout.write('ready\n')
await once(process.stdin, 'data')

const now = new Date(options.now)
const run = await runPlanCharges(
  {store: createPlanChargeStore(functions), payments: () => provider, settings: DEFAULT_PLAN_SETTINGS, now: () => now, log: {error: (...data) => console.error(...data), warn: () => {}}},
  {batchSize: options.batchSize},
)
process.stdout.write(`${JSON.stringify(run)}\n`)
await pool.end()
