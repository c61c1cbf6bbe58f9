import 'server-only'

import type {ScheduledJob} from './runner'
import {planVisitsJob} from '../booking/plans/roll-forward-job' // i24-plans

/**
 * Every job the servers run on a schedule, wired to the configured services. Each job module
 * exports a factory `(env) => ScheduledJob`; add it to the list below.
 */
export function scheduledJobs(env: Record<string, string | undefined> = process.env): ScheduledJob[] {
  return [
    planVisitsJob(env), // i24-plans
  ]
}
