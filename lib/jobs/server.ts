import 'server-only'

import {getDatabaseFunctions} from '../database'
import {runsScheduledJobs} from '../background/switch'
import {registerShutdownStep} from '../shutdown'
import {scheduledJobs} from './registry'
import {createJobRunner, createJobStore, type JobRunner} from './runner'

/**
 * This process's job runner, started with the rest of the background work (../background/start.ts)
 * after the database is open. SCHEDULED_JOBS_POLL_SECONDS (default 60) sets how often it looks for
 * due jobs; SCHEDULED_JOBS=off starts none (a test that runs the jobs itself with a moved clock),
 * nor does BACKGROUND_WORK=off (a web process beside a worker process).
 */

const RUNNER_KEY = Symbol.for('renton-cleaning.jobs.runner')
type Holder = {[RUNNER_KEY]?: JobRunner}

/** Starts this process's runner (once); answers the jobs and how often it looks, or null when switched off. */
export function startScheduledJobs(env: Record<string, string | undefined> = process.env): {jobs: string[]; pollSeconds: number} | null {
  if (!runsScheduledJobs(env)) return null
  const holder = globalThis as typeof globalThis & Holder
  const poll = Number(env.SCHEDULED_JOBS_POLL_SECONDS?.trim())
  const pollMs = Number.isFinite(poll) && poll > 0 ? poll * 1000 : 60_000
  const jobs = scheduledJobs(env)
  if (!holder[RUNNER_KEY]) {
    const runner = createJobRunner({store: async () => createJobStore(await getDatabaseFunctions()), jobs, now: () => new Date(), pollMs})
    holder[RUNNER_KEY] = runner
    runner.start()
    registerShutdownStep('scheduled-jobs', 'work', () => runner.stop())
  }
  return {jobs: jobs.map((job) => job.name), pollSeconds: pollMs / 1000}
}
