import {spawn, type ChildProcess} from 'node:child_process'
import {cpSync, existsSync} from 'node:fs'
import {createServer} from 'node:net'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

/**
 * A private production server (scripts/serve.ts, as `npm start`) for specs that must own their server: from the build the Playwright web
 * server made, on a port of its own, with its own embedded booking database (BOOKINGS_DATA_DIR)
 * and the local test checkout. Stripe and Supabase are switched off whatever the environment holds.
 */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** A migrated embedded database, made once per run by global-setup.ts. */
export const PGLITE_TEMPLATE = join(ROOT, 'test-results', 'pglite-template')

/**
 * A new embedded database directory starts as a copy of the run's migrated one (0.3 s of CPU here
 * instead of initdb and the migrations in the server, 4 s): what the server then does with it, and
 * everything the tests check, is the same. A directory already holding a database is left as it is.
 */
function seedDatabase(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(join(PGLITE_TEMPLATE, 'PG_VERSION'))) return
  cpSync(PGLITE_TEMPLATE, dataDir, {recursive: true})
}

export type PrivateServer = {
  child: ChildProcess
  port: number
  /** 'http://127.0.0.1:<port>' */
  baseUrl: string
  dataDir: string
  /** Everything the server printed so far. */
  output: () => string
}

/** A TCP port nothing listens on right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port'))))
    })
  })
}

/**
 * The production server from the shared build. By default: the embedded database in `dataDir`, e-mail as .eml
 * files in `dataDir`/outbox; `env` adds or overrides (SUPABASE_URL…, SMTP_URL…, rate limits); `host`
 * is where it listens (loopback unless a test must reach it from another address).
 */
export function startServer({port, dataDir, env = {}, host = '127.0.0.1'}: {port: number; dataDir: string; env?: Record<string, string>; host?: string}): PrivateServer {
  // The embedded database unless Supabase is configured (private-stack.ts).
  if (!env.SUPABASE_URL) seedDatabase(dataDir)
  let output = ''
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'serve.ts'), '-p', String(port), '-H', host], {
    cwd: ROOT,
    // Its own process group, so a signal reaches every process of the server.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SANITY_LOCAL_DATASET: process.env.SANITY_LOCAL_DATASET,
      BOOKINGS_DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      TEST_CHECKOUT_ENABLED: 'true',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      SUPABASE_URL: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      BOOKING_RATE_LIMIT_MAX: '100000',
      LEAD_RATE_LIMIT_MAX: '100000',
      SMTP_URL: '',
      SMTP_HOST: '',
      EMAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      EMAIL_OUTBOX_POLL_SECONDS: '1',
      EMAIL_RETRY_BASE_SECONDS: '1',
      ...env,
    },
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return {child, port, baseUrl: `http://127.0.0.1:${port}`, dataDir, output: () => output}
}

/** Waits until the server answers a page (fails early if it exits): up to 34 s seen on a busy machine. */
export async function waitUntilServing(server: PrivateServer, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`)
    try {
      const response = await fetch(`${server.baseUrl}/cancel`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not start:\n${server.output()}`)
}

/** Sends `signal` to the server's process group and resolves once the server process has exited. */
export function killServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    process.kill(-(child.pid as number), signal)
  } catch {
    child.kill(signal)
  }
  return exited
}
