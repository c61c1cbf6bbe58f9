import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {carpetBooking, exteriorBooking, houseBooking} from '../../booking/store/test-support/fixtures'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {dashboardRange, percentOf, readDashboard} from './read'
import {insertBooking, NOVEMBER, NOVEMBER_BY_HAND, paid, seedNovember} from './test-support/money-fixtures'

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

const job = (window: string, family: 'indoor' | 'exterior') => ({
  date: '2026-12-02',
  arrivalWindow: window,
  serviceFamily: family,
  // 08:00 and 10:00 PST.
  windowStartsAt: window.startsWith('08') ? '2026-12-02T16:00:00.000Z' : '2026-12-02T18:00:00.000Z',
  tipCents: 0,
  discountCents: null,
  coupon: null,
})

/** Today's jobs: what the dashboard's Today counts, with December's money beside November's. */
async function seedToday(db: PGlite): Promise<void> {
  // Indoor 08:00–10:00: one started, one done.
  await insertBooking(db, houseBooking({...job('08:00-10:00', 'indoor'), amountCents: 10000}), {...paid('2026-12-01T18:00:00Z'), started_at: '2026-12-02T16:10:00Z'})
  await insertBooking(db, carpetBooking({...job('08:00-10:00', 'indoor'), amountCents: 20000}), {...paid('2026-12-01T19:00:00Z'), outcome: 'done', outcome_at: '2026-12-02T17:30:00Z'})
  // Indoor 10:00–12:00: an open hold (counted, as a hold) and one that ended (not).
  await insertBooking(db, houseBooking({...job('10:00-12:00', 'indoor'), amountCents: 9000}), {payment_status: 'pending', hold_expires_at: '2026-12-02T19:00:00Z'})
  await insertBooking(db, houseBooking({...job('10:00-12:00', 'indoor'), amountCents: 9000}), {payment_status: 'pending', hold_expires_at: '2026-12-02T17:00:00Z'})
  // Exterior 08:00–10:00: paid, its customer asking to cancel.
  await insertBooking(db, exteriorBooking({...job('08:00-10:00', 'exterior'), amountCents: 30000}), {...paid('2026-12-01T20:00:00Z'), cancellation_requested_at: '2026-12-01T21:00:00Z'})
}

async function insertQuote(db: PGlite, at: string, heard: string | null): Promise<string> {
  const id = randomUUID()
  await db.query(
    `insert into public.quote_requests (id, submission_key, first_name, last_name, phone, email, zip_code, heard_about_us, terms_accepted_at, page_path, created_at)
     values ($1, $2, 'Ann', 'Lee', '4255550100', 'ann@example.com', '98057', $3, $4, '/house-cleaning', $4)`,
    [id, randomUUID(), heard, at],
  )
  return id
}

/** The lead's status now, and the statuses it went through on the way (its history, as the office writes it). */
async function track(db: PGlite, kind: string, id: string, status: string, through: string[] = []): Promise<void> {
  await db.query(`insert into public.lead_tracking (lead_kind, lead_id, status) values ($1, $2, $3)`, [kind, id, status])
  let before = 'new'
  for (const step of [...through, status]) {
    await db.query(`select public.record_staff_action(null, 'Office', now(), 'lead', $1, 'status_changed', $2::jsonb, $3::jsonb)`, [id, JSON.stringify({status: before}), JSON.stringify({status: step})])
    before = step
  }
}

/** November's leads: five received, three contacted, two quoted, one won; one spam, one in October. */
async function seedLeads(db: PGlite): Promise<void> {
  await insertQuote(db, '2026-11-05T18:00:00Z', 'Google')
  await track(db, 'quote_request', await insertQuote(db, '2026-11-06T18:00:00Z', 'Google'), 'won', ['contacted', 'quoted'])
  // Quoted, then lost: it reached "quoted" (and so "contacted").
  await track(db, 'quote_request', await insertQuote(db, '2026-11-07T18:00:00Z', 'Friend'), 'lost', ['quoted'])
  await track(db, 'quote_request', await insertQuote(db, '2026-11-08T18:00:00Z', '  '), 'spam')
  // 23:30 PDT on 31 October: October's.
  await insertQuote(db, '2026-11-01T06:30:00Z', 'Yelp')
  // 23:30 PST on 30 November: November's; contacted, with no history kept.
  const message = randomUUID()
  await db.query(
    `insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path, created_at) values ($1, $2, 'Bo', 'bo@example.com', '2065550100', 'Hi', '/contact', '2026-12-01T07:30:00Z')`,
    [message, randomUUID()],
  )
  await db.query(`insert into public.lead_tracking (lead_kind, lead_id, status) values ('contact_message', $1, 'contacted')`, [message])
  await db.query(
    `insert into public.appointments (id, submission_key, page_path, created_at, full_name, phone, email, address, zip_code, service, visit_date, visit_window, walkthrough)
     values ($1, $2, '/appointment', '2026-11-15T18:00:00Z', 'Cy Park', '4255550111', 'cy@example.com', '1 Main St, Renton', '98057', 'Mold', '2026-11-20', '09:00-11:00', 'in_person')`,
    [randomUUID(), randomUUID()],
  )
}

const DECEMBER_BY_HAND = {
  from: '2026-12-01',
  to: '2026-12-31',
  // D (1 Dec) and today's three jobs; the holds are not booked.
  bookedCount: 4,
  bookedCents: 10000 + 10000 + 20000 + 30000,
  averageCents: 17500,
  tipsCents: 900,
  tipsUnknown: 0,
  couponsCents: 0,
  couponUses: 0,
  collectedCount: 3,
  collectedCents: 60000,
  // D's $25 on 1 December at 00:30 PST.
  refundedCount: 1,
  refundedCents: 2500,
  keptCents: 57500,
  planVisitsCharged: 0,
  planVisitsDeclined: 0,
  earlyCancellationCents: 0,
}

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
