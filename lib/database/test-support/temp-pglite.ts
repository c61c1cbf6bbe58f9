import {mkdtempSync, rmSync} from 'node:fs'
import {createServer} from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type {PGlite} from '@electric-sql/pglite'
import {openPgliteDatabase} from '../pglite'

/** Opening a new PGlite directory runs initdb and the migrations: seconds on a busy machine. */
export const PGLITE_SETUP_TIMEOUT = 120_000

/** The embedded database with every migration applied, in a new temporary directory. */
export async function openTempPglite(prefix: string): Promise<{db: PGlite; dir: string; close(): Promise<void>}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  const db = await openPgliteDatabase(dir)
  return {
    db,
    dir,
    async close() {
      if (!db.closed) await db.close()
      rmSync(dir, {recursive: true, force: true})
    },
  }
}

/** Empties the tables of the lead forms and the e-mail outbox (bookings too when asked). */
export async function clearLeadsAndOutbox(db: PGlite, options: {bookings?: boolean} = {}): Promise<void> {
  await db.exec(
    `delete from public.email_outbox; delete from public.quote_requests; delete from public.contact_messages; delete from public.appointments;${
      options.bookings ? ' delete from public.bookings1;' : ''
    }`,
  )
}

/** A TCP port on 127.0.0.1 that nothing listens on (bound, then closed): connections are refused. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number}
      server.close(() => resolve(port))
    })
  })
}
