import 'server-only'

import {getBookingStore} from '../../booking/store'
import {getAvailability, getSiteSettings} from '../../content'
import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import type {OfficeBookingDeps} from './actions'
import {createOfficeBookingRecords} from './store'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'

/**
 * The office's booking page and actions wired to the app's database, content and e-mail outbox.
 * `headers`: the request's, for the browser tests' clock (../shared/test-clock.ts: a test server only), so a
 * test can act on a booking whose window is within 24 hours without waiting for the day.
 */
export async function officeBookingDeps(headers?: Headers): Promise<OfficeBookingDeps> {
  const testNow = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER))
  const [store, functions] = await Promise.all([getBookingStore(), getDatabaseFunctions()])
  return {
    store,
    records: createOfficeBookingRecords(functions),
    availability: getAvailability,
    now: () => testNow ?? new Date(),
    emailsQueued: wakeEmailOutbox,
    // A visit marked done asks for a review here.
    feedbackUrl: async () => (await getSiteSettings()).feedbackFormUrl ?? null,
  }
}
