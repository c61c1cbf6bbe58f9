import {randomUUID} from 'node:crypto'
import pg from 'pg'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import type {SqlClient} from '../database/sql'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../database/test-support/postgres-cluster'
import {checkoutReminderEmail, createCheckoutReminderStore, createCheckoutRemindersJob} from './checkout-reminders'

/**
 * "One reminder per address" where it must hold: a real PostgreSQL server and two server processes'
 * worth of connection pools running the reminder job several times at once, and queuing an
 * address's checkout from both at the same moment. Only the lock on the address keeps it to one.
 */

const postgresTools = findPostgresTools()
const ADDRESSES = 12
const KEY = 'k'.repeat(40)
const T0 = new Date('2026-12-01T18:00:00.000Z')
const NOW = new Date(T0.getTime() + 2 * 86_400_000)

describe.skipIf('missing' in postgresTools)('unpaid checkout reminders with two server processes on one PostgreSQL database', () => {
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

  /** An expired commercial checkout by `email`, made at `createdAt`. */
  async function checkout(email: string, createdAt: Date): Promise<string> {
    const {rows} = await db.sql.query<{id: string}>(
      `insert into public.bookings (industry, first_name, last_name, email, phone, address, service, frequency, amount_cents, idempotency_key,
         payment_status, created_at, updated_at, hold_expires_at)
       values ('commercial', 'Zed', 'Typed', $1, '4255550100', '1 Typed St', 'Corporate Office Cleaning', 'Single Deep Cleaning', 6000, $2,
         'expired', $3, $3::timestamptz + interval '31 minutes', $3::timestamptz + interval '31 minutes')
       returning id`,
      [email, randomUUID(), createdAt],
    )
    return rows[0].id
  }

  it(`${ADDRESSES} addresses with two ended checkouts each: four job runs at once, then each latest one queued by both processes at once: one reminder per address`, {timeout: 60_000}, async () => {
    const pairs: [string, string][] = []
    for (let index = 0; index < ADDRESSES; index += 1) {
      const email = `buyer.${index}@example.com`
      pairs.push([await checkout(email, T0), await checkout(email.toUpperCase(), new Date(T0.getTime() + 60_000))])
    }
    const processes = [processPool(), processPool()].map((sql) => ({
      job: createCheckoutRemindersJob({
        store: async () => createCheckoutReminderStore(createSqlDatabaseFunctions(sql)),
        settings: async () => ({enabled: true, delayHours: 24}),
        siteUrl: () => 'https://clean.example',
        linkSecret: async () => KEY,
      }),
      store: createCheckoutReminderStore(createSqlDatabaseFunctions(sql)),
    }))
    const runs = await Promise.all(processes.flatMap(({job}) => [job.run(NOW), job.run(NOW)]))
    expect(runs.reduce((total: number, run) => total + (run as {queued: number}).queued, 0)).toBe(ADDRESSES)

    // Again from scratch, straight to the database: each address's latest checkout queued by both
    // processes at the same moment. One queues it; the other, waiting on the address's lock, sees it
    // reminded (no duplicate-key error, no second e-mail).
    await db.sql.query(`truncate public.checkout_reminders, public.outbox`)
    const outcomes = await Promise.all(
      pairs.flatMap(([, latest]) =>
        processes.map(({store}) => store.queue(latest, NOW, 24, checkoutReminderEmail({bookingId: latest, industry: 'commercial'}, NOW, 'https://clean.example', KEY))),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'queued')).toHaveLength(ADDRESSES)
    expect(outcomes.filter((outcome) => outcome === 'reminded')).toHaveLength(ADDRESSES)
    const outbox = await db.sql.query<{n: number}>(`select count(*)::int as n from public.outbox where template = 'checkout_reminder.customer'`)
    expect(outbox.rows[0].n).toBe(ADDRESSES)
    const {rows} = await db.sql.query<{email_key: string; n: number}>(`select email_key, count(*)::int as n from public.checkout_reminders group by email_key`)
    expect(rows).toHaveLength(ADDRESSES)
    expect(rows.every((row) => row.n === 1)).toBe(true)
  })
})
