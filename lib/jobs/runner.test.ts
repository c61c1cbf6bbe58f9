import {describe, expect, it} from 'vitest'
import {embeddedDatabaseForTests} from '../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {createJobRunner, createJobStore, type ScheduledJob} from './runner'

const db = embeddedDatabaseForTests()

function countingJob(name: string, runs: Date[], everySeconds = 300): ScheduledJob {
  return {name, everySeconds, leaseSeconds: 60, run: async (now) => (runs.push(now), {count: runs.length})}
}

describe('scheduled jobs, claimed in the database', () => {
  it('two runners on one database at the same moment: the job runs once, and again only when its interval has passed', async () => {
    const runs: Date[] = []
    let now = new Date('2026-12-01T18:00:00Z')
    const store = createJobStore(createSqlDatabaseFunctions(db))
    const runners = [0, 1].map(() => createJobRunner({store: async () => store, jobs: [countingJob('twice-at-once', runs)], now: () => now}))

    const first = await Promise.all(runners.map((runner) => runner.runDue()))
    expect(first.flat().filter((result) => result.ran)).toHaveLength(1)
    expect(runs).toHaveLength(1)

    now = new Date(now.getTime() + 299_000)
    expect((await runners[1].runDue())[0].ran).toBe(false)
    now = new Date(now.getTime() + 1_000)
    expect((await runners[1].runDue())[0]).toMatchObject({ran: true, result: {count: 2}})
    const {rows} = await db.query<{last_result: unknown; next_run_at: Date}>(`select last_result, next_run_at from public.scheduled_jobs where name = 'twice-at-once'`)
    expect(rows[0].last_result).toEqual({count: 2})
    expect(rows[0].next_run_at.toISOString()).toBe('2026-12-01T18:10:00.000Z')
  })

  it('a failing run is recorded with its error and runs again at its next time; a claim held by a dead process frees after its lease', async () => {
    let now = new Date('2026-12-02T18:00:00Z')
    const store = createJobStore(createSqlDatabaseFunctions(db))
    const log = {errors: 0, error: () => void log.errors++}
    const failing: ScheduledJob = {name: 'failing', everySeconds: 60, leaseSeconds: 30, run: async () => Promise.reject(new Error('card provider down'))}
    const runner = createJobRunner({store: async () => store, jobs: [failing], now: () => now, log})
    expect((await runner.runDue())[0]).toMatchObject({ran: true, error: 'card provider down'})
    expect(log.errors).toBe(1)
    const {rows} = await db.query<{last_error: string}>(`select last_error from public.scheduled_jobs where name = 'failing'`)
    expect(rows[0].last_error).toBe('card provider down')

    // A process claims and dies: nobody runs the job until the lease has run out.
    expect(await store.claim('orphan', now, 30)).toEqual(expect.any(String))
    expect(await store.claim('orphan', new Date(now.getTime() + 29_000), 30)).toBeNull()
    now = new Date(now.getTime() + 30_000)
    expect(await store.claim('orphan', now, 30)).toEqual(expect.any(String))
  })
})
