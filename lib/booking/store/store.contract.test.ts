import {randomUUID} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {PGlite} from '@electric-sql/pglite'
import {createClient} from '@supabase/supabase-js'
import {describe, expect, it} from 'vitest'
import {toInsertRow} from './mapping'
import {applyMigrations, migrationFiles} from '../../database/migrations'
import {openPgliteDatabase} from '../../database/pglite'
import {openMigratedMemoryDatabase, openMigratedWorkerDatabase} from '../../database/test-support/temp-pglite'
import {createSqlBookingStore, type SqlClient} from './sql-store'
import {BookingStoreError, WindowFullError, type BookingStore} from './store'
import {createSupabaseBookingStore} from './supabase-store'
import {carpetBooking, commercialBooking, expectedStored, exteriorBooking, houseBooking, postConstructionBooking} from './test-support/fixtures'
import {findPostgresTools, startMigratedCluster} from '../../database/test-support/postgres-cluster'
import {openPostgrestOnPglite, type PostgrestStandIn} from '../../database/test-support/postgrest'
import {openedForTests} from '../../database/test-support/opened-for-tests'

/**
 * One contract, three stores: the SQL adapter on PGlite (the embedded default), the same adapter on
 * a real PostgreSQL server (a throwaway cluster, when initdb is installed), and the Supabase
 * adapter through supabase-js against a local PostgREST stand-in backed by PGlite.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const SETUP_TIMEOUT = 60_000

type Harness = {
  store: BookingStore
  /** Direct SQL on the database behind the store, as its owner. */
  sql: SqlClient
  close(): Promise<void>
}

function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix))
}

async function countWhere(sql: SqlClient, condition: string, params: unknown[]): Promise<number> {
  const {rows} = await sql.query<{n: number}>(`select count(*)::int as n from public.bookings where ${condition}`, params)
  return rows[0].n
}

function storeContract(setup: () => Promise<Harness>) {
  const h = openedForTests(setup, SETUP_TIMEOUT)

  it('creates a pending booking with a random UUID id', async () => {
    const input = commercialBooking()
    const {booking, created} = await h.store.createPending(input)
    expect(created).toBe(true)
    expect(booking.id).toMatch(UUID)
    expect(booking.paymentStatus).toBe('pending')
    expect(booking.createdAt).toMatch(ISO_TIME)
    expect(Math.abs(Date.parse(booking.createdAt) - Date.now())).toBeLessThan(60_000)
  })

  it.each([
    ['a full house booking (extras and instructions objects)', houseBooking],
    ['a post-construction booking (hours and minutes)', postConstructionBooking],
    ['a carpet booking (location, date, coupon; instructions as text)', carpetBooking],
    ['an exterior booking ({keyInfo} instructions)', exteriorBooking],
    ['a commercial booking (sub-service, date, location)', commercialBooking],
  ])('keeps every field of %s', async (_name, make) => {
    const input = make()
    const {booking} = await h.store.createPending(input)
    const expected = expectedStored(input, {id: expect.stringMatching(UUID), createdAt: expect.stringMatching(ISO_TIME)})
    expect(booking).toEqual(expected)
    expect(await h.store.findById(booking.id)).toEqual(booking)
  })

  it('keeps text exactly, quotes and all', async () => {
    const notes = `It's "fine" \\ 100% ; drop table bookings; -- \n second line\ttab 🧹`
    const {booking} = await h.store.createPending(houseBooking({notes, lastName: "D'Arcy"}))
    expect((await h.store.findById(booking.id))?.notes).toBe(notes)
  })

  it('returns the same booking for the same idempotency key, and stores one row', async () => {
    const input = houseBooking()
    const first = await h.store.createPending(input)
    const second = await h.store.createPending({...input, notes: 'sent again'})
    expect(first.created).toBe(true)
    expect(second.created).toBe(false)
    expect(second.booking).toEqual(first.booking)
    expect(await countWhere(h.sql, 'idempotency_key = $1', [input.idempotencyKey])).toBe(1)
  })

  it('stores one booking when the same submission arrives five times at once', async () => {
    for (let round = 0; round < 5; round++) {
      const input = carpetBooking()
      const results = await Promise.all(Array.from({length: 5}, () => h.store.createPending({...input})))
      expect(new Set(results.map((result) => result.booking.id)).size).toBe(1)
      expect(results.filter((result) => result.created)).toHaveLength(1)
      expect(await countWhere(h.sql, 'idempotency_key = $1', [input.idempotencyKey])).toBe(1)
    }
  })

  describe('arrival windows: a place each, never more than the capacity', () => {
    let day = 0
    /** A window of its own for each test: a fresh date. */
    function windowBooking(make: typeof houseBooking, holdExpiresAt = '2031-01-01T00:30:00.000Z') {
      const date = `2031-03-${String(++day).padStart(2, '0')}`
      return (overrides: Parameters<typeof houseBooking>[0] = {}) =>
        make({date, arrivalWindow: '08:00-10:00', serviceFamily: make === exteriorBooking ? 'exterior' : 'indoor', windowStartsAt: `${date}T15:00:00.000Z`, holdExpiresAt, ...overrides})
    }
    const NOW = new Date('2031-01-01T00:00:00Z')

    it('takes bookings up to the capacity and refuses the next with WindowFullError, storing nothing', async () => {
      const book = windowBooking(houseBooking)
      for (let n = 0; n < 3; n++) expect((await h.store.createPending(book(), {capacity: 3, now: NOW})).created).toBe(true)
      const refused = book()
      await expect(h.store.createPending(refused, {capacity: 3, now: NOW})).rejects.toBeInstanceOf(WindowFullError)
      expect(await countWhere(h.sql, 'idempotency_key = $1', [refused.idempotencyKey])).toBe(0)
      // The same submission again still answers its booking, full window or not.
      const first = book()
      const again = windowBooking(houseBooking)
      const stored = await h.store.createPending(again({idempotencyKey: first.idempotencyKey}), {capacity: 1, now: NOW})
      expect((await h.store.createPending(again({idempotencyKey: first.idempotencyKey}), {capacity: 1, now: NOW})).booking).toEqual(stored.booking)
    })

    it('50 requests at once for a window with room for 3: exactly 3 bookings, 47 refusals', async () => {
      const book = windowBooking(houseBooking)
      const results = await Promise.allSettled(Array.from({length: 50}, () => h.store.createPending(book(), {capacity: 3, now: NOW})))
      expect(results.filter((result) => result.status === 'fulfilled' && result.value.created)).toHaveLength(3)
      const refusals = results.filter((result) => result.status === 'rejected')
      expect(refusals).toHaveLength(47)
      expect(refusals.every((result) => (result as PromiseRejectedResult).reason instanceof WindowFullError)).toBe(true)
      expect(await countWhere(h.sql, 'date = $1 and arrival_window = $2', [book().date, '08:00-10:00'])).toBe(3)
    })

    it('house and carpet share the indoor crews; exterior has its own', async () => {
      const house = windowBooking(houseBooking)
      const date = house().date as string
      await h.store.createPending(house(), {capacity: 2, now: NOW})
      await h.store.createPending(carpetBooking({date, arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: `${date}T15:00:00.000Z`, holdExpiresAt: '2031-01-01T00:30:00.000Z'}), {capacity: 2, now: NOW})
      await expect(h.store.createPending(house(), {capacity: 2, now: NOW})).rejects.toBeInstanceOf(WindowFullError)
      const exterior = exteriorBooking({date, arrivalWindow: '08:00-10:00', serviceFamily: 'exterior', windowStartsAt: `${date}T15:00:00.000Z`, holdExpiresAt: '2031-01-01T00:30:00.000Z'})
      expect((await h.store.createPending(exterior, {capacity: 1, now: NOW})).created).toBe(true)
      expect(await h.store.placesTaken('indoor', date, date, NOW)).toEqual(new Map([[`${date} 08:00-10:00`, 2]]))
      expect(await h.store.placesTaken('exterior', date, date, NOW)).toEqual(new Map([[`${date} 08:00-10:00`, 1]]))
    })

    it('an expired or cancelled checkout frees its place; a paid booking keeps it after its hold', async () => {
      const book = windowBooking(houseBooking)
      const date = book().date as string
      const held = (await h.store.createPending(book(), {capacity: 1, now: NOW})).booking
      await expect(h.store.createPending(book(), {capacity: 1, now: NOW})).rejects.toBeInstanceOf(WindowFullError)
      // The hold ends with the checkout (30 minutes here): the place is free again.
      const later = new Date('2031-01-01T00:30:01Z')
      expect(await h.store.placesTaken('indoor', date, date, later)).toEqual(new Map())
      const second = (await h.store.createPending(book({holdExpiresAt: '2031-01-01T01:00:01.000Z'}), {capacity: 1, now: later})).booking
      expect(await h.store.markClosed(second.id, 'cancelled')).toBe('changed')
      const third = (await h.store.createPending(book({holdExpiresAt: '2031-01-01T01:00:01.000Z'}), {capacity: 1, now: later})).booking
      await h.store.markPaid(third.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: later})
      const muchLater = new Date('2031-01-02T00:00:00Z')
      await expect(h.store.createPending(book(), {capacity: 1, now: muchLater})).rejects.toBeInstanceOf(WindowFullError)
      expect(await h.store.placesTaken('indoor', date, date, muchLater)).toEqual(new Map([[`${date} 08:00-10:00`, 1]]))
      expect((await h.store.findById(held.id))?.paymentStatus).toBe('pending')
    })
  })

  describe("the customer's changes through the manage link", () => {
    let day = 0
    const NOW = new Date('2031-01-01T00:00:00Z')
    const terms = {noticeHours: 24, now: NOW, emails: [], linkGeneration: 0}
    async function paidInWindow() {
      const date = `2031-05-${String(++day).padStart(2, '0')}`
      const {booking} = await h.store.createPending(
        houseBooking({date, arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: `${date}T15:00:00.000Z`, holdExpiresAt: '2031-01-01T00:30:00.000Z'}),
        {capacity: 100, now: NOW},
      )
      await h.store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: NOW})
      return booking
    }
    const to = (date: string, capacity = 5) => ({date, arrivalWindow: '12:00-14:00', windowStartsAt: `${date}T20:00:00.000Z`, capacity})

    it('moves a paid booking into a window with room, records the change, and refuses a full one', async () => {
      const booking = await paidInWindow()
      const target = `2031-06-${String(day).padStart(2, '0')}`
      expect(await h.store.reschedule(booking.id, to(target), terms)).toBe('moved')
      expect(await h.store.findById(booking.id)).toMatchObject({date: target, arrivalWindow: '12:00-14:00', windowStartsAt: `${target}T20:00:00.000Z`})
      expect(await h.store.changesOf(booking.id)).toEqual([
        {kind: 'rescheduled', fromDate: booking.date, fromWindow: '08:00-10:00', toDate: target, toWindow: '12:00-14:00', changedAt: NOW.toISOString()},
      ])
      // The move issued the next link generation: a change made with the link before it is refused.
      expect((await h.store.findById(booking.id))?.manageLinkGeneration).toBe(1)
      expect(await h.store.reschedule(booking.id, to(target), terms)).toBe('link_replaced')
      expect(await h.store.reschedule(booking.id, to(target), {...terms, linkGeneration: 1})).toBe('same')
      const other = await paidInWindow()
      expect(await h.store.reschedule(other.id, to(target, 1), terms)).toBe('full')
      expect(await h.store.findById(other.id)).toMatchObject({date: other.date, arrivalWindow: '08:00-10:00'})
    })

    it('refuses inside the notice, an unpaid or unknown booking, and after a cancellation request', async () => {
      const booking = await paidInWindow()
      const late = {...terms, now: new Date(Date.parse(booking.windowStartsAt!) - 23 * 3_600_000)}
      expect(await h.store.reschedule(booking.id, to('2031-07-01'), late)).toBe('too_late')
      expect(await h.store.requestCancellation(booking.id, late)).toBe('too_late')
      const {booking: pending} = await h.store.createPending(houseBooking())
      expect(await h.store.reschedule(pending.id, to('2031-07-01'), terms)).toBe('not_paid')
      expect(await h.store.reschedule(randomUUID(), to('2031-07-01'), terms)).toBe('not_found')
      expect(await h.store.requestCancellation('not-a-uuid', terms)).toBe('not_found')

      expect(await h.store.requestCancellation(booking.id, terms)).toBe('requested')
      const next = {...terms, linkGeneration: 1}
      expect(await h.store.requestCancellation(booking.id, terms)).toBe('link_replaced')
      expect(await h.store.requestCancellation(booking.id, next)).toBe('cancellation_requested')
      expect(await h.store.reschedule(booking.id, to('2031-07-01'), next)).toBe('cancellation_requested')
      expect((await h.store.findById(booking.id))?.cancellationRequestedAt).toBe(NOW.toISOString())
      expect((await h.store.changesOf(booking.id)).map((change) => change.kind)).toEqual(['cancellation_requested'])
    })

    it('a change with a replaced link changes nothing; one link racing with itself makes one change', async () => {
      const booking = await paidInWindow()
      const target = `2031-06-${String(day).padStart(2, '0')}`
      const outcomes = await Promise.all([
        h.store.reschedule(booking.id, to(target), terms),
        h.store.requestCancellation(booking.id, terms),
        h.store.reschedule(booking.id, to('2031-07-02'), terms),
      ])
      expect(outcomes.filter((outcome) => outcome === 'link_replaced')).toHaveLength(2)
      expect((await h.store.findById(booking.id))?.manageLinkGeneration).toBe(1)
      expect(await h.store.changesOf(booking.id)).toHaveLength(1)
      const stored = await h.store.findById(booking.id)
      expect(await h.store.reschedule(booking.id, to('2031-07-03'), terms)).toBe('link_replaced')
      expect(await h.store.requestCancellation(booking.id, terms)).toBe('link_replaced')
      expect(await h.store.findById(booking.id)).toEqual(stored)
      expect(await h.store.changesOf(booking.id)).toHaveLength(1)
      // A link of a generation never issued is refused too.
      expect(await h.store.requestCancellation(booking.id, {...terms, linkGeneration: 5})).toBe('link_replaced')
    })

    it('ten bookings moving into a window with room for 2 at once: exactly 2 move', async () => {
      const bookings = await Promise.all(Array.from({length: 10}, () => paidInWindow()))
      const outcomes = await Promise.all(bookings.map((booking) => h.store.reschedule(booking.id, to('2031-08-01', 2), terms)))
      expect(outcomes.filter((outcome) => outcome === 'moved')).toHaveLength(2)
      expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(8)
      expect(await countWhere(h.sql, 'date = $1 and arrival_window = $2', ['2031-08-01', '12:00-14:00'])).toBe(2)
    })
  })

  it('keeps different submissions apart', async () => {
    const [a, b] = await Promise.all([h.store.createPending(houseBooking()), h.store.createPending(houseBooking())])
    expect(a.booking.id).not.toBe(b.booking.id)
    expect(a.created && b.created).toBe(true)
  })

  it('marks a pending booking paid once', async () => {
    const {booking} = await h.store.createPending(houseBooking())
    const paidAt = new Date('2030-02-20T18:30:15.123Z')
    expect(await h.store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt})).toBe('changed')
    const paid = await h.store.findById(booking.id)
    expect(paid).toMatchObject({paymentStatus: 'paid', paidAt: paidAt.toISOString()})
    expect(paid?.updatedAt).toMatch(ISO_TIME)

    // The webhook and the success page both confirming, or the same event twice: nothing changes.
    expect(await h.store.markPaid(booking.id, {sessionId: paid!.paymentSessionId!, paidAt: new Date()})).toBe('unchanged')
    expect(await h.store.findById(booking.id)).toEqual(paid)
  })

  it('does not close a paid booking', async () => {
    const {booking} = await h.store.createPending(exteriorBooking())
    await h.store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: new Date()})
    for (const status of ['cancelled', 'expired', 'failed'] as const) {
      expect(await h.store.markClosed(booking.id, status)).toBe('unchanged')
    }
    expect((await h.store.findById(booking.id))?.paymentStatus).toBe('paid')
  })

  it.each(['cancelled', 'expired', 'failed'] as const)('closes a pending booking as %s, once, and never pays it afterwards', async (status) => {
    const {booking} = await h.store.createPending(commercialBooking())
    expect(await h.store.markClosed(booking.id, status)).toBe('changed')
    expect(await h.store.markClosed(booking.id, status)).toBe('unchanged')
    expect(await h.store.markClosed(booking.id, status === 'expired' ? 'cancelled' : 'expired')).toBe('unchanged')
    expect(await h.store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: new Date()})).toBe('unchanged')
    const closed = await h.store.findById(booking.id)
    expect(closed).toMatchObject({paymentStatus: status, paidAt: null})
  })

  it('hands out the right to ask the payment provider about a pending booking once per interval, never for a final one', async () => {
    const at = (seconds: number) => new Date(Date.parse('2030-02-20T18:00:00Z') + seconds * 1000)
    const {booking} = await h.store.createPending(commercialBooking())
    // No checkout session yet: nothing to ask about.
    expect(await h.store.claimPaymentCheck(booking.id, {intervalSeconds: 10, now: at(0)})).toBe(false)
    await h.store.attachPaymentSession(booking.id, {provider: 'stripe', sessionId: `cs_test_${randomUUID()}`})
    // Five servers asking at once: one may.
    const racing = await Promise.all(Array.from({length: 5}, () => h.store.claimPaymentCheck(booking.id, {intervalSeconds: 10, now: at(0)})))
    expect(racing.filter(Boolean)).toHaveLength(1)
    expect(await h.store.claimPaymentCheck(booking.id, {intervalSeconds: 10, now: at(9)})).toBe(false)
    expect(await h.store.claimPaymentCheck(booking.id, {intervalSeconds: 10, now: at(10)})).toBe(true)
    expect(await h.store.claimPaymentCheck(booking.id, {intervalSeconds: 10, now: at(11)})).toBe(false)
    await h.store.markClosed(booking.id, 'expired')
    expect(await h.store.claimPaymentCheck(booking.id, {intervalSeconds: 10, now: at(100)})).toBe(false)
    // The row reads back as before: the check's time is no part of the booking.
    expect((await h.store.findById(booking.id))?.paymentStatus).toBe('expired')
    expect(await h.store.claimPaymentCheck(randomUUID(), {intervalSeconds: 10, now: at(0)})).toBe(false)
    expect(await h.store.claimPaymentCheck('not-a-uuid', {intervalSeconds: 10, now: at(0)})).toBe(false)
  })

  it('attaches a payment session and finds the booking by it', async () => {
    const {booking} = await h.store.createPending(carpetBooking())
    const sessionId = `cs_test_${randomUUID()}`
    expect(await h.store.attachPaymentSession(booking.id, {provider: 'stripe', sessionId})).toBe('changed')
    const found = await h.store.findBySessionId(sessionId)
    expect(found).toMatchObject({id: booking.id, paymentProvider: 'stripe', paymentSessionId: sessionId, paymentStatus: 'pending'})
    expect(await h.store.findBySessionId(`cs_test_${randomUUID()}`)).toBeNull()
    expect(await h.store.findBySessionId('')).toBeNull()

    // Paid with that session: still found by it; no other session can be attached any more.
    await h.store.markPaid(booking.id, {sessionId, paidAt: new Date()})
    expect((await h.store.findBySessionId(sessionId))?.paymentStatus).toBe('paid')
    expect(await h.store.attachPaymentSession(booking.id, {provider: 'stripe', sessionId: `cs_test_${randomUUID()}`})).toBe('unchanged')
    expect((await h.store.findById(booking.id))?.paymentSessionId).toBe(sessionId)
  })

  it('answers null or unchanged for unknown and malformed ids, never throwing', async () => {
    const malformed = ['', 'not-a-uuid', '123', `${randomUUID()}x`, "' or 1=1 --", '00000000-0000-0000-0000-00000000000g']
    expect(await h.store.findById(randomUUID())).toBeNull()
    for (const id of malformed) {
      expect(await h.store.findById(id)).toBeNull()
      expect(await h.store.markPaid(id, {sessionId: 'cs_x', paidAt: new Date()})).toBe('unchanged')
      expect(await h.store.markClosed(id, 'cancelled')).toBe('unchanged')
      expect(await h.store.attachPaymentSession(id, {provider: 'stripe', sessionId: 'cs_x'})).toBe('unchanged')
    }
    expect(await h.store.markPaid(randomUUID(), {sessionId: 'cs_y', paidAt: new Date()})).toBe('unchanged')
  })

  it("refuses a total below the card provider's minimum, and stores nothing", async () => {
    const input = commercialBooking({amountCents: 49})
    await expect(h.store.createPending(input)).rejects.toBeInstanceOf(BookingStoreError)
    expect(await countWhere(h.sql, 'idempotency_key = $1', [input.idempotencyKey])).toBe(0)
    await expect(h.store.createPending(commercialBooking({idempotencyKey: 'not-a-uuid'}))).rejects.toBeInstanceOf(BookingStoreError)
  })

  it('has row level security on, no policy, and nothing granted to anon or authenticated', async () => {
    const {rows: [table]} = await h.sql.query<{relrowsecurity: boolean}>(
      `select relrowsecurity from pg_class where oid = 'public.bookings'::regclass`,
    )
    expect(table.relrowsecurity).toBe(true)
    const {rows: policies} = await h.sql.query(`select 1 from pg_policies where schemaname = 'public' and tablename = 'bookings'`)
    expect(policies).toHaveLength(0)
    const {rows: [privileges]} = await h.sql.query<Record<string, boolean>>(`select
      has_table_privilege('anon', 'public.bookings', 'select') as anon_select,
      has_table_privilege('anon', 'public.bookings', 'insert') as anon_insert,
      has_table_privilege('anon', 'public.bookings', 'update') as anon_update,
      has_table_privilege('authenticated', 'public.bookings', 'select') as authenticated_select,
      has_table_privilege('authenticated', 'public.bookings', 'insert') as authenticated_insert,
      has_table_privilege('service_role', 'public.bookings', 'select') as service_select,
      has_table_privilege('service_role', 'public.bookings', 'insert') as service_insert,
      has_table_privilege('service_role', 'public.bookings', 'update') as service_update,
      has_table_privilege('service_role', 'public.bookings', 'delete') as service_delete`)
    expect(privileges).toEqual({
      anon_select: false,
      anon_insert: false,
      anon_update: false,
      authenticated_select: false,
      authenticated_insert: false,
      service_select: true,
      service_insert: true,
      service_update: true,
      service_delete: false,
    })
    const {rows: [index]} = await h.sql.query<{n: number}>(
      `select count(*)::int as n from pg_indexes where tablename = 'bookings' and indexdef like '%(created_at)%'`,
    )
    expect(index.n).toBe(1)
  })
}

function pgliteClient(db: PGlite): SqlClient {
  return db
}

describe('booking store on PGlite (the embedded default)', () => {
  storeContract(async () => {
    const db = await openMigratedMemoryDatabase()
    return {
      store: createSqlBookingStore(db),
      sql: pgliteClient(db),
      async close() {
        await db.close()
      },
    }
  })

  it('applies each migration file once, also when opened again', async () => {
    const dir = tempDir('bookings-pglite-reopen-')
    try {
      let db = await openPgliteDatabase(dir)
      const {booking} = await createSqlBookingStore(db).createPending(houseBooking())
      await db.close()
      db = await openPgliteDatabase(dir)
      const {rows} = await db.query<{name: string}>('select name from public.schema_migrations order by name')
      expect(rows.map((row) => row.name)).toEqual(migrationFiles())
      expect(await applyMigrations(db)).toEqual([])
      expect((await createSqlBookingStore(db).findById(booking.id))?.id).toBe(booking.id)
      await db.close()
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  }, SETUP_TIMEOUT)
})

describe('booking store on PGlite in its worker thread (as the server runs it)', () => {
  storeContract(async () => {
    const db = await openMigratedWorkerDatabase()
    return {store: createSqlBookingStore(db), sql: db, close: () => db.close()}
  })
})

const postgresTools = findPostgresTools()
if ('missing' in postgresTools) {
  console.warn(`Skipping the booking store contract tests on a real PostgreSQL server: ${postgresTools.missing}.`)
} else {
  console.info(`Booking store contract tests on a real PostgreSQL server: ${postgresTools.description}.`)
}

describe.skipIf('missing' in postgresTools)('booking store on a real PostgreSQL server (throwaway cluster)', () => {
  storeContract(async () => {
    if ('missing' in postgresTools) throw new Error(postgresTools.missing)
    const database = await startMigratedCluster(postgresTools)
    const {sql} = database
    return {store: createSqlBookingStore(sql), sql, close: database.close}
  })

})

describe('booking store on Supabase (supabase-js against a PostgREST stand-in)', () => {
  const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.service-role-test'
  const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.anon-test'
  let postgrest: PostgrestStandIn

  storeContract(async () => {
    const supabase = await openPostgrestOnPglite({keys: {[SERVICE_ROLE_KEY]: 'service_role', [ANON_KEY]: 'anon'}, exposedTables: ['bookings']})
    postgrest = supabase.postgrest
    return {store: createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY}), sql: pgliteClient(supabase.db), close: supabase.close}
  })

  function lastRequest(method: string) {
    const request = postgrest.requests.findLast((r) => r.method === method)
    if (!request) throw new Error(`no ${method} request`)
    return request
  }

  function expectServiceRoleHeaders(request: {headers: Record<string, unknown>}) {
    expect(request.headers.apikey).toBe(SERVICE_ROLE_KEY)
    expect(request.headers.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
  }

  it('creates through the database function create_pending_booking (POST /rpc), then reads it back through booking_by_id', async () => {
    const input = houseBooking({arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: '2030-02-28T16:00:00.000Z', holdExpiresAt: '2030-01-01T00:30:00.000Z'})
    const now = new Date('2030-01-01T00:00:00Z')
    postgrest.requests.length = 0
    const {booking, created} = await createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY}).createPending(input, {capacity: 3, now})
    expect(created).toBe(true)
    const [post, get] = postgrest.requests
    expect(post.method).toBe('POST')
    expect(post.path).toBe('/rest/v1/rpc/create_pending_booking')
    expect(post.headers['content-type']).toMatch(/^application\/json/)
    expectServiceRoleHeaders(post)
    expect(post.body).toEqual({p_booking: toInsertRow(input), p_capacity: 3, p_now: now.toISOString()})
    expect(post.body).toMatchObject({p_booking: {idempotency_key: input.idempotencyKey, first_name: 'Ada', half_bath: 1, parking_fee: '$10', amount: '219.17', amount_cents: 21917, arrival_window: '08:00-10:00'}})
    expect(get.method).toBe('POST')
    expect(get.path).toBe('/rest/v1/rpc/booking_by_id')
    expect(get.body).toEqual({p_id: booking.id})
    expectServiceRoleHeaders(get)
  })

  it('answers the booking stored first when the key was used before', async () => {
    const input = carpetBooking()
    const store = createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY})
    const first = await store.createPending(input)
    postgrest.requests.length = 0
    const again = await store.createPending(input)
    expect(again).toEqual({booking: first.booking, created: false})
    expect(postgrest.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /rest/v1/rpc/create_pending_booking', 'POST /rest/v1/rpc/booking_by_id'])
  })

  it('closes a booking with a PATCH filtered on id and payment_status=pending', async () => {
    const store = createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY})
    const {booking} = await store.createPending(exteriorBooking())
    postgrest.requests.length = 0
    await store.markClosed(booking.id, 'expired')
    const patch = lastRequest('PATCH')
    expect(patch.path).toBe('/rest/v1/bookings')
    expect(patch.query.get('id')).toBe(`eq.${booking.id}`)
    expect(patch.query.get('payment_status')).toBe('eq.pending')
    expect(patch.query.get('select')).toBe('id')
    expect(patch.prefer).toContain('return=representation')
    expect(patch.body).toEqual({payment_status: 'expired', updated_at: expect.stringMatching(ISO_TIME)})
    expectServiceRoleHeaders(patch)
  })

  it('pays a booking through the database function mark_booking_paid, one transaction with its e-mails', async () => {
    const store = createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY})
    const {booking} = await store.createPending(exteriorBooking())
    postgrest.requests.length = 0
    const paidAt = new Date('2030-01-02T03:04:05.678Z')
    expect(await store.markPaid(booking.id, {sessionId: 'cs_test_wire', paidAt})).toBe('changed')
    const call = lastRequest('POST')
    expect(call.path).toBe('/rest/v1/rpc/mark_booking_paid')
    expect(call.body).toEqual({p_id: booking.id, p_session_id: 'cs_test_wire', p_paid_at: paidAt.toISOString(), p_emails: []})
    expectServiceRoleHeaders(call)
    expect(await store.markPaid(booking.id, {sessionId: 'cs_test_wire', paidAt})).toBe('unchanged')
  })

  it('cannot read or write bookings with the public (anon) key', async () => {
    const {booking} = await createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY}).createPending(houseBooking())
    const anon = createClient(postgrest.url, ANON_KEY, {auth: {persistSession: false, autoRefreshToken: false}})
    const read = await anon.from('bookings').select('*').eq('id', booking.id)
    expect(read.error?.code).toBe('42501')
    expect(read.status).toBe(401)
    const write = await anon.from('bookings').insert(toInsertRow(houseBooking()))
    expect(write.error?.code).toBe('42501')
    const update = await anon.from('bookings').update({payment_status: 'paid'}).eq('id', booking.id)
    expect(update.error?.code).toBe('42501')
    const anonStore = createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: ANON_KEY})
    await expect(anonStore.findById(booking.id)).rejects.toThrow(/permission denied/)
  })

  it('reports a wrong key as an error', async () => {
    const store = createSupabaseBookingStore({url: postgrest.url, serviceRoleKey: 'wrong-key'})
    await expect(store.createPending(houseBooking())).rejects.toThrow(/Invalid API key/)
  })
})

