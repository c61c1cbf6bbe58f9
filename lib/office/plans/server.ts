import 'server-only'

import {visitGenerator, type PlanChangeDeps} from '../../booking/plans/changes'
import {planFlowDeps, planPaymentProvider} from '../../booking/server'
import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'

/**
 * The office's plan pages and actions wired to the app's database, payment provider and e-mail
 * outbox; `headers` for the browser tests' clock (../shared/test-clock.ts, a test server only).
 */
export async function officePlanDeps(headers?: Headers): Promise<PlanChangeDeps> {
  const testNow = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER))
  const now = () => testNow ?? new Date()
  return {
    functions: await getDatabaseFunctions(),
    payments: planPaymentProvider(),
    now,
    emailsQueued: wakeEmailOutbox,
    generateVisits: visitGenerator(await planFlowDeps(), now),
  }
}
