/**
 * Child process of the durability test: `node lib/booking/store/test-support/durability-writer.ts <dataDir>`
 * (Node 24 runs the TypeScript directly). Opens PGlite in <dataDir> in its worker thread, as the
 * server does (pglite-worker-client.ts), prints `ready`, then creates
 * bookings from four concurrent writers without end, printing `ok <id> <idempotencyKey>` for each
 * booking the store has acknowledged, until it is killed. Output is written synchronously, so a line
 * is out before the next write starts.
 */
import {randomUUID} from 'node:crypto'
import {writeSync} from 'node:fs'
import {openPgliteWorkerDatabase} from '../../../database/pglite-worker-client.ts'
import {createSqlBookingStore} from '../sql-store.ts'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: durability-writer.ts <dataDir>')

const db = await openPgliteWorkerDatabase(dataDir)
const store = createSqlBookingStore(db)
writeSync(1, 'ready\n')

let sequence = 0
async function writer(): Promise<never> {
  for (;;) {
    const n = sequence++
    const {booking} = await store.createPending({
      industry: 'house',
      idempotencyKey: randomUUID(),
      firstName: `Writer ${n}`,
      lastName: 'Durability',
      email: `writer${n}@example.com`,
      phone: '4255550100',
      address: `${n} Test St, Renton, WA`,
      service: 'Deep Cleaning',
      extras: {Oven: n % 3},
      instructions: {'Where Can We Park?': 'Street Parking'},
      date: '2030-06-01',
      amountCents: 20194 + n,
    })
    writeSync(1, `ok ${booking.id} ${booking.idempotencyKey}\n`)
  }
}

await Promise.all([writer(), writer(), writer(), writer()])
