import 'server-only'

import type {ScheduledJob} from './runner'
import {planVisitsJob} from '../booking/plans/roll-forward-job' // i24-plans
import {planChargesJob} from '../booking/plans/charges-job' // i24-charges
import {visitRemindersJob} from '../booking/reminders-server' // i24-reminders
// i24-texts
import {visitTextRemindersJob} from '../texts/server'

/**
 * Every job the servers run on a schedule, wired to the configured services. Each job module
 * exports a factory `(env) => ScheduledJob`; add it to the list below.
 */
export function scheduledJobs(env: Record<string, string | undefined> = process.env): ScheduledJob[] {
  return [
    planVisitsJob(env), // i24-plans
    planChargesJob(env), // i24-charges
    visitRemindersJob(env), // i24-reminders
    // i24-texts
    visitTextRemindersJob(env),
  ]
}
