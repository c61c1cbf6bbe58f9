import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../../../lib/database/test-support/postgres-cluster.ts'
import {startPostgrestStandIn, type PostgrestStandIn} from '../../../lib/database/test-support/postgrest.ts'
import {REDIS_MISSING, REDIS_SERVER, startRedisServer, type RedisServer} from '../../../lib/database/test-support/redis-server.ts'
import {freePort, killServer, ROOT, startServer, waitUntilServing, type PrivateServer} from './private-server.ts'
import {startSmtpSink} from './smtp.ts'
import {eventually} from '../../../lib/test-support/eventually.ts'

/**
 * The reference deployment of deploy/README.md on loopback: one PostgreSQL server (a throwaway
 * cluster with the migrations applied) behind Supabase's Data API (the PostgREST stand-in, on a
 * pool of connections), one Redis (Debian's redis-server), a real SMTP server, N production
 * servers (scripts/serve.ts from the shared build) configured as deploy/env.example says, and nginx
 * in front of them with deploy/nginx/'s configuration. Used by tests/e2e/deploy.spec.ts and the
 * measurement of scripts/bench/proxy.ts; each piece runs in a temporary directory of its own.
 */

export const NGINX = '/usr/sbin/nginx'
const SITE_CONF = join(ROOT, 'deploy', 'nginx', 'cedar-river-cleaning.conf')
const PROXY_CONF = join(ROOT, 'deploy', 'nginx', 'cedar-river-cleaning-proxy.conf')
const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.e2e-deploy-stack'

/** Why the reference deployment cannot run here (a Debian package missing), or null. */
export function missingDeployTools(): string | null {
  const missing: string[] = []
  if (!existsSync(NGINX)) missing.push(`nginx (${NGINX}; apt-get install nginx)`)
  if (!REDIS_SERVER) missing.push(`redis-server (${REDIS_MISSING})`)
  const postgres = findPostgresTools()
  if ('missing' in postgres) missing.push(`PostgreSQL (${postgres.missing}; apt-get install postgresql)`)
  return missing.length > 0 ? missing.join(', ') : null
}

/**
 * deploy/nginx/ made to run here: the upstream block of the site's configuration with one server
 * line per process (its parameters kept), and a plain-HTTP server on loopback that includes the
 * proxy snippet as it is; nginx's files (pid, logs, temporary bodies) in `dir`.
 */
export function renderNginxConfig({dir, listenPort, upstreamPorts}: {dir: string; listenPort: number; upstreamPorts: number[]}): string {
  const site = readFileSync(SITE_CONF, 'utf8')
  const upstream = /^upstream cedar_river_cleaning \{[\s\S]*?^\}/m.exec(site)?.[0]
  if (!upstream) throw new Error(`No "upstream cedar_river_cleaning { … }" block in ${SITE_CONF}`)
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+(.*)$/m.exec(upstream)
  if (!serverLine) throw new Error(`No "server 127.0.0.1:<port> …;" line in the upstream block of ${SITE_CONF}`)
  const [, indent, parameters] = serverLine
  const servers = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters}`).join('\n')
  const rendered = upstream.replace(/^\s*server 127\.0\.0\.1:\d+.*\n/gm, '').replace(/\{\n/, `{\n${servers}\n`)
  return `# Rendered by tests/e2e/support/deploy-stack.ts from deploy/nginx/
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${join(dir, 'client_body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
    default_type application/octet-stream;

${rendered}

    server {
        listen 127.0.0.1:${listenPort};
        server_name localhost;
        include ${PROXY_CONF};
    }
}
`
}

export type Nginx = {url: string; child: ChildProcess; output: () => string; stop(): Promise<void>}

/**
 * nginx in the foreground (`-g 'daemon off;'`) with the rendered configuration, once it answers.
 * Start it after the processes: a request while none listens marks them failed for fail_timeout.
 */
export async function startNginx({dir, listenPort, upstreamPorts}: {dir: string; listenPort: number; upstreamPorts: number[]}): Promise<Nginx> {
  mkdirSync(dir, {recursive: true})
  // Run as root, nginx's workers switch to an unprivileged user, which must reach its temporary files.
  chmodSync(dir, 0o755)
  const conf = join(dir, 'nginx.conf')
  writeFileSync(conf, renderNginxConfig({dir, listenPort, upstreamPorts}))
  // -e: the error log before the configuration is read (not Debian's /var/log/nginx, which only root may write).
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf]
  const check = spawnSync(NGINX, [...args, '-t'], {encoding: 'utf8'})
  if (check.status !== 0) throw new Error(`nginx refuses deploy/nginx/'s configuration:\n${check.stderr}`)
  let output = ''
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], {stdio: ['ignore', 'pipe', 'pipe']})
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${listenPort}`
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}\n${readLog(join(dir, 'error.log'))}`)
      const answer = await fetch(`${url}/robots.txt`, {method: 'HEAD'}).catch(() => undefined)
      return answer ? true : undefined
    },
    () => 'nginx to listen',
    20_000,
  )
  return {
    url,
    child,
    output: () => `${output}${readLog(join(dir, 'error.log'))}`,
    stop: () => stopChild(child, 'SIGQUIT'),
  }
}

export type DeployStack = {
  /** nginx: what visitors reach. */
  proxy: Nginx
  servers: PrivateServer[]
  database: MigratedCluster
  redis: RedisServer
  /** Where the SMTP server writes what the site sends. */
  inbox: string
  /** The content every process reads (a copy of the run's dataset folder, this stack's own). */
  datasetFile: string
  /** The settings every process runs with (deploy/env.example's, for this stack). */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * Starts the whole reference deployment with `processes` server processes. `env` adds or overrides
 * settings of every process (the bench raises the rate limits; the spec keeps the defaults).
 */
export async function startDeployStack({
  processes = 2,
  env = {},
  prepareContent,
}: {
  processes?: number
  env?: Record<string, string>
  /** Edits the stack's copy of the dataset (its production.ndjson) before the servers start. */
  prepareContent?: (datasetFile: string) => void
} = {}): Promise<DeployStack> {
  const postgres = findPostgresTools()
  if ('missing' in postgres) throw new Error(postgres.missing)
  const root = mkdtempSync(join(tmpdir(), 'e2e-deploy-'))
  const cleanups: (() => Promise<void>)[] = []
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    rmSync(root, {recursive: true, force: true})
  }
  try {
    const datasetDir = join(root, 'dataset')
    const source = process.env.SANITY_LOCAL_DATASET ? join(process.env.SANITY_LOCAL_DATASET, '..') : join(ROOT, 'studio', 'dataset')
    cpSync(source, datasetDir, {recursive: true})
    prepareContent?.(join(datasetDir, 'production.ndjson'))

    const [database, redis, smtp, proxyPort, sitePorts] = await Promise.all([
      startMigratedCluster(postgres, 8),
      startRedisServer(),
      startSmtpSink({dir: join(root, 'inbox')}),
      freePort(),
      Promise.all(Array.from({length: processes}, () => freePort())),
    ])
    cleanups.push(database.close, redis.dispose, smtp.close)
    const api: PostgrestStandIn = await startPostgrestStandIn(database.pool, {keys: {[SERVICE_ROLE_KEY]: 'service_role'}, exposedTables: ['bookings']})
    cleanups.push(api.close)

    const siteEnv: Record<string, string> = {
      SITE_URL: `http://127.0.0.1:${proxyPort}`,
      TRUSTED_PROXY_HOPS: '1',
      SUPABASE_URL: api.url,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SANITY_LOCAL_DATASET: join(datasetDir, 'production.ndjson'),
      SANITY_REVALIDATE_SECRET: process.env.SANITY_REVALIDATE_SECRET || 'deploy-stack-revalidate-secret',
      // The production limits (private-server.ts raises them for its own tests).
      LEAD_RATE_LIMIT_MAX: '',
      LEAD_RATE_LIMIT_WINDOW_SECONDS: '',
      // A claim left by a killed process runs out soon, so its messages go from the other process.
      EMAIL_OUTBOX_LEASE_SECONDS: '5',
      ...env,
    }
    const servers = sitePorts.map((port, n) => startServer({port, dataDir: join(root, `site-${n + 1}`), env: siteEnv}))
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => killServer(server.child, 'SIGKILL')))
    })
    await Promise.all(servers.map((server) => waitUntilServing(server, 90_000)))
    const proxy = await startNginx({dir: join(root, 'nginx'), listenPort: proxyPort, upstreamPorts: sitePorts})
    cleanups.push(proxy.stop)
    return {proxy, servers, database, redis, inbox: smtp.dir, datasetFile: siteEnv.SANITY_LOCAL_DATASET, env: siteEnv, close}
  } catch (error) {
    await close()
    throw error
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  return exited
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
