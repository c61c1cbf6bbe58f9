import 'server-only'

import type {ScheduledJob} from './runner'
import {planVisitsJob} from '../booking/plans/roll-forward-job'
import {planChargesJob} from '../booking/plans/charges-job'
import {visitRemindersJob} from '../booking/reminders-server'
import {checkoutRemindersJob} from '../booking/checkout-reminders-server'
import {visitTextRemindersJob} from '../texts/server'
import {staffAlertsJob, staffDigestJob} from '../office/alerts/server'

/**
 * Every job the background work runs on a schedule, wired to the configured services. Each job module
 * exports a factory `(env) => ScheduledJob`; add it to the list below.
 */
export function scheduledJobs(env: Record<string, string | undefined> = process.env): ScheduledJob[] {
  return [
    planVisitsJob(env),
    planChargesJob(env),
    visitRemindersJob(env),
    visitTextRemindersJob(env),
    staffAlertsJob(env),
    staffDigestJob(env),
    checkoutRemindersJob(env),
  ]
}
