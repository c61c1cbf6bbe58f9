import {execFile as execFileCallback, execFileSync} from 'node:child_process'
import {chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import pg from 'pg'
import {applyMigrations} from '../migrations.ts'
import type {SqlClient} from '../sql.ts'
import {closedPort as freePort} from './ports.ts'

const execFile = promisify(execFileCallback)

/**
 * A throwaway PostgreSQL cluster for tests: initdb into a temporary directory, pg_ctl start on a
 * free port listening only on a Unix socket in that directory, pg_ctl stop and delete at the end.
 *
 * initdb and postgres refuse to run as root. When the tests run as root, the cluster is run as the
 * `postgres` system user (Debian's packages create it) through `runuser -u postgres --`, in a
 * directory handed over to that user; as any other user it runs as that user.
 */

export type PostgresTools = {binDir: string; initdb: string; pgCtl: string; runAs: string[]; description: string}

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, command)
    if (dir && existsSync(file)) return file
  }
  return null
}

function userExists(name: string): {uid: number; gid: number} | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim())
    const gid = Number(execFileSync('id', ['-g', name], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim())
    return {uid, gid}
  } catch {
    return null
  }
}

/** initdb and pg_ctl and how to run them here, or the reason they cannot be used. */
export function findPostgresTools(): PostgresTools | {missing: string} {
  let initdb = onPath('initdb')
  if (!initdb && existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    for (const version of versions) {
      const candidate = path.join('/usr/lib/postgresql', version, 'bin', 'initdb')
      if (existsSync(candidate)) {
        initdb = candidate
        break
      }
    }
  }
  if (!initdb) return {missing: 'initdb is not on PATH nor in /usr/lib/postgresql/*/bin'}
  const binDir = path.dirname(realpathSync(initdb))
  const pgCtl = path.join(binDir, 'pg_ctl')
  if (!existsSync(pgCtl)) return {missing: `pg_ctl not found next to ${initdb}`}
  let runAs: string[] = []
  let description = `${initdb} as the current user`
  if (process.getuid?.() === 0) {
    const runuser = onPath('runuser') ?? (existsSync('/usr/sbin/runuser') ? '/usr/sbin/runuser' : null)
    if (!userExists('postgres')) return {missing: 'running as root and there is no postgres user to run initdb as'}
    if (!runuser) return {missing: 'running as root and runuser is not available to run initdb as postgres'}
    runAs = [runuser, '-u', 'postgres', '--']
    description = `${initdb} via \`runuser -u postgres --\` (the tests run as root, which initdb refuses)`
  }
  return {binDir, initdb: path.join(binDir, 'initdb'), pgCtl, runAs, description}
}


export type PostgresCluster = {
  /** The socket directory (node-postgres: `host`). */
  host: string
  port: number
  user: string
  database: string
  stop(): Promise<void>
}

export async function startThrowawayCluster(tools: PostgresTools): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bookings-pg-'))
  const dataDir = path.join(dir, 'data')
  const run = (file: string, args: string[]) => {
    const [command, ...prefix] = [...tools.runAs, file]
    return execFile(command, [...prefix, ...args], {encoding: 'utf8'})
  }
  if (tools.runAs.length > 0) {
    const owner = userExists('postgres')!
    chownSync(dir, owner.uid, owner.gid)
  }
  let started = false
  try {
    await run(tools.initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    const port = await freePort()
    await run(tools.pgCtl, [
      '-D', dataDir,
      '-l', path.join(dir, 'server.log'),
      '-w',
      '-o', `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off`,
      'start',
    ])
    started = true
    return {
      host: dir,
      port,
      user: 'postgres',
      database: 'postgres',
      async stop() {
        try {
          await run(tools.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
        } finally {
          rmSync(dir, {recursive: true, force: true})
        }
      },
    }
  } catch (error) {
    if (started) await run(tools.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
    rmSync(dir, {recursive: true, force: true})
    throw error
  }
}

export type MigratedCluster = {
  cluster: PostgresCluster
  /** `connections` connections, all opened already, so concurrent calls really run side by side. */
  pool: pg.Pool
  sql: SqlClient
  close(): Promise<void>
}

async function migrate(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect()
  try {
    await applyMigrations({
      query: async <R,>(text: string, params?: unknown[]) => ({rows: (await connection.query(text, params)).rows as R[]}),
      exec: (text: string) => connection.query(text),
    })
  } finally {
    connection.release()
  }
}

/**
 * Where a test run's shared cluster is (set by tests/unit/global-setup.ts, read by the test files'
 * processes): a JSON {host, port, user, template}.
 */
export const SHARED_CLUSTER_ENV = 'TEST_POSTGRES_SHARED_CLUSTER'

type SharedClusterAddress = {host: string; port: number; user: string; template: string}

const TEMPLATE_DATABASE = 'migrated_template'

/**
 * One throwaway cluster for a whole test run, holding a database with every migration applied that
 * each test file's database is created from (CREATE DATABASE … TEMPLATE: a file copy, tenths of a
 * second, where a cluster of its own costs initdb, a server start and the migrations, seconds of CPU).
 * Each file still gets a database nobody else writes to; the migrations are still applied to a new
 * PostgreSQL database once a run, and a failing one fails the run.
 */
export async function startSharedCluster(tools: PostgresTools): Promise<{address: SharedClusterAddress; stop(): Promise<void>}> {
  const cluster = await startThrowawayCluster(tools)
  try {
    const admin = new pg.Client({host: cluster.host, port: cluster.port, user: cluster.user, database: cluster.database})
    await admin.connect()
    try {
      await admin.query(`create database ${TEMPLATE_DATABASE}`)
    } finally {
      await admin.end()
    }
    const pool = new pg.Pool({host: cluster.host, port: cluster.port, user: cluster.user, database: TEMPLATE_DATABASE, max: 1})
    try {
      await migrate(pool)
    } finally {
      // No connection may stay open to a template while a database is created from it.
      await pool.end()
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return {address: {host: cluster.host, port: cluster.port, user: cluster.user, template: TEMPLATE_DATABASE}, stop: () => cluster.stop()}
}

let databasesCreated = 0

/** A new database copied from the shared cluster's migrated template, dropped by stop(). */
async function createFromTemplate(address: SharedClusterAddress): Promise<PostgresCluster> {
  const database = `test_${process.pid}_${++databasesCreated}`
  const admin = () => new pg.Client({host: address.host, port: address.port, user: address.user, database: 'postgres'})
  const client = admin()
  await client.connect()
  try {
    // FILE_COPY (PostgreSQL 15 and later) copies the template's few files as they are; the default
    // (WAL_LOG) writes every page of them to the write-ahead log as well, several times the CPU.
    const {rows} = await client.query<{version: number}>(`select current_setting('server_version_num')::int as version`)
    await client.query(`create database ${database} template ${address.template}${rows[0].version >= 150000 ? ' strategy file_copy' : ''}`)
  } finally {
    await client.end()
  }
  return {
    host: address.host,
    port: address.port,
    user: address.user,
    database,
    async stop() {
      const dropper = admin()
      await dropper.connect()
      try {
        await dropper.query(`drop database if exists ${database} with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/**
 * A database with every migration of supabase/migrations applied, and a warm pool: a new database
 * on the run's shared cluster when there is one (startSharedCluster), else a throwaway cluster of
 * its own.
 */
export async function startMigratedCluster(tools: PostgresTools, connections = 6): Promise<MigratedCluster> {
  const shared = process.env[SHARED_CLUSTER_ENV]
  let cluster: PostgresCluster | undefined
  let pool: pg.Pool | undefined
  try {
    cluster = shared ? await createFromTemplate(JSON.parse(shared) as SharedClusterAddress) : await startThrowawayCluster(tools)
    pool = new pg.Pool({host: cluster.host, port: cluster.port, user: cluster.user, database: cluster.database, max: connections})
    const warm = await Promise.all(Array.from({length: connections}, () => pool!.connect()))
    for (const client of warm) client.release()
    // On a template copy this applies nothing, and so checks the copy has every migration.
    await migrate(pool)
  } catch (error) {
    await pool?.end()
    await cluster?.stop()
    throw error
  }
  const started = {cluster, pool}
  return {
    ...started,
    sql: {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await started.pool.query(text, params)).rows as R[]})},
    async close() {
      await started.pool.end()
      await started.cluster.stop()
    },
  }
}

/** How many sessions of this database wait for an advisory lock another holds (a window's or a plan's lock). */
export async function advisoryLockWaiters(sql: SqlClient): Promise<number> {
  const {rows} = await sql.query<{n: number}>(
    `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
  )
  return rows[0].n
}
