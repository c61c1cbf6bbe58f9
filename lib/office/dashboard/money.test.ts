import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {toInsertRow} from '../../booking/store/mapping'
import type {NewBooking} from '../../booking/store/store'
import {carpetBooking, exteriorBooking, houseBooking} from '../../booking/store/test-support/fixtures'
import {insertPlanWithVisit} from '../../booking/plans/test-support/charge-fixtures'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {parseBookingFilter} from '../bookings/filter'
import {bookingsCsvStream, CSV_COLUMNS, searchBookings} from '../bookings/lists'
import {readCsv} from '../shared/test-support/csv-reader'
import {daysIn, monthPeriods, moneyListLinks, rangePeriods, readMoney, weekPeriods, type MoneyFigures, type Period} from './money'

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

/**
 * A booking written as stored, with the columns given (payment state, times) over the form's; a
 * plan's visit waiting for its charge gets its charge row in the same statement, as it must.
 */
async function insertBooking(booking: NewBooking, columns: Record<string, unknown>): Promise<string> {
  const id = randomUUID()
  const row: Record<string, unknown> = {...toInsertRow(booking), id, ...columns}
  const names = Object.keys(row)
  const insert = `insert into public.bookings (${names.join(', ')}) select ${names.join(', ')} from jsonb_populate_record(null::public.bookings, $1::jsonb) returning id`
  await database.db.query(
    row.payment_status === 'scheduled'
      ? `with visit as (${insert}) insert into public.plan_visit_charges (booking_id, state, due_at) select id, 'scheduled', '2026-11-25T16:00:00Z' from visit`
      : insert,
    [JSON.stringify(row)],
  )
  return id
}

async function insertRefund(bookingId: string, refund: {purpose: string; cents: number; at: string; status?: string}): Promise<void> {
  await database.db.query(
    `insert into public.booking_refunds (booking_id, purpose, idempotency_key, amount_cents, status, staff_name, claimed_at, completed_at)
     values ($1, $2, $3, $4, $5, 'Owner', $6, $6)`,
    [bookingId, refund.purpose, randomUUID(), refund.cents, refund.status ?? 'succeeded', refund.at],
  )
}

async function insertCharge(planId: string, bookingId: string | null, charge: {kind: string; cents: number; status: string; at: string}): Promise<void> {
  await database.db.query(
    `insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, idempotency_key, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [planId, bookingId, charge.kind, charge.cents, charge.status, randomUUID(), charge.at],
  )
}

const paid = (paidAt: string) => ({payment_status: 'paid', paid_at: paidAt, payment_session_id: `cs_${randomUUID()}`})

/**
 * The bookings of the worked example, each with what it adds to November 2026 (and the weeks and
 * months either side) in the comment beside it.
 */
async function seedNovember(): Promise<{planId: string}> {
  // A: visit Sunday 1 Nov; paid Saturday 31 Oct at 23:30 PDT (06:30Z on 1 Nov): booked in November
  // and in the week of 26 Oct, collected in October. Tip $20, coupon $10.
  await insertBooking(houseBooking({date: '2026-11-01', amountCents: 20000, tipCents: 2000, discountCents: 1000, coupon: 'save10'}), paid('2026-11-01T06:30:00Z'))
  // B: visit 3 Nov; paid 1 Nov at 01:30 PDT (08:30Z), the first 01:30 of the night: November.
  await insertBooking(carpetBooking({date: '2026-11-03', amountCents: 15000, tipCents: 0, parkingCents: 0, discountCents: null, coupon: null}), paid('2026-11-01T08:30:00Z'))
  // C: visit 30 Nov; paid 1 Nov at 01:30 PST (09:30Z), the second 01:30: November. Cancelled on
  // 20 Nov with all of it refunded that day: collected and refunded in November, not booked.
  const c = await insertBooking(exteriorBooking({date: '2026-11-30', amountCents: 30000, tipCents: 0, parkingCents: 0, discountCents: null, coupon: null}), {
    ...paid('2026-11-01T09:30:00Z'),
    cancelled_at: '2026-11-20T20:00:00Z',
    refunded_cents: 30000,
  })
  await insertRefund(c, {purpose: 'cancellation', cents: 30000, at: '2026-11-20T20:00:00Z'})
  // D: visit 1 Dec; paid 30 Nov at 00:30 PST (08:30Z): collected in November, booked in December.
  // $10 refunded at the provider on 30 Nov at 23:30 PST (07:30Z on 1 Dec): November; $25 refunded
  // on 1 Dec at 00:30 PST: December. A refund that failed counts nowhere.
  const d = await insertBooking(houseBooking({date: '2026-12-01', amountCents: 10000, tipCents: 900, discountCents: null, coupon: null}), {
    ...paid('2026-11-30T08:30:00Z'),
    refunded_cents: 3500,
  })
  await insertRefund(d, {purpose: 'outside', cents: 1000, at: '2026-12-01T07:30:00Z'})
  await insertRefund(d, {purpose: 'refund', cents: 2500, at: '2026-12-01T08:30:00Z'})
  await insertRefund(d, {purpose: 'refund', cents: 700, at: '2026-11-25T18:00:00Z', status: 'failed'})
  // E: an open hold on 10 Nov: nothing anywhere.
  await insertBooking(houseBooking({date: '2026-11-10', amountCents: 9999}), {payment_status: 'pending', hold_expires_at: '2030-01-01T00:00:00Z'})
  // F: a payment after the hold ended, sent back on 15 Nov: never collected, so not refunded either.
  const f = await insertBooking(houseBooking({date: '2026-11-16', amountCents: 5000}), {payment_status: 'expired'})
  await insertRefund(f, {purpose: 'late_payment', cents: 5000, at: '2026-11-15T18:00:00Z'})
  // G: a late payment the office took: paid when it arrived, 12 Nov; visit 14 Nov. Its tip is not
  // known (stored before tips were kept in cents).
  await insertBooking(houseBooking({date: '2026-11-14', amountCents: 12000, tipCents: null, discountCents: null, coupon: null}), paid('2026-11-12T18:00:00Z'))
  // H: a coupon larger than the subtotal: the $0.50 least charge, $25 off.
  await insertBooking(houseBooking({date: '2026-11-21', amountCents: 50, tipCents: 0, parkingCents: 0, discountCents: 2500, coupon: 'big'}), paid('2026-11-21T18:00:00Z'))
  // A weekly plan: its first visit on 13 Nov paid on 2 Nov; its visit 2 on 20 Nov declined on 17 Nov,
  // then charged on 18 Nov (one visit charged, one declined); an early-cancellation difference of
  // $40 charged on 25 Nov (money on no booking).
  const plan = await insertPlanWithVisit(database.db, {date: '2026-11-20', windowStartsAt: '2026-11-20T16:00:00Z', amountCents: 16624})
  await database.db.query(`update public.bookings set date = '2026-11-13', paid_at = '2026-11-02T18:00:00Z', tip_cents = 0, discount_cents = 0, coupon = null where id = $1`, [plan.firstBookingId])
  await database.db.query(`update public.bookings set tip_cents = 0, discount_cents = 0, coupon = null, payment_status = 'paid', paid_at = '2026-11-18T18:00:00Z', payment_session_id = 'pi_plan_visit' where id = $1`, [plan.visitId])
  await insertCharge(plan.planId, plan.visitId, {kind: 'visit', cents: 16624, status: 'declined', at: '2026-11-17T18:00:00Z'})
  await insertCharge(plan.planId, plan.visitId, {kind: 'visit', cents: 16624, status: 'succeeded', at: '2026-11-18T18:00:00Z'})
  await insertCharge(plan.planId, null, {kind: 'early_cancellation', cents: 4000, status: 'succeeded', at: '2026-11-25T18:00:00Z'})
  // A plan's visit 3, still to be charged, on 27 Nov: booked, not collected.
  await insertBooking(houseBooking({date: '2026-11-27', amountCents: 16624, tipCents: 0, discountCents: 0, coupon: null}), {
    payment_status: 'scheduled',
    plan_id: plan.planId,
    plan_visit: 3,
  })
  return {planId: plan.planId}
}

const NOVEMBER: Period = {from: '2026-11-01', to: '2026-11-30'}

/** November, worked out by hand from seedNovember. */
const NOVEMBER_BY_HAND: MoneyFigures = {
  ...NOVEMBER,
  // A 20000 + B 15000 + G 12000 + H 50 + plan visit 1 16624 + visit 2 16624 + visit 3 16624
  bookedCount: 7,
  bookedCents: 20000 + 15000 + 12000 + 50 + 16624 * 3,
  // 96922 / 7 = 13846.0 (exactly 13846)
  averageCents: 13846,
  tipsCents: 2000,
  tipsUnknown: 1,
  // A's $10 and H's $25
  couponsCents: 3500,
  couponUses: 2,
  // B, C, D, G, H, plan visit 1, plan visit 2 (A was paid in October)
  collectedCount: 7,
  collectedCents: 15000 + 30000 + 10000 + 12000 + 50 + 16624 + 16624,
  // C's 30000 on 20 Nov and D's 1000 on 30 Nov (PST)
  refundedCount: 2,
  refundedCents: 31000,
  keptCents: 15000 + 30000 + 10000 + 12000 + 50 + 16624 + 16624 - 31000,
  planVisitsCharged: 1,
  planVisitsDeclined: 1,
  earlyCancellationCents: 4000,
}

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
    await seedNovember()
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
    await insertBooking(houseBooking({date: '2027-03-20', amountCents: 11100}), paid('2027-03-14T10:30:00Z'))
    await insertBooking(houseBooking({date: '2027-03-20', amountCents: 22200}), paid('2027-03-14T07:30:00Z'))
    expect(await readMoney(functions, {from: '2027-03-14', to: '2027-03-14'})).toMatchObject({collectedCount: 1, collectedCents: 11100})
    expect(await readMoney(functions, {from: '2027-03-13', to: '2027-03-13'})).toMatchObject({collectedCount: 1, collectedCents: 22200})
  })

  it('agrees to the cent with the bookings list’s sums and its CSV, filtered by the same dates', async () => {
    await seedNovember()
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
    await seedNovember()
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
