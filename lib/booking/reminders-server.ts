import 'server-only'

import {getDatabaseFunctions} from '../database'
import {wakeEmailOutbox} from '../email/server'
import type {ScheduledJob} from '../jobs/runner'
import {createReminderStore, createVisitRemindersJob} from './reminders'

/** The visit-reminders job wired to the app's database and e-mail outbox (lib/jobs/registry.ts). */
export function visitRemindersJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  void env
  return createVisitRemindersJob({store: async () => createReminderStore(await getDatabaseFunctions()), emailsQueued: wakeEmailOutbox})
}
