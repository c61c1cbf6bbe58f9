/**
 * Whether this process runs the background work: the outbox workers (e-mails, texts) and the
 * scheduled jobs. BACKGROUND_WORK=off turns all of it off (a web process of a deployment that runs
 * `npm run worker` beside it); unset or anything else, the process runs it (the embedded default,
 * one process doing everything). SCHEDULED_JOBS=off turns off the scheduled jobs only (a test that
 * runs them itself with a moved clock). Plain TypeScript, no imports.
 */

type Env = Record<string, string | undefined>

function isOff(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'off'
}

/** False when BACKGROUND_WORK=off: this process neither claims outbox messages nor runs jobs. */
export function runsBackgroundWork(env: Env = process.env): boolean {
  return !isOff(env.BACKGROUND_WORK)
}

/** False when BACKGROUND_WORK=off or SCHEDULED_JOBS=off. */
export function runsScheduledJobs(env: Env = process.env): boolean {
  return runsBackgroundWork(env) && !isOff(env.SCHEDULED_JOBS)
}
