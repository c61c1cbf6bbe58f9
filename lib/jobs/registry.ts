import 'server-only'

import type {ScheduledJob} from './runner'
// i24-texts
import {visitTextRemindersJob} from '../texts/server'

/**
 * Every job the servers run on a schedule, wired to the configured services. Each job module
 * exports a factory `(env) => ScheduledJob`; add it to the list below.
 */
export function scheduledJobs(env: Record<string, string | undefined> = process.env): ScheduledJob[] {
  return [
    // i24-texts
    visitTextRemindersJob(env),
  ]
}
