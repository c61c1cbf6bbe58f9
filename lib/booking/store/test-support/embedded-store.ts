import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll} from 'vitest'
import type {MigrationClient} from '../../../database/sql'
import {openMigratedMemoryDatabase, PGLITE_SETUP_TIMEOUT} from '../../../database/test-support/temp-pglite'
import {createSqlBookingStore} from '../sql-store'
import type {BookingStore} from '../store'

/** A module's logger setter, and the log its tests give it. */
export interface TestLogger<L> {
  set(log: L | Console): void
  log: L
}

/**
 * The booking store on the embedded database with every migration, for the tests of one file: the
 * database opens before the first test and closes after the last; `db` and `store` may be taken
 * at once, they reach it once it is open. Given a logger, the module logs to it meanwhile and to
 * the console again after.
 */
export function embeddedBookingStore<L>(logger?: TestLogger<L>): {db: MigrationClient; store: BookingStore} {
  let opened: PGlite | undefined
  const database = (): PGlite => {
    if (!opened) throw new Error('The embedded database opens before the first test')
    return opened
  }
  const db: MigrationClient = {
    query: (text, params) => database().query(text, params),
    exec: (sql) => database().exec(sql),
  }
  beforeAll(async () => {
    opened = await openMigratedMemoryDatabase()
    logger?.set(logger.log)
  }, PGLITE_SETUP_TIMEOUT)
  afterAll(async () => {
    logger?.set(console)
    await opened?.close()
  })
  return {db, store: createSqlBookingStore(db)}
}
