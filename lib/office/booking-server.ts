import 'server-only'

import {getBookingStore} from '../bookings'
import {getAvailability} from '../content'
import {getDatabaseFunctions} from '../database'
import {wakeEmailOutbox} from '../email/server'
import type {OfficeBookingDeps} from './booking-actions'
import {createOfficeBookingRecords} from './booking-records'

/** The office's booking page and actions wired to the app's database, content and e-mail outbox. */
export async function officeBookingDeps(): Promise<OfficeBookingDeps> {
  const [store, functions] = await Promise.all([getBookingStore(), getDatabaseFunctions()])
  return {store, records: createOfficeBookingRecords(functions), availability: getAvailability, now: () => new Date(), emailsQueued: wakeEmailOutbox}
}
