import 'server-only'

import type {ScheduledJob} from './runner'
import {visitRemindersJob} from '../booking/reminders-server' // i24-reminders

/**
 * Every job the servers run on a schedule, wired to the configured services. Each job module
 * exports a factory `(env) => ScheduledJob`; add it to the list below.
 */
export function scheduledJobs(env: Record<string, string | undefined> = process.env): ScheduledJob[] {
  return [
    visitRemindersJob(env), // i24-reminders
  ]
}
