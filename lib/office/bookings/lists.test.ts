import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {ROOMY_AVAILABILITY} from '../../booking/test-support/availability'
import {windowStartsAt} from '../../booking/availability'
import {bookingReference} from '../../booking/stored'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import {carpetBooking, commercialBooking, exteriorBooking, houseBooking, postConstructionBooking} from '../../booking/store/test-support/fixtures'
import type {BookingStore, NewBooking, StoredBooking} from '../../booking/store/store'
import {DatabaseError, type DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {parseBookingFilter} from './filter'
import {bookingsCsvStream, CSV_COLUMNS, readDaySheet, readSchedule, searchBookings, type OfficeListDeps} from './lists'
import {OFFICE_BOOKING_STATUSES, officeBookingStatus} from './status'
import {scheduleRange} from '../schedule/rules'
import {readCsv} from '../shared/test-support/csv-reader'
import {insertPlanWithVisit} from '../../booking/plans/test-support/charge-fixtures'
import {BOOKING_LIST_WORDS} from './words'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/** The office's reads on the embedded database, with bookings made through the booking store as the site makes them. */

const NOW = new Date('2026-12-01T18:00:00Z') // Tuesday 10:00 in Renton
const DAY = '2026-12-02'

let database: {db: PGlite; close(): Promise<void>}
let store: BookingStore
let functions: DatabaseFunctions
let deps: OfficeListDeps

beforeAll(async () => {
  database = await openTempPglite()
  store = createSqlBookingStore(database.db)
  functions = createSqlDatabaseFunctions(database.db)
  deps = {functions, now: () => NOW, availability: async () => ROOMY_AVAILABILITY}
})
afterAll(() => database.close())
// Plans and their visits refer to each other: emptied together.
beforeEach(() => database.db.exec('truncate public.bookings, public.booking_plans cascade'))

type State = 'paid' | 'hold' | 'hold_ended' | 'cancellation_requested' | 'cancelled' | 'done' | 'no_show' | 'failed' | 'plan_visit'

/** A booking in a window, made pending by the store, then brought to `state` as the site would. */
async function book(input: NewBooking, window: string, state: State, date = DAY): Promise<StoredBooking> {
  if (state === 'plan_visit') {
    // A plan's later visit, its charge still to come, on its own indoor plan.
    const windowStarts = windowStartsAt(date, {start: window.slice(0, 5)}).toISOString()
    const {visitId} = await insertPlanWithVisit(database.db, {date, windowStartsAt: windowStarts})
    await database.db.query(`update public.bookings set arrival_window = $2 where id = $1`, [visitId, window])
    return (await store.findById(visitId))!
  }
  const family = input.industry === 'house' || input.industry === 'carpet' ? 'indoor' : input.industry
  const holdExpiresAt = state === 'hold_ended' ? '2026-12-01T17:00:00.000Z' : '2026-12-01T18:30:00.000Z'
  const {booking} = await store.createPending(
    {...input, date, arrivalWindow: window, serviceFamily: family, windowStartsAt: windowStartsAt(date, {start: window.slice(0, 5)}).toISOString(), holdExpiresAt},
    {capacity: 100, now: new Date('2026-12-01T17:00:00Z')},
  )
  if (['paid', 'cancellation_requested', 'cancelled', 'done', 'no_show'].includes(state)) {
    await store.markPaid(booking.id, {sessionId: `cs_${booking.id}`, paidAt: new Date('2026-11-30T12:00:00Z')})
  }
  const updates: Partial<Record<State, string>> = {
    cancellation_requested: `cancellation_requested_at = '2026-11-30T13:00:00Z'`,
    cancelled: `cancelled_at = '2026-11-30T14:00:00Z', refunded_cents = amount_cents`,
    done: `outcome = 'done', outcome_at = '2026-11-30T15:00:00Z'`,
    no_show: `outcome = 'no_show', outcome_at = '2026-11-30T15:00:00Z'`,
    failed: `payment_status = 'failed'`,
  }
  if (updates[state]) await database.db.query(`update public.bookings set ${updates[state]} where id = $1`, [booking.id])
  return (await store.findById(booking.id))!
}

const search = (query: string) => searchBookings(deps, parseBookingFilter(new URLSearchParams(query)))
const ids = (bookings: readonly {id: string}[]) => bookings.map((booking) => booking.id).sort()

describe('the schedule', () => {
  it('shows each booking in its crew, day and window, with the places /api/availability counts', async () => {
    const zoe = await book(houseBooking({firstName: 'Zoë', lastName: 'Ångström', address: '12 Main St, Kent, WA 98031'}), '08:00-10:00', 'paid')
    const hold = await book(houseBooking(), '08:00-10:00', 'hold')
    const cancelled = await book(houseBooking(), '08:00-10:00', 'cancelled')
    await book(houseBooking(), '08:00-10:00', 'hold_ended')
    const outside = await book(exteriorBooking(), '10:00-12:00', 'cancellation_requested')
    const nextDay = await book(commercialBooking(), '18:00-20:00', 'done', '2026-12-03')

    const [day] = await readSchedule(deps, scheduleRange({date: DAY}, NOW))
    const indoor = day.crews.find((crew) => crew.crew === 'indoor')!
    const first = indoor.windows.find((window) => window.window === '08:00-10:00')!
    const counted = await store.placesTaken('indoor', DAY, DAY, NOW)
    expect(first.taken).toBe(counted.get(`${DAY} 08:00-10:00`))
    // The paid booking and the open hold take places; the cancelled one and the ended hold do not.
    expect(first).toMatchObject({capacity: 100, taken: 2, free: 98})
    expect(first.bookings.map((booking) => [booking.id, booking.status])).toEqual([
      [zoe.id, 'paid'],
      [hold.id, 'unpaid_hold'],
      [cancelled.id, 'cancelled'],
    ])
    expect(first.bookings[0]).toMatchObject({reference: bookingReference(zoe.id), customer: 'Zoë Ångström', town: 'Kent', totalCents: zoe.amountCents})
    const exterior = day.crews.find((crew) => crew.crew === 'exterior')!
    expect(exterior.windows.find((window) => window.window === '10:00-12:00')!.bookings).toEqual([expect.objectContaining({id: outside.id, status: 'cancellation_requested'})])

    const week = await readSchedule(deps, scheduleRange({week: DAY}, NOW))
    expect(week.map((one) => one.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'])
    const thursday = week[3].crews.find((crew) => crew.crew === 'commercial')!
    expect(thursday.windows.find((window) => window.window === '18:00-20:00')).toMatchObject({taken: 1, bookings: [expect.objectContaining({id: nextDay.id, status: 'done'})]})
    expect(week[6].crews.find((crew) => crew.crew === 'indoor')!.closed).toBe(true)
  })

  it('gives the crew’s day sheet its customers’ addresses, phones, access answers and notes', async () => {
    const house = await book(houseBooking({notes: 'Gate code 4321'}), '10:00-12:00', 'paid')
    await book(houseBooking(), '10:00-12:00', 'cancelled')
    const sheet = await readDaySheet(deps, 'indoor', DAY)
    expect(sheet).toHaveLength(1)
    expect(sheet[0].bookings).toEqual([
      expect.objectContaining({id: house.id, address: house.address, phone: house.phone, notes: 'Gate code 4321', access: expect.arrayContaining([{label: 'How Will We Get Inside?', value: 'I will be Home'}])}),
    ])
  })
})

describe('the bookings list', () => {
  it('filters by the same status the office shows everywhere (the database and the app agree)', async () => {
    const states: State[] = ['paid', 'hold', 'hold_ended', 'cancellation_requested', 'cancelled', 'done', 'no_show', 'failed', 'plan_visit']
    await Promise.all(states.map((state) => book(houseBooking(), '12:00-14:00', state)))
    // Every booking stored, the plan visit's paid first visit included.
    const {rows} = await database.db.query<{id: string}>('select id from public.bookings')
    const made = (await Promise.all(rows.map((row) => store.findById(row.id)))).filter((booking) => booking !== null)
    for (const status of OFFICE_BOOKING_STATUSES) {
      const expected = made.filter((booking) => officeBookingStatus(booking, NOW) === status)
      expect(expected.length, status).toBeGreaterThan(0)
      expect(ids((await search(`status=${status}`)).bookings), status).toEqual(ids(expected))
    }
    // Paid: the paid booking and the plan's first visit.
    expect((await search('status=paid&status=done')).total).toBe(3)
    expect((await search('status=plan_visit')).bookings).toEqual([expect.objectContaining({paymentStatus: 'scheduled', planVisit: 2})])
  })

  it('finds a booking by reference, name, e-mail, phone or address, whatever the case or format', async () => {
    const zoe = await book(houseBooking({firstName: 'Zoë', lastName: 'Ångström', email: 'Zoe.A@Example.com', phone: '(206) 555-0177', address: '77 Sunset Blvd NE, Renton, WA 98056'}), '08:00-10:00', 'paid')
    await book(exteriorBooking({firstName: 'Grace', email: 'grace@example.net', phone: '4255550100'}), '08:00-10:00', 'paid')
    for (const query of [bookingReference(zoe.id), bookingReference(zoe.id).toLowerCase().replace('-', ''), 'zoë', 'ÅNGSTRÖM', 'zoë ångström', 'zoe.a@example', '206-555-0177', '2065550177', '+1 206 555 0177', 'sunset blvd']) {
      expect(ids((await search(`q=${encodeURIComponent(query)}`)).bookings), query).toEqual([zoe.id])
    }
    expect((await search('q=50%25')).total).toBe(0)
    expect((await search('q=nobody')).bookings).toEqual([])
  })

  it('filters by service, crew and dates, sorts, and pages with the total', async () => {
    const a = await book(houseBooking({lastName: 'Adams', amountCents: 30000}), '08:00-10:00', 'paid', '2026-12-02')
    const b = await book(houseBooking({industry: 'carpet', lastName: 'Baker', amountCents: 10000}), '08:00-10:00', 'paid', '2026-12-03')
    const c = await book(exteriorBooking({lastName: 'Clark', amountCents: 20000}), '08:00-10:00', 'paid', '2026-12-04')
    expect(ids((await search('service=carpet')).bookings)).toEqual([b.id])
    expect(ids((await search('crew=indoor')).bookings)).toEqual(ids([a, b]))
    expect(ids((await search('from=2026-12-03&to=2026-12-03')).bookings)).toEqual([b.id])
    expect((await search('sort=name_asc')).bookings.map((one) => one.lastName)).toEqual(['Adams', 'Baker', 'Clark'])
    expect((await search('sort=total_desc')).bookings.map((one) => one.id)).toEqual([a.id, c.id, b.id])
    expect((await search('sort=date_desc')).bookings.map((one) => one.id)).toEqual([c.id, b.id, a.id])

    await database.db.query(
      `insert into public.bookings (industry, first_name, last_name, email, phone, address, amount_cents, amount, idempotency_key)
       select 'house', 'Many', 'Row ' || lpad(i::text, 3, '0'), 'many@example.com', '4255550100', '1 Main St, Renton, WA', 5000, 50, gen_random_uuid()
       from generate_series(1, 120) as g(i)`,
    )
    const third = await search('q=many&sort=name_asc&page=3')
    expect(third).toMatchObject({total: 120, pageCount: 3})
    expect(third.bookings.map((one) => one.lastName)).toEqual(Array.from({length: 20}, (_, index) => `Row ${101 + index}`))
  })

  it('counts a booking from before arrival windows in the crew of its kind of cleaning', async () => {
    const {booking} = await store.createPending(exteriorBooking({date: DAY}))
    expect(ids((await search('crew=exterior')).bookings)).toEqual([booking.id])
    expect((await search('crew=indoor')).total).toBe(0)
  })

  it('is the service role’s alone', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [`select * from public.office_bookings_between('2026-12-01', '2026-12-02')`, `select public.office_search_bookings('{}', 'date_asc', 10, 0, now())`]) {
        await expect(
          database.db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`)
            await tx.query(sql)
          }),
        ).rejects.toThrow(/permission denied/)
      }
    }
  })

  it('refuses a sort it does not know, so no text reaches the query', async () => {
    await expect(functions.value('office_search_bookings', {p_filter: {}, p_sort: 'id; drop table public.bookings', p_limit: 10, p_offset: 0, p_now: NOW})).rejects.toBeInstanceOf(DatabaseError)
  })

  it('exports what the filter shows, every page, as CSV a spreadsheet reads right', async () => {
    const zoe = await book(houseBooking({firstName: 'Zoë', lastName: 'Ångström', notes: '=HYPERLINK("http://x")\nsecond line, with a comma', amountCents: 12345}), '08:00-10:00', 'paid')
    const others = await Promise.all(Array.from({length: 4}, () => book(houseBooking(), '10:00-12:00', 'paid')))
    await book(exteriorBooking(), '10:00-12:00', 'paid')

    const bytes = new Uint8Array(await new Response(bookingsCsvStream(deps, parseBookingFilter(new URLSearchParams('crew=indoor&sort=date_asc')), 2)).arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(bytes)
    expect(text.startsWith('\uFEFF')).toBe(true)
    const records = readCsv(text.slice(1))
    expect(records[0]).toEqual(CSV_COLUMNS.map((column) => BOOKING_LIST_WORDS.csvColumns[column]))
    expect(records).toHaveLength(1 + 5)
    const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name)
    expect(records.slice(1).map((record) => record[column('id')]).sort()).toEqual(ids([zoe, ...others]))
    const row = records.find((record) => record[column('id')] === zoe.id)!
    expect(row[column('firstName')]).toBe('Zoë')
    expect(row[column('lastName')]).toBe('Ångström')
    expect(row[column('total')]).toBe('123.45')
    expect(row[column('date')]).toBe(DAY)
    expect(row[column('paidAt')]).toBe('2026-11-30 04:00')
    expect(row[column('status')]).toBe('Paid')
    expect(row[column('notes')]).toBe(`'=HYPERLINK("http://x")\nsecond line, with a comma`)
  })
})

describe('the CSV’s columns of the job, the plan and the money', () => {
  it('gives each booking its category, frequency, plan, size answers, tip, parking, texts consent and phone as the site shows it', async () => {
    const house = await book(houseBooking({email: 'house@example.com', smsConsentAt: '2026-11-30T11:00:00.000Z'}), '08:00-10:00', 'paid')
    const postConstruction = await book(postConstructionBooking({email: 'post@example.com'}), '10:00-12:00', 'paid')
    const carpet = await book(carpetBooking({email: 'carpet@example.com', phone: '2065550199'}), '12:00-14:00', 'paid')
    const exterior = await book(exteriorBooking({email: 'exterior@example.com'}), '10:00-12:00', 'paid')
    const visit = await book(houseBooking(), '08:00-10:00', 'plan_visit')
    await database.db.query(`update public.booking_plans set sms_consent_at = '2026-11-01T00:00:00Z' where id = (select plan_id from public.bookings where id = $1)`, [visit.id])

    const text = await new Response(bookingsCsvStream(deps, parseBookingFilter(new URLSearchParams('sort=created_asc')))).text()
    const [header, ...records] = readCsv(text.replace(/^\uFEFF/, ''))
    expect(header).toEqual(CSV_COLUMNS.map((column) => BOOKING_LIST_WORDS.csvColumns[column]))
    const row = (booking: StoredBooking) => {
      const record = records.find((cells) => cells[CSV_COLUMNS.indexOf('id')] === booking.id)!
      return Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, record[index]]))
    }
    expect(row(house)).toMatchObject({
      category: 'House cleaning',
      service: 'Regular Cleaning',
      frequency: 'Every Other Week',
      plan: '',
      phone: '(425) 555-0142',
      textsConsent: 'Yes',
      bedrooms: '3',
      bathrooms: '2',
      halfBaths: '1',
      dens: '1',
      timeRequired: '',
      rooms: '',
      staircases: '',
      extras: 'Extra Heavy Duty × 1, Blinds × 2, Oven × 1',
      total: '219.17',
      tip: '28.59',
      parking: '10',
      discount: '10',
      coupon: 'save10',
    })
    expect(row(postConstruction)).toMatchObject({timeRequired: '2 h 45 min', tip: '0', parking: '0', textsConsent: 'No'})
    // The phone as the site shows it (stored as its ten digits).
    expect(row(carpet)).toMatchObject({category: 'Carpet cleaning', phone: '(206) 555-0199', bedrooms: '', rooms: String(carpet.rooms), staircases: String(carpet.stairs), extras: expect.any(String)})
    expect(row(carpet).extras).not.toBe('')
    expect(row(exterior)).toMatchObject({category: 'Exterior cleaning', bedrooms: '', rooms: '', extras: ''})
    // A plan's later visit: its number, the plan's frequency and status; the plan's texts consent.
    expect(row(visit)).toMatchObject({plan: 'Visit 2 · Weekly · active', textsConsent: 'Yes'})
  })
})

describe('on Supabase (supabase-js rpc against the Data API stand-in)', () => {
  it('answers the schedule, the list and the export as the embedded database does', async () => {
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-lists'
    const postgrest = await startPostgrestStandIn(database.db, {keys: {[key]: 'service_role'}, exposedTables: ['bookings']})
    try {
      const zoe = await book(houseBooking({firstName: 'Zoë', lastName: 'Ångström', amountCents: 12345}), '08:00-10:00', 'paid')
      const rpc: OfficeListDeps = {...deps, functions: createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))}
      expect(await readSchedule(rpc, scheduleRange({date: DAY}, NOW))).toEqual(await readSchedule(deps, scheduleRange({date: DAY}, NOW)))
      const found = await searchBookings(rpc, parseBookingFilter(new URLSearchParams('q=zoë')))
      expect(found.total).toBe(1)
      expect(found.bookings[0]).toEqual(zoe)
      const csv = await new Response(bookingsCsvStream(rpc, parseBookingFilter(new URLSearchParams('')))).text()
      expect(csv).toBe(await new Response(bookingsCsvStream(deps, parseBookingFilter(new URLSearchParams('')))).text())
    } finally {
      await postgrest.close()
    }
  })
})
