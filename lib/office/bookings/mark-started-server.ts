import 'server-only'

import {getBookingStore} from '../../booking/store'
import {getDatabaseFunctions} from '../../database'
import {wakeTextOutbox} from '../../texts/server'
import {markStarted, markStartedLocation} from './mark-started'
import type {ActingStaff} from '../access/roles'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'

/**
 * "Mark started" wired to the app's database and text outbox; `headers`: the request's, for the
 * browser tests' clock (../shared/test-clock.ts, a test server only). Answers the booking page's address
 * with the outcome; a failure is logged and worded as the other actions' are.
 */
export async function markStartedAnswer(id: string, staff: ActingStaff, headers: Headers): Promise<string> {
  const testNow = testClockNow(process.env, headers.get(TEST_CLOCK_HEADER))
  try {
    const [store, functions] = await Promise.all([getBookingStore(), getDatabaseFunctions()])
    return markStartedLocation(id, await markStarted(id, staff, {store, functions, now: () => testNow ?? new Date(), textsQueued: wakeTextOutbox}))
  } catch (error) {
    console.error('Office: marking a visit started failed', error)
    return markStartedLocation(id, {ok: false, problem: 'failed'})
  }
}
