import 'server-only'

import {getAvailability} from '../../content'
import {getDatabaseFunctions} from '../../database'
import type {OfficeListDeps} from './lists'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'

/**
 * The office's lists wired to the app's database, the Availability document and the clock.
 * `headers`: the request's, for the browser tests' clock (../shared/test-clock.ts, a test server only), so the
 * day sheet offers Started and Done by the same time as the routes that take them.
 */
export async function officeListDeps(headers?: Headers): Promise<OfficeListDeps> {
  const testNow = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER))
  return {functions: await getDatabaseFunctions(), now: () => testNow ?? new Date(), availability: getAvailability}
}
