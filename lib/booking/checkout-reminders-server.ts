import 'server-only'

import {getDatabaseFunctions} from '../database'
import {wakeEmailOutbox} from '../email/server'
import type {ScheduledJob} from '../jobs/runner'
import {paymentReturnOrigin} from '../site-url'
import {checkoutReminderSettings, createCheckoutReminderStore, createCheckoutRemindersJob} from './checkout-reminders'
import {manageLinkSecret} from './manage-link-secret'

/** The checkout-reminders job wired to the app's database, the Studio's settings and the e-mail outbox (lib/jobs/registry.ts). */
export function checkoutRemindersJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  return createCheckoutRemindersJob({
    store: async () => createCheckoutReminderStore(await getDatabaseFunctions()),
    settings: async () => {
      // Read on each run, so the owner's change in the Studio applies from the next run.
      const {getEmailSettings} = await import('../content')
      return checkoutReminderSettings(await getEmailSettings())
    },
    siteUrl: () => paymentReturnOrigin(env),
    linkSecret: () => manageLinkSecret(env),
    emailsQueued: wakeEmailOutbox,
  })
}
