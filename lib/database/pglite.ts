import {mkdirSync} from 'node:fs'
import path from 'node:path'
import {PGlite} from '@electric-sql/pglite'
import {MIGRATIONS_DIR, applyMigrations} from './migrations.ts'

/**
 * The embedded database (bookings, quote requests and other submissions, the e-mail outbox): PGlite
 * (Postgres compiled to WebAssembly) in a data directory,
 * `BOOKINGS_DATA_DIR` or ./.data/pglite. One instance per process (a data directory must never be
 * opened twice), kept on globalThis so a dev-server reload does not open a second one. Opening
 * runs the migrations of supabase/migrations; the first open of a new directory takes seconds
 * (initdb), so the server should open it at start-up (`getPgliteDatabase()`).
 *
 * Durability: PGlite on Node writes through Emscripten's NODEFS straight to the files of the data
 * directory with synchronous write() calls, and a commit writes its WAL record before the query
 * resolves (synchronous_commit = on). An acknowledged booking therefore survives the process being
 * killed (SIGKILL; see the durability test). PGlite starts Postgres with fsync off (-F) and NODEFS
 * has no fsync, so a crash of the whole machine or a power cut can still lose the last writes.
 * `relaxedDurability` (false here, the default) only concerns file systems that copy the database
 * asynchronously (IndexedDB, OPFS); on Node's file system it changes nothing.
 */

export const DEFAULT_DATA_DIR = path.join('.data', 'pglite')

export function databaseDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.BOOKINGS_DATA_DIR || DEFAULT_DATA_DIR)
}

/** Opens (creating if needed) a database in `dataDir` and applies the migrations. */
export async function openPgliteDatabase(dataDir: string, options: {migrationsDir?: string} = {}): Promise<PGlite> {
  mkdirSync(dataDir, {recursive: true})
  const db = await PGlite.create({dataDir, relaxedDurability: false})
  try {
    // The default, pinned: a commit's WAL is written before the commit is acknowledged. (With it
    // off, the durability test loses acknowledged bookings.) PGlite has one session, so this holds.
    await db.exec('set synchronous_commit = on')
    await applyMigrations(db, options.migrationsDir ?? MIGRATIONS_DIR)
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
  return db
}

type Holder = {promise?: Promise<PGlite>; dataDir?: string; signalsHandled?: boolean; shuttingDown?: boolean}
const globalKey = Symbol.for('cleaning-site.bookings.pglite')
const holder: Holder = ((globalThis as Record<symbol, unknown>)[globalKey] ??= {}) as Holder

/** The process's database, opened on first use. */
export function getPgliteDatabase(): Promise<PGlite> {
  if (holder.shuttingDown) return Promise.reject(new Error('The database is shutting down.'))
  if (!holder.promise) {
    const dataDir = databaseDir()
    const promise = openPgliteDatabase(dataDir)
    holder.promise = promise
    holder.dataDir = dataDir
    // A failed open is tried again by the next caller.
    promise.catch(() => {
      if (holder.promise === promise) holder.promise = undefined
    })
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
