import 'server-only'

import {getAvailability} from '../../content'
import {getDatabaseFunctions} from '../../database'
import type {ScheduledJob} from '../../jobs/runner'
import {getPaymentProvider} from '../../payments'
import {createPlanStore} from './plan-store'
import {createPlanVisitsJob} from './roll-forward'
import {planSettingsFromEnv} from './settings'
import {planVisitEmails} from './visit-emails'

/** The `plan-visits` job wired to the app's database, content and payment provider (lib/jobs/registry.ts). */
export function planVisitsJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  return createPlanVisitsJob(async () => ({
    plans: createPlanStore(await getDatabaseFunctions()),
    availability: getAvailability,
    settings: planSettingsFromEnv(env),
    payments: () => getPaymentProvider(env),
    emails: planVisitEmails,
  }))
}
