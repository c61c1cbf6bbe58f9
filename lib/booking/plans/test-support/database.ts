import {beforeEach} from 'vitest'
import type {MigrationClient} from '../../../database/sql'
import {createSqlDatabaseFunctions} from '../../../database/sql-functions'
import {clearLeadsAndOutbox} from '../../../database/test-support/temp-pglite'
import type {TestLogger} from '../../../database/test-support/opened-for-tests'
import {embeddedBookingStore} from '../../store/test-support/embedded-store'
import {createPlanStore} from '../plan-store'
import {createPlanReader} from '../reader'

/** Empties plans, their visits and charges, then bookings, leads and the outbox (a plan's first visit refers to its plan). */
export async function clearPlansAndBookings(db: Pick<MigrationClient, 'exec'>): Promise<void> {
  await db.exec(`delete from public.plan_charges; delete from public.bookings where payment_status = 'scheduled' or plan_visit > 1;
    update public.bookings set plan_id = null, plan_visit = null where plan_id is not null; delete from public.booking_plans; delete from public.scheduled_jobs;`)
  await clearLeadsAndOutbox(db, {bookings: true})
}

/**
 * The booking store, the plan store and the plan reader on the embedded database, for the tests of
 * one file (as embeddedBookingStore opens it), emptied of plans and bookings before each test.
 */
export function embeddedPlanStores<L>(logger?: TestLogger<L>) {
  const {db, store} = embeddedBookingStore(logger)
  const functions = createSqlDatabaseFunctions(db)
  beforeEach(async () => {
    await clearPlansAndBookings(db)
  })
  return {db, store, functions, plans: createPlanStore(functions), reader: createPlanReader(functions)}
}
