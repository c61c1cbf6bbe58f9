import type {PGlite} from '@electric-sql/pglite'
import {clearLeadsAndOutbox} from '../../../database/test-support/temp-pglite'

/** Empties plans, their visits and charges, then bookings, leads and the outbox (a plan's first visit refers to its plan). */
export async function clearPlansAndBookings(db: PGlite): Promise<void> {
  await db.exec(`delete from public.plan_charges; delete from public.bookings where payment_status = 'scheduled' or plan_visit > 1;
    update public.bookings set plan_id = null, plan_visit = null where plan_id is not null; delete from public.booking_plans; delete from public.scheduled_jobs;`)
  await clearLeadsAndOutbox(db, {bookings: true})
}
