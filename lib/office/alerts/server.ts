import 'server-only'

import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import type {ScheduledJob} from '../../jobs/runner'
import {wakeTextOutbox} from '../../texts/server'
import {createStaffAlertsJob, createStaffDigestJob, type StaffAlertJobDeps} from './jobs'

/** The staff-alert jobs wired to the app's database and outbox workers (lib/jobs/registry.ts). */
const deps: StaffAlertJobDeps = {
  functions: getDatabaseFunctions,
  queued: ({emails, texts}) => {
    if (emails > 0) wakeEmailOutbox()
    if (texts > 0) wakeTextOutbox()
  },
}

export function staffAlertsJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  void env
  return createStaffAlertsJob(deps)
}

export function staffDigestJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  void env
  return createStaffDigestJob(deps)
}
