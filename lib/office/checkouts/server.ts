import 'server-only'

import {checkoutReminderSettings, type CheckoutReminderSettings} from '../../booking/checkout-reminders'
import {getDatabaseFunctions} from '../../database'
import type {DatabaseFunctions} from '../../database/functions'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'

/**
 * The unpaid checkouts page wired to the app's database, the Studio's reminder settings and the
 * clock; `headers` for the browser tests' clock (../shared/test-clock.ts, a test server only).
 */
export async function officeCheckoutDeps(headers?: Headers): Promise<{functions: DatabaseFunctions; now: Date; settings: CheckoutReminderSettings}> {
  const testNow = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER))
  const {getEmailSettings} = await import('../../content')
  const [functions, content] = await Promise.all([getDatabaseFunctions(), getEmailSettings()])
  return {functions, now: testNow ?? new Date(), settings: checkoutReminderSettings(content)}
}
