import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {PGlite} from '@electric-sql/pglite'
import {startPostgrestStandIn, type PostgrestStandIn} from '../../../lib/database/test-support/postgrest.ts'
import {openMigratedMemoryDatabase} from '../../../lib/database/test-support/temp-pglite.ts'
import {freePort, killServer, startServer, waitUntilServing, type PrivateServer} from './private-server'
import {startSmtpSink, type SmtpSink} from './smtp'

/**
 * A site of its own for the specs that take its services away: `next start` from the shared build,
 * configured for Supabase against a local stand-in of Supabase's Data API (PostgREST wire format,
 * SQL run on a PGlite database this process can query directly), and for SMTP against a real SMTP
 * server on loopback. Each can be stopped and started again on the same port.
 */

const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.e2e-private-stack'

export type PrivateStack = {
  db: PGlite
  server: PrivateServer
  inbox: string
  /** Supabase's Data API goes away (connections refused) / comes back. */
  stopDatabase(): Promise<void>
  startDatabase(): Promise<void>
  stopSmtp(): Promise<void>
  startSmtp(): Promise<void>
  /** Kills the server (SIGKILL) and starts it again with the same settings. */
  killAndRestartServer(between?: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

export async function startPrivateStack(env: Record<string, string> = {}): Promise<PrivateStack> {
  const root = mkdtempSync(join(tmpdir(), 'e2e-stack-'))
  const db = await openMigratedMemoryDatabase()
  const [apiPort, smtpPort, sitePort] = [await freePort(), await freePort(), await freePort()]
  const inbox = join(root, 'inbox')
  let api: PostgrestStandIn | null = null
  let smtp: SmtpSink | null = null
  const startDatabase = async () => {
    api = await startPostgrestStandIn(db, {keys: {[SERVICE_ROLE_KEY]: 'service_role'}, exposedTables: ['bookings'], port: apiPort})
  }
  const startSmtp = async () => {
    smtp = await startSmtpSink({port: smtpPort, dir: inbox})
  }
  await Promise.all([startDatabase(), startSmtp()])
  const serverEnv = {
    SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    EMAIL_OUTBOX_LEASE_SECONDS: '5',
    ...env,
  }
  const boot = async () => {
    const server = startServer({port: sitePort, dataDir: join(root, 'site'), env: serverEnv})
    await waitUntilServing(server)
    return server
  }
  const stack: PrivateStack = {
    db,
    server: await boot(),
    inbox,
    async stopDatabase() {
      await api?.close()
      api = null
    },
    startDatabase,
    async stopSmtp() {
      await smtp?.close()
      smtp = null
    },
    startSmtp,
    async killAndRestartServer(between) {
      await killServer(stack.server.child, 'SIGKILL')
      await between?.()
      stack.server = await boot()
    },
    async close() {
      await killServer(stack.server.child, 'SIGTERM')
      await api?.close()
      await smtp?.close()
      await db.close()
      rmSync(root, {recursive: true, force: true})
    },
  }
  return stack
}

/** Rows of a table where `column` = `value` (the table and column names are the test's own). */
export async function rowsWhere(db: PGlite, table: string, column: string, value: string): Promise<Record<string, unknown>[]> {
  return (await db.query<Record<string, unknown>>(`select * from public.${table} where ${column} = $1 order by created_at`, [value])).rows
}
