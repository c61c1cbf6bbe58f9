import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {createClient} from '@supabase/supabase-js'
import pg from 'pg'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {createSqlBookingStore} from '../booking/store/sql-store'
import {commercialBooking, houseBooking} from '../booking/store/test-support/fixtures'
import {createOutboxStore, type OutboxMessage} from '../email/outbox'
import {eventEmails, type BookingPaidFacts, type ContactMessageFacts, type QueuedEmail} from '../email/queue'
import {createLeadStore, type StoredLeadInput} from '../leads/store'
import {DatabaseError, type DatabaseFunctions} from './functions'
import {createSqlDatabaseFunctions} from './sql-functions'
import type {SqlClient} from './sql'
import {createServiceRoleClient} from './supabase'
import {createSupabaseDatabaseFunctions} from './supabase-functions'
import type {TestCheckoutSessionRecord} from '../payments/test-checkout'
import {databaseTestCheckoutSessions} from '../payments/test-checkout-sessions'
import {findPostgresTools, startMigratedCluster} from './test-support/postgres-cluster'
import {openPostgrestOnPglite, type PostgrestStandIn} from './test-support/postgrest'
import {openMigratedWorkerDatabase, openTempPglite, PGLITE_SETUP_TIMEOUT} from './test-support/temp-pglite'
import {openedForTests} from './test-support/opened-for-tests'

// The databases are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The database functions of supabase/migrations (the leads and the outbox) through
 * the app's two adapters, on the three databases the app runs on: the SQL adapter on PGlite (the
 * embedded default) and on a real PostgreSQL server (a throwaway cluster, when initdb is installed),
 * and the supabase-js rpc adapter against the PostgREST stand-in (backed by PGlite).
 */

type Role = 'anon' | 'authenticated' | 'service_role'

type Harness = {
  functions: DatabaseFunctions
  /** Direct SQL on the database behind the functions, as its owner. */
  sql: SqlClient
  /** Runs one statement as `role` in a transaction that is rolled back. */
  asRole(role: Role, text: string, params?: unknown[]): Promise<unknown[]>
  close(): Promise<void>
}

const LEAD_TABLES = ['quote_requests', 'contact_messages', 'appointments', 'outbox'] as const
/** The outbox of one channel each, under the names of the former tables. */
const OUTBOX_VIEWS = ['email_outbox', 'text_outbox'] as const

async function clear(sql: SqlClient): Promise<void> {
  for (const table of [...LEAD_TABLES, 'bookings', 'test_checkout_sessions']) await sql.query(`delete from public.${table}`)
}

async function count(sql: SqlClient, table: string, condition = 'true', params: unknown[] = []): Promise<number> {
  const {rows} = await sql.query<{n: number}>(`select count(*)::int as n from public.${table} where ${condition}`, params)
  return rows[0].n
}

function contactLead(overrides: Partial<StoredLeadInput<'contactMessage'>> = {}): StoredLeadInput<'contactMessage'> {
  return {
    id: randomUUID(),
    submissionKey: randomUUID(),
    name: 'Grace Hopper',
    email: 'grace@example.net',
    phone: '2065550199',
    message: "It's a \"test\"; 100% — ✓",
    page: {path: '/contact', title: null},
    submittedAt: new Date('2027-01-10T20:00:00Z'),
    ...overrides,
  }
}

function contactFacts(lead: StoredLeadInput<'contactMessage'>): ContactMessageFacts {
  return {
    kind: 'contact_message',
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    pagePath: lead.page.path,
    submittedAt: lead.submittedAt.toISOString(),
  }
}

/** Queues `n` contact messages' business e-mails, one per submission; answers their outbox ids. */
async function queueMessages(h: Harness, n: number): Promise<string[]> {
  const store = createLeadStore(h.functions)
  for (let i = 0; i < n; i++) {
    const lead = contactLead({message: `Message ${i}`})
    await store.save('contactMessage', lead, eventEmails(contactFacts(lead)).filter((email) => email.audience === 'business'))
  }
  const {rows} = await h.sql.query<{id: string}>('select id from public.email_outbox order by created_at')
  return rows.map((row) => String(row.id))
}

async function outboxRow(sql: SqlClient, id: string): Promise<Record<string, unknown>> {
  const {rows} = await sql.query<Record<string, unknown>>(
    `select *, extract(epoch from next_attempt_at - now())::float8 as due_in_seconds,
      extract(epoch from locked_until - now())::float8 as locked_for_seconds from public.email_outbox where id = $1`,
    [id],
  )
  return rows[0]
}

function paidFacts(bookingId: string): BookingPaidFacts {
  return {
    kind: 'booking_paid',
    id: bookingId,
    reference: bookingId.slice(0, 4).toUpperCase(),
    industry: 'commercial',
    service: 'Commercial Cleaning – Construction Final Clean',
    date: '2030-01-15',
    location: 'Snohomish County',
    customer: {firstName: 'Lin', lastName: 'Park', email: 'facilities@example.com', phone: '4255550123', address: '400 SW 7th St, Renton, WA 98057'},
    details: [],
    notes: null,
    charges: [{label: 'Base', cents: 4000}, {label: 'Construction Final Clean', cents: 1000}],
    totalCents: 5000,
    paidAt: '2030-01-10T18:00:00.000Z',
  }
}

function functionsContract(setup: () => Promise<Harness>) {
  const h = openedForTests(setup)
  beforeEach(async () => {
    await clear(h.sql)
  })

  describe('submit_* (a submission and its e-mails in one transaction)', () => {
    it('stores the submission and queues its e-mails, keyed by event and audience', async () => {
      const lead = contactLead()
      const result = await createLeadStore(h.functions).save('contactMessage', lead, eventEmails(contactFacts(lead)))
      expect(result).toEqual({id: lead.id, created: true, conflict: false})
      expect(await count(h.sql, 'contact_messages', 'id = $1', [lead.id])).toBe(1)
      const {rows} = await h.sql.query<Record<string, unknown>>('select event_key, template, to_address, reply_to, payload, status from public.email_outbox order by event_key')
      expect(rows).toEqual([
        {
          event_key: `contact_message:${lead.id}:business`,
          template: 'contact_message.business',
          to_address: null,
          reply_to: 'grace@example.net',
          payload: contactFacts(lead),
          status: 'pending',
        },
        {
          event_key: `contact_message:${lead.id}:customer`,
          template: 'contact_message.customer',
          to_address: 'grace@example.net',
          reply_to: null,
          payload: contactFacts(lead),
          status: 'pending',
        },
      ])
    })

    it('the same submission key again stores nothing, queues nothing and answers the first id (a conflict when its details differ)', async () => {
      const store = createLeadStore(h.functions)
      const first = contactLead()
      await store.save('contactMessage', first, eventEmails(contactFacts(first)))
      const repeat = {...first, id: randomUUID()}
      expect(await store.save('contactMessage', repeat, eventEmails(contactFacts(repeat)))).toEqual({id: first.id, created: false, conflict: false})
      const again = contactLead({submissionKey: first.submissionKey, message: 'sent twice'})
      expect(await store.save('contactMessage', again, eventEmails(contactFacts(again)))).toEqual({id: first.id, created: false, conflict: true})
      expect(await count(h.sql, 'contact_messages')).toBe(1)
      expect(await count(h.sql, 'email_outbox')).toBe(2)
      expect(await count(h.sql, 'email_outbox', 'event_key like $1', [`contact_message:${again.id}:%`])).toBe(0)
    })

    it.each([
      ['no audience', {template: 'quote_request.business', to: null, replyTo: null, payload: {}}],
      ['no template', {audience: 'customer', to: 'ada@example.com', replyTo: null, payload: {}}],
    ])('stores no quote request when an e-mail cannot be queued (%s)', async (_name, badEmail) => {
      const good: QueuedEmail = {audience: 'business', template: 'quote_request.business', to: null, replyTo: 'ada@example.com', payload: {} as never}
      const lead: StoredLeadInput<'quoteRequest'> = {
        id: randomUUID(),
        submissionKey: randomUUID(),
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '4255550142',
        email: 'ada@example.com',
        zipCode: '98056',
        squareFootage: null,
        desiredServices: null,
        heardAboutUs: null,
        termsAccepted: true,
        page: {path: '/roof-cleaning', title: 'Roof Cleaning'},
        submittedAt: new Date(),
      }
      const error = await createLeadStore(h.functions)
        .save('quoteRequest', lead, [good, badEmail as never])
        .then(() => null, (caught: unknown) => caught)
      expect(error).toBeInstanceOf(DatabaseError)
      expect((error as DatabaseError).code).toBe('23502') // not_null_violation
      expect(await count(h.sql, 'quote_requests')).toBe(0)
      expect(await count(h.sql, 'email_outbox')).toBe(0)
    })

    it('stores no estimate request and no contact message when an e-mail cannot be queued', async () => {
      const store = createLeadStore(h.functions)
      const bad = [{audience: 'business', to: null, replyTo: null, payload: {}}] as never
      await expect(
        store.save(
          'appointment',
          {
            id: randomUUID(),
            submissionKey: randomUUID(),
            fullName: 'Katherine Johnson',
            phone: '4255550100',
            email: 'katherine@example.org',
            address: '12 Cedar Lane',
            zipCode: '98056',
            service: 'Mold remediation',
            visitDate: '2027-02-03',
            visitWindow: '10:00-12:00',
            visitStartsAt: '2027-02-03T18:00:00.000Z',
            walkthrough: 'video',
            notes: null,
            page: {path: '/appointment', title: null},
            submittedAt: new Date(),
          },
          bad,
        ),
      ).rejects.toBeInstanceOf(DatabaseError)
      await expect(store.save('contactMessage', contactLead(), bad)).rejects.toBeInstanceOf(DatabaseError)
      expect(await count(h.sql, 'appointments')).toBe(0)
      expect(await count(h.sql, 'contact_messages')).toBe(0)
      expect(await count(h.sql, 'email_outbox')).toBe(0)
    })

    it('refuses a row the table refuses (a phone that is not ten digits), queueing nothing', async () => {
      const lead = contactLead({phone: '555-0199'})
      await expect(createLeadStore(h.functions).save('contactMessage', lead, eventEmails(contactFacts(lead)))).rejects.toMatchObject({
        name: 'DatabaseError',
        code: '23514', // check_violation
      })
      expect(await count(h.sql, 'email_outbox')).toBe(0)
    })
  })

  describe('mark_booking_paid', () => {
    it('pays a pending booking and queues its e-mails once, however often it is called', async () => {
      const {booking} = await createSqlBookingStore(h.sql).createPending(commercialBooking())
      const emails = eventEmails(paidFacts(booking.id))
      const paidAt = new Date('2030-01-10T18:00:00.000Z')
      const call = (sessionId: string) => h.functions.value<boolean>('mark_booking_paid', {p_id: booking.id, p_session_id: sessionId, p_paid_at: paidAt, p_emails: emails})
      expect(await call('cs_test_webhook')).toBe(true)
      // The success page confirming the same payment, and the webhook delivered twice.
      expect(await call('cs_test_success_page')).toBe(false)
      expect(await call('cs_test_webhook')).toBe(false)

      const paid = await createSqlBookingStore(h.sql).findById(booking.id)
      expect(paid).toMatchObject({paymentStatus: 'paid', paymentSessionId: 'cs_test_webhook', paidAt: paidAt.toISOString()})
      const {rows} = await h.sql.query<{event_key: string; to_address: string | null; reply_to: string | null}>(
        'select event_key, to_address, reply_to from public.email_outbox order by event_key',
      )
      expect(rows).toEqual([
        {event_key: `booking_paid:${booking.id}:business`, to_address: null, reply_to: 'facilities@example.com'},
        {event_key: `booking_paid:${booking.id}:customer`, to_address: 'facilities@example.com', reply_to: null},
      ])
    })

    it('queues nothing for an unknown or a closed booking', async () => {
      const store = createSqlBookingStore(h.sql)
      const {booking} = await store.createPending(houseBooking())
      await store.markClosed(booking.id, 'cancelled')
      for (const id of [booking.id, randomUUID()]) {
        expect(await h.functions.value('mark_booking_paid', {p_id: id, p_session_id: 'cs_x', p_paid_at: new Date(), p_emails: eventEmails(paidFacts(id))})).toBe(false)
      }
      expect((await store.findById(booking.id))?.paymentStatus).toBe('cancelled')
      expect(await count(h.sql, 'email_outbox')).toBe(0)
    })

    it('does not pay the booking when its e-mails cannot be queued', async () => {
      const {booking} = await createSqlBookingStore(h.sql).createPending(commercialBooking())
      await expect(
        h.functions.value('mark_booking_paid', {
          p_id: booking.id,
          p_session_id: 'cs_x',
          p_paid_at: new Date(),
          p_emails: [{audience: 'customer', to: 'x@example.com', replyTo: null, payload: {}}],
        }),
      ).rejects.toBeInstanceOf(DatabaseError)
      expect((await createSqlBookingStore(h.sql).findById(booking.id))?.paymentStatus).toBe('pending')
    })
  })

  describe("a booking's manage link generation (reschedule_booking, request_booking_cancellation)", () => {
    const NOW = new Date('2031-01-01T00:00:00Z')
    async function paidInWindow(date: string) {
      const store = createSqlBookingStore(h.sql)
      const {booking} = await store.createPending(
        houseBooking({date, arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: `${date}T15:00:00.000Z`, holdExpiresAt: '2031-01-01T00:30:00.000Z'}),
        {capacity: 100, now: NOW},
      )
      await store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: NOW})
      return booking
    }
    const move = (id: string, date: string, generation: number) =>
      h.functions.value<{status: string}>('reschedule_booking', {
        p_id: id,
        p_date: date,
        p_window: '12:00-14:00',
        p_window_starts_at: new Date(`${date}T20:00:00Z`),
        p_capacity: 5,
        p_notice_hours: 24,
        p_now: NOW,
        p_emails: [],
        p_link_generation: generation,
      })
    const cancel = (id: string, generation: number) =>
      h.functions.value<{status: string}>('request_booking_cancellation', {p_id: id, p_notice_hours: 24, p_now: NOW, p_emails: [], p_link_generation: generation})
    const generationOf = async (id: string) => (await h.sql.query<{g: number}>('select manage_link_generation as g from public.bookings where id = $1', [id])).rows[0].g

    it('a move and a cancellation request each issue the next generation; the generation before is refused and changes nothing', async () => {
      const booking = await paidInWindow('2031-05-01')
      expect(await generationOf(booking.id)).toBe(0)
      expect(await move(booking.id, '2031-05-02', 0)).toEqual({status: 'moved'})
      expect(await generationOf(booking.id)).toBe(1)
      expect(await move(booking.id, '2031-05-03', 0)).toEqual({status: 'link_replaced'})
      expect(await cancel(booking.id, 0)).toEqual({status: 'link_replaced'})
      expect(await count(h.sql, 'booking_changes', 'booking_id = $1', [booking.id])).toBe(1)
      expect(await count(h.sql, 'bookings', `id = $1 and date = '2031-05-02' and cancellation_requested_at is null`, [booking.id])).toBe(1)
      expect(await cancel(booking.id, 1)).toEqual({status: 'requested'})
      expect(await generationOf(booking.id)).toBe(2)
      expect(await cancel(booking.id, 2)).toEqual({status: 'cancellation_requested'})
      expect(await move(randomUUID(), '2031-05-03', 0)).toEqual({status: 'not_found'})
    })

    it('bookings stored before generations existed are generation 0, and their links keep working', async () => {
      const booking = await paidInWindow('2031-05-04')
      // As the migration leaves an existing row: the column's default.
      await h.sql.query('update public.bookings set manage_link_generation = default where id = $1', [booking.id])
      expect(await cancel(booking.id, 0)).toEqual({status: 'requested'})
    })
  })

  describe('the outbox: claim, complete, fail', () => {
    it('claims due messages for a lease: a second claim gets none of them', async () => {
      const ids = await queueMessages(h, 3)
      const outbox = createOutboxStore(h.functions)
      const claimed = await outbox.claim(10, 120)
      expect(claimed.map((message) => message.id).sort()).toEqual([...ids].sort())
      for (const message of claimed) {
        expect(message).toMatchObject({attempts: 1, template: 'contact_message.business', to: null, replyTo: 'grace@example.net'})
        expect(message.lockToken).toMatch(/^[0-9a-f-]{36}$/)
        expect(message.eventKey).toMatch(/^contact_message:[0-9a-f-]{36}:business$/)
        expect(message.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
        expect(Math.abs(Date.parse(message.createdAt) - Date.now())).toBeLessThan(10 * 60_000)
        expect(message.payload).toMatchObject({kind: 'contact_message', name: 'Grace Hopper'})
        const row = await outboxRow(h.sql, message.id)
        expect(row.locked_for_seconds).toBeGreaterThan(60)
        expect(row.locked_for_seconds).toBeLessThanOrEqual(120)
      }
      expect(new Set(claimed.map((message) => message.lockToken)).size).toBe(3)
      expect(await outbox.claim(10, 120)).toEqual([])
    })

    it('claims at most the limit, oldest due first, and not messages due later', async () => {
      const ids = await queueMessages(h, 4)
      await h.sql.query(`update public.email_outbox set next_attempt_at = now() - make_interval(mins => $2) where id = $1`, [ids[2], 10])
      await h.sql.query(`update public.email_outbox set next_attempt_at = now() + interval '1 hour' where id = $1`, [ids[3]])
      const outbox = createOutboxStore(h.functions)
      // The two due longest (RETURNING gives them in no particular order).
      expect((await outbox.claim(2, 60)).map((message) => message.id).sort()).toEqual([ids[2], ids[0]].sort())
      expect((await outbox.claim(5, 60)).map((message) => message.id)).toEqual([ids[1]])
      expect(await outbox.claim(5, 60)).toEqual([])
    })

    it('many claimers at once never get the same message, and every message is claimed once', async () => {
      const ids = await queueMessages(h, 24)
      const outbox = createOutboxStore(h.functions)
      const seen: OutboxMessage[] = []
      for (let round = 0; round < 10 && seen.length < ids.length; round++) {
        const batches = await Promise.all(Array.from({length: 4}, () => outbox.claim(4, 120)))
        seen.push(...batches.flat())
      }
      expect(seen.map((message) => message.id).sort()).toEqual([...ids].sort())
      expect(await count(h.sql, 'email_outbox', 'attempts = 1')).toBe(ids.length)
    })

    it('a claim whose lease ran out is taken by the next claim; only the current claim can complete it', async () => {
      const [id] = await queueMessages(h, 1)
      const outbox = createOutboxStore(h.functions)
      const [stale] = await outbox.claim(1, 120)
      // The worker holding it died; its lease runs out.
      await h.sql.query(`update public.email_outbox set locked_until = now() - interval '1 second' where id = $1`, [id])
      const [current] = await outbox.claim(1, 120)
      expect(current).toMatchObject({id, attempts: 2})
      expect(current.lockToken).not.toBe(stale.lockToken)

      expect(await outbox.complete(stale, '<stale@example.com>')).toBe(false)
      expect(await outbox.fail(stale, 'too late', 30)).toBe(false)
      expect(await outboxRow(h.sql, id)).toMatchObject({status: 'pending', lock_token: current.lockToken})

      expect(await outbox.complete(current, '<current@example.com>')).toBe(true)
      expect(await outboxRow(h.sql, id)).toMatchObject({
        status: 'sent',
        message_id: '<current@example.com>',
        lock_token: null,
        locked_until: null,
        sent_at: expect.anything(),
      })
      // Sent is final: neither completing again nor failing changes it, and no claim takes it.
      expect(await outbox.complete(current, '<again@example.com>')).toBe(false)
      expect(await outbox.fail(current, 'late failure', 30)).toBe(false)
      expect(await outbox.claim(5, 120)).toEqual([])
      expect(await outboxRow(h.sql, id)).toMatchObject({status: 'sent', message_id: '<current@example.com>'})
    })

    it('a failure with a retry delay makes the message due again after it, with the error recorded', async () => {
      const [id] = await queueMessages(h, 1)
      const outbox = createOutboxStore(h.functions)
      const [message] = await outbox.claim(1, 120)
      expect(await outbox.fail(message, `421 Service not available ${'x'.repeat(3000)}`, 300)).toBe(true)
      const row = await outboxRow(h.sql, id)
      expect(row).toMatchObject({status: 'pending', lock_token: null, locked_until: null, attempts: 1})
      expect(String(row.last_error)).toMatch(/^421 Service not available x+$/)
      expect(String(row.last_error)).toHaveLength(2000)
      expect(row.due_in_seconds).toBeGreaterThan(200)
      expect(row.due_in_seconds).toBeLessThanOrEqual(300)
      expect(await outbox.claim(5, 120)).toEqual([])

      // Time passes: the retry is due.
      await h.sql.query(`update public.email_outbox set next_attempt_at = now() - interval '1 second' where id = $1`, [id])
      const [retry] = await outbox.claim(5, 120)
      expect(retry).toMatchObject({id, attempts: 2})
      expect(await outbox.complete(retry, '<retry@example.com>')).toBe(true)
    })

    it('a failure without a retry gives the message up: failed, never claimed again', async () => {
      const [id] = await queueMessages(h, 1)
      const outbox = createOutboxStore(h.functions)
      const [message] = await outbox.claim(1, 120)
      expect(await outbox.fail(message, '550 No such user', null)).toBe(true)
      expect(await outboxRow(h.sql, id)).toMatchObject({status: 'failed', last_error: '550 No such user', lock_token: null})
      await h.sql.query(`update public.email_outbox set next_attempt_at = now() - interval '1 hour' where id = $1`, [id])
      expect(await outbox.claim(5, 120)).toEqual([])
      expect(await outbox.complete(message, '<late@example.com>')).toBe(false)
    })

    it('renews a claim only while it is this worker\'s and its lease has not run out', async () => {
      const [id] = await queueMessages(h, 1)
      const outbox = createOutboxStore(h.functions)
      const start = new Date()
      const [message] = await outbox.claim(1, 60, start)
      const later = new Date(start.getTime() + 50_000)
      expect(await outbox.renew(message, 60, later)).toBe(true)
      expect(await outboxRow(h.sql, id)).toMatchObject({lock_token: message.lockToken})
      // Renewed to 110 s after the start: another worker at 100 s finds nothing to claim.
      expect(await outbox.claim(5, 60, new Date(start.getTime() + 100_000))).toEqual([])
      expect(await outbox.renew({...message, lockToken: randomUUID()}, 60, later)).toBe(false)
      // Once the lease has run out, it is not renewed, even if nobody has claimed the message since.
      expect(await outbox.renew(message, 60, new Date(start.getTime() + 111_000))).toBe(false)
      const [other] = await outbox.claim(5, 60, new Date(start.getTime() + 111_000))
      expect(other.id).toBe(id)
      expect(await outbox.renew(message, 60, new Date(start.getTime() + 112_000))).toBe(false)
      expect(await outbox.complete(message, '<stale@example.com>')).toBe(false)
      expect(await outbox.renew(other, 60, new Date(start.getTime() + 112_000))).toBe(true)
    })

    it('completes or fails nothing for an unknown message or token', async () => {
      const [id] = await queueMessages(h, 1)
      const outbox = createOutboxStore(h.functions)
      const [message] = await outbox.claim(1, 120)
      expect(await outbox.complete({...message, lockToken: randomUUID()}, '<x@example.com>')).toBe(false)
      expect(await outbox.fail({...message, id: randomUUID()}, 'x', 10)).toBe(false)
      expect(await outboxRow(h.sql, id)).toMatchObject({status: 'pending', lock_token: message.lockToken})
    })
  })

  describe('the outbox when a server stops, and for the health check', () => {
    it('releases the claims a stopping worker hands back: due again for any worker at once, the attempt not counted', async () => {
      const ids = await queueMessages(h, 3)
      const outbox = createOutboxStore(h.functions)
      const claimed = await outbox.claim(10, 120)
      expect(claimed).toHaveLength(3)
      // Another process sees none of them while they are claimed.
      expect(await outbox.claim(10, 120)).toEqual([])
      const [kept, ...handedBack] = claimed
      expect(await outbox.release(handedBack)).toBe(2)
      for (const message of handedBack) {
        expect(await outboxRow(h.sql, message.id)).toMatchObject({status: 'pending', lock_token: null, locked_until: null, attempts: 0})
      }
      expect(await outboxRow(h.sql, kept.id)).toMatchObject({lock_token: kept.lockToken, attempts: 1})
      // The next claim (another process) takes them at once, not after the lease.
      const next = await outbox.claim(10, 120)
      expect(next.map((message) => message.id).sort()).toEqual(handedBack.map((message) => message.id).sort())
      expect(next.every((message) => message.attempts === 1)).toBe(true)
      expect(ids).toContain(kept.id)
    })

    it("releases only claims still the worker's own: not one another worker took after the lease ran out, not a sent one", async () => {
      const [first, second] = await queueMessages(h, 2)
      const outbox = createOutboxStore(h.functions)
      const claimed = await outbox.claim(10, 120)
      const stale = claimed.find((message) => message.id === first)!
      const sent = claimed.find((message) => message.id === second)!
      await h.sql.query(`update public.email_outbox set locked_until = now() - interval '1 second' where id = $1`, [first])
      const [current] = await outbox.claim(1, 120)
      expect(current.id).toBe(first)
      expect(await outbox.complete(sent, '<sent@example.com>')).toBe(true)
      expect(await outbox.release([stale, sent])).toBe(0)
      expect(await outboxRow(h.sql, first)).toMatchObject({lock_token: current.lockToken, attempts: 2})
      expect(await outboxRow(h.sql, second)).toMatchObject({status: 'sent', attempts: 1})
      expect(await outbox.release([])).toBe(0)
      await expect(h.functions.value('release_outbox', {p_claims: {id: first}})).rejects.toMatchObject({code: '22023'})
    })

    it('tells the age of the oldest e-mail not yet sent, in whole seconds, or null when none waits', async () => {
      const outbox = createOutboxStore(h.functions)
      expect(await outbox.oldestUnsentSeconds()).toBeNull()
      const [oldest, waiting, sent, givenUp] = await queueMessages(h, 4)
      await h.sql.query(`update public.email_outbox set created_at = now() - interval '90 seconds' where id = $1`, [oldest])
      // Sent and given-up messages are not waiting, however old.
      await h.sql.query(`update public.email_outbox set created_at = now() - interval '2 hours', status = 'sent', sent_at = now() where id = $1`, [sent])
      await h.sql.query(`update public.email_outbox set created_at = now() - interval '3 hours', status = 'failed' where id = $1`, [givenUp])
      // A message waiting for its retry is still unsent.
      await h.sql.query(`update public.email_outbox set created_at = now() - interval '30 seconds', next_attempt_at = now() + interval '1 hour' where id = $1`, [waiting])
      const seconds = await outbox.oldestUnsentSeconds()
      expect(seconds).toBeGreaterThanOrEqual(90)
      expect(seconds).toBeLessThan(150)
      expect(Number.isInteger(seconds)).toBe(true)
      await h.sql.query(`update public.email_outbox set status = 'sent', sent_at = now() where id = any($1::uuid[])`, [[oldest, waiting]])
      expect(await outbox.oldestUnsentSeconds()).toBeNull()
    })
  })

  describe('the test checkout sessions', () => {
    const session = (overrides: Partial<TestCheckoutSessionRecord> = {}): TestCheckoutSessionRecord => ({
      id: `test_cs_${randomUUID().replace(/-/g, '')}`,
      bookingId: randomUUID(),
      amountCents: 6000,
      currency: 'usd',
      description: 'Commercial Cleaning — Corporate Office Cleaning',
      successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/cancel',
      idempotencyKey: randomUUID(),
      status: 'open',
      createdAt: '2030-01-15T18:00:00.000Z',
      completedAt: null,
      ...overrides,
    })

    it('stores a session once per idempotency key, reads it back, and lets the first outcome win', async () => {
      const sessions = databaseTestCheckoutSessions(async () => h.functions)
      const first = session()
      expect(await sessions.save(first)).toEqual(first)
      // The same key again (a retried booking): the first session, nothing new stored.
      expect(await sessions.save(session({idempotencyKey: first.idempotencyKey}))).toEqual(first)
      expect(await count(h.sql, 'test_checkout_sessions')).toBe(1)
      expect(await sessions.get(first.id)).toEqual(first)
      expect(await sessions.get(`test_cs_${'0'.repeat(32)}`)).toBeNull()
      const paid = await sessions.complete(first.id, 'paid')
      expect(paid).toMatchObject({id: first.id, status: 'paid', completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/)})
      expect(await sessions.complete(first.id, 'cancelled')).toEqual(paid)
      expect(await sessions.complete(`test_cs_${'1'.repeat(32)}`, 'paid')).toBeNull()
      await expect(sessions.save(session({id: 'not-a-session-id'}))).rejects.toThrow()
    })
  })

  describe('permissions', () => {
    it('anon and authenticated can neither read nor write the new tables, nor call the functions', async () => {
      for (const role of ['anon', 'authenticated'] as const) {
        for (const table of [...LEAD_TABLES, ...OUTBOX_VIEWS]) {
          await expect(h.asRole(role, `select * from public.${table}`)).rejects.toThrow(/permission denied/)
        }
        await expect(h.asRole(role, `insert into public.email_outbox (event_key, template, payload) values ('x', 'y', '{}')`)).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select * from public.claim_outbox('email', 10, 60, null)`)).rejects.toThrow(/permission denied/)
        await expect(
          h.asRole(role, `select public.submit_contact_message($1::jsonb, '[]'::jsonb)`, [JSON.stringify({id: randomUUID(), submission_key: randomUUID()})]),
        ).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.mark_booking_paid($1::uuid, 'cs', now(), '[]'::jsonb)`, [randomUUID()])).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.enqueue_event_emails('x', '[]'::jsonb)`)).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, 'select * from public.test_checkout_sessions')).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.complete_test_checkout_session('test_cs_x', 'paid', now())`)).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, 'select * from public.app_secrets')).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.app_secret('booking_manage_link')`)).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, 'select * from public.booking_changes')).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.release_outbox('[]'::jsonb)`)).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, 'select public.oldest_unsent_email_seconds()')).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.request_booking_cancellation($1::uuid, 24, now(), '[]'::jsonb, 0)`, [randomUUID()])).rejects.toThrow(
          /permission denied/,
        )
        await expect(
          h.asRole(role, `select public.reschedule_booking($1::uuid, '2031-01-01', '08:00-10:00', now(), 1, 24, now(), '[]'::jsonb, 0)`, [randomUUID()]),
        ).rejects.toThrow(/permission denied/)
        await expect(h.asRole(role, `select public.booking_link_change_refusal($1::uuid, 0, 24, now())`, [randomUUID()])).rejects.toThrow(/permission denied/)
      }
    })

    it('the service role can call every function and read the tables', async () => {
      await queueMessages(h, 1)
      expect(await h.asRole('service_role', 'select id from public.email_outbox')).toHaveLength(1)
      expect(await h.asRole('service_role', 'select id from public.contact_messages')).toHaveLength(1)
      expect(await h.asRole('service_role', `select * from public.claim_outbox('email', 10, 60, null)`)).toHaveLength(1)
    })

    it('has row level security on the new tables, with no policy', async () => {
      const {rows} = await h.sql.query<{relname: string; relrowsecurity: boolean}>(
        `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relname = any($1) order by relname`,
        [[...LEAD_TABLES]],
      )
      expect(rows).toEqual([...LEAD_TABLES].sort().map((relname) => ({relname, relrowsecurity: true})))
      expect(await count(h.sql, 'email_outbox')).toBe(0)
      const {rows: policies} = await h.sql.query(`select 1 from pg_policies where schemaname = 'public' and tablename = any($1)`, [[...LEAD_TABLES]])
      expect(policies).toHaveLength(0)
    })
  })
}

function pgliteHarness(db: PGlite, extra: {close(): Promise<void>}, functions: DatabaseFunctions = createSqlDatabaseFunctions(db)): Harness {
  return {
    functions,
    sql: db,
    async asRole(role, text, params) {
      let rows: unknown[] = []
      await db
        .transaction(async (tx) => {
          await tx.exec(`set local role ${role}`)
          rows = (await tx.query(text, params)).rows
          throw new RollBack()
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error
        })
      return rows
    },
    close: extra.close,
  }
}

class RollBack extends Error {}

describe('database functions on PGlite (the embedded default)', () => {
  functionsContract(async () => {
    const database = await openTempPglite()
    return pgliteHarness(database.db, database)
  })
})

describe('database functions on PGlite in its worker thread (as the server runs it)', () => {
  functionsContract(async () => {
    const db = await openMigratedWorkerDatabase()
    return {
      functions: createSqlDatabaseFunctions(db),
      sql: db,
      // PGlite has one session and nothing else runs meanwhile: a transaction over several calls.
      async asRole(role, text, params) {
        await db.query('begin')
        try {
          await db.query(`set local role ${role}`)
          return (await db.query(text, params)).rows
        } finally {
          await db.query('rollback')
        }
      },
      close: () => db.close(),
    }
  })
})

const postgresTools = findPostgresTools()
if ('missing' in postgresTools) {
  console.warn(`Skipping the database functions contract on a real PostgreSQL server: ${postgresTools.missing}.`)
}

describe.skipIf('missing' in postgresTools)('database functions on a real PostgreSQL server (throwaway cluster)', () => {
  let pool: pg.Pool | undefined

  functionsContract(async () => {
    if ('missing' in postgresTools) throw new Error(postgresTools.missing)
    const database = await startMigratedCluster(postgresTools)
    pool = database.pool
    const {sql} = database
    return {
      functions: createSqlDatabaseFunctions(sql),
      sql,
      async asRole(role, text, params) {
        const client = await pool!.connect()
        try {
          await client.query('begin')
          await client.query(`set local role ${role}`)
          return (await client.query(text, params)).rows
        } finally {
          await client.query('rollback').catch(() => {})
          client.release()
        }
      },
      close: database.close,
    }
  })

  it('a claim holding its rows (transaction still open) does not block another claimer, which takes other messages', async () => {
    const sql: SqlClient = {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await pool!.query(text, params)).rows as R[]})}
    await clear(sql)
    const h = {functions: createSqlDatabaseFunctions(sql), sql} as Harness
    const ids = await queueMessages(h, 6)
    const first = await pool!.connect()
    const second = await pool!.connect()
    try {
      await first.query('begin')
      // The first worker's claim, not committed yet: its rows stay locked.
      const held = await createOutboxStore(createSqlDatabaseFunctions(first)).claim(3, 120)
      expect(held).toHaveLength(3)
      // Meanwhile, on another connection: SKIP LOCKED passes over them instead of waiting.
      const other = await createOutboxStore(createSqlDatabaseFunctions(second)).claim(10, 120)
      expect(other).toHaveLength(3)
      await first.query('commit')
      expect([...held, ...other].map((message) => message.id).sort()).toEqual([...ids].sort())
    } finally {
      await first.query('rollback').catch(() => {})
      first.release()
      second.release()
    }
  })

  it('a claimer that rolls back (crashed mid-claim) leaves the messages to the next claim', async () => {
    const sql: SqlClient = {query: async <R,>(text: string, params?: unknown[]) => ({rows: (await pool!.query(text, params)).rows as R[]})}
    await clear(sql)
    const ids = await queueMessages({functions: createSqlDatabaseFunctions(sql), sql} as Harness, 2)
    const client = await pool!.connect()
    try {
      await client.query('begin')
      expect(await createOutboxStore(createSqlDatabaseFunctions(client)).claim(5, 120)).toHaveLength(2)
      await client.query('rollback')
    } finally {
      client.release()
    }
    const again = await createOutboxStore(createSqlDatabaseFunctions(sql)).claim(5, 120)
    expect(again.map((message) => message.id).sort()).toEqual([...ids].sort())
    expect(again.every((message) => message.attempts === 1)).toBe(true)
  })
})

describe('database functions on Supabase (supabase-js rpc against a PostgREST stand-in)', () => {
  const SERVICE_ROLE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.functions-service-role'
  const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.functions-anon'
  let postgrest: PostgrestStandIn

  functionsContract(async () => {
    const supabase = await openPostgrestOnPglite({keys: {[SERVICE_ROLE_KEY]: 'service_role', [ANON_KEY]: 'anon'}, exposedTables: [...LEAD_TABLES, ...OUTBOX_VIEWS, 'bookings']})
    postgrest = supabase.postgrest
    const functions = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY}))
    return pgliteHarness(supabase.db, supabase, functions)
  })

  it('calls each function as POST /rest/v1/rpc/<name> with named arguments and the service role key', async () => {
    const functions = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: SERVICE_ROLE_KEY}))
    postgrest.requests.length = 0
    await functions.rows('claim_outbox', {p_channel: 'email', p_limit: 3, p_lease_seconds: 45, p_now: null})
    const paidAt = new Date('2030-01-02T03:04:05.678Z')
    const id = randomUUID()
    await functions.value('mark_booking_paid', {p_id: id, p_session_id: 'cs_wire', p_paid_at: paidAt, p_emails: []})
    expect(postgrest.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/rest/v1/rpc/claim_outbox', {p_channel: 'email', p_limit: 3, p_lease_seconds: 45, p_now: null}],
      ['POST', '/rest/v1/rpc/mark_booking_paid', {p_id: id, p_session_id: 'cs_wire', p_paid_at: '2030-01-02T03:04:05.678Z', p_emails: []}],
    ])
    for (const request of postgrest.requests) {
      expect(request.headers.apikey).toBe(SERVICE_ROLE_KEY)
      expect(request.headers.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
    }
  })

  it('with the public (anon) key: no table can be read and no function called', async () => {
    const anon = createClient(postgrest.url, ANON_KEY, {auth: {persistSession: false, autoRefreshToken: false}})
    for (const table of [...LEAD_TABLES, ...OUTBOX_VIEWS]) {
      const read = await anon.from(table).select('*')
      expect(read.error?.code).toBe('42501')
      expect(read.status).toBe(401)
    }
    const anonFunctions = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: ANON_KEY}))
    await expect(anonFunctions.rows('claim_outbox', {p_channel: 'email', p_limit: 10, p_lease_seconds: 60, p_now: null})).rejects.toMatchObject({
      name: 'DatabaseError',
      code: '42501',
      message: expect.stringMatching(/permission denied/),
    })
    const lead = contactLead()
    await expect(createLeadStore(anonFunctions).save('contactMessage', lead, eventEmails(contactFacts(lead)))).rejects.toMatchObject({code: '42501'})
    const write = await anon.from('email_outbox').insert({event_key: 'x', template: 'y', payload: {}})
    expect(write.error?.code).toBe('42501')
  })

  it('a wrong key is refused', async () => {
    const wrong = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: 'not-a-key'}))
    await expect(wrong.rows('claim_outbox', {p_channel: 'email', p_limit: 1, p_lease_seconds: 1, p_now: null})).rejects.toThrow(/Invalid API key/)
  })
})
