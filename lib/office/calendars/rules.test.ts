import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import ICAL from 'ical.js'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import type {BookingStore, NewBooking} from '../../booking/store/store'
import {exteriorBooking, houseBooking} from '../../booking/store/test-support/fixtures'
import {bookingReference} from '../../booking/stored'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openMigratedMemoryDatabase, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {companyLocalTimeToDate} from '../../company-time'
import {createDatabaseRateLimiter} from '../../rate-limit/database'
import {TEST_KEY_SECRET} from '../../rate-limit/test-support/limiters'
import {databaseCrewCalendarStore} from './store'
import {handedOverAddress, makeAddressAction, revokeAddressAction, NEW_ADDRESS_COOKIE} from './routes'
import {
  answerCrewCalendar,
  calendarTokenHash,
  isWorkingAddress,
  makeCrewCalendarAddress,
  type CrewCalendarFeedDeps,
  type CrewCalendarStore,
} from './rules'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The crews' calendars on the embedded database with every migration: staff make an address, a
 * phone reads the feed (parsed with ical.js as calendar apps parse it), the customer moves a booking
 * through reschedule_booking, the office cancels one, staff revoke the address.
 */

// Friday 10 January 2031, 10:00 in Renton (PST).
const NOW = new Date('2031-01-10T18:00:00Z')
const SITE = 'https://cedar-river.example'

let db: PGlite
let bookings: BookingStore
let calendars: CrewCalendarStore
let staff: {id: string; name: string}
let clock = NOW

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  const functions = createSqlDatabaseFunctions(db)
  bookings = createSqlBookingStore(db)
  calendars = databaseCrewCalendarStore(functions)
  const {rows} = await db.query<{id: string}>(`insert into public.staff (name, email, role) values ('Dana Staff', 'dana@office.test', 'office') returning id`)
  staff = {id: rows[0].id, name: 'Dana Staff'}
})

afterAll(async () => {
  await db?.close()
})

function feedDeps(overrides: Partial<CrewCalendarFeedDeps> = {}): CrewCalendarFeedDeps {
  return {
    store: async () => calendars,
    limiter: createDatabaseRateLimiter(createSqlDatabaseFunctions(db), {name: `crew-calendar-${randomUUID()}`, limit: 1000, windowSeconds: 60, keySecret: async () => TEST_KEY_SECRET}),
    clientKey: () => '203.0.113.7',
    now: () => clock,
    siteUrl: SITE,
    companyName: async () => 'Cedar River Cleaning Co.',
    horizonDays: async () => 90,
    ...overrides,
  }
}

async function read(token: string, deps = feedDeps()): Promise<Response> {
  return answerCrewCalendar(new Request(`${SITE}/crew-calendars/${token}`), token, deps)
}

async function feed(token: string): Promise<ICAL.Component[]> {
  const response = await read(token)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  const calendar = new ICAL.Component(ICAL.parse(await response.text()))
  return calendar.getAllSubcomponents('vevent')
}

function eventOf(events: ICAL.Component[], bookingId: string): ICAL.Component | undefined {
  return events.find((event) => String(event.getFirstPropertyValue('uid')).includes(bookingId))
}

/** The instant a window starts, as the booking flow stores it (the offset of that day in Renton). */
function startsAt(date: string, time: string): string {
  return (companyLocalTimeToDate(`${date}T${time}`) as Date).toISOString()
}

async function paid(make: (overrides: Partial<NewBooking>) => NewBooking, date: string, window: string, overrides: Partial<NewBooking> = {}) {
  const family = make({}).industry === 'exterior' ? 'exterior' : make({}).industry === 'commercial' ? 'commercial' : 'indoor'
  const {booking} = await bookings.createPending(
    make({date, arrivalWindow: window, serviceFamily: family, windowStartsAt: startsAt(date, window.slice(0, 5)), holdExpiresAt: new Date(NOW.getTime() + 1_800_000).toISOString(), ...overrides}),
    {capacity: 100, now: NOW},
  )
  await bookings.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: NOW})
  return booking
}

function startInRenton(event: ICAL.Component): string {
  const start = (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23'})
    .format(start)
    .replace(',', '')
}

describe("crews' calendars", () => {
  it("holds the crew's paid bookings (window, address, phone, key information, notes), and nothing of other crews, unpaid holds or long-past days", async () => {
    const {token, replaced} = await makeCrewCalendarAddress(calendars, 'indoor', staff, NOW)
    expect(replaced).toBe(false)
    const house = await paid(houseBooking, '2031-01-20', '08:00-10:00')
    const exterior = await paid(exteriorBooking, '2031-01-20', '08:00-10:00')
    const longAgo = await paid(houseBooking, '2030-11-01', '08:00-10:00')
    const {booking: unpaid} = await bookings.createPending(
      houseBooking({date: '2031-01-21', arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: startsAt('2031-01-21', '08:00'), holdExpiresAt: new Date(NOW.getTime() + 1_800_000).toISOString()}),
      {capacity: 100, now: NOW},
    )

    const events = await feed(token)
    const event = eventOf(events, house.id)
    expect(event).toBeDefined()
    expect(eventOf(events, exterior.id)).toBeUndefined()
    expect(eventOf(events, longAgo.id)).toBeUndefined()
    expect(eventOf(events, unpaid.id)).toBeUndefined()

    const e = event as ICAL.Component
    expect(startInRenton(e)).toBe('2031-01-20 08:00')
    expect((e.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe('2031-01-20T18:00:00.000Z')
    expect(e.getFirstPropertyValue('summary')).toBe(`${bookingReference(house.id)} House Cleaning – Regular Cleaning, Every Other Week`)
    expect(e.getFirstPropertyValue('location')).toBe('1200 Lake Washington Blvd N, Renton, WA 98056')
    expect(e.getFirstPropertyValue('status')).toBe('CONFIRMED')
    const description = String(e.getFirstPropertyValue('description'))
    expect(description).toContain('Phone: (425) 555-0142')
    expect(description).toContain("Customer: Ada O'Hara")
    expect(description).toContain('Arrival window: 8:00 AM – 10:00 AM (Renton time)')
    expect(description).toContain('How Will We Get Inside?: I will be Home')
    expect(description).toContain('Notes: Gate code 4321 — the dog is friendly. Ünïcödé ✓')
    expect(description).toContain(`${SITE}/office/bookings/${house.id}`)
    // What the customer paid is not the crew's business.
    expect(description).not.toContain('save10')

    // Only the token's fingerprint is kept, and the making is recorded with who did it.
    const stored = await db.query<{token_hash: string}>(`select token_hash from public.crew_calendar_tokens where crew = 'indoor' and revoked_at is null`)
    expect(stored.rows).toEqual([{token_hash: calendarTokenHash(token)}])
    expect(JSON.stringify((await db.query('select * from public.crew_calendar_tokens')).rows)).not.toContain(token)
    const audit = await db.query<{staff_name: string; action: string}>(`select staff_name, action from public.staff_actions where subject_kind = 'crew_calendar' and subject_id = 'indoor'`)
    expect(audit.rows).toContainEqual({staff_name: 'Dana Staff', action: 'address_made'})
    // The office sees that a calendar read it.
    expect((await calendars.addresses()).find((address) => address.crew === 'indoor')?.lastReadAt).toBe(NOW.toISOString())
  })

  it('carries no amount of money: no tip, no parking fee, no price, only where to park', async () => {
    const {token} = await makeCrewCalendarAddress(calendars, 'indoor', staff, NOW)
    const house = await paid(houseBooking, '2031-01-22', '10:00-12:00', {parkingFee: '$10', tip: '15%'})
    const response = await read(token)
    const text = await response.text()
    expect(text).toContain(bookingReference(house.id))
    expect(text).not.toMatch(/\$\s*\d/)
    const description = String(eventOf(await feed(token), house.id)!.getFirstPropertyValue('description'))
    expect(description).not.toMatch(/Parking: |Tip: /)
    expect(description).toMatch(/Where Can We Park\?: /)
  })

  it("reflects the customer's move (same UID, higher SEQUENCE, the new time, right across the clock change) and the office's cancellation (STATUS:CANCELLED, higher again)", async () => {
    const {token} = await makeCrewCalendarAddress(calendars, 'indoor', staff, NOW)
    const booking = await paid(houseBooking, '2031-02-03', '08:00-10:00')
    const before = eventOf(await feed(token), booking.id) as ICAL.Component
    const uid = before.getFirstPropertyValue('uid')
    const firstSequence = Number(before.getFirstPropertyValue('sequence') ?? 0)
    expect(startInRenton(before)).toBe('2031-02-03 08:00')

    // The customer moves it through the manage link (reschedule_booking), past the spring clock change (9 March 2031).
    const outcome = await bookings.reschedule(
      booking.id,
      {date: '2031-03-20', arrivalWindow: '12:00-14:00', windowStartsAt: startsAt('2031-03-20', '12:00'), capacity: 5},
      {noticeHours: 24, now: NOW, emails: [], linkGeneration: 0},
    )
    expect(outcome).toBe('moved')
    const moved = eventOf(await feed(token), booking.id) as ICAL.Component
    expect(moved.getFirstPropertyValue('uid')).toBe(uid)
    const movedSequence = Number(moved.getFirstPropertyValue('sequence'))
    expect(movedSequence).toBeGreaterThan(firstSequence)
    expect(startInRenton(moved)).toBe('2031-03-20 12:00')
    expect((moved.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2031-03-20T19:00:00.000Z')

    // The office cancels it (as the cancellation action writes it).
    clock = new Date('2031-01-11T17:00:00Z')
    await db.query('update public.bookings set cancelled_at = $2, refunded_cents = amount_cents where id = $1', [booking.id, clock.toISOString()])
    const cancelled = eventOf(await feed(token), booking.id) as ICAL.Component
    clock = NOW
    expect(cancelled.getFirstPropertyValue('uid')).toBe(uid)
    expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(Number(cancelled.getFirstPropertyValue('sequence'))).toBeGreaterThan(movedSequence)
    expect(String(cancelled.getFirstPropertyValue('summary'))).toMatch(/^Cancelled: /)
    expect(String(cancelled.getFirstPropertyValue('description'))).toContain('CANCELLED by the office on January 11, 2031')
  })

  it('counts a move whoever writes it, and nothing that leaves the visit as it was', async () => {
    const booking = await paid(houseBooking, '2031-02-04', '08:00-10:00')
    const sequence = async () => (await db.query<{s: number}>('select calendar_sequence as s from public.bookings where id = $1', [booking.id])).rows[0].s
    // Paying it changed no visit.
    expect(await sequence()).toBe(0)
    await db.query(`update public.bookings set cancellation_requested_at = now() where id = $1`, [booking.id])
    expect(await sequence()).toBe(0)
    // A staff move (any function writing the date and window) counts like the customer's.
    await db.query(`update public.bookings set date = '2031-02-05', window_starts_at = $2 where id = $1`, [booking.id, startsAt('2031-02-05', '08:00')])
    expect(await sequence()).toBe(1)
    await db.query(`update public.bookings set outcome = 'done', outcome_at = now() where id = $1`, [booking.id])
    expect(await sequence()).toBe(2)
  })

  it('answers 404 with nothing in it for a revoked, replaced, unknown or malformed token, privately and unindexed', async () => {
    const first = await makeCrewCalendarAddress(calendars, 'exterior', staff, NOW)
    expect((await read(first.token)).status).toBe(200)
    const second = await makeCrewCalendarAddress(calendars, 'exterior', staff, NOW)
    expect(second.replaced).toBe(true)
    // Making a new address cut the old one off.
    expect((await read(first.token)).status).toBe(404)
    expect((await read(second.token)).status).toBe(200)

    expect(await calendars.revokeAddress('exterior', staff, NOW)).toBe('revoked')
    expect(await calendars.revokeAddress('exterior', staff, NOW)).toBe('none')
    const revoked = await read(second.token)
    expect(revoked.status).toBe(404)
    const unknown = await read('abcdefghijklmnopqrstuvwxyz234567')
    const malformed = await read('..%2F..%2Fetc')
    for (const response of [revoked, unknown, malformed]) {
      expect(response.status).toBe(404)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('x-robots-tag')).toContain('noindex')
      expect(await response.text()).toBe('Not found\n')
    }
    const ok = await read((await makeCrewCalendarAddress(calendars, 'exterior', staff, NOW)).token)
    expect(ok.headers.get('cache-control')).toBe('private, no-store')
    expect(ok.headers.get('x-robots-tag')).toContain('noindex')
    const audit = await db.query<{action: string}>(`select action from public.staff_actions where subject_kind = 'crew_calendar' and subject_id = 'exterior' order by at, action`)
    expect(audit.rows.map((row) => row.action).sort()).toEqual(['address_made', 'address_made', 'address_made', 'address_revoked'])
  })

  it('turns away a client that reads too often (429 with Retry-After), before the token is looked up', async () => {
    const {token} = await makeCrewCalendarAddress(calendars, 'commercial', staff, NOW)
    const deps = feedDeps({
      limiter: createDatabaseRateLimiter(createSqlDatabaseFunctions(db), {name: `crew-calendar-${randomUUID()}`, limit: 2, windowSeconds: 600, keySecret: async () => TEST_KEY_SECRET}),
    })
    expect((await read(token, deps)).status).toBe(200)
    expect((await read('abcdefghijklmnopqrstuvwxyz234567', deps)).status).toBe(404)
    const refused = await read(token, deps)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('hands a new address over once, to the calendars page only, never in its address; revoking it ends the hand-over', async () => {
    const deps = {store: async () => calendars, now: () => NOW, siteUrl: SITE}
    const made = await makeAddressAction('commercial', staff, deps)
    expect(made.status).toBe(303)
    const location = made.headers.get('location') as string
    expect(location).toMatch(/^https:\/\/cedar-river\.example\/office\/calendars\?done=(made|replaced)&crew=commercial#new-address$/)
    const cookie = made.headers.get('set-cookie') as string
    expect(cookie).toMatch(new RegExp(`^${NEW_ADDRESS_COOKIE}=commercial\\.[a-z2-7]{32}; `))
    for (const flag of ['Path=/office/calendars', 'HttpOnly', 'SameSite=Strict', 'Secure', 'Max-Age=120']) expect(cookie).toContain(flag)
    const handed = handedOverAddress(cookie.split(';')[0].split('=')[1])
    expect(handed?.crew).toBe('commercial')
    const token = handed?.token as string
    expect(location).not.toContain(token)
    expect(isWorkingAddress(await calendars.addresses(), 'commercial', token)).toBe(true)
    expect((await read(token)).status).toBe(200)

    const revoked = await revokeAddressAction('commercial', staff, deps)
    expect(revoked.headers.get('location')).toBe(`${SITE}/office/calendars?done=revoked&crew=commercial`)
    expect(revoked.headers.get('set-cookie')).toMatch(new RegExp(`^${NEW_ADDRESS_COOKIE}=; Path=/office/calendars; Max-Age=0`))
    // A stale hand-over (another tab) is not shown once the address no longer works.
    expect(isWorkingAddress(await calendars.addresses(), 'commercial', token)).toBe(false)
    expect((await read(token)).status).toBe(404)

    const unknown = await makeAddressAction('estimate', staff, deps)
    expect(unknown.headers.get('location')).toBe(`${SITE}/office/calendars?problem=unknownCrew`)
    expect(unknown.headers.get('set-cookie')).toBeNull()
    expect(handedOverAddress('estimate.abcdefghijklmnopqrstuvwxyz234567')).toBeNull()
    expect(handedOverAddress('indoor.not-a-token')).toBeNull()
  })

  it('works alike on Supabase (supabase-js rpc against the PostgREST stand-in): make, read, revoke', async () => {
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.calendars-service-role'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: []})
    try {
      const viaRpc = databaseCrewCalendarStore(createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key})))
      const booking = await paid(houseBooking, '2031-02-06', '10:00-12:00')
      const {token} = await makeCrewCalendarAddress(viaRpc, 'indoor', staff, NOW)
      expect((await viaRpc.addresses()).find((address) => address.crew === 'indoor')).toMatchObject({tokenHash: calendarTokenHash(token), madeBy: 'Dana Staff', madeAt: NOW.toISOString()})
      const response = await answerCrewCalendar(new Request(`${SITE}/crew-calendars/${token}`), token, feedDeps({store: async () => viaRpc}))
      expect(response.status).toBe(200)
      const event = eventOf(new ICAL.Component(ICAL.parse(await response.text())).getAllSubcomponents('vevent'), booking.id) as ICAL.Component
      expect(startInRenton(event)).toBe('2031-02-06 10:00')
      expect(String(event.getFirstPropertyValue('description'))).toContain('Phone: (425) 555-0142')
      expect(await viaRpc.revokeAddress('indoor', staff, NOW)).toBe('revoked')
      expect(await viaRpc.readerOf(calendarTokenHash(token), NOW)).toBeNull()
    } finally {
      await postgrest.close()
    }
  })
})
