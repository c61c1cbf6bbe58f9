import pg from 'pg'
import {applyMigrations} from '../migrations.ts'
import {findPostgresTools, SHARED_CLUSTER_ENV, startThrowawayCluster, type PostgresCluster, type SharedCluster} from './postgres-cluster.ts'

/**
 * Vitest's global setup: one PostgreSQL cluster for the whole run, with a database holding every
 * migration. Each test file that asks for a migrated cluster (startMigratedCluster) gets a copy of
 * that database of its own, made in a tenth of a second, instead of an initdb and every migration
 * (seconds of CPU) per file. Without initdb on the machine nothing is started: those files say so.
 */
const TEMPLATE = 'migrated_template'

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const tools = findPostgresTools()
  if ('missing' in tools) return undefined
  const cluster: PostgresCluster = await startThrowawayCluster(tools)
  try {
    const admin = new pg.Client({host: cluster.host, port: cluster.port, user: cluster.user, database: cluster.database})
    await admin.connect()
    await admin.query(`create database ${TEMPLATE}`)
    await admin.end()
    const template = new pg.Client({host: cluster.host, port: cluster.port, user: cluster.user, database: TEMPLATE})
    await template.connect()
    try {
      await applyMigrations({
        query: async <R,>(text: string, params?: unknown[]) => ({rows: (await template.query(text, params)).rows as R[]}),
        exec: (text: string) => template.query(text),
      })
    } finally {
      // No connection may stay on a database that is copied.
      await template.end()
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
  const shared: SharedCluster = {host: cluster.host, port: cluster.port, user: cluster.user, template: TEMPLATE}
  // The workers start after this and inherit the environment.
  process.env[SHARED_CLUSTER_ENV] = JSON.stringify(shared)
  return async () => {
    delete process.env[SHARED_CLUSTER_ENV]
    await cluster.stop()
  }
}
