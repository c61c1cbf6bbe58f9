import 'server-only'

import type {ScheduledJob} from '../../jobs/runner'
import {createPlanVisitsJob} from './roll-forward'
import {planSettingsFromEnv} from './settings'

/**
 * The `plan-visits` job wired to the app's database, content and payment provider
 * (lib/jobs/registry.ts). They load at the job's first run, not at start-up (instrumentation.ts
 * loads only what start-up needs).
 */
export function planVisitsJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  return createPlanVisitsJob(async () => {
    const [{getAvailability}, {getDatabaseFunctions}, {getPaymentProvider}, {createPlanStore}, {planVisitEmails}] = await Promise.all([
      import('../../content'),
      import('../../database'),
      import('../../payments'),
      import('./plan-store'),
      import('./visit-emails'),
    ])
    return {
      plans: createPlanStore(await getDatabaseFunctions()),
      availability: getAvailability,
      settings: planSettingsFromEnv(env),
      payments: () => getPaymentProvider(env),
      emails: planVisitEmails,
    }
  })
}
