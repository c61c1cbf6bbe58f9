import pg from 'pg'
import {afterAll, beforeAll} from 'vitest'
import type {PGlite} from '@electric-sql/pglite'
import type {MigrationClient, SqlClient} from '../sql'
import {closedPort} from './ports'
import {openMigratedMemoryDatabase, PGLITE_SETUP_TIMEOUT} from './temp-pglite'
import {startMigratedCluster, type MigratedCluster, type PostgresTools} from './postgres-cluster'

/**
 * What the tests of one file (or one describe block) share — a database, a server, a harness over
 * them — opened before the first test and closed after the last. The object returned is filled in
 * before the first test runs, so `open` must give a plain object (its own fields are copied over).
 */
export function openedForTests<T extends {close(): Promise<void>}>(open: () => Promise<T>, timeout = PGLITE_SETUP_TIMEOUT): T {
  const opened = {} as T
  let isOpen = false
  beforeAll(async () => {
    Object.assign(opened, await open())
    isOpen = true
  }, timeout)
  afterAll(async () => {
    if (isOpen) await opened.close()
  })
  return opened
}

/**
 * A migrated PostgreSQL database with a warm pool of `connections`, for the tests of one describe
 * block; the block is skipped (describe.skipIf) where the PostgreSQL tools are missing.
 */
export function migratedClusterForTests(tools: PostgresTools | {missing: string}, connections: number): MigratedCluster {
  return openedForTests(async () => {
    if ('missing' in tools) throw new Error(tools.missing)
    return startMigratedCluster(tools, connections)
  }, 60_000)
}

/**
 * A real PostgreSQL client pointed at a port where nothing listens, for the tests of one describe
 * block: every query is refused, as when the database is down.
 */
export function unreachableDatabaseForTests(): SqlClient {
  const opened = openedForTests(async () => {
    const pool = new pg.Pool({host: '127.0.0.1', port: await closedPort(), user: 'postgres', database: 'postgres', connectionTimeoutMillis: 5_000})
    pool.on('error', () => {})
    return {pool, close: () => pool.end()}
  })
  return {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await opened.pool.query(text, params)).rows as R[]})}
}

/** A module's logger setter, and the log its tests give it. */
export interface TestLogger<L> {
  set(log: L | Console): void
  log: L
}

/**
 * The embedded database with every migration, for the tests of one file: it opens before the first
 * test and closes after the last, and the client may be taken at once (it reaches the database once
 * it is open). Given a logger, the module logs to it meanwhile and to the console again after.
 */
export function embeddedDatabaseForTests<L>(logger?: TestLogger<L>): MigrationClient {
  let opened: PGlite | undefined
  const database = (): PGlite => {
    if (!opened) throw new Error('The embedded database opens before the first test')
    return opened
  }
  beforeAll(async () => {
    opened = await openMigratedMemoryDatabase()
    logger?.set(logger.log)
  }, PGLITE_SETUP_TIMEOUT)
  afterAll(async () => {
    logger?.set(console)
    await opened?.close()
  })
  return {
    query: (text, params) => database().query(text, params),
    exec: (sql) => database().exec(sql),
  }
}
