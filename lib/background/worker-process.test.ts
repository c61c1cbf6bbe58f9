import {spawn, type ChildProcess} from 'node:child_process'
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {eventually} from '../test-support/eventually'
import {queueContactMessage} from '../email/test-support/queued'
import {startPostgrestStandIn, type PostgrestStandIn} from '../database/test-support/postgrest'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {startBackgroundWork} from './start'
import {runsBackgroundWork, runsScheduledJobs} from './switch'

/**
 * Background work apart from the web: the worker process (`npm run worker`, scripts/worker.ts)
 * alone, on a database shared through the Data API (the PostgREST stand-in on PGlite), sends an
 * e-mail queued there and stops gracefully on SIGTERM; a web process with BACKGROUND_WORK=off
 * claims nothing.
 */

const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.worker-service-role'
const ROOT = path.resolve(import.meta.dirname, '..', '..')

let database: Awaited<ReturnType<typeof openTempPglite>>
let db: PGlite
let postgrest: PostgrestStandIn
let dir: string

vi.setConfig({testTimeout: 120_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

beforeAll(async () => {
  database = await openTempPglite()
  db = database.db
  postgrest = await startPostgrestStandIn(db, {keys: {[SERVICE_ROLE_KEY]: 'service_role'}, exposedTables: []})
  dir = await mkdtemp(path.join(tmpdir(), 'worker-process-'))
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  await postgrest?.close()
  await database?.close()
  if (dir) await rm(dir, {recursive: true, force: true})
})

async function outboxRows(): Promise<{status: string; attempts: number; lock_token: string | null; message_id: string | null}[]> {
  return (await db.query<{status: string; attempts: number; lock_token: string | null; message_id: string | null}>(
    'select status, attempts, lock_token, message_id from public.email_outbox order by event_key',
  )).rows
}

/** Resolves when `check` answers something, looking every 100 ms (the child process works on its own time). */
/** How long the worker may take to start and send (a busy machine). */
const WORKER_TIMEOUT_MS = 90_000

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

describe('the switch', () => {
  it('BACKGROUND_WORK=off turns off the outbox and the jobs; SCHEDULED_JOBS=off the jobs only; unset, both run', () => {
    expect(runsBackgroundWork({})).toBe(true)
    expect(runsScheduledJobs({})).toBe(true)
    expect(runsBackgroundWork({BACKGROUND_WORK: ' OFF '})).toBe(false)
    expect(runsScheduledJobs({BACKGROUND_WORK: 'off'})).toBe(false)
    expect(runsBackgroundWork({SCHEDULED_JOBS: 'off'})).toBe(true)
    expect(runsScheduledJobs({SCHEDULED_JOBS: 'off'})).toBe(false)
  })

  it('a web process with BACKGROUND_WORK=off starts no worker and claims nothing', async () => {
    await db.exec('delete from public.outbox')
    await queueContactMessage(db)
    const lines = await startBackgroundWork(async () => ({html: '', text: ''}), {BACKGROUND_WORK: 'off'})
    expect(lines.join('\n')).toMatch(/Background work: off/)
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('renton-cleaning.email.outboxWorker')]).toBeUndefined()
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('renton-cleaning.texts.worker')]).toBeUndefined()
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('renton-cleaning.jobs.runner')]).toBeUndefined()
    expect(await outboxRows()).toEqual([
      {status: 'pending', attempts: 0, lock_token: null, message_id: null},
      {status: 'pending', attempts: 0, lock_token: null, message_id: null},
    ])
  })
})

describe('the worker process', () => {
  it('alone (no web server), it sends the e-mails queued in the database to the outbox folder, and stops on SIGTERM with exit code 0', async () => {
    await db.exec('delete from public.outbox')
    await queueContactMessage(db)
    const outboxDir = path.join(dir, 'outbox')
    const child = spawn(process.execPath, ['--import', './scripts/worker-hooks.mjs', 'scripts/worker.ts'], {
      cwd: ROOT,
      env: {
        NODE_ENV: 'production',
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SUPABASE_URL: postgrest.url,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
        SITE_URL: 'http://localhost:3000',
        EMAIL_OUTBOX_DIR: outboxDir,
        TEXT_OUTBOX_DIR: path.join(dir, 'texts'),
        EMAIL_OUTBOX_POLL_SECONDS: '1',
        // Meant for the web processes (one environment file for all): the worker runs the work regardless.
        BACKGROUND_WORK: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exit = exited(child)
    try {
      const files = await eventually(async () => {
        const names = await readdir(outboxDir).catch(() => [] as string[])
        return names.filter((name) => name.endsWith('.eml')).length === 2 ? names : undefined
      }, () => `two .eml files (worker output:\n${output})`, WORKER_TIMEOUT_MS)
      const rows = await eventually(async () => {
        const found = await outboxRows()
        return found.every((row) => row.status === 'sent') ? found : undefined
      }, () => `the outbox rows recorded as sent (worker output:\n${output})`, WORKER_TIMEOUT_MS)
      expect(rows.map((row) => row.attempts)).toEqual([1, 1])
      const mails = await Promise.all(files.map((name) => readFile(path.join(outboxDir, name), 'utf8')))
      expect(mails.map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1]).sort()).toEqual(['New message from Ada Smith', 'We received your message'])
      expect(output).toMatch(/\[worker\] Running the outbox and the scheduled jobs/)
      expect(output).not.toMatch(/Background work: off/)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exit).toBe(0)
    expect(output).toMatch(/\[worker\] Stopped/)
  })
})
