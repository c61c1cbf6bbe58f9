import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {dashboardRange, percentOf, readDashboard} from './read'
import {DECEMBER_BY_HAND, NOVEMBER, NOVEMBER_BY_HAND, seedLeads, seedNovember, seedToday} from './test-support/money-fixtures'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The dashboard's one read against figures worked out by hand: the November example of
 * ./test-support/money-fixtures.ts, today's jobs on Wednesday 2 December 2026 and a month of leads.
 */

const NOW = new Date('2026-12-02T18:00:00Z') // Wednesday 10:00 in Renton

let database: {db: PGlite; close(): Promise<void>}
let functions: DatabaseFunctions

beforeAll(async () => {
  database = await openTempPglite()
  functions = createSqlDatabaseFunctions(database.db)
})
afterAll(() => database.close())
beforeEach(() => database.db.exec('truncate public.bookings, public.booking_plans, public.quote_requests, public.contact_messages, public.appointments, public.lead_tracking, public.staff_actions cascade'))

describe('the dashboard', () => {
  it('counts today’s jobs per crew and window, with what waits on staff', async () => {
    await seedNovember(database.db)
    await seedToday(database.db)
    const dashboard = await readDashboard(functions, {now: NOW, range: NOVEMBER, withMoney: false})
    expect(dashboard.today).toBe('2026-12-02')
    expect(dashboard.jobs).toEqual([
      {crew: 'exterior', window: '08:00-10:00', jobs: 1, started: 0, done: 0, holds: 0},
      {crew: 'indoor', window: '08:00-10:00', jobs: 2, started: 2, done: 1, holds: 0},
      {crew: 'indoor', window: '10:00-12:00', jobs: 1, started: 0, done: 0, holds: 1},
    ])
    // November's hold E (open until 2030) and today's open one.
    expect(dashboard.openHolds).toBe(2)
    expect(dashboard.cancellationRequests).toBe(1)
    expect(dashboard.money).toBeNull()
    expect(dashboard.byService.every((row) => row.cents === null)).toBe(true)
  })

  it('counts e-mails that failed, not those sent or still being tried', async () => {
    await database.db.exec('truncate public.outbox')
    for (const [key, status] of [['a', 'failed'], ['b', 'failed'], ['c', 'pending']] as const) {
      await database.db.query(`insert into public.email_outbox (event_key, template, to_address, payload, status, attempts) values ($1, 'booking_paid', 'a@example.com', '{}', $2, 5)`, [key, status])
    }
    await database.db.query(`insert into public.email_outbox (event_key, template, to_address, payload, status, sent_at) values ('d', 'booking_paid', 'a@example.com', '{}', 'sent', now())`)
    expect((await readDashboard(functions, {now: NOW, range: NOVEMBER, withMoney: false})).failedEmails).toBe(2)
  })

  it('adds up the money of the week, the month and the range, each beside the one before, the 12 weeks and the plans', async () => {
    await seedNovember(database.db)
    await seedToday(database.db)
    const {money} = await readDashboard(functions, {now: NOW, range: NOVEMBER, withMoney: true})
    expect(money).not.toBeNull()
    expect(money!.month).toEqual({current: DECEMBER_BY_HAND, previous: NOVEMBER_BY_HAND})
    expect(money!.range.current).toEqual(NOVEMBER_BY_HAND)
    // The 30 days before November: A's payment on 31 October, nothing else.
    expect(money!.range.previous).toMatchObject({from: '2026-10-02', to: '2026-10-31', bookedCount: 0, collectedCount: 1, collectedCents: 20000, refundedCents: 0})
    // This week, Monday 30 November to Sunday 6 December: D and today's jobs; D's two refunds.
    expect(money!.week.current).toMatchObject({from: '2026-11-30', to: '2026-12-06', bookedCount: 4, bookedCents: 70000, collectedCount: 4, collectedCents: 70000, refundedCents: 3500, keptCents: 66500})
    // The week before: visit 3 of the plan still to be charged, the early-cancellation difference.
    expect(money!.week.previous).toMatchObject({from: '2026-11-23', to: '2026-11-29', bookedCount: 1, bookedCents: 16624, collectedCents: 0, refundedCents: 0, earlyCancellationCents: 4000})
    expect(money!.weekly).toHaveLength(12)
    expect(money!.weekly[0].monday).toBe('2026-09-14')
    const week = (monday: string) => money!.weekly.find((row) => row.monday === monday)
    expect(week('2026-10-26')).toEqual({monday: '2026-10-26', collectedCents: 65000, refundedCents: 0})
    expect(week('2026-11-02')).toEqual({monday: '2026-11-02', collectedCents: 16624, refundedCents: 0})
    expect(week('2026-11-09')).toEqual({monday: '2026-11-09', collectedCents: 12000, refundedCents: 0})
    expect(week('2026-11-16')).toEqual({monday: '2026-11-16', collectedCents: 16674, refundedCents: 30000})
    expect(week('2026-11-23')).toEqual({monday: '2026-11-23', collectedCents: 0, refundedCents: 0})
    expect(week('2026-11-30')).toEqual({monday: '2026-11-30', collectedCents: 70000, refundedCents: 3500})
    expect(money!.weekly.reduce((sum, row) => sum + row.collectedCents, 0)).toBe(20000 + 45000 + 16624 + 12000 + 16674 + 70000)
    // One active weekly plan at $166.24 a visit: 52 visits a year, per month 166.24 × 52 ÷ 12 = $720.37.
    expect(money!.plans).toEqual({active: 1, monthlyCents: 72037})
  })

  it('counts the range’s bookings by service, and its leads as a funnel and by where they heard of us', async () => {
    await seedNovember(database.db)
    await seedLeads(database.db)
    const dashboard = await readDashboard(functions, {now: NOW, range: NOVEMBER, withMoney: true})
    expect(dashboard.byService).toEqual([
      {industry: 'carpet', count: 1, cents: 15000},
      {industry: 'house', count: 6, cents: 20000 + 12000 + 50 + 16624 * 3},
    ])
    expect(dashboard.funnel).toEqual({received: 5, contacted: 3, quoted: 2, won: 1})
    expect(percentOf(dashboard.funnel.won, dashboard.funnel.received)).toBe(20)
    expect(dashboard.heard).toEqual([
      {answer: 'Google', count: 2},
      {answer: 'Friend', count: 1},
    ])
  })

  it('answers the same through Supabase’s Data API', async () => {
    await seedNovember(database.db)
    await seedToday(database.db)
    await seedLeads(database.db)
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-dashboard'
    const postgrest = await startPostgrestStandIn(database.db, {keys: {[key]: 'service_role'}, exposedTables: ['bookings']})
    try {
      const rpc = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      for (const withMoney of [true, false]) {
        expect(await readDashboard(rpc, {now: NOW, range: NOVEMBER, withMoney})).toEqual(await readDashboard(functions, {now: NOW, range: NOVEMBER, withMoney}))
      }
    } finally {
      await postgrest.close()
    }
  })
})

describe('the dashboard’s range', () => {
  it('is the 30 days up to today unless the address gives dates; backwards is turned round; a bad date is dropped', () => {
    expect(dashboardRange({}, '2026-12-02')).toEqual({from: '2026-11-03', to: '2026-12-02'})
    expect(dashboardRange({from: '2026-11-01', to: '2026-11-30'}, '2026-12-02')).toEqual(NOVEMBER)
    expect(dashboardRange({from: '2026-11-30', to: '2026-11-01'}, '2026-12-02')).toEqual(NOVEMBER)
    expect(dashboardRange({from: '2026-11-05'}, '2026-12-02')).toEqual({from: '2026-11-05', to: '2026-11-05'})
    expect(dashboardRange({from: '2026-02-30', to: 'x'}, '2026-12-02')).toEqual({from: '2026-11-03', to: '2026-12-02'})
  })
})
