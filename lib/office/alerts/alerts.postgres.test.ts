import {randomUUID} from 'node:crypto'
import pg from 'pg'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {companyLocalTimeToDate} from '../../company-time'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import type {SqlClient} from '../../database/sql'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../../database/test-support/postgres-cluster'
import {createStaffAlertsJob, createStaffDigestJob} from './jobs'
import {saveAlertChoice, saveOwnTextConsent} from './store'

/**
 * "Once per member and event" where it must hold: a real PostgreSQL server and two server
 * processes' worth of connection pools running the alerts job and the digest job several times at
 * once. Only the database's unique event key keeps each alert to one e-mail and one text.
 */

const postgresTools = findPostgresTools()
const at = (local: string) => companyLocalTimeToDate(local) as Date
const LEADS = 15

describe.skipIf('missing' in postgresTools)('staff alerts with two server processes on one PostgreSQL database', () => {
  let db: MigratedCluster
  const pools: pg.Pool[] = []

  beforeAll(async () => {
    if ('missing' in postgresTools) return
    db = await startMigratedCluster(postgresTools, 4)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
    await db?.close()
  })

  function processPool(): SqlClient {
    const pool = new pg.Pool({host: db.cluster.host, port: db.cluster.port, user: db.cluster.user, database: db.cluster.database, max: 4})
    pools.push(pool)
    return {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await pool.query(text, params)).rows as R[]})}
  }

  it(`${LEADS} leads, two members, four alert runs and four digest runs at once: each alert and digest queued once`, {timeout: 60_000}, async () => {
    const functions = createSqlDatabaseFunctions(db.sql)
    const member = async (name: string, role: string) =>
      (await db.sql.query<{id: string}>(`insert into public.staff (name, email, role) values ($1, $2, $3) returning id`, [name, `${name.split(' ')[0].toLowerCase()}@office.test`, role])).rows[0].id
    const ownerId = await member('Olive Owner', 'owner')
    const owner = {id: ownerId, name: 'Olive Owner', email: 'olive@office.test', role: 'owner' as const, crew: null}
    const ann = await member('Ann Office', 'office')
    const bob = await member('Bob Office', 'office')
    await saveAlertChoice(functions, owner, ann, {events: ['lead'], delivery: 'each'}, at('2026-12-01T08:00'))
    await saveOwnTextConsent(functions, {...owner, id: ann, name: 'Ann Office', role: 'office'}, '+14255550111', true, at('2026-12-01T08:00'))
    await saveAlertChoice(functions, owner, bob, {events: ['lead'], delivery: 'digest'}, at('2026-12-01T08:00'))
    for (let index = 0; index < LEADS; index += 1) {
      await db.sql.query(
        `insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path, created_at) values ($1, $2, $3, 'c@example.com', '4255550100', 'Hello', '/contact', $4)`,
        [randomUUID(), randomUUID(), `Caller ${index}`, new Date(at('2026-12-01T09:00').getTime() + index * 60_000)],
      )
    }

    const processes = [processPool(), processPool()].map((sql) => {
      const deps = {functions: async () => createSqlDatabaseFunctions(sql)}
      return {alerts: createStaffAlertsJob(deps), digest: createStaffDigestJob(deps)}
    })
    const alertRuns = await Promise.all(processes.flatMap(({alerts}) => [alerts.run(at('2026-12-01T10:00')), alerts.run(at('2026-12-01T10:00'))]))
    const digestRuns = await Promise.all(processes.flatMap(({digest}) => [digest.run(at('2026-12-02T07:00')), digest.run(at('2026-12-02T07:05'))]))

    const sum = (runs: unknown[], key: 'emails' | 'texts') => runs.reduce((total: number, run) => total + (run as Record<string, number>)[key], 0)
    expect(sum(alertRuns, 'emails')).toBe(LEADS)
    expect(sum(alertRuns, 'texts')).toBe(LEADS)
    expect(sum(digestRuns, 'emails')).toBe(1)
    const {rows} = await db.sql.query<{template: string; n: number}>(`select template, count(*)::int as n from public.outbox group by template order by template`)
    expect(rows).toEqual([
      {template: 'staff_alert', n: LEADS},
      {template: 'staff_alert.staff', n: LEADS},
      {template: 'staff_digest.staff', n: 1},
    ])
  })
})
