import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {houseBooking} from '../../booking/store/test-support/fixtures'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {parseBookingFilter} from '../bookings/filter'
import {bookingsCsvStream, CSV_COLUMNS, searchBookings} from '../bookings/lists'
import {readCsv} from '../shared/test-support/csv-reader'
import {daysIn, monthPeriods, moneyListLinks, rangePeriods, readMoney, weekPeriods} from './money'
import {insertBooking, NOVEMBER, NOVEMBER_BY_HAND, paid, seedNovember} from './test-support/money-fixtures'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The money figures against sums worked out by hand from bookings, refunds and plan charges written
 * with SQL, across the fall daylight-saving change (Sunday 1 November 2026, 02:00 PDT → 01:00 PST),
 * the October/November and November/December boundaries and the spring change (14 March 2027,
 * 02:00 PST → 03:00 PDT); then the same figures through the bookings list's sums and its CSV.
 */

describe('periods', () => {
  it('are whole weeks from Monday and whole months, each with the one before', () => {
    // Sunday 1 November 2026 is the last day of the week from Monday 26 October.
    expect(weekPeriods('2026-11-01')).toEqual({current: {from: '2026-10-26', to: '2026-11-01'}, previous: {from: '2026-10-19', to: '2026-10-25'}})
    // A week across the new year.
    expect(weekPeriods('2027-01-01')).toEqual({current: {from: '2026-12-28', to: '2027-01-03'}, previous: {from: '2026-12-21', to: '2026-12-27'}})
    expect(monthPeriods('2026-11-30')).toEqual({current: {from: '2026-11-01', to: '2026-11-30'}, previous: {from: '2026-10-01', to: '2026-10-31'}})
    expect(monthPeriods('2027-01-15')).toEqual({current: {from: '2027-01-01', to: '2027-01-31'}, previous: {from: '2026-12-01', to: '2026-12-31'}})
    expect(monthPeriods('2028-03-01').previous).toEqual({from: '2028-02-01', to: '2028-02-29'})
  })

  it('compare a chosen range with as many days just before it, across a daylight-saving change', () => {
    expect(rangePeriods({from: '2026-11-01', to: '2026-11-10'})).toEqual({current: {from: '2026-11-01', to: '2026-11-10'}, previous: {from: '2026-10-22', to: '2026-10-31'}})
    expect(daysIn({from: '2027-03-01', to: '2027-03-31'})).toBe(31)
    expect(rangePeriods({from: '2027-03-14', to: '2027-03-14'}).previous).toEqual({from: '2027-03-13', to: '2027-03-13'})
  })

  it('link each figure to the list of what it adds up', () => {
    const links = moneyListLinks({from: '2026-11-01', to: '2026-11-30'})
    expect(links.booked).toBe('/office/bookings?from=2026-11-01&to=2026-11-30&status=paid&status=cancellation_requested&status=done&status=no_show&status=plan_visit')
    expect(links.collected).toBe('/office/bookings?paid_from=2026-11-01&paid_to=2026-11-30')
    expect(links.refunded).toBe('/office/bookings?refunded_from=2026-11-01&refunded_to=2026-11-30')
  })
})

let database: {db: PGlite; close(): Promise<void>}
let functions: DatabaseFunctions

beforeAll(async () => {
  database = await openTempPglite()
  functions = createSqlDatabaseFunctions(database.db)
})
afterAll(() => database.close())
beforeEach(() => database.db.exec('truncate public.bookings, public.booking_plans cascade'))

async function csvOf(query: string, deps: {functions: DatabaseFunctions; now: () => Date}): Promise<string[][]> {
  const text = await new Response(bookingsCsvStream(deps, parseBookingFilter(new URLSearchParams(query)), 3)).text()
  return readCsv(text.replace(/^\uFEFF/, '')).slice(1)
}

/** A CSV column's dollars added up, in cents (each cell read as written, so no float drift). */
function columnCents(records: string[][], column: (typeof CSV_COLUMNS)[number]): number {
  return records.reduce((sum, record) => {
    const cell = record[CSV_COLUMNS.indexOf(column)]
    if (!cell) return sum
    const [whole, fraction = ''] = cell.split('.')
    return sum + Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  }, 0)
}

describe('the money of a stretch of company days', () => {
  const now = () => new Date('2026-12-02T18:00:00Z')

  it('adds up November by each figure’s own date, across the fall change and both month boundaries', async () => {
    await seedNovember(database.db)
    expect(await readMoney(functions, NOVEMBER)).toEqual(NOVEMBER_BY_HAND)

    // October: only A's payment, at 23:30 PDT on its last day.
    expect(await readMoney(functions, {from: '2026-10-01', to: '2026-10-31'})).toMatchObject({collectedCount: 1, collectedCents: 20000, bookedCount: 0, bookedCents: 0, averageCents: null, refundedCents: 0})
    // December: D's visit, and its $25 refunded at 00:30 on the 1st.
    expect(await readMoney(functions, {from: '2026-12-01', to: '2026-12-31'})).toMatchObject({bookedCount: 1, bookedCents: 10000, tipsCents: 900, collectedCents: 0, refundedCents: 2500, keptCents: -2500})
    // The week of Monday 26 October holds A's visit on Sunday 1 November and the three payments of that weekend.
    expect(await readMoney(functions, {from: '2026-10-26', to: '2026-11-01'})).toMatchObject({bookedCount: 1, bookedCents: 20000, collectedCount: 3, collectedCents: 65000})
    // 1 November alone (25 hours long): B and C paid in it, A (23:30 the day before) not.
    expect(await readMoney(functions, {from: '2026-11-01', to: '2026-11-01'})).toMatchObject({collectedCount: 2, collectedCents: 45000})
  })

  it('puts a payment at 03:30 PDT on the spring-forward day on that day, and 23:30 PST the night before on the day before', async () => {
    await insertBooking(database.db, houseBooking({date: '2027-03-20', amountCents: 11100}), paid('2027-03-14T10:30:00Z'))
    await insertBooking(database.db, houseBooking({date: '2027-03-20', amountCents: 22200}), paid('2027-03-14T07:30:00Z'))
    expect(await readMoney(functions, {from: '2027-03-14', to: '2027-03-14'})).toMatchObject({collectedCount: 1, collectedCents: 11100})
    expect(await readMoney(functions, {from: '2027-03-13', to: '2027-03-13'})).toMatchObject({collectedCount: 1, collectedCents: 22200})
  })

  it('agrees to the cent with the bookings list’s sums and its CSV, filtered by the same dates', async () => {
    await seedNovember(database.db)
    const deps = {functions, now}
    const links = moneyListLinks(NOVEMBER)
    const query = (link: string) => link.slice(link.indexOf('?') + 1)

    const booked = await searchBookings(deps, parseBookingFilter(new URLSearchParams(query(links.booked))))
    expect(booked.sums).toMatchObject({count: NOVEMBER_BY_HAND.bookedCount, totalCents: NOVEMBER_BY_HAND.bookedCents, tipCents: NOVEMBER_BY_HAND.tipsCents, discountCents: NOVEMBER_BY_HAND.couponsCents})
    expect(columnCents(await csvOf(query(links.booked), deps), 'total')).toBe(NOVEMBER_BY_HAND.bookedCents)

    const collected = await searchBookings(deps, parseBookingFilter(new URLSearchParams(query(links.collected))))
    expect(collected.sums).toMatchObject({count: NOVEMBER_BY_HAND.collectedCount, totalCents: NOVEMBER_BY_HAND.collectedCents, paidCents: NOVEMBER_BY_HAND.collectedCents})
    const collectedCsv = await csvOf(query(links.collected), deps)
    expect(collectedCsv).toHaveLength(NOVEMBER_BY_HAND.collectedCount)
    expect(columnCents(collectedCsv, 'paid')).toBe(NOVEMBER_BY_HAND.collectedCents)

    const refunded = await searchBookings(deps, parseBookingFilter(new URLSearchParams(query(links.refunded))))
    expect(refunded.sums).toMatchObject({count: NOVEMBER_BY_HAND.refundedCount, refundedInPeriodCents: NOVEMBER_BY_HAND.refundedCents})
    // D's refunds add up to $35 in all, $10 of them in November.
    expect(refunded.sums.refundedCents).toBe(30000 + 3500)
    const refundedCsv = await csvOf(query(links.refunded), deps)
    expect(columnCents(refundedCsv, 'refundedInPeriod')).toBe(NOVEMBER_BY_HAND.refundedCents)
    expect(columnCents(refundedCsv, 'refunded')).toBe(33500)
    // Without refund dates, the column is left empty.
    expect((await csvOf(query(links.collected), deps)).every((record) => record[CSV_COLUMNS.indexOf('refundedInPeriod')] === '')).toBe(true)
  })

  it('answers the same through Supabase’s Data API (supabase-js rpc against the stand-in)', async () => {
    await seedNovember(database.db)
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-money'
    const postgrest = await startPostgrestStandIn(database.db, {keys: {[key]: 'service_role'}, exposedTables: ['bookings']})
    try {
      const rpc = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      expect(await readMoney(rpc, NOVEMBER)).toEqual(NOVEMBER_BY_HAND)
      const links = moneyListLinks(NOVEMBER)
      const refunded = await searchBookings({functions: rpc, now}, parseBookingFilter(new URLSearchParams(links.refunded.split('?')[1])))
      expect(refunded.sums.refundedInPeriodCents).toBe(NOVEMBER_BY_HAND.refundedCents)
    } finally {
      await postgrest.close()
    }
  })

  it('is for the service role only', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`)
          await tx.query(`select public.office_money_between('2026-11-01', '2026-11-30')`)
        }),
      ).rejects.toThrow(/permission denied/)
    }
  })
})
