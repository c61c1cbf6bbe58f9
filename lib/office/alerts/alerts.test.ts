import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {createSqlBookingStore} from '../../booking/store/sql-store'
import {houseBooking} from '../../booking/store/test-support/fixtures'
import type {BookingStore} from '../../booking/store/store'
import {companyLocalTimeToDate} from '../../company-time'
import type {DatabaseFunctions} from '../../database/functions'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {renderEmail} from '@/components/email/render'
import {composeMail} from '../../email/compose'
import {staffAlertView, staffDigestView} from '../../email/messages/staff-alert'
import {createOutboxStore} from '../../email/outbox'
import {emailContentFromDataset} from '../../email/test-support/content'
import type {StaffAlertFacts, StaffDigestFacts} from '../../email/queue'
import {createTextFolderTransport} from '../../texts/folder-transport'
import {createTextOutboxStore} from '../../texts/outbox'
import {datasetComposer} from '../../texts/test-support/content'
import {createTextWorker} from '../../texts/worker'
import type {StaffMember} from '../access/roles'
import {createStaffAlertsJob, createStaffDigestJob, digestDayDue} from './jobs'
import {queueStaffAlerts, queueStaffDigests, readOwnAlertSettings, readStaffAlertSettings, saveAlertChoice, saveOwnTextConsent} from './store'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * Staff alerts on the embedded database: what the owner turns on is queued once per member and
 * event, never for what came before, never for a removed member, one digest a day; texts only to a
 * member who agreed, never to a number that replied STOP, and never in quiet hours (through the
 * real text worker); nothing a visitor typed beyond their name.
 */

const at = (local: string) => companyLocalTimeToDate(local) as Date
const SECRET = 'PLEASE DO NOT REPEAT: gate code 4471'

let database: {db: PGlite; close(): Promise<void>}
let functions: DatabaseFunctions
let bookings: BookingStore
let owner: StaffMember
const dirs: string[] = []

async function addMember(name: string, role: 'owner' | 'office' | 'crew' = 'office'): Promise<StaffMember> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@office.test`
  const {rows} = await database.db.query<{id: string}>(
    `insert into public.staff (name, email, role, crew) values ($1, $2, $3, $4) returning id`,
    [name, email, role, role === 'crew' ? 'indoor' : null],
  )
  return {id: rows[0].id, name, email, role, crew: role === 'crew' ? 'indoor' : null}
}

/** A paid house booking, its notes holding what the customer typed. */
async function paidBooking(paidAt: Date, firstName = 'Dana'): Promise<string> {
  const {booking} = await bookings.createPending(
    houseBooking({
      firstName,
      lastName: 'Lee',
      notes: SECRET,
      date: '2026-12-10',
      arrivalWindow: '10:00-12:00',
      serviceFamily: 'indoor',
      windowStartsAt: at('2026-12-10T10:00').toISOString(),
      holdExpiresAt: new Date(paidAt.getTime() + 1_800_000).toISOString(),
    }),
    {capacity: 100, now: new Date(paidAt.getTime() - 60_000)},
  )
  await bookings.markPaid(booking.id, {sessionId: `cs_${randomUUID()}`, paidAt})
  return booking.id
}

async function quoteRequest(createdAt: Date): Promise<string> {
  const id = randomUUID()
  await database.db.query(
    `insert into public.quote_requests (id, submission_key, first_name, last_name, phone, email, zip_code, desired_services, heard_about_us, terms_accepted_at, page_path, page_title, created_at)
     values ($1, $2, 'Quinn', 'Ray', '4255550100', 'quinn@example.com', '98055', $3, $3, $4, '/roof-cleaning', 'Roof cleaning', $4)`,
    [id, randomUUID(), SECRET, createdAt],
  )
  return id
}

async function contactMessage(createdAt: Date): Promise<string> {
  const id = randomUUID()
  await database.db.query(
    `insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path, created_at)
     values ($1, $2, 'Casey Fox', 'casey@example.com', '4255550101', $3, '/contact', $4)`,
    [id, randomUUID(), SECRET, createdAt],
  )
  return id
}

async function outboxRows(): Promise<{channel: string; event_key: string; template: string; to_address: string; payload: Record<string, unknown>; status: string; next_attempt_at: Date; skip_reason: string | null}[]> {
  const {rows} = await database.db.query<{channel: string; event_key: string; template: string; to_address: string; payload: Record<string, unknown>; status: string; next_attempt_at: Date; skip_reason: string | null}>(
    `select channel, event_key, template, to_address, payload, status, next_attempt_at, skip_reason from public.outbox where template like 'staff_alert%' or template like 'staff_digest%' order by event_key`,
  )
  return rows
}

beforeAll(async () => {
  database = await openTempPglite()
  functions = createSqlDatabaseFunctions(database.db)
  bookings = createSqlBookingStore(database.db)
})
afterAll(async () => {
  await database.close()
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true})
})
beforeEach(async () => {
  await database.db.exec(`
    truncate public.bookings, public.booking_plans, public.quote_requests, public.contact_messages, public.appointments, public.outbox, public.sms_opt_outs cascade;
    delete from public.staff_alerts; delete from public.staff_actions; delete from public.staff_sessions; delete from public.staff_sign_in_links; delete from public.staff;`)
  owner = await addMember('Olive Owner', 'owner')
})

describe('the owner’s choices', () => {
  it('are off for everyone by default, saved per member and audited on the member', async () => {
    const ann = await addMember('Ann Office')
    const before = await readStaffAlertSettings(functions)
    expect(before.get(ann.id)).toEqual({staffId: ann.id, events: [], delivery: 'off', textPhone: null, textConsentAt: null, textOptedOut: false, enabledAt: null})

    const now = at('2026-12-01T09:00')
    expect(await saveAlertChoice(functions, owner, ann.id, {events: ['lead', 'booking'], delivery: 'each'}, now)).toBe('changed')
    expect(await saveAlertChoice(functions, owner, ann.id, {events: ['booking', 'lead'], delivery: 'each'}, now)).toBe('unchanged')
    const after = await readOwnAlertSettings(functions, ann.id)
    expect(after).toMatchObject({events: ['booking', 'lead'], delivery: 'each', enabledAt: now.toISOString()})
    const {rows} = await database.db.query<{action: string; subject_id: string; staff_name: string}>(`select action, subject_id, staff_name from public.staff_actions`)
    expect(rows).toEqual([{action: 'staff_alerts_changed', subject_id: ann.id, staff_name: owner.name}])
  })

  it('are the owner’s only, for current office members and owners, among the listed events', async () => {
    const ann = await addMember('Ann Office')
    const bob = await addMember('Bob Office')
    const now = at('2026-12-01T09:00')
    expect(await saveAlertChoice(functions, ann, bob.id, {events: ['lead'], delivery: 'each'}, now)).toBe('not_owner')
    expect(await saveAlertChoice(functions, owner, randomUUID(), {events: ['lead'], delivery: 'each'}, now)).toBe('not_found')
    expect(await saveAlertChoice(functions, owner, bob.id, {events: ['lead', 'payroll' as never], delivery: 'each'}, now)).toBe('invalid')
    expect((await readOwnAlertSettings(functions, bob.id))?.delivery).toBe('off')
    // A crew member sees their crew's day: no alerts, and none for one made crew after they were set.
    const cal = await addMember('Cal Crew', 'crew')
    expect(await saveAlertChoice(functions, owner, cal.id, {events: ['lead'], delivery: 'each'}, now)).toBe('crew')
    await saveAlertChoice(functions, owner, bob.id, {events: ['lead'], delivery: 'each'}, now)
    await database.db.query(`update public.staff set role = 'crew', crew = 'indoor' where id = $1`, [bob.id])
    await quoteRequest(at('2026-12-01T09:05'))
    expect(await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)).toEqual({emails: 0, texts: 0})
  })
})

describe('alerts one by one', () => {
  it('queue one e-mail per event per member, even with two job runs at once and runs after', async () => {
    const ann = await addMember('Ann Office')
    const bob = await addMember('Bob Office')
    const enabled = at('2026-12-01T09:00')
    await saveAlertChoice(functions, owner, ann.id, {events: ['booking', 'lead', 'cancellation_request'], delivery: 'each'}, enabled)
    await saveAlertChoice(functions, owner, bob.id, {events: ['lead'], delivery: 'each'}, enabled)

    const booking = await paidBooking(at('2026-12-01T09:10'))
    const quote = await quoteRequest(at('2026-12-01T09:11'))
    const message = await contactMessage(at('2026-12-01T09:12'))
    await database.db.query(`update public.bookings set cancellation_requested_at = $2 where id = $1`, [booking, at('2026-12-01T09:13')])

    const job = createStaffAlertsJob({functions: async () => functions})
    const runs = await Promise.all([job.run(at('2026-12-01T09:15')), job.run(at('2026-12-01T09:15'))])
    await job.run(at('2026-12-01T09:16'))
    expect(runs.reduce((sum: number, run) => sum + (run as {emails: number}).emails, 0)).toBe(4 + 2)

    const rows = await outboxRows()
    expect(rows.map((row) => row.event_key)).toEqual(
      [
        `staff_alert:${ann.id}:booking:${booking}:email`,
        `staff_alert:${ann.id}:cancellation_request:${booking}:email`,
        `staff_alert:${ann.id}:lead:${quote}:email`,
        `staff_alert:${ann.id}:lead:${message}:email`,
        `staff_alert:${bob.id}:lead:${quote}:email`,
        `staff_alert:${bob.id}:lead:${message}:email`,
      ].sort(),
    )
    expect(rows.every((row) => row.channel === 'email' && row.template === 'staff_alert.staff')).toBe(true)
    expect(rows.filter((row) => row.to_address === ann.email)).toHaveLength(4)
    const quoteAlert = rows.find((row) => row.event_key === `staff_alert:${bob.id}:lead:${quote}:email`)!.payload
    expect(quoteAlert).toMatchObject({kind: 'staff_alert', event: 'lead', leadKind: 'quote_request', name: 'Quinn Ray', memberName: 'Bob Office', officePath: `/office/leads/quote-request/${quote}`})
  })

  it('send nothing for what happened before the member’s alerts were turned on, nor for events not chosen', async () => {
    const ann = await addMember('Ann Office')
    await paidBooking(at('2026-12-01T08:50'))
    await quoteRequest(at('2026-12-01T08:55'))
    await saveAlertChoice(functions, owner, ann.id, {events: ['booking'], delivery: 'each'}, at('2026-12-01T09:00'))
    const later = await paidBooking(at('2026-12-01T09:05'))
    await quoteRequest(at('2026-12-01T09:06'))
    await queueStaffAlerts(functions, at('2026-12-01T09:10'), 6 * 3600)
    expect((await outboxRows()).map((row) => row.event_key)).toEqual([`staff_alert:${ann.id}:booking:${later}:email`])
  })

  it('send nothing to a removed member, nor to one whose alerts are off or a daily digest', async () => {
    const ann = await addMember('Ann Office')
    const bob = await addMember('Bob Office')
    const cid = await addMember('Cid Office')
    const enabled = at('2026-12-01T09:00')
    for (const member of [ann, bob, cid]) await saveAlertChoice(functions, owner, member.id, {events: ['lead'], delivery: 'each'}, enabled)
    await database.db.query(`update public.staff set removed_at = $2 where id = $1`, [ann.id, at('2026-12-01T09:01')])
    await saveAlertChoice(functions, owner, bob.id, {events: ['lead'], delivery: 'off'}, at('2026-12-01T09:01'))
    await saveAlertChoice(functions, owner, cid.id, {events: ['lead'], delivery: 'digest'}, at('2026-12-01T09:01'))
    await quoteRequest(at('2026-12-01T09:05'))
    expect(await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)).toEqual({emails: 0, texts: 0})
    expect(await outboxRows()).toEqual([])
  })

  it('hold staff facts only: nothing the visitor typed beyond a name, in the payload or the e-mail', async () => {
    const ann = await addMember('Ann Office')
    await saveAlertChoice(functions, owner, ann.id, {events: ['booking', 'lead'], delivery: 'each'}, at('2026-12-01T09:00'))
    await saveOwnTextConsent(functions, ann, '+14255550199', true, at('2026-12-01T09:00'))
    await paidBooking(at('2026-12-01T09:05'))
    await quoteRequest(at('2026-12-01T09:06'))
    await contactMessage(at('2026-12-01T09:07'))
    await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)
    const rows = await outboxRows()
    expect(rows).toHaveLength(6)
    for (const row of rows) {
      expect(JSON.stringify(row.payload)).not.toContain('gate code')
      expect(JSON.stringify(row.payload)).not.toContain('@example.com')
      expect(JSON.stringify(row.payload)).not.toContain('555010')
    }
    const email = rows.find((row) => row.channel === 'email' && row.payload.event === 'booking')!
    const {subject, view} = staffAlertView(email.payload as unknown as StaffAlertFacts, 'https://clean.example')
    expect(subject).toMatch(/^New booking: [0-9A-F]{4}-[0-9A-F]{4}$/)
    expect(JSON.stringify(view)).not.toContain('gate code')
    expect(view.action?.url).toBe(`https://clean.example${email.payload.officePath}`)
    expect(view.sections[0].rows).toContainEqual({label: 'Name', value: 'Dana Lee'})
  })
})

describe('the alert e-mail as sent', () => {
  it('goes to the member, in the office’s words, with the link into the office and no visitor’s text', async () => {
    const ann = await addMember('Ann Office')
    await saveAlertChoice(functions, owner, ann.id, {events: ['lead'], delivery: 'each'}, at('2026-12-01T09:00'))
    const message = await contactMessage(at('2026-12-01T09:05'))
    await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)
    const [claimed] = await createOutboxStore(functions).claim(5, 60, at('2026-12-01T09:11'))
    const {wording, company} = await emailContentFromDataset()
    const mail = await composeMail(claimed, {wording, company, siteUrl: 'https://clean.example', render: renderEmail})
    expect(mail.to).toBe(ann.email)
    expect(mail.subject).toMatch(/^Contact message: [0-9A-F]{4}-[0-9A-F]{4}$/)
    const text = mail.text.replace(/\s+/g, ' ')
    expect(text).toContain('Casey Fox')
    expect(text).toContain(`https://clean.example/office/leads/contact-message/${message}`)
    expect(text).not.toContain('gate code')
    expect(mail.html).not.toContain('gate code')
  })
})

describe('texts', () => {
  it('go only to a member who agreed on their own number, never to a number that replied STOP', async () => {
    const ann = await addMember('Ann Office')
    const bob = await addMember('Bob Office')
    const cid = await addMember('Cid Office')
    const enabled = at('2026-12-01T09:00')
    for (const member of [ann, bob, cid]) await saveAlertChoice(functions, owner, member.id, {events: ['lead'], delivery: 'each'}, enabled)
    await saveOwnTextConsent(functions, ann, '+14255550111', true, enabled)
    await saveOwnTextConsent(functions, bob, '+14255550122', false, enabled) // a number, no consent
    await saveOwnTextConsent(functions, cid, '+14255550133', true, enabled)
    await database.db.query(`insert into public.sms_opt_outs (phone, since, source) values ('+14255550133', $1, 'reply')`, [enabled])
    await quoteRequest(at('2026-12-01T09:05'))
    expect(await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)).toEqual({emails: 3, texts: 1})
    const texts = (await outboxRows()).filter((row) => row.channel === 'text')
    expect(texts.map((row) => row.to_address)).toEqual(['+14255550111'])
    // Cid's own page says why he gets no texts.
    expect(await readOwnAlertSettings(functions, cid.id)).toMatchObject({textConsentAt: expect.any(String), textOptedOut: true})
    expect((await readOwnAlertSettings(functions, ann.id))?.textOptedOut).toBe(false)
    expect(texts[0].template).toBe('staff_alert')
    expect(texts[0].payload.expiresAt).toBeTruthy()
  })

  it('at 21:30 wait for 8 AM through the text worker; consent withdrawn or STOP since then stops them when claimed', async () => {
    const ann = await addMember('Ann Office')
    const bob = await addMember('Bob Office')
    const cid = await addMember('Cid Office')
    const enabled = at('2026-12-01T20:00')
    for (const member of [ann, bob, cid]) {
      await saveAlertChoice(functions, owner, member.id, {events: ['lead'], delivery: 'each'}, enabled)
    }
    await saveOwnTextConsent(functions, ann, '+14255550111', true, enabled)
    await saveOwnTextConsent(functions, bob, '+14255550122', true, enabled)
    await saveOwnTextConsent(functions, cid, '+14255550133', true, enabled)
    await quoteRequest(at('2026-12-01T21:25'))
    expect(await queueStaffAlerts(functions, at('2026-12-01T21:30'), 3600)).toEqual({emails: 3, texts: 3})

    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-texts-'))
    dirs.push(dir)
    let now = at('2026-12-01T21:30')
    const outbox = createTextOutboxStore(functions)
    const worker = createTextWorker({outbox: async () => outbox, transport: createTextFolderTransport(dir), compose: await datasetComposer(), now: () => now, options: {pollMs: 3_600_000}})

    const evening = await worker.drain()
    expect(evening).toMatchObject({sent: 0, deferred: 3})
    const deferred = (await outboxRows()).filter((row) => row.channel === 'text')
    expect(deferred.map((row) => new Date(row.next_attempt_at).toISOString())).toEqual(Array(3).fill(at('2026-12-02T08:00').toISOString()))
    expect(readdirSync(dir)).toEqual([])

    // Overnight: Bob withdraws his consent, Cid's number replies STOP.
    await saveOwnTextConsent(functions, bob, '+14255550122', false, at('2026-12-01T23:00'))
    await outbox.optOut('+14255550133', 'reply', at('2026-12-01T23:30'))

    now = at('2026-12-02T07:59')
    expect(await worker.drain()).toMatchObject({sent: 0, deferred: 0, skipped: 0})
    now = at('2026-12-02T08:00')
    expect(await worker.drain()).toMatchObject({sent: 1, skipped: 2})
    const files = readdirSync(dir).filter((name) => name.endsWith('.json'))
    expect(files).toHaveLength(1)
    const sent = JSON.parse(readFileSync(path.join(dir, files[0]), 'utf8')) as {to: string; body: string}
    expect(sent.to).toBe('+14255550111')
    expect(sent.body).toMatch(/Quote request [0-9A-F]{4}-[0-9A-F]{4}.*http:\/\/localhost:3000\/office\/leads\/quote-request\/.* Reply STOP to stop\.$/)
    expect(sent.body).not.toContain('gate code')
    const reasons = Object.fromEntries((await outboxRows()).filter((row) => row.channel === 'text').map((row) => [row.to_address, row.skip_reason ?? row.status]))
    expect(reasons).toEqual({'+14255550111': 'sent', '+14255550122': 'no_consent', '+14255550133': 'opted_out'})
  })

  it('are not sent stale: past their expiry they are skipped', async () => {
    const ann = await addMember('Ann Office')
    await saveAlertChoice(functions, owner, ann.id, {events: ['lead'], delivery: 'each'}, at('2026-12-01T09:00'))
    await saveOwnTextConsent(functions, ann, '+14255550111', true, at('2026-12-01T09:00'))
    await quoteRequest(at('2026-12-01T09:05'))
    await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-texts-'))
    dirs.push(dir)
    const worker = createTextWorker({outbox: async () => createTextOutboxStore(functions), transport: createTextFolderTransport(dir), compose: await datasetComposer(), now: () => at('2026-12-01T21:10'), options: {pollMs: 3_600_000}})
    expect(await worker.drain()).toMatchObject({sent: 0, skipped: 1})
    expect((await outboxRows()).find((row) => row.channel === 'text')?.skip_reason).toBe('too_late')
  })

  it('a removed member’s consent no longer counts', async () => {
    const ann = await addMember('Ann Office')
    await saveAlertChoice(functions, owner, ann.id, {events: ['lead'], delivery: 'each'}, at('2026-12-01T09:00'))
    await saveOwnTextConsent(functions, ann, '+14255550111', true, at('2026-12-01T09:00'))
    await quoteRequest(at('2026-12-01T09:05'))
    await queueStaffAlerts(functions, at('2026-12-01T09:10'), 3600)
    await database.db.query(`update public.staff set removed_at = $2 where id = $1`, [ann.id, at('2026-12-01T09:11')])
    const [claimed] = await createTextOutboxStore(functions).claim(5, 60, at('2026-12-01T09:12'))
    expect(claimed).toMatchObject({template: 'staff_alert', consented: false, visitStands: true})
  })
})

describe('the daily digest', () => {
  it('is queued from 7 AM company time for the day before, one per member and day however often the job runs', async () => {
    const ann = await addMember('Ann Office')
    const bob = await addMember('Bob Office')
    const gone = await addMember('Gone Office')
    await saveAlertChoice(functions, owner, ann.id, {events: ['booking', 'lead'], delivery: 'digest'}, at('2026-11-30T12:00'))
    await saveAlertChoice(functions, owner, bob.id, {events: ['cancellation_request'], delivery: 'digest'}, at('2026-11-30T12:00'))
    await saveAlertChoice(functions, owner, gone.id, {events: ['lead'], delivery: 'digest'}, at('2026-11-30T12:00'))
    await database.db.query(`update public.staff set removed_at = $2 where id = $1`, [gone.id, at('2026-11-30T13:00')])
    await paidBooking(at('2026-12-01T00:30')) // the first minutes of Dec 1 in Renton
    await quoteRequest(at('2026-12-01T23:50'))
    await quoteRequest(at('2026-12-02T00:10')) // the next day's
    await paidBooking(at('2026-11-30T23:59')) // the day before's

    expect(digestDayDue(at('2026-12-02T06:59'))).toBeNull()
    expect(digestDayDue(at('2026-12-02T07:00'))).toBe('2026-12-01')
    const job = createStaffDigestJob({functions: async () => functions})
    expect(await job.run(at('2026-12-02T06:00'))).toEqual({day: null, emails: 0, texts: 0})
    const runs = await Promise.all([job.run(at('2026-12-02T07:00')), job.run(at('2026-12-02T07:00')), job.run(at('2026-12-02T08:00'))])
    expect(runs.reduce((sum: number, run) => sum + (run as {emails: number}).emails, 0)).toBe(1)

    const rows = await outboxRows()
    // Bob's cancellation requests: none that day, so no digest; the removed member gets none.
    expect(rows.map((row) => row.event_key)).toEqual([`staff_digest:${ann.id}:2026-12-01:email`])
    const digest = rows[0].payload as unknown as StaffDigestFacts
    expect(digest).toMatchObject({kind: 'staff_digest', day: '2026-12-01', total: 2, counts: {booking: 1, lead: 1, cancellation_request: 0}})
    expect(JSON.stringify(digest)).not.toContain('gate code')
    const {subject, view} = staffDigestView(digest, 'https://clean.example')
    expect(subject).toBe('Office digest for December 1, 2026: 2 new')
    expect(view.paragraphs[0]).toBe('New booking: 1 · New lead: 1')

    // The next day's digest is its own.
    expect(await queueStaffDigests(functions, at('2026-12-03T07:00'), '2026-12-02')).toEqual({emails: 1, texts: 0})
  })
})

describe('a member’s own number and consent', () => {
  it('agreeing records when; a new number needs agreeing again; unticking withdraws', async () => {
    const ann = await addMember('Ann Office')
    expect(await saveOwnTextConsent(functions, ann, '+14255550111', true, at('2026-12-01T09:00'))).toBe('saved')
    expect(await readOwnAlertSettings(functions, ann.id)).toMatchObject({textPhone: '+14255550111', textConsentAt: at('2026-12-01T09:00').toISOString()})
    await saveOwnTextConsent(functions, ann, '+14255550111', true, at('2026-12-01T10:00'))
    expect((await readOwnAlertSettings(functions, ann.id))?.textConsentAt).toBe(at('2026-12-01T09:00').toISOString())
    await saveOwnTextConsent(functions, ann, '+14255550112', true, at('2026-12-01T11:00'))
    expect((await readOwnAlertSettings(functions, ann.id))?.textConsentAt).toBe(at('2026-12-01T11:00').toISOString())
    await saveOwnTextConsent(functions, ann, '+14255550112', false, at('2026-12-01T12:00'))
    expect(await readOwnAlertSettings(functions, ann.id)).toMatchObject({textPhone: '+14255550112', textConsentAt: null})
    await database.db.query(`update public.staff set removed_at = now() where id = $1`, [ann.id])
    expect(await saveOwnTextConsent(functions, ann, '+14255550112', true, at('2026-12-01T13:00'))).toBe('not_found')
  })
})

describe('on Supabase (supabase-js rpc against the Data API stand-in)', () => {
  it('reads and saves the settings and queues alerts as the embedded database does', async () => {
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.staff-alerts'
    const postgrest = await startPostgrestStandIn(database.db, {keys: {[key]: 'service_role'}, exposedTables: []})
    try {
      const rpc = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      const ann = await addMember('Ann Office')
      expect(await saveAlertChoice(rpc, owner, ann.id, {events: ['lead'], delivery: 'each'}, at('2026-12-01T09:00'))).toBe('changed')
      expect(await saveOwnTextConsent(rpc, ann, '+14255550111', true, at('2026-12-01T09:00'))).toBe('saved')
      expect(await readStaffAlertSettings(rpc)).toEqual(await readStaffAlertSettings(functions))
      expect(await readOwnAlertSettings(rpc, ann.id)).toMatchObject({events: ['lead'], delivery: 'each', textPhone: '+14255550111'})
      await quoteRequest(at('2026-12-01T09:05'))
      expect(await queueStaffAlerts(rpc, at('2026-12-01T09:10'), 3600)).toEqual({emails: 1, texts: 1})
      expect(await queueStaffDigests(rpc, at('2026-12-02T07:00'), '2026-12-01')).toEqual({emails: 0, texts: 0})
    } finally {
      await postgrest.close()
    }
  })
})
