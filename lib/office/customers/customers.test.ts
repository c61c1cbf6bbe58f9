import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {windowStartsAt} from '../../booking/availability'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import {exteriorBooking, houseBooking} from '../../booking/store/test-support/fixtures'
import type {BookingStore, NewBooking, StoredBooking} from '../../booking/store/store'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openMigratedMemoryDatabase, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {createLeadStore, type StoredLeadInput} from '../../leads/store'
import {parseBookingFilter} from '../bookings/filter'
import {bookingsCsvStream, CSV_COLUMNS} from '../bookings/lists'
import {readCsv} from '../shared/test-support/csv-reader'
import type {ActingStaff} from '../access/roles'
import {addCustomerNote, NOTE_LIMIT} from './actions'
import {customerHref, customerKeyFromSegment, listCustomers, parseCustomerSearch, readCustomer} from './read'
import {CUSTOMER_NOTE_FORM, customerNoteAnswer} from './routes'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/** The customers list and record on the embedded database, with rows stored as the site stores them. */

const NOW = new Date('2026-12-01T18:00:00Z') // Tuesday 10:00 in Renton: today is December 1
let db: PGlite
let store: BookingStore
let functions: DatabaseFunctions

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  store = createSqlBookingStore(db)
  functions = createSqlDatabaseFunctions(db)
})
afterAll(async () => {
  await db?.close()
})
beforeEach(async () => {
  await db.exec(`truncate public.bookings, public.booking_plans cascade;
    delete from public.customer_notes; delete from public.staff_actions; delete from public.lead_tracking;
    delete from public.quote_requests; delete from public.contact_messages; delete from public.appointments;
    delete from public.sms_opt_outs; delete from public.staff;`)
})

type State = 'paid' | 'hold_ended' | 'cancelled' | 'done'

let created = 0
/** A booking made pending by the store, then brought to `state` as the site would, made in order (each later than the one before). */
async function book(input: NewBooking, date: string, state: State): Promise<StoredBooking> {
  const family = input.industry === 'house' || input.industry === 'carpet' ? 'indoor' : input.industry
  const {booking} = await store.createPending(
    {...input, date, arrivalWindow: '08:00-10:00', serviceFamily: family, windowStartsAt: windowStartsAt(date, {start: '08:00'}).toISOString(), holdExpiresAt: '2026-11-01T17:30:00.000Z'},
    {capacity: 100, now: new Date('2026-11-01T17:00:00Z')},
  )
  if (state !== 'hold_ended') await store.markPaid(booking.id, {sessionId: `cs_${booking.id}`, paidAt: new Date('2026-11-01T17:10:00Z')})
  if (state === 'cancelled') await db.query(`update public.bookings set cancelled_at = '2026-11-02T10:00:00Z' where id = $1`, [booking.id])
  if (state === 'done') await db.query(`update public.bookings set outcome = 'done', outcome_at = $2 where id = $1`, [booking.id, `${date}T20:00:00Z`])
  created += 1
  await db.query(`update public.bookings set created_at = $2 where id = $1`, [booking.id, new Date(Date.UTC(2026, 9, 1) + created * 60_000).toISOString()])
  return (await store.findById(booking.id))!
}

/** A refund of the ledger, as the office's refund functions leave it (refunded_cents raised only when it succeeded and counts). */
async function refund(booking: StoredBooking, purpose: 'refund' | 'cancellation' | 'late_payment', cents: number, status: 'succeeded' | 'pending' | 'failed'): Promise<void> {
  await db.query(
    `insert into public.booking_refunds (booking_id, purpose, idempotency_key, amount_cents, status, staff_name, claimed_at, completed_at)
     values ($1, $2, $3, $4, $5, 'Dana', '2026-11-03T10:00:00Z', $6)`,
    [booking.id, purpose, randomUUID(), cents, status, status === 'pending' ? null : '2026-11-03T10:01:00Z'],
  )
  if (status === 'succeeded' && purpose !== 'late_payment') {
    await db.query(`update public.bookings set refunded_cents = refunded_cents + $2 where id = $1`, [booking.id, cents])
  }
}

async function contactMessage(name: string, email: string, phone: string): Promise<string> {
  const lead = {
    id: randomUUID(),
    submissionKey: randomUUID(),
    name,
    email,
    phone,
    message: 'Do you clean boat decks?',
    page: {path: '/contact', title: null},
    website: '',
    submittedAt: new Date('2026-11-15T20:00:00Z'),
  } as unknown as StoredLeadInput<'contactMessage'>
  return (await createLeadStore(functions).save('contactMessage', lead, [])).id
}

async function addStaff(name: string): Promise<ActingStaff> {
  const {rows} = await db.query<{id: string}>(`insert into public.staff (name, email, role) values ($1, $2, 'office') returning id`, [name, `${randomUUID().slice(0, 8)}@office.test`])
  return {id: rows[0].id, name}
}

/**
 * Ann, under three spellings of one address, and Bob. Ann's money worked out by hand:
 *   paid      = 200.00 (Nov 20) + 150.00 (Nov 25, cancelled later) + 80.00 (Nov 28, done) + 120.00 (Dec 10) = 550.00
 *               (the Nov 29 checkout was never paid)
 *   refunded  = 50.00 (a refund that went through) + 150.00 (the cancellation's) = 200.00; a pending 10.00,
 *               a failed 7.00 and the 99.00 late payment sent back (never paid to a booking) are not counted
 *   kept      = 550.00 − 200.00 = 350.00
 *   visits    = Nov 20 and Nov 28 (the 25th was cancelled, December 10 is still to come)
 */
async function seed() {
  const ann = (email: string, overrides: Partial<NewBooking> = {}) =>
    houseBooking({firstName: 'Ann', lastName: 'Lee', email, phone: '(425) 555-0142', address: '12 Birch Lane, Renton, WA 98056', ...overrides})
  const first = await book(ann('Ann@X.com', {amountCents: 20000}), '2026-11-20', 'paid')
  await refund(first, 'refund', 5000, 'succeeded')
  await refund(first, 'refund', 1000, 'pending')
  await refund(first, 'refund', 700, 'failed')
  const cancelled = await book(ann(' ann@x.com', {amountCents: 15000}), '2026-11-25', 'cancelled')
  await refund(cancelled, 'cancellation', 15000, 'succeeded')
  const done = await book(ann('ANN@x.com ', {amountCents: 8000}), '2026-11-28', 'done')
  const hold = await book(ann('ann@x.com', {amountCents: 9900}), '2026-11-29', 'hold_ended')
  await refund(hold, 'late_payment', 9900, 'succeeded')
  const future = await book(ann('Ann@X.com', {amountCents: 12000, lastName: 'Lee-Park'}), '2026-12-10', 'paid')
  await db.query(`update public.bookings set sms_consent_at = '2026-11-01T17:00:00Z' where id = $1`, [future.id])
  await db.query(`insert into public.sms_opt_outs (phone, since, source) values ('+14255550142', '2026-11-30T08:00:00Z', 'reply')`)
  const message = await contactMessage('Ann Lee', 'ann@X.COM', '4255550142')
  // Sent before any of her bookings.
  await db.query(`update public.contact_messages set created_at = '2026-09-15T20:00:00Z' where id = $1`, [message])

  const bob = await book(exteriorBooking({firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', phone: '2065550199', address: '88 Main Ave S, Kent, WA 98032'}), '2026-11-21', 'paid')
  // An estimate request of the earlier appointment form: no e-mail, so no customer.
  await db.query(
    `insert into public.appointments (id, submission_key, patient_name, patient_phone, patient_gender, appointment_time, appointment_local, preferred_mode, page_path)
     values ($1, $2, 'Patience Old', '4255550111', 'private', '2026-11-10T18:00:00Z', '2026-11-10 10:00', 'voice', '/appointment')`,
    [randomUUID(), randomUUID()],
  )
  return {first, cancelled, done, hold, future, message, bob}
}

const search = (q: string, page = 1) => listCustomers(functions, {...parseCustomerSearch(new URLSearchParams({q})), page})

describe('the customers list', () => {
  it('is one row per e-mail address, whatever its case and spaces, and leaves out rows without an e-mail', async () => {
    const {bob} = await seed()
    const all = await search('')
    expect(all.total).toBe(2)
    expect(all.customers.map((customer) => customer.emailKey)).toEqual(['bob@example.com', 'ann@x.com'])
    const ann = all.customers[1]
    // The latest booking's name; four bookings paid (the ended checkout is not one).
    expect(ann).toMatchObject({name: 'Ann Lee-Park', bookings: 4})
    expect(all.customers[0]).toMatchObject({name: 'Bob Stone', phone: bob.phone, bookings: 1})
  })

  it('finds a customer by name, e-mail, phone as typed or address fragment', async () => {
    await seed()
    const keys = async (q: string) => (await search(q)).customers.map((customer) => customer.emailKey)
    expect(await keys('ann lee')).toEqual(['ann@x.com'])
    expect(await keys('ANN@X.COM')).toEqual(['ann@x.com'])
    expect(await keys('(425) 555')).toEqual(['ann@x.com'])
    expect(await keys('206-555-01')).toEqual(['bob@example.com'])
    expect(await keys('birch lane')).toEqual(['ann@x.com'])
    expect(await keys('Kent, WA')).toEqual(['bob@example.com'])
    // The search's own % and _ are taken literally, not as patterns.
    expect(await keys('%')).toEqual([])
    expect(await keys('b_b')).toEqual([])
    // The old appointment's patient is nobody's.
    expect(await keys('patience')).toEqual([])
  })

  it('pages 25 at a time; a page past the last shows the last', async () => {
    for (let i = 0; i < 27; i++) await contactMessage(`Person ${i}`, `person${i}@example.com`, '4255550100')
    const first = await search('person')
    expect(first).toMatchObject({total: 27, page: 1, pageCount: 2})
    expect(first.customers).toHaveLength(25)
    const last = await search('person', 9)
    expect(last).toMatchObject({total: 27, page: 2, pageCount: 2})
    expect(last.customers).toHaveLength(2)
    // A customer who only wrote: nothing paid, no visit, no booking to have agreed to texts on.
    const lone = (await readCustomer(functions, 'Person0@example.com', NOW))!
    expect(lone).toMatchObject({
      name: 'Person 0',
      bookings: [],
      leads: [expect.objectContaining({kind: 'contact_message'})],
      money: {paidCents: 0, refundedCents: 0, keptCents: 0},
      visits: {first: null, last: null, count: 0},
      texts: {booked: false, consentAt: null, optedOutSince: null},
    })
  })
})

describe('a customer’s record', () => {
  it('gathers every booking, request and note, with the money and visits worked out by hand', async () => {
    const {first, cancelled, done, hold, future, message} = await seed()
    // The office's reply to her message, as reply_to_lead records it.
    await db.query(
      `insert into public.staff_actions (staff_name, at, subject_kind, subject_id, action, after)
       values ('Dana Reyes', '2026-11-16T18:00:00Z', 'lead', $1, 'reply_sent', '{"to": "ann@X.COM", "subject": "Boat decks", "message": "Yes, we do."}')`,
      [message],
    )
    // The address a link gives (percent-encoded) names the record, in any spelling.
    expect(customerHref(' Ann@X.com')).toBe('/office/customers/ann%40x.com')
    expect(customerKeyFromSegment('ann%40x.com')).toBe('ann@x.com')
    const record = (await readCustomer(functions, customerKeyFromSegment('ANN@x.com')!, NOW))!
    expect(record.emailKey).toBe('ann@x.com')
    expect(record.bookings.map((booking) => [booking.id, booking.date, booking.status])).toEqual([
      [future.id, '2026-12-10', 'paid'],
      [hold.id, '2026-11-29', 'hold_ended'],
      [done.id, '2026-11-28', 'done'],
      [cancelled.id, '2026-11-25', 'cancelled'],
      [first.id, '2026-11-20', 'paid'],
    ])
    expect(record.bookings.find((booking) => booking.id === first.id)).toMatchObject({amountCents: 20000, paidCents: 20000, refundedCents: 5000})
    expect(record.bookings.find((booking) => booking.id === hold.id)).toMatchObject({paidCents: 0, refundedCents: 0})
    expect(record.money).toEqual({paidCents: 55000, refundedCents: 20000, keptCents: 35000})
    expect(record.visits).toEqual({first: '2026-11-20', last: '2026-11-28', count: 2})
    expect(record.leads).toEqual([expect.objectContaining({kind: 'contact_message', id: message, status: 'new'})])
    expect(record.replies).toEqual([{leadKind: 'contact_message', leadId: message, at: expect.stringMatching(/^2026-11-16T18:00:00/), staffName: 'Dana Reyes', subject: 'Boat decks', message: 'Yes, we do.'}])
    // The latest booking agreed to texts; the number has replied STOP since.
    expect(record.texts).toEqual({booked: true, consentAt: expect.stringMatching(/^2026-11-01T17:00:00/), optedOutSince: expect.stringMatching(/^2026-11-30T08:00:00/)})
    expect(record.addresses).toEqual(['12 Birch Lane, Renton, WA 98056'])

    expect(await readCustomer(functions, 'nobody@example.com', NOW)).toBeNull()
  })

  it('agrees with the bookings CSV’s Paid, Refunded and Kept for a search by the e-mail', async () => {
    await seed()
    const record = (await readCustomer(functions, 'ann@x.com', NOW))!
    const csv = await new Response(bookingsCsvStream({functions, now: () => NOW}, parseBookingFilter(new URLSearchParams('q=ann@x.com')))).text()
    const records = readCsv(csv.slice(1)).slice(1)
    const sum = (column: (typeof CSV_COLUMNS)[number]) => Math.round(records.reduce((total, row) => total + Number(row[CSV_COLUMNS.indexOf(column)]) * 100, 0))
    expect(records).toHaveLength(record.bookings.length)
    expect({paidCents: sum('paid'), refundedCents: sum('refunded'), keptCents: sum('kept')}).toEqual(record.money)
  })

  it('stores a note with its audit row, and refuses an empty, overlong or unknown one', async () => {
    await seed()
    const dana = await addStaff('Dana Reyes')
    const deps = {functions, now: () => NOW}
    expect(await addCustomerNote(deps, ' ANN@x.com', '  Prefers mornings.\nCall first.  ', dana)).toEqual({ok: true})
    const {rows: notes} = await db.query<{email_key: string; staff_name: string; body: string}>('select email_key, staff_name, body from public.customer_notes')
    expect(notes).toEqual([{email_key: 'ann@x.com', staff_name: 'Dana Reyes', body: 'Prefers mornings.\nCall first.'}])
    const {rows: audit} = await db.query<{subject_kind: string; subject_id: string; action: string; staff_name: string; after: {note: string}}>(
      'select subject_kind, subject_id, action, staff_name, after from public.staff_actions',
    )
    expect(audit).toEqual([expect.objectContaining({subject_kind: 'customer', subject_id: 'ann@x.com', action: 'note_added', staff_name: 'Dana Reyes', after: expect.objectContaining({note: 'Prefers mornings.\nCall first.'})})])
    expect((await readCustomer(functions, 'ann@x.com', NOW))!.notes).toEqual([expect.objectContaining({staffName: 'Dana Reyes', body: 'Prefers mornings.\nCall first.'})])

    expect(await addCustomerNote(deps, 'ann@x.com', '   ', dana)).toEqual({ok: false, problem: 'note_missing'})
    expect(await addCustomerNote(deps, 'ann@x.com', 'x'.repeat(NOTE_LIMIT + 1), dana)).toEqual({ok: false, problem: 'note_too_long'})
    expect(await addCustomerNote(deps, 'nobody@example.com', 'Hello', dana)).toEqual({ok: false, problem: 'not_found'})
    const {rows: count} = await db.query<{notes: number; actions: number}>(
      'select (select count(*)::int from public.customer_notes) as notes, (select count(*)::int from public.staff_actions) as actions',
    )
    expect(count).toEqual([{notes: 1, actions: 1}])
  })

  it('answers the notes form with the record’s address and the outcome; the form check names the note', async () => {
    await seed()
    const dana = await addStaff('Dana Reyes')
    const deps = async () => ({functions, now: () => NOW})
    expect(await customerNoteAnswer('ann%40x.com', {note: 'Called.'}, dana, deps)).toBe('/office/customers/ann%40x.com?done=note#notes')
    expect(await customerNoteAnswer('ann@x.com', {note: ''}, dana, deps)).toBe('/office/customers/ann%40x.com?problem=note_missing#notes')
    expect(await customerNoteAnswer('not-an-address', {note: 'Hi'}, dana, deps)).toBe('/office/customers')
    const refused = CUSTOMER_NOTE_FORM.safeParse({note: 'bell\u0007'})
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0].path).toEqual(['note'])
  })
})

describe('on Supabase (supabase-js rpc against the Data API stand-in)', () => {
  it('answers the list and a record as the embedded database does', async () => {
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-customers'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: []})
    try {
      await seed()
      await addCustomerNote({functions, now: () => NOW}, 'ann@x.com', 'A note', await addStaff('Dana Reyes'))
      const rpc = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      const record = await readCustomer(rpc, 'ann@x.com', NOW)
      expect(record).toEqual(await readCustomer(functions, 'ann@x.com', NOW))
      expect(record!.money).toEqual({paidCents: 55000, refundedCents: 20000, keptCents: 35000})
      expect(await listCustomers(rpc, {q: '(425) 555', page: 1})).toEqual(await listCustomers(functions, {q: '(425) 555', page: 1}))
    } finally {
      await postgrest.close()
    }
  })
})
