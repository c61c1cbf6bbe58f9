import path from 'node:path'
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
 * pglite-open.ts.
 */

export {openPgliteDatabase, type EmbeddedDatabase, type OpenOptions}

export const DEFAULT_DATA_DIR = path.join('.data', 'pglite')

export function databaseDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.BOOKINGS_DATA_DIR || DEFAULT_DATA_DIR)
}

type Holder = {promise?: Promise<PgliteWorkerClient>; dataDir?: string; signalsHandled?: boolean; shuttingDown?: boolean}
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
    closeOnSignals()
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
 * Closes the database on SIGTERM and SIGINT, once. When nothing else listens for the signal (the
 * default would have ended the process), the signal is raised again after closing, so the process
 * still ends as it would have.
 */
function closeOnSignals(): void {
  if (holder.signalsHandled) return
  holder.signalsHandled = true
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      holder.shuttingDown = true
      const othersListen = process.listenerCount(signal) > 0
      closePgliteDatabase()
        .catch((error: unknown) => console.error('Closing the database failed:', error))
        .finally(() => {
          if (!othersListen) process.kill(process.pid, signal)
        })
    })
  }
}
