import 'server-only'

import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import {getPaymentProvider} from '../../payments'
import type {ScheduledJob} from '../../jobs/runner'
import {runPlanCharges} from './charges'
import {createPlanChargeStore} from './charges-store'
import {planSettingsFromEnv} from './settings'

/**
 * The plan charge job wired to the server's database, payment provider and e-mail outbox
 * (lib/jobs/registry.ts lists it): every 5 minutes, charges the plans' visits that are due and
 * releases declined ones past their deadline (./charges.ts). Its lease outlasts a run of thousands
 * of visits; visits are claimed one by one besides, so a second run never charges one twice.
 */
export function planChargesJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  const settings = planSettingsFromEnv(env)
  return {
    name: 'plan-charges',
    everySeconds: 300,
    leaseSeconds: 1800,
    async run(now) {
      // The runner's instant, moving on with the real clock while the run lasts (leases stay true).
      const started = performance.now()
      return runPlanCharges({
        store: createPlanChargeStore(await getDatabaseFunctions()),
        payments: () => getPaymentProvider(env),
        settings,
        now: () => new Date(now.getTime() + (performance.now() - started)),
        emailsQueued: wakeEmailOutbox,
      })
    },
  }
}
