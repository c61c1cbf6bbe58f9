import type {DatabaseFunctions} from '../database/functions.ts'

/**
 * Jobs the servers run on a schedule: charging a plan's visits, rolling plans forward, queueing
 * reminders. Every server process runs the same runner; a job runs only with its claim in the
 * database (public.scheduled_jobs, a lease), so with several processes on one database one of them
 * runs each due job and the next run is due `everySeconds` after it finished. A job's own work is
 * claimed row by row as well (a visit's charge, a reminder's outbox row), so even two runs at once
 * (a lease that ran out while a slow run went on) do each thing once. The clock is passed in: tests
 * move it instead of waiting. Plain TypeScript: storage and jobs are passed in.
 */

export interface ScheduledJob {
  /** Unique, e.g. 'plan-charges'. */
  name: string
  /** How long after a run finishes the next is due. */
  everySeconds: number
  /** How long a claim lasts: longer than a run takes (a process that dies frees the job then). */
  leaseSeconds: number
  /** Does the work due at `now`; answers a small summary for the jobs table (JSON). */
  run(now: Date): Promise<unknown>
}

export interface JobStore {
  /** The claim's token if the job is due at `now` and nobody holds it, else null. */
  claim(name: string, now: Date, leaseSeconds: number): Promise<string | null>
  /** Records the run's end (error or result); false if the claim was lost meanwhile. */
  finish(name: string, token: string, now: Date, everySeconds: number, outcome: {error: string | null; result: unknown}): Promise<boolean>
}

export function createJobStore(functions: DatabaseFunctions): JobStore {
  return {
    async claim(name, now, leaseSeconds) {
      const token = await functions.value<string | null>('claim_scheduled_job', {p_name: name, p_now: now, p_lease_seconds: Math.max(1, Math.ceil(leaseSeconds))})
      return token ? String(token) : null
    },
    async finish(name, token, now, everySeconds, outcome) {
      return (
        (await functions.value<boolean>('finish_scheduled_job', {
          p_name: name,
          p_token: token,
          p_now: now,
          p_every_seconds: Math.max(1, Math.round(everySeconds)),
          p_error: outcome.error,
          p_result: outcome.result === undefined ? null : outcome.result,
        })) === true
      )
    },
  }
}

export type JobRunResult = {job: string; ran: boolean; error?: string; result?: unknown}

export interface JobRunnerDeps {
  store: () => Promise<JobStore>
  jobs: readonly ScheduledJob[]
  now: () => Date
  /** How often due jobs are looked for (default 60 s). */
  pollMs?: number
  log?: Pick<Console, 'error'>
}

export interface JobRunner {
  /** Looks for due jobs every `pollMs`, the first time one `pollMs` after start (not beside the server's first requests). */
  start(): void
  /** Stops looking; resolves when a run under way has finished. */
  stop(): Promise<void>
  /** Runs every job due now (one after another) and answers what each did. */
  runDue(): Promise<JobRunResult[]>
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const log = deps.log ?? console
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<JobRunResult[]> | null = null

  async function runJob(store: JobStore, job: ScheduledJob): Promise<JobRunResult> {
    const token = await store.claim(job.name, deps.now(), job.leaseSeconds)
    if (!token) return {job: job.name, ran: false}
    let error: string | null = null
    let result: unknown
    try {
      result = await job.run(deps.now())
    } catch (caught) {
      error = describe(caught)
      log.error(`[jobs] ${job.name} failed:`, caught)
    }
    await store.finish(job.name, token, deps.now(), job.everySeconds, {error, result: result ?? null})
    return {job: job.name, ran: true, ...(error ? {error} : {result})}
  }

  async function runDue(): Promise<JobRunResult[]> {
    const store = await deps.store()
    const results: JobRunResult[] = []
    for (const job of deps.jobs) {
      try {
        results.push(await runJob(store, job))
      } catch (caught) {
        // The database could not be reached: the job is tried again at the next look.
        log.error(`[jobs] ${job.name} could not be claimed or recorded:`, caught)
        results.push({job: job.name, ran: false, error: describe(caught)})
      }
    }
    return results
  }

  function tick(): void {
    if (running) return
    running = runDue()
      .catch((caught: unknown) => {
        log.error('[jobs] The jobs could not run:', caught)
        return []
      })
      .finally(() => {
        running = null
      })
  }

  return {
    start() {
      if (timer) return
      timer = setInterval(tick, deps.pollMs ?? 60_000)
      timer.unref?.()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
    runDue,
  }
}
