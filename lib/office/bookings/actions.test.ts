import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {manageBookingView, rescheduleFromLink} from '../../booking/manage'
import {manageLinkExpiry, signManageToken} from '../../booking/manage-link'
import {TEST_AVAILABILITY} from '../../booking/test-support/availability'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import type {BookingStore, NewBooking} from '../../booking/store/store'
import {commercialBooking, houseBooking} from '../../booking/store/test-support/fixtures'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createSupabaseBookingStore} from '../../booking/store/supabase-store'
import type {SqlClient} from '../../database/sql'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../../database/test-support/postgres-cluster'
import {openMigratedMemoryDatabase, openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {openedForTests} from '../../database/test-support/opened-for-tests'
import type {BookingMovedByOfficeFacts, BookingPaidFacts} from '../../email/queue'
import {insertPlanWithVisit} from '../../booking/plans/test-support/charge-fixtures'
import {addNote, markOutcome, moveBooking, moveOffer, resendConfirmation, type OfficeBookingDeps} from './actions'
import {bookingHistory, describeAction} from './page'
import {createOfficeBookingRecords} from './store'
import {bookingActionAnswer, setBookingRoutesLogger} from './routes'

/**
 * The office's actions on one booking against the real database functions (PGlite, and a real
 * PostgreSQL server for the race when initdb is installed): each change, its audit row naming the
 * staff member and its e-mail in one transaction; staff move within 24 hours, never into a full window.
 */

// 09:00 in Renton on Tuesday 4 March 2031 (PST, UTC−8).
const NOW = new Date('2031-03-04T17:00:00Z')
const SECRET = 'office-test-manage-link-secret-0123456789abcdef'

type Harness = {sql: SqlClient; store: BookingStore; deps: OfficeBookingDeps; ann: {id: string; name: string}; bo: {id: string; name: string}}

async function harness(sql: SqlClient, now = () => NOW): Promise<Harness> {
  const store = createSqlBookingStore(sql)
  const records = createOfficeBookingRecords(createSqlDatabaseFunctions(sql))
  const member = async (name: string) => {
    const {rows} = await sql.query<{id: string}>(`insert into public.staff (name, email, role) values ($1, $2, 'office') returning id`, [name, `${randomUUID()}@office.test`])
    return {id: rows[0].id, name}
  }
  return {sql, store, deps: {store, records, availability: async () => TEST_AVAILABILITY, now}, ann: await member('Ann Office'), bo: await member('Bo Desk')}
}

/** A paid booking in `window` on `date` (Renton), stored as the booking flow stores one. */
async function paidBooking(h: Harness, date: string, window = '08:00-10:00', make: (o: Partial<NewBooking>) => NewBooking = houseBooking): Promise<string> {
  const startsAt = new Date(`${date}T${window.slice(0, 5)}:00-08:00`).toISOString()
  const family = make({}).industry === 'commercial' ? 'commercial' : 'indoor'
  const {booking} = await h.store.createPending(
    make({date, arrivalWindow: window, serviceFamily: family, windowStartsAt: startsAt, holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString()}),
    {capacity: 100, now: NOW},
  )
  await h.store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: NOW})
  return booking.id
}

async function outbox(h: Harness, id: string): Promise<{template: string; to_address: string | null; payload: Record<string, unknown>}[]> {
  return (await h.sql.query<{template: string; to_address: string | null; payload: Record<string, unknown>}>(
    `select template, to_address, payload from public.email_outbox where payload ->> 'id' = $1 order by created_at`,
    [id],
  )).rows
}

async function actions(h: Harness, id: string): Promise<{staff_id: string; staff_name: string; action: string; before: unknown; after: unknown}[]> {
  return (await h.sql.query<{staff_id: string; staff_name: string; action: string; before: unknown; after: unknown}>(
    `select staff_id, staff_name, action, before, after from public.staff_actions where subject_kind = 'booking' and subject_id = $1 order by at`,
    [id],
  )).rows
}

describe('the office acts on one booking (PGlite)', () => {
  let db: PGlite
  let h: Harness
  beforeAll(async () => {
    db = await openMigratedMemoryDatabase()
    h = await harness(db)
  }, PGLITE_SETUP_TIMEOUT)
  afterAll(async () => {
    await db?.close()
  })

  it("moves a plan's visit waiting for its charge: its charge keeps its 48 hours before the new window", async () => {
    // Thursday 6 March 8–10 am (PST): charged 48 hours before, on the 4th at 16:00 UTC.
    const {visitId} = await insertPlanWithVisit(db, {date: '2031-03-06', windowStartsAt: '2031-03-06T16:00:00.000Z'})
    expect(await h.store.findById(visitId)).toMatchObject({paymentStatus: 'scheduled', chargeDueAt: '2031-03-04T16:00:00.000Z'})
    expect(await moveBooking(visitId, {date: '2031-03-07', arrivalWindow: '12:00-14:00'}, h.ann, h.deps)).toEqual({ok: true, done: 'moved'})
    expect(await h.store.findById(visitId)).toMatchObject({
      paymentStatus: 'scheduled',
      date: '2031-03-07',
      arrivalWindow: '12:00-14:00',
      windowStartsAt: '2031-03-07T20:00:00.000Z',
      chargeDueAt: '2031-03-05T20:00:00.000Z',
    })
    expect((await actions(h, visitId)).map((action) => [action.staff_name, action.action])).toEqual([['Ann Office', 'moved']])
  })

  it('moves a booking whose window starts within 24 hours (the customer no longer may), records it with the member, and e-mails the customer once with the next manage link', async () => {
    // Tomorrow 8–10 am: 23 hours away.
    const id = await paidBooking(h, '2031-03-05')
    const customerDeps = {store: h.store, now: () => NOW, availability: async () => TEST_AVAILABILITY, linkSecret: async () => SECRET}
    const link = signManageToken(id, manageLinkExpiry('2031-03-05T16:00:00.000Z'), SECRET, 0)
    expect(await rescheduleFromLink(link, {date: '2031-03-06', arrivalWindow: '12:00-14:00'}, customerDeps)).toEqual({ok: false, kind: 'refused', refusal: 'tooLate'})

    expect(await moveBooking(id, {date: '2031-03-05', arrivalWindow: '12:00-14:00'}, h.ann, h.deps)).toEqual({ok: true, done: 'moved'})
    expect(await h.store.findById(id)).toMatchObject({date: '2031-03-05', arrivalWindow: '12:00-14:00', windowStartsAt: '2031-03-05T20:00:00.000Z', manageLinkGeneration: 1})
    expect(await actions(h, id)).toEqual([
      {staff_id: h.ann.id, staff_name: 'Ann Office', action: 'moved', before: {date: '2031-03-05', arrivalWindow: '08:00-10:00'}, after: {date: '2031-03-05', arrivalWindow: '12:00-14:00'}},
    ])
    const mails = await outbox(h, id)
    const moved = mails.filter((mail) => mail.template !== 'booking_paid.customer' && mail.template !== 'booking_paid.business')
    expect(moved.map((mail) => [mail.template, mail.to_address])).toEqual([['booking_moved_by_office.customer', 'ada.ohara@example.com']])
    const facts = moved[0].payload as unknown as BookingMovedByOfficeFacts
    expect(facts).toMatchObject({toDate: '2031-03-05', toWindow: '12:00-14:00', fromWindow: '08:00-10:00', linkGeneration: 1, sequence: 1})
    // The customer's page lists the move; their old link is replaced, the e-mailed one works.
    expect((await manageBookingView(link, customerDeps)).link).toBe('replaced')
    const fresh = await manageBookingView(signManageToken(id, manageLinkExpiry(facts.windowStartsAt), SECRET, facts.linkGeneration), customerDeps)
    expect(fresh.link === 'ok' && fresh.booking.changes.map((change) => change.kind)).toEqual(['moved'])
    // The office's own record of the customer's changes leaves it out (it is a staff action).
    expect(await h.deps.records.customerChangesOf(id)).toEqual([])
  })

  it("offers today's windows that have not begun and every window of the crew with places left; refuses a begun, unknown, closed or full window beside its field", async () => {
    const id = await paidBooking(h, '2031-03-10')
    const offer = await moveOffer((await h.store.findById(id))!, '2031-03-04', h.deps)
    expect(offer.dayRefusal).toBeNull()
    expect(offer.windows.map((w) => [w.window, w.left, w.begun])).toEqual([
      ['08:00-10:00', 3, true],
      ['10:00-12:00', 3, false],
      ['12:00-14:00', 2, false],
      ['14:00-16:00', 2, false],
    ])
    expect(await moveBooking(id, {date: '2031-03-04', arrivalWindow: '08:00-10:00'}, h.ann, h.deps)).toEqual({ok: false, problem: 'windowBegun', field: 'arrivalWindow'})
    expect(await moveBooking(id, {date: '2031-03-11', arrivalWindow: '06:00-08:00'}, h.ann, h.deps)).toEqual({ok: false, problem: 'windowUnknown', field: 'arrivalWindow'})
    // Sunday: the house crews do not work.
    expect(await moveBooking(id, {date: '2031-03-09', arrivalWindow: '10:00-12:00'}, h.ann, h.deps)).toEqual({ok: false, problem: 'dateClosed', field: 'date'})
    expect(await moveBooking(id, {date: '2031-03-10', arrivalWindow: '08:00-10:00'}, h.ann, h.deps)).toEqual({ok: false, problem: 'sameWindow', field: 'arrivalWindow'})
    await paidBooking(h, '2031-03-12', '12:00-14:00')
    await paidBooking(h, '2031-03-12', '12:00-14:00')
    expect((await moveOffer((await h.store.findById(id))!, '2031-03-12', h.deps)).windows.find((w) => w.window === '12:00-14:00')?.left).toBe(0)
    expect(await moveBooking(id, {date: '2031-03-12', arrivalWindow: '12:00-14:00'}, h.ann, h.deps)).toEqual({ok: false, problem: 'windowFull', field: 'arrivalWindow'})
    expect(await h.store.findById(id)).toMatchObject({date: '2031-03-10', arrivalWindow: '08:00-10:00', manageLinkGeneration: 0})
    expect(await actions(h, id)).toEqual([])
    // Today's 10–12 has room: the office may put the job on today's schedule.
    expect(await moveBooking(id, {date: '2031-03-04', arrivalWindow: '10:00-12:00'}, h.ann, h.deps)).toEqual({ok: true, done: 'moved'})
  })

  it('refuses to move a booking the customer asked to cancel, or one moved since the page was read (changed)', async () => {
    const id = await paidBooking(h, '2031-03-20')
    const booking = (await h.store.findById(id))!
    // Someone else moved it first: the second move was made with what the page showed before.
    expect(await moveBooking(id, {date: '2031-03-21', arrivalWindow: '10:00-12:00'}, h.bo, h.deps)).toEqual({ok: true, done: 'moved'})
    expect(await h.deps.records.move(id, {date: '2031-03-22', arrivalWindow: '10:00-12:00', windowStartsAt: '2031-03-22T18:00:00.000Z', capacity: 3}, {now: NOW, staff: h.ann, emails: [], linkGeneration: booking.manageLinkGeneration})).toBe('changed')
    await h.store.requestCancellation(id, {noticeHours: 24, now: NOW, emails: [], linkGeneration: 1})
    expect(await moveBooking(id, {date: '2031-03-22', arrivalWindow: '10:00-12:00'}, h.ann, h.deps)).toEqual({ok: false, problem: 'cancellation_requested'})
  })

  it('marks a visit done or a no-show only once its window has begun, audited, with no e-mail', async () => {
    const id = await paidBooking(h, '2031-03-05')
    const before = (await outbox(h, id)).length
    expect(await markOutcome(id, 'done', h.ann, h.deps)).toEqual({ok: false, problem: 'not_started'})
    const later = {...h.deps, now: () => new Date('2031-03-05T16:30:00Z')}
    expect(await markOutcome(id, 'no_show', h.ann, later)).toEqual({ok: true, done: 'markedNoShow'})
    // A mistake corrected: the second mark is recorded too.
    expect(await markOutcome(id, 'done', h.bo, later)).toEqual({ok: true, done: 'markedDone'})
    expect(await markOutcome(id, 'maybe', h.bo, later)).toEqual({ok: false, problem: 'invalid'})
    expect(await h.store.findById(id)).toMatchObject({outcome: 'done'})
    expect((await actions(h, id)).map((row) => [row.staff_name, row.action, row.before, row.after])).toEqual([
      ['Ann Office', 'marked_no_show', {outcome: null}, {outcome: 'no_show'}],
      ['Bo Desk', 'marked_done', {outcome: 'no_show'}, {outcome: 'done'}],
    ])
    expect(await outbox(h, id)).toHaveLength(before)
    // A marked visit is no longer moved.
    expect(await moveBooking(id, {date: '2031-03-06', arrivalWindow: '10:00-12:00'}, h.ann, later)).toEqual({ok: false, problem: 'done'})
  })

  it('resends the confirmation once per click, with the manage link that works now', async () => {
    const id = await paidBooking(h, '2031-04-01')
    await moveBooking(id, {date: '2031-04-02', arrivalWindow: '10:00-12:00'}, h.ann, h.deps)
    expect(await resendConfirmation(id, h.bo, h.deps)).toEqual({ok: true, done: 'confirmationResent'})
    const resent = (await outbox(h, id)).filter((mail) => mail.template === 'booking_paid.customer')
    // The one sent at payment had no e-mails queued here (markPaid without e-mails): only the resend.
    expect(resent).toHaveLength(1)
    const facts = resent[0].payload as unknown as BookingPaidFacts
    expect(facts).toMatchObject({date: '2031-04-02', arrivalWindow: '10:00-12:00', linkGeneration: 1, customer: {email: 'ada.ohara@example.com'}})
    const view = await manageBookingView(signManageToken(id, manageLinkExpiry(facts.windowStartsAt!), SECRET, facts.linkGeneration), {
      store: h.store,
      now: () => NOW,
      availability: async () => TEST_AVAILABILITY,
      linkSecret: async () => SECRET,
    })
    expect(view.link).toBe('ok')
    expect(await resendConfirmation(id, h.bo, h.deps)).toEqual({ok: true, done: 'confirmationResent'})
    expect((await outbox(h, id)).filter((mail) => mail.template === 'booking_paid.customer')).toHaveLength(2)
    expect((await actions(h, id)).map((row) => [row.staff_name, row.action])).toEqual([
      ['Ann Office', 'moved'],
      ['Bo Desk', 'confirmation_resent'],
      ['Bo Desk', 'confirmation_resent'],
    ])
    // Not for a booking that was never paid.
    const {booking: unpaid} = await h.store.createPending(houseBooking({date: '2031-04-03'}))
    expect(await resendConfirmation(unpaid.id, h.bo, h.deps)).toEqual({ok: false, problem: 'not_paid'})
    expect(await outbox(h, unpaid.id)).toEqual([])
  })

  it('keeps internal notes with who wrote them, audited, never e-mailed; refuses an empty or unreadable one', async () => {
    const id = await paidBooking(h, '2031-04-08')
    const mails = (await outbox(h, id)).length
    expect(await addNote(id, '  Gate code 4321.\r\nDog is friendly.  ', h.ann, h.deps)).toEqual({ok: true, done: 'noteAdded'})
    expect(await addNote(id, '   ', h.ann, h.deps)).toEqual({ok: false, problem: 'noteRequired', field: 'note'})
    expect(await addNote(id, 'bad \u0007 bell', h.ann, h.deps)).toEqual({ok: false, problem: 'noteUnreadable', field: 'note'})
    expect(await addNote(id, 'x'.repeat(2001), h.ann, h.deps)).toEqual({ok: false, problem: 'noteTooLong', field: 'note'})
    expect(await addNote(randomUUID(), 'Lost?', h.ann, h.deps)).toEqual({ok: false, problem: 'not_found'})
    expect((await h.deps.records.notesOf(id)).map((note) => [note.staffName, note.body])).toEqual([['Ann Office', 'Gate code 4321.\nDog is friendly.']])
    expect((await actions(h, id)).map((row) => [row.staff_id, row.action])).toEqual([[h.ann.id, 'note_added']])
    expect(await outbox(h, id)).toHaveLength(mails)
  })

  it("a form's answer: the page with the outcome, or the problem beside its field with what was typed kept; a database failure said plainly", async () => {
    const id = await paidBooking(h, '2031-04-21')
    await paidBooking(h, '2031-04-22', '14:00-16:00')
    await paidBooking(h, '2031-04-22', '14:00-16:00')
    const form = (fields: Record<string, string>) => {
      const data = new FormData()
      for (const [name, value] of Object.entries(fields)) data.set(name, value)
      return data
    }
    const deps = async () => h.deps
    expect(await bookingActionAnswer('move', id, form({date: '2031-04-22', arrivalWindow: '14:00-16:00'}), h.ann, deps)).toBe(
      `/office/bookings/${id}?problem=windowFull&field=arrivalWindow&date=2031-04-22&window=14%3A00-16%3A00#move-window-problem`,
    )
    expect(await bookingActionAnswer('move', id, form({date: '2031-04-22', arrivalWindow: '08:00-10:00'}), h.ann, deps)).toBe(`/office/bookings/${id}?done=moved#outcome`)
    expect(await bookingActionAnswer('notes', id, form({note: 'bad \u0007 bell'}), h.ann, deps)).toBe(
      `/office/bookings/${id}?problem=noteUnreadable&field=note&note=bad+%07+bell#note`,
    )
    expect(await bookingActionAnswer('outcome', id, form({outcome: 'done'}), h.ann, deps)).toBe(`/office/bookings/${id}?problem=not_started#outcome`)
    const logged: unknown[] = []
    setBookingRoutesLogger({error: (...args: unknown[]) => logged.push(args)})
    try {
      const broken = async () => ({...h.deps, records: {...h.deps.records, addNote: async () => Promise.reject(new Error('database away'))}})
      expect(await bookingActionAnswer('notes', id, form({note: 'Keep me'}), h.ann, broken)).toBe(`/office/bookings/${id}?problem=failed&note=Keep+me#outcome`)
      expect(logged).toHaveLength(1)
    } finally {
      setBookingRoutesLogger(console)
    }
  })

  it('one history, oldest first: booked, paid, the customer’s changes and the staff’s actions with their names', async () => {
    const id = await paidBooking(h, '2031-04-24')
    const customerDeps = {store: h.store, now: () => NOW, availability: async () => TEST_AVAILABILITY, linkSecret: async () => SECRET}
    const link = signManageToken(id, manageLinkExpiry('2031-04-24T16:00:00.000Z'), SECRET, 0)
    expect((await rescheduleFromLink(link, {date: '2031-04-25', arrivalWindow: '10:00-12:00'}, customerDeps)).ok).toBe(true)
    const later = {...h.deps, now: () => new Date(NOW.getTime() + 60_000)}
    await moveBooking(id, {date: '2031-04-28', arrivalWindow: '12:00-14:00'}, h.bo, later)
    await addNote(id, 'Called the customer.', h.ann, later)
    const booking = (await h.store.findById(id))!
    const recorded = (await actions(h, id)).map((row, index) => ({at: new Date(NOW.getTime() + 60_000 + index).toISOString(), staffName: row.staff_name, action: row.action, before: row.before, after: row.after}))
    const history = bookingHistory(booking, await h.deps.records.customerChangesOf(id), recorded)
    expect(history.map((entry) => [entry.who, entry.what])).toEqual([
      ["Ada O'Hara", 'Booked online'],
      ['Website', 'Paid'],
      ["Ada O'Hara", 'Moved from April 24, 2031, 8:00 AM – 10:00 AM to April 25, 2031, 10:00 AM – 12:00 PM (manage link)'],
      ['Bo Desk', 'Moved from April 25, 2031, 10:00 AM – 12:00 PM to April 28, 2031, 12:00 PM – 2:00 PM'],
      ['Ann Office', 'Added an internal note'],
    ])
  })

  it("three staff moving bookings into a window's last place at once, and a customer's move: exactly one gets it", async () => {
    const ids = await Promise.all(['08:00-10:00', '12:00-14:00', '14:00-16:00'].map((window) => paidBooking(h, '2031-04-29', window, commercialBooking)))
    const customer = await paidBooking(h, '2031-04-29', '20:00-22:00', commercialBooking)
    const customerDeps = {store: h.store, now: () => NOW, availability: async () => TEST_AVAILABILITY, linkSecret: async () => SECRET}
    const link = signManageToken(customer, manageLinkExpiry('2031-04-30T04:00:00.000Z'), SECRET, 0)
    const [moves, customerMove] = await Promise.all([
      Promise.all(ids.map((id, index) => moveBooking(id, {date: '2031-04-30', arrivalWindow: '06:00-08:00'}, index ? h.ann : h.bo, h.deps))),
      rescheduleFromLink(link, {date: '2031-04-30', arrivalWindow: '06:00-08:00'}, customerDeps),
    ])
    expect(moves.filter((result) => result.ok).length + (customerMove.ok ? 1 : 0)).toBe(1)
    const {rows} = await db.query<{n: number}>(`select count(*)::int as n from public.bookings where date = '2031-04-30' and arrival_window = '06:00-08:00'`)
    expect(rows[0].n).toBe(1)
  })

  it('every new table and function is for the service role only, with row level security on', async () => {
    const {rows} = await db.query<{relrowsecurity: boolean}>(`select relrowsecurity from pg_class where oid = 'public.booking_notes'::regclass`)
    expect(rows[0].relrowsecurity).toBe(true)
    for (const role of ['anon', 'authenticated']) {
      const {rows: grants} = await db.query<{ok: boolean}>(
        `select has_table_privilege($1, 'public.booking_notes', 'select') or has_function_privilege($1, 'public.office_move_booking(uuid, date, text, timestamptz, integer, timestamptz, jsonb, jsonb, integer)', 'execute') as ok`,
        [role],
      )
      expect(grants[0].ok).toBe(false)
    }
  })
})

describe('the office acts on one booking on Supabase (supabase-js rpc against the PostgREST stand-in)', () => {
  const database = openedForTests(openTempPglite)

  it('moves, notes, resends and marks through rpc as on the embedded database', async () => {
    const {db} = database
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-booking'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: ['bookings']})
    try {
      const local = await harness(db)
      const config = {url: postgrest.url, serviceRoleKey: key}
      const store = createSupabaseBookingStore(config)
      const deps: OfficeBookingDeps = {...local.deps, store, records: createOfficeBookingRecords(createSupabaseDatabaseFunctions(createServiceRoleClient(config)))}
      const id = await paidBooking(local, '2031-03-05')
      expect(await moveBooking(id, {date: '2031-03-05', arrivalWindow: '14:00-16:00'}, local.ann, deps)).toEqual({ok: true, done: 'moved'})
      expect(await addNote(id, 'Side door.', local.ann, deps)).toEqual({ok: true, done: 'noteAdded'})
      expect((await deps.records.notesOf(id)).map((note) => [note.staffName, note.body])).toEqual([['Ann Office', 'Side door.']])
      expect(await deps.records.customerChangesOf(id)).toEqual([])
      expect(await resendConfirmation(id, local.bo, deps)).toEqual({ok: true, done: 'confirmationResent'})
      expect(await markOutcome(id, 'done', local.bo, {...deps, now: () => new Date('2031-03-05T23:00:00Z')})).toEqual({ok: true, done: 'markedDone'})
      expect((await actions(local, id)).map((row) => [row.staff_name, row.action])).toEqual([
        ['Ann Office', 'moved'],
        ['Ann Office', 'note_added'],
        ['Bo Desk', 'confirmation_resent'],
        ['Bo Desk', 'marked_done'],
      ])
      expect((await outbox(local, id)).map((mail) => mail.template)).toEqual(['booking_moved_by_office.customer', 'booking_paid.customer'])
    } finally {
      await postgrest.close()
    }
  })
})

describe("the history's words for a staff action", () => {
  const action = (name: string, before: unknown, after: unknown) => describeAction({at: NOW.toISOString(), staffName: 'Ann', action: name, before, after})
  it('names each action on a booking, with what changed', () => {
    expect(action('moved', {date: '2031-03-05', arrivalWindow: '08:00-10:00'}, {date: '2031-03-06', arrivalWindow: '12:00-14:00'})).toBe(
      'Moved from March 5, 2031, 8:00 AM – 10:00 AM to March 6, 2031, 12:00 PM – 2:00 PM',
    )
    expect(action('cancelled', {refunded_cents: 0}, {refunded_cents: 2500})).toBe('Cancelled the booking, refunded $25.00')
    expect(action('confirmation_resent', null, {to: 'ada@example.com'})).toBe('Resent the confirmation to ada@example.com')
    expect(action('something_new', null, null)).toBe('something new')
  })
})

const postgresTools = findPostgresTools()

describe.skipIf('missing' in postgresTools)('office moves racing for the last places on a real PostgreSQL server', () => {
  let cluster: MigratedCluster
  let h: Harness
  beforeAll(async () => {
    if ('missing' in postgresTools) return
    cluster = await startMigratedCluster(postgresTools, 6)
    h = await harness(cluster.sql)
  }, 60_000)
  afterAll(async () => {
    await cluster?.close()
  })

  it('five staff moves and a customer booking at once into a window with one place: exactly one gets it', {timeout: 30_000}, async () => {
    const ids = await Promise.all(['06:00-08:00', '08:00-10:00', '12:00-14:00', '14:00-16:00', '20:00-22:00'].map((window) => paidBooking(h, '2031-04-15', window, commercialBooking)))
    const [moves, customer] = await Promise.all([
      Promise.all(ids.map((id, index) => moveBooking(id, {date: '2031-04-16', arrivalWindow: '06:00-08:00'}, index % 2 ? h.ann : h.bo, h.deps))),
      h.store
        .createPending(commercialBooking({date: '2031-04-16', arrivalWindow: '06:00-08:00', serviceFamily: 'commercial', windowStartsAt: '2031-04-16T13:00:00.000Z', holdExpiresAt: '2031-04-15T00:00:00.000Z'}), {capacity: 1, now: NOW})
        .then(() => 'booked', () => 'full'),
    ])
    const moved = moves.filter((result) => result.ok).length
    expect(moved + (customer === 'booked' ? 1 : 0)).toBe(1)
    expect(moves.filter((result) => !result.ok && result.problem === 'windowFull')).toHaveLength(5 - moved)
    const {rows} = await cluster.sql.query<{n: number}>(`select count(*)::int as n from public.bookings where date = '2031-04-16' and arrival_window = '06:00-08:00' and cancelled_at is null`)
    expect(rows[0].n).toBe(1)
    const {rows: audited} = await cluster.sql.query<{n: number}>(`select count(*)::int as n from public.staff_actions where action = 'moved'`)
    expect(audited[0].n).toBe(moved)
  })
})
