import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import type {SqlClient} from '../database/sql'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {findPostgresTools, startMigratedCluster, type MigratedCluster} from '../database/test-support/postgres-cluster'
import {startPostgrestStandIn} from '../database/test-support/postgrest'
import {createServiceRoleClient} from '../database/supabase'
import {createSupabaseDatabaseFunctions} from '../database/supabase-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {composeMail, type EmailCompany, type EmailWording, type ManageLinkFor} from '../email/compose'
import {outboxMessageFromRow} from '../email/outbox'
import type {BookingReminderFacts, ReviewRequestFacts} from '../email/queue'
import {emailContentFromDataset} from '../email/test-support/content'
import {createJobRunner, createJobStore} from '../jobs/runner'
import {markOutcome, type OfficeBookingDeps} from '../office/bookings/actions'
import {createOfficeBookingRecords} from '../office/bookings/store'
import {manageBookingView} from './manage'
import {manageBookingUrl, manageLinkExpiry, signManageToken} from './manage-link'
import {createReminderStore, createVisitRemindersJob, queueVisitReminders, reviewRequestEmails, type VisitRemindersDeps} from './reminders'
import {createSqlBookingStore} from './store/sql-store'
import type {BookingStore, NewBooking} from './store/store'
import {carpetBooking, commercialBooking, houseBooking} from './store/test-support/fixtures'
import {TEST_AVAILABILITY} from './test-support/availability'

/**
 * The reminder 48 hours before every visit and the review request after one is done, on the
 * embedded database through the app's database functions, with the clock passed in: each test has
 * its own weeks (its visits are past or far away for every other test), so none depends on another.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const SECRET = 'reminders-test-manage-link-secret-0123456789abcdef'
const SITE_URL = 'https://cedar-river.example'

let db: PGlite
let close: () => Promise<void>
let store: BookingStore
/** The embedded database's booking store (`store` for short in the tests). */
let defaultStore: BookingStore
let deps: VisitRemindersDeps
let wording: EmailWording
let company: EmailCompany

beforeAll(async () => {
  ;({db, close} = await openTempPglite())
  store = createSqlBookingStore(db)
  defaultStore = store
  const functions = createSqlDatabaseFunctions(db)
  deps = {store: async () => createReminderStore(functions)}
  ;({wording, company} = await emailContentFromDataset())
}, PGLITE_SETUP_TIMEOUT)
afterAll(() => close())

/** When `window` of `date` starts (the dates here are in Pacific standard time, UTC−8). */
function startsAt(date: string, window: string): string {
  return new Date(`${date}T${window.slice(0, 5)}:00-08:00`).toISOString()
}

/** A booking in `window` of `date`, booked at `bookedAt`, paid unless `pending`. */
async function visit(
  date: string,
  window: string,
  bookedAt: Date,
  options: {make?: (o: Partial<NewBooking>) => NewBooking; pending?: boolean; email?: string; on?: {sql: SqlClient; store: BookingStore}} = {},
): Promise<string> {
  const {sql, store} = options.on ?? {sql: db, store: defaultStore}
  const make = options.make ?? houseBooking
  const family = make({}).industry === 'commercial' ? 'commercial' : make({}).industry === 'exterior' ? 'exterior' : 'indoor'
  const {booking} = await store.createPending(
    make({
      date,
      arrivalWindow: window,
      serviceFamily: family,
      windowStartsAt: startsAt(date, window),
      holdExpiresAt: new Date(bookedAt.getTime() + 30 * 60_000).toISOString(),
      ...(options.email ? {email: options.email} : {}),
    }),
    {capacity: 100, now: bookedAt},
  )
  if (!options.pending) await store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: bookedAt})
  await sql.query(`update public.bookings set created_at = $2 where id = $1`, [booking.id, bookedAt])
  return booking.id
}

type OutboxRow = {id: string; event_key: string; template: string; to_address: string | null; payload: Record<string, unknown>}

async function reminders(ids: string[]): Promise<OutboxRow[]> {
  return (
    await db.query<OutboxRow>(
      `select * from public.email_outbox where template = 'booking_reminder.customer' and payload ->> 'id' = any($1::text[]) order by event_key`,
      [ids],
    )
  ).rows
}

describe('the reminder 48 hours before a visit', () => {
  it('is queued once per visit: by two job runs one after another, and by two runs at once', async () => {
    // Tuesday 7 January 2031, 9:00 in Renton.
    const now = new Date('2031-01-07T17:00:00Z')
    const soon = await visit('2031-01-09', '08:00-10:00', new Date(now.getTime() - 10 * DAY)) // 47 h away
    const later = await visit('2031-01-10', '08:00-10:00', new Date(now.getTime() - 10 * DAY)) // 71 h away

    // The job as the servers run it: the runner claims it in the database.
    let clock = now
    const runner = createJobRunner({store: async () => createJobStore(createSqlDatabaseFunctions(db)), jobs: [createVisitRemindersJob(deps)], now: () => clock})
    expect((await runner.runDue())[0]).toMatchObject({ran: true, result: {queued: 1}})
    clock = new Date(now.getTime() + 10 * 60_000)
    expect((await runner.runDue())[0]).toMatchObject({ran: true, result: {queued: 0}})
    const first = await reminders([soon, later])
    expect(first.map((row) => [row.event_key, row.to_address])).toEqual([[`booking_reminder:${soon}:2031-01-09T16:00:00Z:customer`, 'ada.ohara@example.com']])

    // A day on, the second visit is 47 h away: two runs at once (a lease that ran out) queue it once.
    const dayOn = new Date(now.getTime() + DAY)
    const both = await Promise.all([queueVisitReminders(dayOn, deps), queueVisitReminders(dayOn, deps)])
    expect(both.reduce((sum, run) => sum + run.queued, 0)).toBe(1)
    expect((await reminders([soon, later])).map((row) => row.event_key)).toEqual(
      [`booking_reminder:${soon}:2031-01-09T16:00:00Z:customer`, `booking_reminder:${later}:2031-01-10T16:00:00Z:customer`].sort(),
    )
    expect(await queueVisitReminders(new Date(dayOn.getTime() + HOUR), deps)).toEqual({due: 0, queued: 0})
  })

  it('is not queued for a cancelled, done, unpaid, begun or far-away visit, nor one the customer asked to cancel', async () => {
    const now = new Date('2031-01-21T17:00:00Z')
    const booked = new Date(now.getTime() - 10 * DAY)
    const cancelled = await visit('2031-01-22', '10:00-12:00', booked)
    await db.query(`update public.bookings set cancelled_at = $2 where id = $1`, [cancelled, now])
    const asked = await visit('2031-01-22', '12:00-14:00', booked)
    await db.query(`update public.bookings set cancellation_requested_at = $2 where id = $1`, [asked, now])
    const done = await visit('2031-01-21', '10:00-12:00', booked)
    await db.query(`update public.bookings set outcome = 'done', outcome_at = $2 where id = $1`, [done, now])
    const pending = await visit('2031-01-22', '08:00-10:00', new Date(now.getTime() - HOUR), {pending: true})
    const begun = await visit('2031-01-21', '08:00-10:00', booked) // started an hour ago
    const far = await visit('2031-01-24', '08:00-10:00', booked) // 71 h away
    const due = await visit('2031-01-23', '08:00-10:00', booked) // 47 h away: the one that is due

    expect(await queueVisitReminders(now, deps)).toEqual({due: 1, queued: 1})
    expect((await reminders([cancelled, asked, done, pending, begun, far, due])).map((row) => row.payload.id)).toEqual([due])
  })

  it('a visit booked inside 48 hours gets its reminder at once only while it is more than 12 hours away', async () => {
    const now = new Date('2031-02-04T17:00:00Z')
    const justBooked = new Date(now.getTime() - HOUR)
    const tomorrow = await visit('2031-02-05', '14:00-16:00', justBooked) // 29 h away
    const tonight = await visit('2031-02-04', '20:00-22:00', justBooked, {make: commercialBooking}) // 11 h away
    await queueVisitReminders(now, deps)
    expect((await reminders([tomorrow, tonight])).map((row) => row.payload.id)).toEqual([tomorrow])
  })

  it('a moved visit gets the reminder of its new time', async () => {
    const now = new Date('2031-02-18T17:00:00Z')
    const id = await visit('2031-02-20', '08:00-10:00', new Date(now.getTime() - 10 * DAY)) // 47 h away
    await queueVisitReminders(now, deps)
    // The customer moves it a day later (still more than 24 hours ahead): its new time is 71 h away.
    const moved = await store.reschedule(
      id,
      {date: '2031-02-21', arrivalWindow: '08:00-10:00', windowStartsAt: startsAt('2031-02-21', '08:00-10:00'), capacity: 3},
      {noticeHours: 24, now, emails: [], linkGeneration: 0},
    )
    expect(moved).toBe('moved')
    expect(await queueVisitReminders(new Date(now.getTime() + HOUR), deps)).toEqual({due: 0, queued: 0})
    // A day later the new time is 47 h away: its own reminder, with the moved booking's link generation.
    await queueVisitReminders(new Date(now.getTime() + DAY), deps)
    const rows = await reminders([id])
    expect(rows.map((row) => row.event_key)).toEqual([`booking_reminder:${id}:2031-02-20T16:00:00Z:customer`, `booking_reminder:${id}:2031-02-21T16:00:00Z:customer`])
    expect(rows[1].payload).toMatchObject({date: '2031-02-21', arrivalWindow: '08:00-10:00', linkGeneration: 1})
  })

  it("reminds a plan's later visit waiting for its charge, not one whose charge was declined", async () => {
    const now = new Date('2031-03-04T17:00:00Z')
    const first = await visit('2031-02-25', '10:00-12:00', new Date('2031-02-20T17:00:00Z'))
    const {rows} = await db.query<{id: string}>(
      `insert into public.booking_plans (first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
         per_visit_cents, one_time_cents, first_name, last_name, email, phone, generated_through)
       select id, industry, 'Weekly', 'weekly', date, arrival_window, service_family, '{}'::jsonb, 16624, 21500, first_name, last_name, email, phone, '2031-04-30'
       from public.bookings where id = $1 returning id`,
      [first],
    )
    const plan = rows[0].id
    await db.query(`update public.bookings set plan_id = $2, plan_visit = 1 where id = $1`, [first, plan])
    // Visits 2 and 3, generated with the plan (a week before), as the plans' roll-forward stores them.
    const later = async (visitNumber: number, date: string, chargeState: string) => {
      const {rows: made} = await db.query<{id: string}>(
        `with visit as (
           insert into public.bookings select (jsonb_populate_record(null::public.bookings, to_jsonb(b) || jsonb_build_object(
             'id', gen_random_uuid(), 'idempotency_key', gen_random_uuid(), 'plan_visit', $2::int, 'date', $3::date,
             'window_starts_at', $4::timestamptz, 'payment_status', 'scheduled', 'paid_at', null,
             'payment_session_id', null, 'created_at', '2031-02-20T17:00:00Z', 'coupon', null, 'discount_cents', null))).*
           from public.bookings b where b.id = $1 returning id, window_starts_at
         )
         insert into public.plan_visit_charges (booking_id, state, due_at)
         select id, $5::text, window_starts_at - interval '48 hours' from visit returning booking_id as id`,
        [first, visitNumber, date, startsAt(date, '10:00-12:00'), chargeState],
      )
      return made[0].id
    }
    const second = await later(2, '2031-03-05', 'declined') // 25 h away, its card declined
    const third = await later(3, '2031-03-06', 'scheduled') // 49 h away: due in 2 hours

    expect(await queueVisitReminders(now, deps)).toEqual({due: 0, queued: 0})
    expect(await queueVisitReminders(new Date(now.getTime() + 2 * HOUR), deps)).toEqual({due: 1, queued: 1})
    const queued = await reminders([second, third])
    expect(queued.map((row) => row.payload.id)).toEqual([third])
    expect(queued[0].payload).toMatchObject({planVisit: 3, service: 'House Cleaning – Regular Cleaning, Every Other Week', date: '2031-03-06'})
  })

  it('the e-mail gives the date and window, what to prepare for the service, and a manage link that opens the booking', async () => {
    // 13:00 in Renton (PDT from 9 March): the visit, 12–2 pm on Thursday, is 47 hours away.
    const now = new Date('2031-03-18T20:00:00Z')
    const date = '2031-03-20'
    const {booking} = await store.createPending(
      carpetBooking({date, arrivalWindow: '12:00-14:00', serviceFamily: 'indoor', windowStartsAt: '2031-03-20T19:00:00.000Z', holdExpiresAt: new Date(now.getTime() - 9 * DAY).toISOString()}),
      {capacity: 100, now: new Date(now.getTime() - 10 * DAY)},
    )
    await store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: new Date(now.getTime() - 10 * DAY)})
    await db.query(`update public.bookings set created_at = $2 where id = $1`, [booking.id, new Date(now.getTime() - 10 * DAY)])
    await queueVisitReminders(now, deps)
    const [row] = await reminders([booking.id])
    const message = outboxMessageFromRow({...row, attempts: 1, lock_token: randomUUID(), created_at: now})
    const manageUrl = (link: ManageLinkFor) => manageBookingUrl(SITE_URL, signManageToken(link.id, manageLinkExpiry(link.windowStartsAt), SECRET, link.linkGeneration))
    const mail = await composeMail(message, {wording, company, siteUrl: SITE_URL, render: renderEmail, manageUrl})

    expect(mail.to).toBe('bjorn@example.org')
    expect(mail.subject).toBe('Reminder: your Carpet Cleaning – Every 6 Months is on March 20, 2031, 12:00 PM – 2:00 PM')
    const text = mail.text.replace(/\s+/g, ' ')
    expect(text).toContain('Arrival window 12:00 PM – 2:00 PM')
    expect(text).toContain('88 Main Ave S, Kent, WA 98032')
    // The carpet words, not the house's.
    expect(text).toContain(wording.bookingReminder.prepareCarpet.split('\n')[0])
    expect(text).not.toContain(wording.bookingReminder.prepareHouse.split('\n')[0])
    const link = /https:\/\/cedar-river\.example\/manage-booking[^\s)\]"]*/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    expect(mail.html).toContain(link!.replace(/&/g, '&amp;'))
    const token = new URL(link!).pathname.split('/').pop()!
    const view = await manageBookingView(token, {store, now: () => now, availability: async () => TEST_AVAILABILITY, linkSecret: async () => SECRET})
    expect(view.link === 'ok' && view.booking.reference).toBe((message.payload as BookingReminderFacts).reference)
  })
})

describe('the reminders on Supabase (supabase-js rpc against the PostgREST stand-in)', () => {
  it('reads the due visits and queues their reminders once, as on the embedded database', async () => {
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.reminders'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: ['bookings']})
    try {
      const now = new Date('2031-10-07T17:00:00Z')
      const id = await visit('2031-10-09', '08:00-10:00', new Date(now.getTime() - 10 * DAY)) // 46 h away (PDT)
      const functions = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      const overRpc = {store: async () => createReminderStore(functions)}
      expect(await queueVisitReminders(now, overRpc)).toEqual({due: 1, queued: 1})
      expect(await queueVisitReminders(now, overRpc)).toEqual({due: 0, queued: 0})
      const [row] = await reminders([id])
      expect(row.payload).toMatchObject({kind: 'booking_reminder', id, date: '2031-10-09', arrivalWindow: '08:00-10:00', windowStartsAt: '2031-10-09T16:00:00.000Z'})
    } finally {
      await postgrest.close()
    }
  })
})

describe('the review request after a visit is done', () => {
  let officeDeps: OfficeBookingDeps
  let staff: {id: string; name: string}
  let feedback: string | null = 'https://g.page/r/cedar-river-cleaning/review'
  beforeAll(async () => {
    const functions = createSqlDatabaseFunctions(db)
    officeDeps = {store, records: createOfficeBookingRecords(functions), availability: async () => TEST_AVAILABILITY, now: () => new Date(), feedbackUrl: async () => feedback}
    const {rows} = await db.query<{id: string}>(`insert into public.staff (name, email, role) values ('Ann Office', $1, 'office') returning id`, [`${randomUUID()}@office.test`])
    staff = {id: rows[0].id, name: 'Ann Office'}
  })

  async function reviewRequests(email: string): Promise<OutboxRow[]> {
    return (await db.query<OutboxRow>(`select * from public.email_outbox where template = 'review_request.customer' and lower(to_address) = lower($1) order by created_at`, [email])).rows
  }

  const at = (when: Date) => ({...officeDeps, now: () => when})

  it('two visits of one customer marked done at once ask once; 30 days later another visit asks again', async () => {
    const email = `grace.${randomUUID().slice(0, 8)}@example.net`
    const booked = new Date('2031-04-01T17:00:00Z')
    const a = await visit('2031-04-08', '08:00-10:00', booked, {email})
    // The same customer, the address typed in other letters.
    const b = await visit('2031-04-08', '10:00-12:00', booked, {email: email.toUpperCase()})
    const evening = new Date('2031-04-09T01:00:00Z')
    const both = await Promise.all([markOutcome(a, 'done', staff, at(evening)), markOutcome(b, 'done', staff, at(evening))])
    expect(both).toEqual([{ok: true, done: 'markedDone'}, {ok: true, done: 'markedDone'}])
    const asked = await reviewRequests(email)
    expect(asked).toHaveLength(1)
    expect(asked[0].payload as unknown as ReviewRequestFacts).toMatchObject({feedbackUrl: 'https://g.page/r/cedar-river-cleaning/review', service: 'House Cleaning – Regular Cleaning, Every Other Week'})

    // 29 days later: none; the same visit marked again (a correction, then done): none.
    const c = await visit('2031-05-07', '08:00-10:00', booked, {email})
    expect(await markOutcome(c, 'done', staff, at(new Date(evening.getTime() + 29 * DAY)))).toEqual({ok: true, done: 'markedDone'})
    await markOutcome(a, 'no_show', staff, at(new Date(evening.getTime() + 29 * DAY)))
    await markOutcome(a, 'done', staff, at(new Date(evening.getTime() + 29 * DAY)))
    expect(await reviewRequests(email)).toHaveLength(1)
    // 31 days after the first: another.
    const d = await visit('2031-05-09', '08:00-10:00', booked, {email})
    expect(await markOutcome(d, 'done', staff, at(new Date(evening.getTime() + 31 * DAY)))).toEqual({ok: true, done: 'markedDone'})
    expect((await reviewRequests(email)).map((row) => row.payload.id)).toEqual([asked[0].payload.id, d])
  })

  it('none without a feedback address in the site settings, and none for a no-show', async () => {
    const email = `katherine.${randomUUID().slice(0, 8)}@example.org`
    const booked = new Date('2031-06-01T17:00:00Z')
    const a = await visit('2031-06-10', '08:00-10:00', booked, {email})
    const b = await visit('2031-06-11', '08:00-10:00', booked, {email})
    expect(await markOutcome(b, 'no_show', staff, at(new Date('2031-06-12T01:00:00Z')))).toEqual({ok: true, done: 'markedNoShow'})
    feedback = '  '
    try {
      expect(await markOutcome(a, 'done', staff, at(new Date('2031-06-11T01:00:00Z')))).toEqual({ok: true, done: 'markedDone'})
    } finally {
      feedback = 'https://g.page/r/cedar-river-cleaning/review'
    }
    expect(await reviewRequests(email)).toEqual([])
  })

  it('the e-mail thanks the customer and links to the feedback address', async () => {
    const email = `mary.${randomUUID().slice(0, 8)}@example.com`
    const id = await visit('2031-07-08', '08:00-10:00', new Date('2031-07-01T17:00:00Z'), {email})
    await markOutcome(id, 'done', staff, at(new Date('2031-07-08T20:00:00Z')))
    const [row] = await reviewRequests(email)
    const mail = await composeMail(outboxMessageFromRow({...row, attempts: 1, lock_token: randomUUID(), created_at: new Date()}), {wording, company, siteUrl: SITE_URL, render: renderEmail})
    expect(mail.to).toBe(email)
    expect(mail.subject).toBe('How did we do, Ada?')
    expect(mail.html).toContain('href="https://g.page/r/cedar-river-cleaning/review"')
    expect(mail.text.replace(/\s+/g, ' ')).toContain('July 8, 2031')
  })
})

const postgresTools = findPostgresTools()

describe.skipIf('missing' in postgresTools)('reminders and review requests racing on a real PostgreSQL server', () => {
  let cluster: MigratedCluster
  let on: {sql: SqlClient; store: BookingStore}
  beforeAll(async () => {
    if ('missing' in postgresTools) return
    cluster = await startMigratedCluster(postgresTools, 6)
    on = {sql: cluster.sql, store: createSqlBookingStore(cluster.sql)}
  }, 60_000)
  afterAll(async () => {
    await cluster?.close()
  })

  it('three job runs at once queue one reminder per visit', {timeout: 30_000}, async () => {
    const now = new Date('2031-09-09T23:00:00Z') // the three windows are 41, 43 and 45 hours away
    const ids = await Promise.all(['08:00-10:00', '10:00-12:00', '12:00-14:00'].map((window) => visit('2031-09-11', window, new Date('2031-09-01T17:00:00Z'), {on})))
    const functions = createSqlDatabaseFunctions(cluster.sql)
    const racing = {store: async () => createReminderStore(functions)}
    const runs = await Promise.all([0, 1, 2].map(() => queueVisitReminders(now, racing)))
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(3)
    const {rows} = await cluster.sql.query<{id: string; n: number}>(
      `select payload ->> 'id' as id, count(*)::int as n from public.email_outbox where template = 'booking_reminder.customer' group by 1 order by 1`,
    )
    expect(rows).toEqual([...ids].sort().map((id) => ({id, n: 1})))
  })

  it("five visits of one customer marked done at once by five members of staff: one review request", {timeout: 30_000}, async () => {
    const email = 'dorothy.vaughan@example.com'
    const windows = ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00', '16:00-18:00']
    const ids = await Promise.all(windows.map((window, index) => visit('2031-09-16', window, new Date('2031-09-01T17:00:00Z'), {on, email: index % 2 ? email.toUpperCase() : email})))
    const staff = await Promise.all(
      windows.map(async (_, index) => {
        const {rows} = await cluster.sql.query<{id: string}>(`insert into public.staff (name, email, role) values ($1, $2, 'office') returning id`, [`Staff ${index}`, `${randomUUID()}@office.test`])
        return {id: rows[0].id, name: `Staff ${index}`}
      }),
    )
    const officeDeps: OfficeBookingDeps = {
      store: on.store,
      records: createOfficeBookingRecords(createSqlDatabaseFunctions(cluster.sql)),
      availability: async () => TEST_AVAILABILITY,
      now: () => new Date('2031-09-17T03:00:00Z'),
      feedbackUrl: async () => 'https://g.page/r/cedar-river-cleaning/review',
    }
    // Each member's page read the visit first; then the five marks reach the database together.
    const emails = await Promise.all(ids.map(async (id) => reviewRequestEmails((await on.store.findById(id))!, await officeDeps.feedbackUrl!(), officeDeps.now())))
    const marked = await Promise.all(ids.map((id, index) => officeDeps.records.markOutcome(id, 'done', {now: officeDeps.now(), staff: staff[index], emails: emails[index]})))
    expect(marked).toEqual(ids.map(() => 'marked'))
    const {rows} = await cluster.sql.query<{n: number}>(`select count(*)::int as n from public.email_outbox where template = 'review_request.customer' and lower(to_address) = $1`, [email])
    expect(rows[0].n).toBe(1)
  })

  it("a visit marked done while another of the customer's is being marked waits for it, and asks no second review", {timeout: 30_000}, async () => {
    const email = 'annie.easley@example.com'
    const booked = new Date('2031-09-01T17:00:00Z')
    const [a, b] = await Promise.all(['08:00-10:00', '10:00-12:00'].map((window) => visit('2031-09-23', window, booked, {on, email})))
    const {rows: member} = await cluster.sql.query<{id: string}>(`insert into public.staff (name, email, role) values ('Ann Office', $1, 'office') returning id`, [`${randomUUID()}@office.test`])
    const staff = JSON.stringify({id: member[0].id, name: 'Ann Office'})
    const doneAt = new Date('2031-09-24T03:00:00Z')
    const request = async (id: string) => JSON.stringify(reviewRequestEmails((await on.store.findById(id))!, 'https://g.page/r/cedar-river-cleaning/review', doneAt))
    const mark = 'select public.office_mark_booking_outcome($1::uuid, $2, $3::timestamptz, $4::jsonb, $5::jsonb) as answer'
    const [first, second] = await Promise.all([cluster.pool.connect(), cluster.pool.connect()])
    try {
      // The first mark's transaction is still open when the second reaches the database.
      await first.query('begin')
      await first.query(mark, [a, 'done', doneAt, staff, await request(a)])
      const secondPid = (await second.query<{pid: number}>('select pg_backend_pid() as pid')).rows[0].pid
      await second.query('begin')
      const secondMark = second.query(mark, [b, 'done', doneAt, staff, await request(b)]).then(() => 'finished' as const)
      // Until the second has finished (nothing held it) or waits for the first's lock on the address.
      for (;;) {
        const waiting = cluster.sql
          .query<{waiting: boolean}>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [secondPid])
          .then(({rows}) => (rows[0]?.waiting ? ('waiting' as const) : null))
        if (await Promise.race([secondMark, waiting])) break
      }
      await first.query('commit')
      await secondMark
      await second.query('commit')
    } finally {
      first.release()
      second.release()
    }
    const {rows} = await cluster.sql.query<{id: string}>(`select payload ->> 'id' as id from public.email_outbox where template = 'review_request.customer' and to_address = $1`, [email])
    expect(rows).toEqual([{id: a}])
  })
})
