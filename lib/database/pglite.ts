import {registerShutdownStep} from '../shutdown.ts'
import {DEFAULT_DATA_DIR, databaseDir} from './backend.ts'
import {openPgliteDatabase, type OpenOptions} from './pglite-open.ts'
import {openPgliteWorkerDatabase, type EmbeddedDatabase, type PgliteWorkerClient} from './pglite-worker-client.ts'

/**
 * The embedded database (bookings, quote requests and other submissions, the e-mail outbox): PGlite
 * (Postgres compiled to WebAssembly) in a data directory, `BOOKINGS_DATA_DIR` or ./.data/pglite.
 * The server's runs in a worker thread of its own (pglite-worker-client.ts): opening it (initdb on
 * a new directory, seconds of CPU), the migrations of supabase/migrations and every query run
 * there, so pages are served while it opens and while bookings are stored. One per process (a data
 * directory must never be opened twice), kept on globalThis so a dev-server reload does not open a
 * second one; the server starts opening it at start-up (instrumentation.ts). Durability: see
 * pglite-open.ts. Two processes on one directory would each think they own it and split or corrupt
 * it: opening takes the directory's lock (pglite-lock.ts), and the production server takes it before
 * it serves (scripts/serve.ts). It closes last when the process stops (lib/shutdown.ts).
 */

export {openPgliteDatabase, type EmbeddedDatabase, type OpenOptions}

export {DEFAULT_DATA_DIR, databaseDir}

type Holder = {promise?: Promise<PgliteWorkerClient>; dataDir?: string; shutdownRegistered?: boolean; shuttingDown?: boolean}
const globalKey = Symbol.for('cleaning-site.bookings.pglite')
const holder: Holder = ((globalThis as Record<symbol, unknown>)[globalKey] ??= {}) as Holder

/** The process's database, opened (in its worker thread) on first use. */
export function getPgliteDatabase(): Promise<EmbeddedDatabase> {
  if (holder.shuttingDown) return Promise.reject(new Error('The database is shutting down.'))
  if (!holder.promise) {
    const dataDir = databaseDir()
    const promise = openPgliteWorkerDatabase(dataDir)
    holder.promise = promise
    holder.dataDir = dataDir
    const forget = () => {
      if (holder.promise === promise) holder.promise = undefined
    }
    // A failed open is tried again by the next caller, and so is a database whose thread died.
    promise.then((db) => db.exited.then(forget), forget)
    closeWhenStopping()
  }
  return holder.promise
}

/** Closes the process's database (if open); the next `getPgliteDatabase()` opens it again. */
export async function closePgliteDatabase(): Promise<void> {
  const promise = holder.promise
  holder.promise = undefined
  const db = await promise?.catch(() => null)
  if (db && !db.closed) await db.close()
}

/**
 * Closes the database when the process stops, after the work that still uses it (the outbox
 * worker's last send); no one opens it again from then on.
 */
function closeWhenStopping(): void {
  if (holder.shutdownRegistered) return
  holder.shutdownRegistered = true
  registerShutdownStep('embedded-database', 'database', async () => {
    holder.shuttingDown = true
    await closePgliteDatabase()
  })
}
