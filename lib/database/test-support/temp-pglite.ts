import {createHash} from 'node:crypto'
import {existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {PGlite} from '@electric-sql/pglite'
import {applyMigrations, MIGRATIONS_DIR, migrationFiles} from '../migrations'
import {openPgliteDatabase} from '../pglite'
import {openPgliteWorkerDatabase, type PgliteWorkerClient} from '../pglite-worker-client'

/** Opening a new PGlite directory runs initdb and the migrations: seconds on a busy machine. */
export const PGLITE_SETUP_TIMEOUT = 120_000

/**
 * A migrated database image, made once for these migrations and this PGlite and kept in the
 * system's temporary folder: opening a new data directory runs initdb and every migration (about
 * 4 s of CPU), loading the image into memory takes a tenth of that.
 */
export async function migratedImage(): Promise<Blob> {
  const hash = createHash('sha256')
  hash.update(JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version)
  for (const name of migrationFiles()) hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)))
  const file = path.join(os.tmpdir(), `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`)
  if (!existsSync(file)) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-image-'))
    try {
      const db = await openPgliteDatabase(dir)
      const image = await db.dumpDataDir('none')
      await db.close()
      // Written under a name of its own and renamed: a test in another worker never reads half of it.
      const partial = `${file}.${process.pid}.${Date.now()}`
      writeFileSync(partial, Buffer.from(await image.arrayBuffer()))
      renameSync(partial, file)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  }
  return new Blob([readFileSync(file)])
}

/**
 * What every in-memory copy starts from, read and compiled once per test worker: PGlite would
 * otherwise read the image, compile its WebAssembly and read its file bundle again for each copy
 * (measured: 2.2 s of CPU per copy, 1.4 s with these kept).
 */
let startingPoint: Promise<{image: Blob; pgliteWasmModule: WebAssembly.Module; fsBundle: Blob}> | undefined

function pgliteStartingPoint() {
  startingPoint ??= (async () => {
    const dist = path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'dist')
    return {
      image: await migratedImage(),
      pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    }
  })()
  return startingPoint
}

/** A new in-memory embedded database with every migration of supabase/migrations applied. */
export async function openMigratedMemoryDatabase(): Promise<PGlite> {
  const {image, pgliteWasmModule, fsBundle} = await pgliteStartingPoint()
  const db = await PGlite.create({loadDataDir: image, pgliteWasmModule, fsBundle})
  // Nothing to apply (the image has them all): this checks that it does.
  const applied = await applyMigrations(db)
  if (applied.length > 0) throw new Error(`The database image lacked ${applied.join(', ')}`)
  return db
}

/**
 * The same, in a worker thread as the server runs it (pglite-worker-client.ts); the thread checks
 * the image has every migration (it applies what is missing) and a test can ask it to apply more.
 */
export async function openMigratedWorkerDatabase(): Promise<PgliteWorkerClient> {
  const db = await openPgliteWorkerDatabase(undefined, {loadDataDir: await migratedImage()})
  const {rows} = await db.query<{name: string}>('select name from public.schema_migrations')
  if (rows.length !== migrationFiles().length) throw new Error('The database image lacked migrations')
  return db
}

/** The embedded database with every migration applied, for one test file (in memory). */
export async function openTempPglite(): Promise<{db: PGlite; close(): Promise<void>}> {
  const db = await openMigratedMemoryDatabase()
  return {
    db,
    async close() {
      if (!db.closed) await db.close()
    },
  }
}

/** Empties the tables of the lead forms and the e-mail outbox (bookings too when asked). */
export async function clearLeadsAndOutbox(db: {exec(sql: string): Promise<unknown>}, options: {bookings?: boolean} = {}): Promise<void> {
  await db.exec(
    `delete from public.email_outbox; delete from public.quote_requests; delete from public.contact_messages; delete from public.appointments;${
      options.bookings ? ' delete from public.bookings;' : ''
    }`,
  )
}

export {closedPort} from './ports.ts'
