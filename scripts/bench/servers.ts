/**
 * The servers the bench measures, each a child process in its own process group (so stopping it
 * stops whatever it started, and nothing else): the site as `npm start` serves it, the bare Next.js
 * app as `next start` serves it (its page, and its booking route handler: the Next.js floor), and
 * the floor (./floor-server.ts). Also the builds and the run's temporary directory.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs'
import {createServer} from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {writeBenchDataset} from './dataset.ts'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const BARE_APP_DIR = path.join(ROOT, 'perf', 'bare-app')
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next')

/**
 * Inside the range this checkout's benches may use (4200–4299). BENCH_PORT_BASE moves them all
 * (base + 1 … base + 12), for a machine where that range is taken.
 */
const PORT_BASE = portBase(process.env.BENCH_PORT_BASE)
export const PORTS = {
  site: PORT_BASE + 1,
  bare: PORT_BASE + 2,
  floor: PORT_BASE + 3,
  nextFloor: PORT_BASE + 4,
  siteStartup: PORT_BASE + 11,
  bareStartup: PORT_BASE + 12,
} as const

function portBase(value: string | undefined): number {
  if (!value) return 4200
  const base = Number(value)
  if (!Number.isInteger(base) || base < 1024 || base > 65_000) throw new Error(`BENCH_PORT_BASE must be a port number 1024–65000, not "${value}"`)
  return base
}

/**
 * Rate limits raised for the site: every request of the bench comes from one address (loopback),
 * which the real limits (20 bookings per 10 minutes, 5 quote requests a minute) would refuse after
 * the first few.
 */
export const RAISED_RATE_LIMITS = {BOOKING_RATE_LIMIT_MAX: '100000000', LEAD_RATE_LIMIT_MAX: '100000000'} as const

/** Settings that would switch the site away from its embedded defaults (the bench measures those). */
const SERVICE_SETTINGS = [
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'SMTP_HOST',
  'TRUSTED_PROXY_HOPS',
  'TRUSTED_CLIENT_IP_HEADER',
  'BOOKINGS_DATA_DIR',
  'EMAIL_OUTBOX_DIR',
]

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...process.env, NEXT_TELEMETRY_DISABLED: '1'}
  for (const name of SERVICE_SETTINGS) delete env[name]
  return {...env, ...extra}
}

// ---------------------------------------------------------------------------------------------
// Temporary directories
// ---------------------------------------------------------------------------------------------

let runDir: string | undefined
let benchDataset: string | undefined

/** A new directory under this run's temporary directory (all removed by `removeRunDir`). */
export function tempDir(name: string): string {
  runDir ??= mkdtempSync(path.join(os.tmpdir(), 'cleaning-bench-'))
  const dir = mkdtempSync(path.join(runDir, `${name}-`))
  mkdirSync(dir, {recursive: true})
  return dir
}

export function removeRunDir(): void {
  if (runDir) rmSync(runDir, {recursive: true, force: true})
  runDir = undefined
  benchDataset = undefined
}

/**
 * The content every site of this run reads (SANITY_LOCAL_DATASET): the committed dataset with room
 * for every booking (./dataset.ts), written once under the run's temporary directory.
 */
export function siteDataset(): string {
  benchDataset ??= writeBenchDataset(tempDir('dataset'))
  return benchDataset
}

// ---------------------------------------------------------------------------------------------
// Builds
// ---------------------------------------------------------------------------------------------

export function hasBuild(dir: string): boolean {
  return existsSync(path.join(dir, '.next', 'BUILD_ID'))
}

/** What the site's build is made from (its tests aside): a file newer than the build makes it stale. */
const SITE_SOURCES = ['app', 'components', 'lib', 'styles', 'studio', 'public', 'sanity.config.ts', 'sanity.cli.ts', 'next.config.ts', 'proxy.ts', 'instrumentation.ts', 'tsconfig.json', 'package-lock.json']

/** Whether the site has a build (`.next/BUILD_ID`) newer than every file it is built from. */
export function hasCurrentSiteBuild(): boolean {
  const buildId = path.join(ROOT, '.next', 'BUILD_ID')
  if (!existsSync(buildId)) return false
  const builtAt = statSync(buildId).mtimeMs
  const newer = (entry: string): boolean => {
    const stats = statSync(entry, {throwIfNoEntry: false})
    if (!stats) return false
    if (!stats.isDirectory()) return stats.mtimeMs > builtAt && !/\.test\.tsx?$/.test(entry)
    return readdirSync(entry).some((name) => name !== 'node_modules' && !name.startsWith('.') && newer(path.join(entry, name)))
  }
  return !SITE_SOURCES.some((source) => newer(path.join(ROOT, source)))
}

/** `next build` of the site (dir = ROOT) or of the bare app; throws when it fails. Returns seconds. */
export function nextBuild(dir: string): number {
  const started = performance.now()
  const args = dir === ROOT ? [NEXT_BIN, 'build'] : [NEXT_BIN, 'build', path.relative(ROOT, dir)]
  const result = spawnSync(process.execPath, args, {cwd: ROOT, env: childEnv({}), stdio: 'inherit'})
  if (result.status !== 0) throw new Error(`next build ${path.relative(ROOT, dir) || '(the site)'} failed (exit ${result.status})`)
  return (performance.now() - started) / 1000
}

// ---------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------

export interface Server {
  name: string
  port: number
  /** http://127.0.0.1:<port> */
  url: string
  /** What `waitForFirst200` polls: answers 200 once the server is ready. */
  readyPath: string
  child: ChildProcess
  /** performance.now() when it was spawned. */
  spawnedAt: number
  exitCode: () => number | null | undefined
  /** The last lines it printed (for a failure's message). */
  output: () => string
  stop: () => Promise<void>
}

const running = new Set<Server>()

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is in use (another bench still running?)`) : error),
    )
    probe.listen(port, () => probe.close(() => resolve()))
  })
}

async function spawnServer(name: string, args: string[], port: number, env: Record<string, string>, readyPath = '/'): Promise<Server> {
  await assertPortFree(port)
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, args, {cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true})
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let exit: number | null | undefined
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    exit = code ?? (signal ? -1 : null)
    resolve()
  }))
  const server: Server = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    readyPath,
    child,
    spawnedAt,
    exitCode: () => exit,
    output: () => lines.join('\n'),
    stop: async () => {
      running.delete(server)
      if (exit !== undefined) return
      signalGroup(child, 'SIGTERM')
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
  running.add(server)
  return server
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/** Stops every server still running (the end of a run, or an error). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()))
}

/** Kills every server still running, synchronously (the process is exiting). */
export function killAll(): void {
  for (const server of running) signalGroup(server.child, 'SIGKILL')
}

/** No server of this run outlives it, nor its temporary directory an interrupt (Ctrl-C, SIGTERM). */
export function stopAllOnExit(): void {
  process.once('exit', killAll)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll()
      removeRunDir()
      process.exit(130)
    })
  }
}

/**
 * Polls `GET /` (the server's `readyPath`) until it answers 200; returns the milliseconds since the
 * server was spawned. Throws when the server exits or `timeoutMs` passes.
 */
export async function waitForFirst200(server: Server, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    const exit = server.exitCode()
    if (exit !== undefined) throw new Error(`${server.name} exited (${exit}) before answering:\n${server.output()}`)
    try {
      const response = await fetch(`${server.url}${server.readyPath}`, {signal: AbortSignal.timeout(5_000), headers: {accept: 'text/html'}})
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - server.spawnedAt
    } catch {
      // Not listening yet.
    }
    if (performance.now() - server.spawnedAt > timeoutMs) {
      throw new Error(`${server.name} did not answer GET ${server.readyPath} with 200 within ${timeoutMs / 1000} s:\n${server.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * The site as `npm start` serves it (scripts/serve.ts), on a database in `dataDir`, reading the
 * bench's dataset (`siteDataset`: room for every booking); `env` adds settings.
 */
export function startSite(port: number, dataDir: string, outboxDir: string, env: Record<string, string> = {}): Promise<Server> {
  return spawnServer('site', ['scripts/serve.ts', '-p', String(port)], port, {
    NODE_ENV: 'production',
    SITE_URL: `http://localhost:${port}`,
    BOOKINGS_DATA_DIR: dataDir,
    EMAIL_OUTBOX_DIR: outboxDir,
    SANITY_LOCAL_DATASET: siteDataset(),
    ...RAISED_RATE_LIMITS,
    ...env,
  })
}

/** The bare Next.js app as `next start` serves it. */
export function startBare(port: number): Promise<Server> {
  return spawnServer('bare app', [NEXT_BIN, 'start', path.relative(ROOT, BARE_APP_DIR), '-p', String(port)], port, {NODE_ENV: 'production'})
}

/** The floor: node:http + one INSERT into PGlite (./floor-server.ts), on a database in `dataDir`. */
export function startFloor(port: number, dataDir: string): Promise<Server> {
  return spawnServer('floor', [path.join(import.meta.dirname, 'floor-server.ts'), String(port), dataDir], port, {})
}

/**
 * The Next.js floor: the bare app's route handler doing the floor's INSERT
 * (perf/bare-app/app/api/bookings/route.js), on a database in `dataDir`; ready once it is open.
 */
export function startNextFloor(port: number, dataDir: string): Promise<Server> {
  return spawnServer(
    'Next.js floor',
    [NEXT_BIN, 'start', path.relative(ROOT, BARE_APP_DIR), '-p', String(port)],
    port,
    {NODE_ENV: 'production', BENCH_FLOOR_DATA_DIR: dataDir},
    '/api/bookings',
  )
}
