import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {DatabaseError} from './functions'
import {openPgliteWorkerDatabase, type PgliteWorkerClient} from './pglite-worker-client'
import {createSqlDatabaseFunctions} from './sql-functions'
import {migratedImage, openMigratedMemoryDatabase, openMigratedWorkerDatabase, PGLITE_SETUP_TIMEOUT} from './test-support/temp-pglite'

// Real databases on a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The server's embedded database runs in a worker thread; the app sees it through this client. It
 * must answer as PGlite does in the calling thread (same rows, same Postgres errors, the SQLSTATE
 * the app maps to its answers), serve concurrent callers, keep the calling thread free, and close
 * cleanly. The store and database-function contracts run on it too (store.contract.test.ts,
 * functions.contract.test.ts).
 */

let worker: PgliteWorkerClient
let local: PGlite

beforeAll(async () => {
  ;[worker, local] = await Promise.all([openMigratedWorkerDatabase(), openMigratedMemoryDatabase()])
  for (const db of [worker, local]) {
    await db.exec(`create table public.samples (
      id int primary key, label text unique, day date, at timestamptz, doc jsonb, amount numeric, big bigint,
      ref uuid, tags text[], bytes bytea, missing text
    )`)
  }
})

afterAll(async () => {
  await Promise.all([worker?.close(), local?.close()])
})

const QUERIES: Array<[string, unknown[]?]> = [
  [
    `insert into public.samples values (1, 'one', '2030-06-01', '2030-06-01T12:34:56.789Z', $1::jsonb, 12.50, 9007199254740993,
      'a81bc81b-dead-4e5d-abff-90865d1e13b1', $2, $3, null) returning *`,
    [JSON.stringify({rooms: [1, 2], note: 'é ✓'}), ['x', 'y'], new Uint8Array([0, 1, 255])],
  ],
  ['select *, day::text as day_text from public.samples where id = $1', [1]],
  ['select $1::int + $2::int as sum, $3::text as text, $4::boolean as flag, $5::text as nothing', [40, 2, 'José', true, null]],
  ['update public.samples set label = $2 where id = $1 returning id, label', [1, 'uno']],
  ['select * from public.samples where id = $1', [42]],
  ['select count(*)::int as n from public.schema_migrations'],
]

async function caught(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise
  } catch (error) {
    return error as Record<string, unknown>
  }
  throw new Error('expected a rejection')
}

describe('PGlite in its worker thread', () => {
  it('answers every query with the rows and fields PGlite gives in the calling thread', async () => {
    for (const [text, params] of QUERIES) {
      const [there, here] = await Promise.all([worker.query(text, params), local.query(text, params)])
      expect(there.rows, text).toEqual(here.rows)
      expect(there.fields, text).toEqual(here.fields)
      expect(there.affectedRows, text).toEqual(here.affectedRows)
    }
    const script = 'select 1 as a; select label from public.samples order by id'
    const [there, here] = await Promise.all([worker.exec(script), local.exec(script)])
    expect(there.map((result) => result.rows)).toEqual(here.map((result) => result.rows))
    expect(there[1].rows).toEqual([{label: 'uno'}])
  })

  it("keeps Postgres's error: SQLSTATE code, message, constraint and detail, as the app's adapters read them", async () => {
    const duplicate = "insert into public.samples (id, label) values (2, 'uno')"
    const [there, here] = await Promise.all([caught(worker.query(duplicate)), caught(local.query(duplicate))])
    expect(there).toBeInstanceOf(Error)
    expect(there.code).toBe('23505')
    for (const field of ['message', 'code', 'constraint', 'detail', 'table', 'severity']) expect(there[field], field).toBe(here[field])

    const conflict = `do $$ begin raise exception 'could not serialize access' using errcode = '40001'; end $$`
    expect(await caught(worker.exec(conflict))).toMatchObject({code: '40001', message: 'could not serialize access'})
    expect(await caught(worker.query('selec 1'))).toMatchObject({code: '42601', message: 'syntax error at or near "selec"'})

    // Through the database functions' adapter, the code reaches the app's DatabaseError.
    const functions = createSqlDatabaseFunctions(worker)
    const error = await caught(functions.value('mark_booking_paid', {p_id: 'not a uuid', p_session_id: 'cs', p_paid_at: new Date(), p_emails: []}))
    expect(error).toBeInstanceOf(DatabaseError)
    expect(error.code).toBe('22P02')
    // And the database keeps working after errors.
    expect((await worker.query('select 1 as one')).rows).toEqual([{one: 1}])
  })

  it('gives each of many concurrent callers its own answer, rows or error', async () => {
    const calls = Array.from({length: 300}, (_, i) =>
      i % 3 === 2
        ? worker.query('insert into public.samples (id, label) values ($1, $2) returning id', [1, `dup ${i}`]).then(
            () => 'inserted',
            (error: {code?: string}) => error.code,
          )
        : worker.query<{i: number; label: string}>('select $1::int as i, $2::text as label', [i, `call ${i}`]).then(({rows}) => rows[0]),
    )
    const answers = await Promise.all(calls)
    answers.forEach((answer, i) => expect(answer).toEqual(i % 3 === 2 ? '23505' : {i, label: `call ${i}`}))
  })

  it('leaves the calling thread free while a long statement runs', async () => {
    // Counts turns of the calling thread's event loop while the database works for a while.
    async function turnsDuring(db: {query(text: string): Promise<unknown>}): Promise<number> {
      let turns = 0
      let running = true
      const spin = () => {
        turns++
        if (running) setImmediate(spin)
      }
      setImmediate(spin)
      await db.query('select count(*) from generate_series(1, 1000000) as s(n) where n % 7 = 3')
      running = false
      return turns
    }
    const there = await turnsDuring(worker)
    const here = await turnsDuring(local)
    // In the calling thread the statement holds the loop from start to end.
    expect(here).toBeLessThan(5)
    expect(there).toBeGreaterThan(50)
  })

  it('refuses a parameter it cannot send to the thread, and carries on', async () => {
    await expect(worker.query('select $1::text', [() => 'no'])).rejects.toThrow(/could not be cloned/)
    expect((await worker.query('select 2 as two')).rows).toEqual([{two: 2}])
  })
})

describe('opening and closing', () => {
  it('finishes the calls under way before closing, refuses later ones, and ends its thread', async () => {
    const db = await openMigratedWorkerDatabase()
    const calls = Array.from({length: 50}, (_, i) => db.query<{i: number}>('select $1::int as i', [i]))
    const closing = db.close()
    expect(db.closed).toBe(true)
    expect((await Promise.all(calls)).map((result) => result.rows[0].i)).toEqual(Array.from({length: 50}, (_, i) => i))
    await closing
    await db.exited
    await expect(db.query('select 1')).rejects.toThrow('The database is closed.')
    await db.close() // again: nothing to do
  })

  it('says why an open failed: a migration that does not run', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-worker-migrations-'))
    try {
      writeFileSync(path.join(dir, '29990101000000_broken.sql'), 'create tabel nothing ();')
      const opening = openPgliteWorkerDatabase(undefined, {migrationsDir: dir, loadDataDir: await migratedImage()})
      await expect(opening).rejects.toThrow(/Migration 29990101000000_broken.sql failed: syntax error at or near "tabel"/)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
