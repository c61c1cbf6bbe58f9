import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import type {PGlite} from '@electric-sql/pglite'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import {houseBooking} from '../../booking/store/test-support/fixtures'
import type {BookingStore} from '../../booking/store/store'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {createLeadOffice, parseLeadListQuery} from '../leads/actions'
import {openDisputes} from '../money/disputes'
import {createOfficeMoneyStore} from '../money/store'
import {readMenuCounts} from './menu-counts'
import {officeMenuCounts} from './menu-counts-server'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The office menu's counts against rows seeded by hand: each kind of item Needs attention lists is
 * counted, a resolved one is not, and the figure is the number of items the page's own lists hold;
 * new leads are the leads the inbox lists as new.
 */

const NOW = new Date('2026-12-01T18:00:00Z')
const OFFICE = {role: 'office'} as const

let database: {db: PGlite; close(): Promise<void>}
let store: BookingStore
let functions: DatabaseFunctions

beforeAll(async () => {
  database = await openTempPglite()
  store = createSqlBookingStore(database.db)
  functions = createSqlDatabaseFunctions(database.db)
})
afterAll(() => database.close())
beforeEach(() =>
  database.db.exec(`truncate public.bookings, public.booking_plans, public.outbox, public.payment_disputes, public.lead_tracking,
    public.quote_requests, public.contact_messages, public.appointments cascade`),
)

/** A paid booking, as the site stores one. */
async function paidBooking(): Promise<string> {
  const {booking} = await store.createPending(
    houseBooking({date: '2026-12-10', arrivalWindow: '09:00-11:00', serviceFamily: 'indoor', windowStartsAt: '2026-12-10T17:00:00.000Z', holdExpiresAt: '2026-12-01T18:30:00.000Z'}),
    {capacity: 100, now: new Date('2026-12-01T17:00:00Z')},
  )
  await store.markPaid(booking.id, {sessionId: `cs_${booking.id}`, paidAt: new Date('2026-12-01T17:05:00Z')})
  return booking.id
}

async function latePayment(bookingId: string, resolved: boolean): Promise<void> {
  await database.db.query(
    `insert into public.late_payments (booking_id, session_id, amount_cents, booking_status, received_at, resolution, resolved_at)
     values ($1, $2, 12000, 'expired', '2026-11-30T20:00:00Z', $3, $4)`,
    [bookingId, `cs_late_${randomUUID()}`, resolved ? 'taken' : null, resolved ? '2026-11-30T21:00:00Z' : null],
  )
}

async function message(channel: 'email' | 'text', status: 'failed' | 'sent' | 'pending'): Promise<void> {
  await database.db.query(
    `insert into public.outbox (channel, event_key, template, to_address, payload, status, attempts, last_error, sent_at)
     values ($1, $2, $3, $4, '{"kind":"x"}', $5, 8, '550 mailbox unavailable', $6)`,
    [channel, `event:${randomUUID()}`, channel === 'email' ? 'booking_paid.customer' : 'visit_reminder', channel === 'email' ? 'gone@example.com' : '+14255550142', status, status === 'sent' ? NOW.toISOString() : null],
  )
}

async function dispute(status: string, bookingId: string | null = null): Promise<void> {
  await database.db.query(
    `insert into public.payment_disputes (provider, provider_dispute_id, booking_id, amount_cents, status, opened_at, updated_at)
     values ('stripe', $1, $2, 9000, $3, '2026-11-29T10:00:00Z', '2026-11-29T10:00:00Z')`,
    [`du_${randomUUID()}`, bookingId, status],
  )
}

/** A lead of each kind, received at `at`, with its status in the inbox (none: never touched, so new). */
async function lead(kind: 'quote_request' | 'contact_message' | 'estimate_request', status: string | null, at = '2026-11-30T18:00:00Z', heard: string | null = null): Promise<string> {
  const id = randomUUID()
  if (kind === 'quote_request') {
    await database.db.query(
      `insert into public.quote_requests (id, submission_key, first_name, last_name, phone, email, zip_code, heard_about_us, terms_accepted_at, page_path, created_at)
       values ($1, gen_random_uuid(), 'Ada', 'Hart', '4255550142', 'ada@example.com', '98056', $2, $3, '/roof-cleaning', $3)`,
      [id, heard, at],
    )
  } else if (kind === 'contact_message') {
    await database.db.query(
      `insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path, created_at)
       values ($1, gen_random_uuid(), 'Bo Lind', 'bo@example.com', '2065550199', 'Do you clean decks?', '/contact', $2)`,
      [id, at],
    )
  } else {
    await database.db.query(
      `insert into public.appointments (id, submission_key, full_name, phone, email, address, zip_code, service, visit_date, visit_window, walkthrough, page_path, created_at)
       values ($1, gen_random_uuid(), 'Cy Moss', '4255550100', 'cy@example.com', '1 Main St, Renton', '98057', 'Roof cleaning', '2026-12-12', '09:00-11:00', 'in_person', '/appointment', $2)`,
      [id, at],
    )
  }
  if (status) await database.db.query(`insert into public.lead_tracking (lead_kind, lead_id, status) values ($1, $2, $3)`, [kind, id, status])
  return id
}

/** What the Needs attention page lists, by its own reads. */
async function attentionListed(): Promise<number> {
  const money = createOfficeMoneyStore(functions)
  const lists = await Promise.all([money.openLatePayments(), money.openCancellationRequests(), money.failedEmails(), openDisputes(functions)])
  return lists.reduce((sum, list) => sum + list.length, 0)
}

describe('the menu counts', () => {
  it('count each kind of item Needs attention lists, and none that is resolved', async () => {
    expect(await readMenuCounts(functions, OFFICE, NOW)).toEqual({attention: 0, newLeads: 0})

    // A late payment nobody has handled counts; one taken does not.
    await latePayment(await paidBooking(), false)
    await latePayment(await paidBooking(), true)
    // A paid booking whose customer asked to cancel counts; one already cancelled, and one never paid, do not.
    const asked = await paidBooking()
    const cancelled = await paidBooking()
    await database.db.query(`update public.bookings set cancellation_requested_at = '2026-11-30T13:00:00Z' where id = any($1)`, [[asked, cancelled]])
    await database.db.query(`update public.bookings set cancelled_at = '2026-11-30T14:00:00Z', refunded_cents = amount_cents where id = $1`, [cancelled])
    const unpaid = await store.createPending(houseBooking({date: '2026-12-11', arrivalWindow: '09:00-11:00', serviceFamily: 'indoor', windowStartsAt: '2026-12-11T17:00:00.000Z', holdExpiresAt: '2026-12-01T18:30:00.000Z'}), {capacity: 100, now: new Date('2026-12-01T17:00:00Z')})
    await database.db.query(`update public.bookings set cancellation_requested_at = '2026-11-30T13:00:00Z' where id = $1`, [unpaid.booking.id])
    // An e-mail the outbox gave up on counts; one sent, one still pending and a failed text do not.
    await message('email', 'failed')
    await message('email', 'sent')
    await message('email', 'pending')
    await message('text', 'failed')
    // An open dispute counts (with or without a booking we know); one the provider closed does not.
    await dispute('needs_response', asked)
    await dispute('under_review')
    await dispute('won')
    await dispute('lost')

    const counts = await readMenuCounts(functions, OFFICE, NOW)
    expect(counts).toEqual({attention: 1 + 1 + 1 + 2, newLeads: 0})
    expect(counts?.attention).toBe(await attentionListed())

    // Resolving one takes it off the count at once.
    await database.db.query(`update public.outbox set status = 'sent', sent_at = $1 where channel = 'email' and status = 'failed'`, [NOW.toISOString()])
    await database.db.query(`update public.payment_disputes set status = 'won' where status = 'under_review'`)
    expect(await readMenuCounts(functions, OFFICE, NOW)).toEqual({attention: 3, newLeads: 0})
    expect(await attentionListed()).toBe(3)
  })

  it('count at most the 200 failed e-mails and 200 disputes the page shows', async () => {
    await database.db.exec(`
      insert into public.outbox (channel, event_key, template, to_address, payload, status, attempts)
        select 'email', 'many:' || n, 'booking_paid.customer', 'gone@example.com', '{}'::jsonb, 'failed', 8 from generate_series(1, 205) as n;
      insert into public.payment_disputes (provider, provider_dispute_id, amount_cents, status, opened_at, updated_at)
        select 'stripe', 'du_many_' || n, 100, 'needs_response', now(), now() from generate_series(1, 203) as n;`)
    expect(await readMenuCounts(functions, OFFICE, NOW)).toEqual({attention: 400, newLeads: 0})
    expect(await attentionListed()).toBe(400)
  })

  it('count the leads the inbox lists as new, of every kind; spam and answered leads are not new', async () => {
    await lead('quote_request', null)
    await lead('contact_message', 'new')
    await lead('estimate_request', null)
    await lead('quote_request', 'spam')
    await lead('contact_message', 'contacted')
    await lead('estimate_request', 'won')
    await lead('quote_request', 'lost')

    expect(await readMenuCounts(functions, OFFICE, NOW)).toEqual({attention: 0, newLeads: 3})
    const inbox = createLeadOffice(functions, () => NOW)
    const viewer = {id: randomUUID(), name: 'Dana'}
    expect((await inbox.list(parseLeadListQuery(new URLSearchParams('status=new')), viewer)).total).toBe(3)
  })

  it('are not read for crew, whose menu has neither entry', async () => {
    await lead('quote_request', null)
    expect(await readMenuCounts(functions, {role: 'crew'}, NOW)).toBeNull()
    expect(await readMenuCounts(functions, {role: 'owner'}, NOW)).toEqual({attention: 0, newLeads: 1})
  })

  it('are the same through the Data API (supabase-js against the PostgREST stand-in); when they cannot be read the menu shows none', async () => {
    await lead('quote_request', null)
    await lead('contact_message', null)
    await latePayment(await paidBooking(), false)
    const postgrest = await startPostgrestStandIn(database.db, {keys: {'service-key': 'service_role', 'anon-key': 'anon'}, exposedTables: []})
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const rpc = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: 'service-key'}))
      expect(await readMenuCounts(rpc, OFFICE, NOW)).toEqual({attention: 1, newLeads: 2})

      // The app's own wiring, configured for that Supabase.
      vi.stubEnv('SUPABASE_URL', postgrest.url)
      vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service-key')
      expect(await officeMenuCounts(OFFICE)).toEqual({attention: 1, newLeads: 2})
      expect(await officeMenuCounts({role: 'crew'})).toBeNull()
      expect(errors).not.toHaveBeenCalled()

      // The database is unreachable: no counts, logged, and no error thrown at the page.
      await postgrest.close()
      expect(await officeMenuCounts(OFFICE)).toBeNull()
      expect(errors).toHaveBeenCalledWith('Office: the menu counts could not be read', expect.anything())
    } finally {
      vi.unstubAllEnvs()
      errors.mockRestore()
      await postgrest.close().catch(() => {})
    }
  })
})

describe('the leads inbox by day and by answer', () => {
  it("finds leads by the company's day they came in, both ends inclusive, across midnight in Renton", async () => {
    // 2026-11-01 00:30 PDT (07:30 UTC) is November 1st in Renton; 2026-11-01 06:59 UTC is still October 31st there.
    const firstOfNovember = await lead('quote_request', null, '2026-11-01T07:30:00Z')
    const lastOfOctober = await lead('contact_message', null, '2026-11-01T06:59:59Z')
    // The night the clocks go back: 2026-11-01 23:59 PST is 2026-11-02 07:59 UTC, still November 1st.
    const lateOnFirst = await lead('estimate_request', null, '2026-11-02T07:59:00Z')
    const secondOfNovember = await lead('quote_request', 'contacted', '2026-11-02T08:00:00Z')

    const inbox = createLeadOffice(functions, () => NOW)
    const viewer = {id: randomUUID(), name: 'Dana'}
    const ids = async (address: string) => (await inbox.list(parseLeadListQuery(new URLSearchParams(address)), viewer)).leads.map((found) => found.id).sort()

    expect(await ids('from=2026-11-01&to=2026-11-01')).toEqual([firstOfNovember, lateOnFirst].sort())
    expect(await ids('to=2026-10-31')).toEqual([lastOfOctober])
    expect(await ids('from=2026-11-02')).toEqual([secondOfNovember])
    expect(await ids('from=2026-10-31&to=2026-11-02')).toEqual([firstOfNovember, lastOfOctober, lateOnFirst, secondOfNovember].sort())
    // With the other filters: new leads of November 1st.
    expect(await ids('from=2026-11-01&to=2026-11-02&status=new')).toEqual([firstOfNovember, lateOnFirst].sort())
  })

  it('finds quote requests by their "how did you hear about us" answer, in any case, and offers each answer once', async () => {
    const google = await lead('quote_request', null, '2026-11-03T18:00:00Z', 'Google')
    const alsoGoogle = await lead('quote_request', 'quoted', '2026-11-04T18:00:00Z', ' google ')
    await lead('quote_request', null, '2026-11-05T18:00:00Z', 'A neighbour')
    await lead('quote_request', null, '2026-11-05T18:00:00Z', null)
    await lead('contact_message', null)

    const inbox = createLeadOffice(functions, () => NOW)
    const viewer = {id: randomUUID(), name: 'Dana'}
    const found = await inbox.list(parseLeadListQuery(new URLSearchParams('heard=GOOGLE')), viewer)
    expect(found.leads.map((one) => one.id).sort()).toEqual([google, alsoGoogle].sort())
    expect(found.total).toBe(2)
    expect((await inbox.list(parseLeadListQuery(new URLSearchParams('heard=Google&status=new')), viewer)).leads.map((one) => one.id)).toEqual([google])
    expect((await inbox.list(parseLeadListQuery(new URLSearchParams('heard=Radio')), viewer)).total).toBe(0)
    expect(await inbox.heardAnswers()).toEqual(['A neighbour', 'Google'])
  })

  it('works the same through the Data API', async () => {
    const first = await lead('quote_request', null, '2026-11-01T07:30:00Z', 'Google')
    await lead('quote_request', null, '2026-11-01T06:59:59Z', 'Google')
    const postgrest = await startPostgrestStandIn(database.db, {keys: {'service-key': 'service_role', 'anon-key': 'anon'}, exposedTables: []})
    try {
      const rpc = createLeadOffice(createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: 'service-key'})), () => NOW)
      const page = await rpc.list(parseLeadListQuery(new URLSearchParams('from=2026-11-01&to=2026-11-01&heard=google')), {id: randomUUID(), name: 'Dana'})
      expect(page.leads.map((one) => one.id)).toEqual([first])
      expect(await rpc.heardAnswers()).toEqual(['Google'])
    } finally {
      await postgrest.close()
    }
  })
})
