import {afterAll, beforeAll} from 'vitest'
import {PGLITE_SETUP_TIMEOUT} from './temp-pglite'
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
