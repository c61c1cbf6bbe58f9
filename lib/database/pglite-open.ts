import {PGlite} from '@electric-sql/pglite'
import {MIGRATIONS_DIR, applyMigrations} from './migrations.ts'
import {lockDataDirectory} from './pglite-lock.ts'

/**
 * Opening the embedded database (PGlite: Postgres compiled to WebAssembly) in the calling thread.
 * The server runs this inside its database worker thread (pglite-worker.ts); tests and scripts that
 * want a PGlite of their own call it directly. Loaded by Node without a bundler there (the worker,
 * the durability test's writer), so: `.ts` import paths and erasable TypeScript only.
 *
 * Durability: PGlite on Node writes through Emscripten's NODEFS straight to the files of the data
 * directory with synchronous write() calls, and a commit writes its WAL record before the query
 * resolves (synchronous_commit = on). An acknowledged booking therefore survives the process being
 * killed (SIGKILL; see the durability test), from any thread. PGlite starts Postgres with fsync off
 * (-F) and NODEFS has no fsync, so a crash of the whole machine or a power cut can still lose the
 * last writes. `relaxedDurability` (false here, the default) only concerns file systems that copy
 * the database asynchronously (IndexedDB, OPFS); on Node's file system it changes nothing.
 *
 * One process per data directory: opening takes the directory's lock (pglite-lock.ts) and throws
 * DataDirectoryInUseError while another live process has it; closing releases it.
 */

export interface OpenOptions {
  migrationsDir?: string
  /** A database image (PGlite's `dumpDataDir`) to start from instead of the data directory's files. */
  loadDataDir?: Blob
}

/**
 * Opens (creating if needed) a database in `dataDir` (in memory when undefined) and applies the
 * migrations. The first open of a new directory runs initdb: seconds of CPU.
 */
export async function openPgliteDatabase(dataDir: string | undefined, options: OpenOptions = {}): Promise<PGlite> {
  const lock = dataDir ? lockDataDirectory(dataDir) : null
  let db: PGlite
  try {
    db = await PGlite.create({dataDir, relaxedDurability: false, loadDataDir: options.loadDataDir})
  } catch (error) {
    lock?.release()
    throw error
  }
  if (lock && options.loadDataDir) lock.rewrite()
  if (lock) {
    // The lock goes with the database: whoever closes it (the server's database thread, a script,
    // a test) releases the directory for the next process.
    const close = db.close.bind(db)
    db.close = async () => {
      try {
        await close()
      } finally {
        lock.release()
      }
    }
  }
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
