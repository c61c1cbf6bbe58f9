/**
 * Builds and serves the two apps `npm run perf` compares: the site, served as `npm start` serves it
 * (scripts/serve.ts behind the edge), and the bare Next.js app in perf/bare-app (`next start`).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export const BARE_APP_DIR = join('perf', 'bare-app')

/** Next's CLI run by this very Node (the pinned Node 24), whatever `node` is first on PATH. */
function nextCli(root: string): string {
  return join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
}

function run(root: string, args: string[], label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextCli(root), ...args], {
      cwd: root,
      stdio: 'inherit',
      env: {...process.env, NEXT_TELEMETRY_DISABLED: '1'},
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`))))
  })
}

export async function buildBoth(root: string): Promise<void> {
  console.log('\n== next build (the site)')
  await run(root, ['build'], 'next build')
  console.log(`\n== next build ${BARE_APP_DIR} (the bare app)`)
  await run(root, ['build', BARE_APP_DIR], `next build ${BARE_APP_DIR}`)
}

/** A problem with how the run was asked for, which its message fully explains. */
export class SetupError extends Error {}

/** For --no-build: both builds must exist, else say how to get them. */
export function assertBuilt(root: string): void {
  const missing = [root, join(root, BARE_APP_DIR)].filter((dir) => !existsSync(join(dir, '.next', 'BUILD_ID')))
  if (missing.length > 0) {
    throw new SetupError(`--no-build: no production build in ${missing.map((dir) => join(dir, '.next')).join(' and ')}; run npm run perf without --no-build (or next build / next build ${BARE_APP_DIR}) first`)
  }
}

export type Server = {
  label: string
  origin: string
  stop: () => Promise<void>
}

/**
 * Every server still running, by process group. A measuring script that ends any way Node sees (its
 * last line, an error, process.exit) takes them with it: a server left behind measures nothing and
 * takes CPU from whatever is measured next (one whose output pipe closed with the script has been
 * seen spinning at full CPU).
 */
const running = new Set<number>()
process.on('exit', () => {
  for (const group of running) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // already gone
    }
  }
})

/** Started in its own process group, so stopping it also stops anything it started. */
async function startServer(label: string, root: string, args: string[], port: number, env: NodeJS.ProcessEnv, cleanup: () => void): Promise<Server> {
  const child = spawn(process.execPath, args, {cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe']})
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  if (child.pid !== undefined) running.add(child.pid)
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      if (child.pid !== undefined) running.delete(child.pid)
      resolve()
    }),
  )
  const origin = `http://localhost:${port}`
  const server: Server = {label, origin, stop: () => stopProcess(child, exited).finally(cleanup)}
  try {
    await waitUntilServing(origin, child, () => log)
  } catch (error) {
    await server.stop()
    throw error
  }
  return server
}

async function waitUntilServing(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server for ${origin} stopped (${child.signalCode ?? `exit code ${child.exitCode}`}):\n${log()}`)
    }
    try {
      const response = await fetch(`${origin}/`, {signal: AbortSignal.timeout(30_000)})
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server for ${origin} did not answer 200 on / within 3 minutes:\n${log()}`)
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const group = -child.pid
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name)
    } catch {
      // already gone
    }
  }
  signal('SIGTERM')
  const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))])
  if (!stopped) {
    signal('SIGKILL')
    await exited
  }
}

/**
 * The site exactly as `npm start` serves it, with a throwaway database and e-mail outbox. Outside
 * services a shell may have configured are switched off, so the figures are those of the embedded
 * defaults wherever this runs.
 */
export function startSite(root: string, port: number): Promise<Server> {
  const bookings = mkdtempSync(join(tmpdir(), 'perf-bookings-'))
  const outbox = mkdtempSync(join(tmpdir(), 'perf-outbox-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    SITE_URL: `http://localhost:${port}`,
    BOOKINGS_DATA_DIR: bookings,
    EMAIL_OUTBOX_DIR: outbox,
    SUPABASE_URL: '',
    SUPABASE_SERVICE_ROLE_KEY: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    SMTP_URL: '',
    SMTP_HOST: '',
  }
  const cleanup = () => {
    rmSync(bookings, {recursive: true, force: true})
    rmSync(outbox, {recursive: true, force: true})
  }
  return startServer('site', root, [join(root, 'scripts', 'serve.ts'), '-p', String(port)], port, env, cleanup)
}

export function startBareApp(root: string, port: number): Promise<Server> {
  const env: NodeJS.ProcessEnv = {...process.env, NEXT_TELEMETRY_DISABLED: '1'}
  return startServer('bare app', root, [nextCli(root), 'start', BARE_APP_DIR, '-p', String(port)], port, env, () => {})
}

/**
 * One request per page in each encoding the measurements ask for, so neither app is measured on
 * its first render or first compression of a page (the edge compresses a cached page once).
 */
export async function warmUp(urls: string[]): Promise<void> {
  for (const url of urls) {
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip']) {
      const response = await fetch(url, {headers: {'accept-encoding': encoding, accept: 'text/html'}, signal: AbortSignal.timeout(60_000)})
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    }
  }
}
