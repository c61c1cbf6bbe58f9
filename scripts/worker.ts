/**
 * The worker process: the site's background work without a web server. `npm run worker` runs it;
 * it opens the database, then runs the outbox's workers (e-mails, texts) and the scheduled jobs
 * (lib/background/start.ts) until it is asked to stop. Web processes beside it run with
 * BACKGROUND_WORK=off. Any number of worker and web processes may share one PostgreSQL/Supabase
 * database (each message and job run is claimed there); the embedded database serves one process
 * only, so with it this process refuses to start while a server has it (and the other way round).
 *
 * SIGTERM or SIGINT: it claims nothing more, lets the message being sent finish, hands back the
 * claims it did not start, lets a job run under way finish, closes the database and exits 0 (a
 * second signal ends it at once). Run with `node --import ./scripts/worker-hooks.mjs`.
 */
import {claimDatabaseOrExit} from './serve-lifecycle.ts'
import {dropOutputNobodyReads} from '../lib/process-output.ts'
import {runShutdownSteps} from '../lib/shutdown.ts'
import {shutdownGraceMs} from '../lib/graceful-stop.ts'

dropOutputNobodyReads()
claimDatabaseOrExit()
Object.assign(process.env, {NODE_ENV: 'production'})

let stopping = false
function stop(signal: NodeJS.Signals): void {
  if (stopping) {
    console.warn(`[worker] ${signal} again while stopping: exiting now`)
    process.exit(1)
  }
  stopping = true
  console.log(`[worker] ${signal}: finishing the message being sent and handing back the other claims`)
  setTimeout(() => {
    console.error('[worker] Stopping took too long: exiting now')
    process.exit(1)
  }, shutdownGraceMs() + 30_000).unref()
  void runShutdownSteps().then(() => {
    console.log('[worker] Stopped')
    process.exit(0)
  })
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)

const {startBookingServices} = await import('../lib/booking/start.ts')
await startBookingServices()
const {startBackgroundWork} = await import('../lib/background/start.ts')
const {renderEmail} = await import('../components/email/render.tsx')
// This process is the background work: BACKGROUND_WORK=off meant for the web processes does not stop it.
for (const line of await startBackgroundWork(renderEmail, {...process.env, BACKGROUND_WORK: 'on'})) console.log(line)
console.log('[worker] Running the outbox and the scheduled jobs (no web server)')
// The workers' timers do not keep the process alive (they are unref'd): this does, until a signal.
setInterval(() => {}, 1 << 30)
