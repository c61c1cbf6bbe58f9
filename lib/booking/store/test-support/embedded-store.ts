import type {MigrationClient} from '../../../database/sql'
import {embeddedDatabaseForTests, type TestLogger} from '../../../database/test-support/opened-for-tests'
import {createSqlBookingStore} from '../sql-store'
import type {BookingStore} from '../store'

/** The booking store on the embedded database, for the tests of one file (see embeddedDatabaseForTests). */
export function embeddedBookingStore<L>(logger?: TestLogger<L>): {db: MigrationClient; store: BookingStore} {
  const db = embeddedDatabaseForTests(logger)
  return {db, store: createSqlBookingStore(db)}
}
