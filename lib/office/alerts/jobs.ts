import {companyLocalNow} from '../../company-time.ts'
import type {DatabaseFunctions} from '../../database/functions.ts'
import type {ScheduledJob} from '../../jobs/runner.ts'
import {dayBefore} from '../../texts/quiet-hours.ts'
import {queueStaffAlerts, queueStaffDigests} from './store.ts'

/**
 * The two jobs of staff alerts (lib/jobs/registry.ts). `staff-alerts`, every minute, queues the
 * alerts of what happened in the last hours (each once: the database keys every alert by member,
 * event and channel, so runs that overlap, or a run after the server was down, send nothing twice).
 * `staff-digest`, hourly, queues yesterday's digest from 7 AM company time (once per member and day,
 * by its key). Texts go through the text worker, which waits out quiet hours.
 */

export const STAFF_ALERTS_JOB = 'staff-alerts'
export const STAFF_DIGEST_JOB = 'staff-digest'
/** How far back an alerts run looks: covers a server down for a while; older events are left alone. */
export const STAFF_ALERTS_LOOKBACK_SECONDS = 6 * 3600
/** The company hour from which yesterday's digest is queued. */
export const DIGEST_HOUR = 7

export interface StaffAlertJobDeps {
  functions: () => Promise<DatabaseFunctions>
  /** Wakes this process's outbox workers after something was queued. */
  queued?: (what: {emails: number; texts: number}) => void
}

export function createStaffAlertsJob(deps: StaffAlertJobDeps): ScheduledJob {
  return {
    name: STAFF_ALERTS_JOB,
    everySeconds: 60,
    leaseSeconds: 120,
    async run(now) {
      const result = await queueStaffAlerts(await deps.functions(), now, STAFF_ALERTS_LOOKBACK_SECONDS)
      if (result.emails + result.texts > 0) deps.queued?.(result)
      return result
    },
  }
}

/** The company day whose digest is due at `now`: yesterday from 7 AM company time, else none yet. */
export function digestDayDue(now: Date): string | null {
  const local = companyLocalNow(now)
  if (Number(local.slice(11, 13)) < DIGEST_HOUR) return null
  return dayBefore(local.slice(0, 10))
}

export function createStaffDigestJob(deps: StaffAlertJobDeps): ScheduledJob {
  return {
    name: STAFF_DIGEST_JOB,
    everySeconds: 3600,
    leaseSeconds: 300,
    async run(now) {
      const day = digestDayDue(now)
      if (!day) return {day: null, emails: 0, texts: 0}
      const result = await queueStaffDigests(await deps.functions(), now, day)
      if (result.emails + result.texts > 0) deps.queued?.(result)
      return {day, ...result}
    },
  }
}
