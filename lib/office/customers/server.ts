import 'server-only'

import {getDatabaseFunctions} from '../../database'
import type {CustomerDeps} from './actions'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'

/**
 * The office's customers wired to the app's database and the clock; `headers` for the browser
 * tests' clock (../shared/test-clock.ts, a test server only).
 */
export async function officeCustomerDeps(headers?: Headers): Promise<CustomerDeps> {
  const testNow = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER))
  return {functions: await getDatabaseFunctions(), now: () => testNow ?? new Date()}
}
