import 'server-only'

import {getDatabaseFunctions} from '../database'
import {registerShutdownStep} from '../shutdown'
import {scheduledJobs} from './registry'
import {createJobRunner, createJobStore, type JobRunner} from './runner'

/**
 * This process's job runner, started at server start-up (instrumentation.ts) after the database is
 * open. SCHEDULED_JOBS_POLL_SECONDS (default 60) sets how often it looks for due jobs;
 * SCHEDULED_JOBS=off starts none (a process that only serves pages, or a test that runs the jobs
 * itself with a moved clock).
 */

const RUNNER_KEY = Symbol.for('renton-cleaning.jobs.runner')
type Holder = {[RUNNER_KEY]?: JobRunner}

/** Starts this process's runner (once); answers the jobs and how often it looks, or null when SCHEDULED_JOBS=off. */
export function startScheduledJobs(env: Record<string, string | undefined> = process.env): {jobs: string[]; pollSeconds: number} | null {
  if (env.SCHEDULED_JOBS?.trim().toLowerCase() === 'off') return null
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
