import 'server-only'

import type {RenderEmail} from '../email/compose'
import {runsBackgroundWork} from './switch'

/**
 * Starts this process's background work, after the database is open: the outbox's workers (one
 * per channel: e-mails, texts; messages stored before a restart go out now) and the scheduled jobs.
 * Run by the web server at start-up (instrumentation.ts) unless BACKGROUND_WORK=off, and by the
 * worker process (`npm run worker`, scripts/worker.ts). Several processes may run it on one
 * database: each message and each job run is claimed there, so it happens once. Answers the lines
 * for the start-up log. `render` turns an e-mail's view into HTML and text (components/email).
 */
export async function startBackgroundWork(render: RenderEmail, env: Record<string, string | undefined> = process.env): Promise<string[]> {
  if (!runsBackgroundWork(env)) return ['[background] Background work: off (BACKGROUND_WORK=off): another process sends the outbox and runs the jobs']
  const {startEmailOutbox} = await import('../email/server')
  const {startTextOutbox} = await import('../texts/server')
  const {startScheduledJobs} = await import('../jobs/server')
  const lines = [`[email] E-mail: ${startEmailOutbox(render, env).transport}`, `[texts] Texts: ${startTextOutbox(env).transport}`]
  const jobs = startScheduledJobs(env)
  lines.push(`[jobs] Scheduled jobs: ${jobs ? `${jobs.jobs.join(', ') || 'none'}, looked for every ${jobs.pollSeconds} s` : 'off (SCHEDULED_JOBS=off)'}`)
  return lines
}
