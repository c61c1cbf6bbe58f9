import {mkdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {openPgliteDatabase} from '../../../lib/database/pglite.ts'
import {migratedImage} from '../../../lib/database/test-support/temp-pglite.ts'
import {PGLITE_TEMPLATE} from './private-server.ts'

/**
 * Once per run, before the workers start: a migrated embedded database in test-results/, which
 * every private server's new data directory starts as a copy of (private-server.ts). A new
 * directory otherwise runs initdb and every migration in the server: 3.7 s of CPU more per server
 * (measured: 5.9 s against 2.2 s until it answers), paid by ten private servers a run. The suite's
 * own server still starts from an empty directory (scripts/prepare-e2e-bookings.mjs), so a first
 * start's initdb stays covered.
 */
export default async function globalSetup(): Promise<void> {
  rmSync(PGLITE_TEMPLATE, {recursive: true, force: true})
  mkdirSync(PGLITE_TEMPLATE, {recursive: true})
  // From the image the unit tests keep in the system's temporary folder (made here if missing).
  const db = await openPgliteDatabase(PGLITE_TEMPLATE, {loadDataDir: await migratedImage()})
  await db.close()
  rmSync(join(PGLITE_TEMPLATE, 'pglite.lock'), {force: true})
}
