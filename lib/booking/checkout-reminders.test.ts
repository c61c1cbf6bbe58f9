import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {renderEmail} from '@/components/email/render'
import type {DatabaseFunctions} from '../database/functions'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {createServiceRoleClient} from '../database/supabase'
import {createSupabaseDatabaseFunctions} from '../database/supabase-functions'
import {startPostgrestStandIn} from '../database/test-support/postgrest'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {composeMail} from '../email/compose'
import {createOutboxStore} from '../email/outbox'
import {emailContentFromDataset} from '../email/test-support/content'
import {listEndedCheckouts} from '../office/checkouts/read'
import type {RateLimiter} from '../rate-limit/limiter'
import {
  checkoutReminderSettings,
  createCheckoutReminderStore,
  createCheckoutRemindersJob,
  signBookingLink,
  verifyBookingLink,
  type CheckoutReminderSettings,
} from './checkout-reminders'
import {handleEmailOptOutRequest} from './email-opt-out'
import {handleResumeRequest} from './routes'
import {createSqlBookingStore} from './store/sql-store'
import type {BookingStore} from './store/store'
import {houseBooking} from './store/test-support/fixtures'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The one reminder after a checkout ended unpaid, on the embedded database: once per booking and
 * per address in 30 days, none when the customer booked since, paid, holds a place, or asked for no
 * more; none before the delay nor long after it; its links signed, and nothing the visitor typed in
 * what is queued or sent.
 */

const KEY = 'k'.repeat(40)
const SITE = 'https://clean.example'
const HOUR = 3_600_000
const DAY = 24 * HOUR
const T0 = new Date('2026-12-01T18:00:00.000Z')
const later = (ms: number) => new Date(T0.getTime() + ms)
// What the visitor typed, which no reminder may repeat.
const TYPED = {firstName: 'Zebediah', lastName: 'Quillfeather', phone: '(425) 555-0199', address: '77 Hidden Lane, Renton, WA 98056', notes: 'Gate code 8812, key under the mat'}

let database: {db: PGlite; close(): Promise<void>}
let functions: DatabaseFunctions
let bookings: BookingStore
let settings: CheckoutReminderSettings

/** A house booking by `email` made at `createdAt`, then as `status` says (its hold ends 31 minutes after it was made). */
async function checkout(email: string, createdAt: Date, status: 'expired' | 'cancelled' | 'failed' | 'pending' | 'paid' = 'expired'): Promise<string> {
  const {booking} = await bookings.createPending(houseBooking({...TYPED, email, holdExpiresAt: new Date(createdAt.getTime() + 31 * 60_000).toISOString()}))
  await database.db.query(
    `update public.bookings set created_at = $2, hold_expires_at = $2::timestamptz + interval '31 minutes',
       payment_status = $3, updated_at = case when $3 = 'pending' then null else $2::timestamptz + interval '31 minutes' end,
       paid_at = case when $3 = 'paid' then $2::timestamptz + interval '5 minutes' end
     where id = $1`,
    [booking.id, createdAt, status],
  )
  return booking.id
}

const job = () =>
  createCheckoutRemindersJob({
    store: async () => createCheckoutReminderStore(functions),
    settings: async () => settings,
    siteUrl: () => SITE,
    linkSecret: async () => KEY,
  })

async function reminders(): Promise<{event_key: string; to_address: string; template: string; payload: Record<string, unknown>}[]> {
  const {rows} = await database.db.query<{event_key: string; to_address: string; template: string; payload: Record<string, unknown>}>(
    `select event_key, to_address, template, payload from public.outbox where template = 'checkout_reminder.customer' order by created_at, event_key`,
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
})
beforeEach(async () => {
  await database.db.exec(`truncate public.bookings, public.outbox, public.email_opt_outs cascade;`)
  settings = {enabled: true, delayHours: 24}
})

describe('the reminder job', () => {
  it('queues one reminder per ended checkout, to its address, after the delay and never again', async () => {
    const id = await checkout('Dana@Example.com ', T0)
    const ended = later(31 * 60_000)
    expect(await job().run(new Date(ended.getTime() + 24 * HOUR - 60_000))).toEqual({due: 0, queued: 0})
    expect(await job().run(new Date(ended.getTime() + 24 * HOUR))).toEqual({due: 1, queued: 1})
    expect(await job().run(new Date(ended.getTime() + 25 * HOUR))).toEqual({due: 0, queued: 0})
    const rows = await reminders()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({event_key: `checkout_reminder:${id}:customer`, to_address: 'Dana@Example.com', template: 'checkout_reminder.customer'})
  })

  it('sends nothing while switched off, and nothing for a checkout ended more than three days past the delay', async () => {
    await checkout('dana@example.com', T0)
    settings = {enabled: false, delayHours: 24}
    expect(await job().run(later(2 * DAY))).toEqual({due: 0, queued: 0})
    settings = {enabled: true, delayHours: 24}
    expect(await job().run(later(DAY + 31 * 60_000 + 73 * HOUR))).toEqual({due: 0, queued: 0})
    expect(await reminders()).toEqual([])
  })

  it('treats every way a checkout ends alike (cancelled, failed, a hold run out) and never reminds a paid one', async () => {
    const cancelled = await checkout('a@example.com', T0, 'cancelled')
    const failed = await checkout('b@example.com', T0, 'failed')
    const heldOut = await checkout('c@example.com', T0, 'pending')
    await checkout('d@example.com', T0, 'paid')
    expect(await job().run(later(2 * DAY))).toEqual({due: 3, queued: 3})
    expect((await reminders()).map((row) => row.event_key).sort()).toEqual([cancelled, failed, heldOut].map((id) => `checkout_reminder:${id}:customer`).sort())
  })

  it('reminds an address once in 30 days, its latest checkout only, whatever the case of the address', async () => {
    await checkout('dana@example.com', T0)
    const second = await checkout(' DANA@example.com', later(HOUR))
    expect(await job().run(later(2 * DAY))).toEqual({due: 1, queued: 1})
    expect((await reminders()).map((row) => row.event_key)).toEqual([`checkout_reminder:${second}:customer`])
    // Ten days on, another checkout ends: the address was reminded within 30 days.
    await checkout('dana@example.com', later(10 * DAY))
    expect(await job().run(later(12 * DAY))).toEqual({due: 0, queued: 0})
    // 31 days on, one more: reminded.
    const fresh = await checkout('dana@example.com', later(31 * DAY))
    expect(await job().run(later(33 * DAY))).toEqual({due: 1, queued: 1})
    expect((await reminders()).map((row) => row.event_key)).toEqual([`checkout_reminder:${second}:customer`, `checkout_reminder:${fresh}:customer`])
  })

  it('sends nothing when the customer booked since, or holds a place in a checkout still open', async () => {
    await checkout('paid@example.com', T0)
    await checkout('Paid@example.com', later(HOUR), 'paid')
    await checkout('open@example.com', T0)
    // Back a day later, paying now: its hold is open until a day and an hour after the first began.
    const open = await checkout('open@example.com', later(DAY + 30 * 60_000), 'pending')
    expect(await job().run(later(DAY + 45 * 60_000))).toEqual({due: 0, queued: 0})
    // That hold ends unpaid in turn: it is reminded after its own delay.
    expect(await job().run(later(2 * DAY + 2 * HOUR))).toEqual({due: 1, queued: 1})
    expect((await reminders()).map((row) => row.event_key)).toEqual([`checkout_reminder:${open}:customer`])
  })

  it('sends nothing to an address that asked for no more, by the page or one click', async () => {
    const first = await checkout('stop@example.com', T0)
    const other = await checkout('click@example.com', T0)
    const deps = {store: async () => createCheckoutReminderStore(functions), linkSecret: async () => KEY, now: () => later(HOUR)}
    const stop = signBookingLink('email-opt-out:v1', first, later(365 * DAY), KEY)
    const page = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out`, {method: 'POST', headers: {'content-type': 'application/x-www-form-urlencoded'}, body: `token=${stop}`}), deps)
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe(`/email-preferences/${stop}?done=1`)
    const click = signBookingLink('email-opt-out:v1', other, later(365 * DAY), KEY)
    const oneClick = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out?t=${click}`, {method: 'POST', body: 'List-Unsubscribe=One-Click'}), deps)
    expect(oneClick.status).toBe(200)
    expect(await job().run(later(2 * DAY))).toEqual({due: 0, queued: 0})
    const {rows} = await database.db.query<{email_key: string; source: string}>(`select email_key, source from public.email_opt_outs order by email_key`)
    expect(rows).toEqual([
      {email_key: 'click@example.com', source: 'one_click'},
      {email_key: 'stop@example.com', source: 'link'},
    ])
  })

  it('queues one reminder when two runs race, and one when two checkouts of an address are queued at once', async () => {
    await checkout('race@example.com', T0)
    const runs = await Promise.all([job().run(later(2 * DAY)), job().run(later(2 * DAY)), job().run(later(2 * DAY))])
    expect(runs.reduce((sum: number, run) => sum + (run as {queued: number}).queued, 0)).toBe(1)
    // Straight to the database: both of an address's checkouts at once, one reminder for the address.
    const a = await checkout('pair@example.com', T0)
    const b = await checkout('pair@example.com', T0)
    const store = createCheckoutReminderStore(functions)
    const email = (id: string) => ({audience: 'customer' as const, template: 'checkout_reminder.customer' as const, to: null, replyTo: null, payload: {kind: 'checkout_reminder' as const, id, reference: 'X', resumeUrl: SITE, resumeUntil: T0.toISOString(), stopUrl: SITE, oneClickUrl: SITE}})
    const outcomes = await Promise.all([store.queue(a, later(2 * DAY), 24, email(a)), store.queue(b, later(2 * DAY), 24, email(b))])
    expect(outcomes.filter((outcome) => outcome === 'queued')).toHaveLength(1)
    expect((await reminders()).filter((row) => row.to_address === 'pair@example.com')).toHaveLength(1)
  })
})

describe('what the reminder says', () => {
  it('queues and sends nothing the visitor typed: the reference, the links and the company only', async () => {
    const id = await checkout('dana@example.com', T0)
    await job().run(later(2 * DAY))
    const [row] = await reminders()
    const queued = JSON.stringify(row.payload)
    for (const typed of [...Object.values(TYPED), 'dana@example.com', 'Regular Cleaning']) expect(queued).not.toContain(typed)

    const {wording, company} = await emailContentFromDataset()
    const [claimed] = await createOutboxStore(functions).claim(5, 60, later(2 * DAY))
    const mail = await composeMail(claimed, {wording, company, siteUrl: SITE, render: renderEmail})
    for (const typed of Object.values(TYPED)) {
      expect(mail.subject).not.toContain(typed)
      expect(mail.text).not.toContain(typed)
      expect(mail.html).not.toContain(typed)
    }
    expect(mail.to).toBe('dana@example.com')
    const resume = String(row.payload.resumeUrl)
    const stop = String(row.payload.stopUrl)
    expect(resume).toMatch(new RegExp(`^${SITE}/house_cleaning\\?resume=${id}&t=`))
    expect(stop).toMatch(new RegExp(`^${SITE}/email-preferences/${id}\\.`))
    expect(mail.text).toContain(resume.replace(/&/g, '&'))
    expect(mail.text).toContain(stop)
    expect(mail.headers).toEqual({'List-Unsubscribe': `<${String(row.payload.oneClickUrl)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'})
  })
})

describe('the links', () => {
  it('are signed per purpose: expired, forged or the other purpose’s are refused', () => {
    const id = randomUUID()
    const token = signBookingLink('resume-booking:v1', id, later(DAY), KEY)
    expect(verifyBookingLink('resume-booking:v1', token, KEY, T0)).toMatchObject({ok: true, bookingId: id})
    expect(verifyBookingLink('resume-booking:v1', token, KEY, later(DAY))).toEqual({ok: false, reason: 'expired'})
    expect(verifyBookingLink('email-opt-out:v1', token, KEY, T0)).toEqual({ok: false, reason: 'invalid'})
    expect(verifyBookingLink('resume-booking:v1', token, 'x'.repeat(40), T0)).toEqual({ok: false, reason: 'invalid'})
    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    expect(verifyBookingLink('resume-booking:v1', forged, KEY, T0)).toEqual({ok: false, reason: 'invalid'})
    const otherBooking = token.replace(id, randomUUID())
    expect(verifyBookingLink('resume-booking:v1', otherBooking, KEY, T0)).toEqual({ok: false, reason: 'invalid'})
    expect(verifyBookingLink('resume-booking:v1', 42, KEY, T0)).toEqual({ok: false, reason: 'invalid'})
  })

  it('resume the form with the choices and the e-mail only; a paid booking answers as before; a bad link is a 404', async () => {
    const id = await checkout('dana@example.com', T0)
    const limiter: RateLimiter = {check: async () => ({allowed: true, limit: 100, remaining: 99, retryAfterSeconds: 0})}
    const options = {limiter, clientKey: () => 'test', store: async () => bookings, linkSecret: async () => KEY, now: () => later(2 * DAY)}
    const ask = (body: unknown) =>
      handleResumeRequest(new Request(`${SITE}/api/bookings/resume`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}), options)
    const token = signBookingLink('resume-booking:v1', id, later(14 * DAY), KEY)
    const answer = await ask({bookingId: id, token})
    expect(answer.status).toBe(200)
    const {values} = (await answer.json()) as {values: Record<string, unknown>}
    expect(values).toMatchObject({industry: 'house', email: 'dana@example.com', service: 'Regular Cleaning', bedrooms: 3, firstName: '', lastName: '', phone: '', address: '', notes: '', smsConsent: false})
    expect(JSON.stringify(values)).not.toMatch(/Zebediah|Quillfeather|Hidden Lane|Gate code|555-0199/)

    expect((await ask({bookingId: id, token: signBookingLink('resume-booking:v1', id, later(DAY), KEY)})).status).toBe(404)
    expect(await (await ask({bookingId: id, token: signBookingLink('resume-booking:v1', id, later(DAY), KEY)})).json()).toEqual({ok: false, expired: true})
    expect((await ask({bookingId: id, token: signBookingLink('email-opt-out:v1', id, later(14 * DAY), KEY)})).status).toBe(404)
    expect((await ask({bookingId: randomUUID(), token})).status).toBe(404)
    expect((await ask({bookingId: id, token: 'not a token'})).status).toBe(404)
    expect((await ask({bookingId: id})).status).toBe(400)

    await database.db.query(`update public.bookings set payment_status = 'paid', paid_at = $2 where id = $1`, [id, later(DAY)])
    const paid = await ask({bookingId: id, token})
    expect(paid.status).toBe(409)
    expect(await paid.json()).toEqual({ok: false, paid: true})
  })

  it('stop: a bad or expired link is said so on the page, or 400 to one click, and stops nothing', async () => {
    const id = await checkout('dana@example.com', T0)
    const deps = {store: async () => createCheckoutReminderStore(functions), linkSecret: async () => KEY, now: () => later(HOUR)}
    const expired = signBookingLink('email-opt-out:v1', id, T0, KEY)
    const form = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out`, {method: 'POST', headers: {'content-type': 'application/x-www-form-urlencoded'}, body: `token=${expired}`}), deps)
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe(`/email-preferences/${expired}`)
    const click = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out?t=${id}.zz.${'A'.repeat(43)}`, {method: 'POST', body: 'List-Unsubscribe=One-Click'}), deps)
    expect(click.status).toBe(400)
    expect(await click.json()).toEqual({ok: false, field: 't', reason: 'invalid'})
    const oldClick = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out?t=${expired}`, {method: 'POST', body: 'List-Unsubscribe=One-Click'}), deps)
    expect(await oldClick.json()).toEqual({ok: false, field: 't', reason: 'expired'})
    const empty = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out`, {method: 'POST', body: ''}), deps)
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ok: false, field: 'token', reason: 'missing'})
    // The database away: the page is told to say so (try again), never a 500.
    const away = {...deps, store: async () => ({optOut: async () => Promise.reject(new Error('connection refused'))}), log: {error: () => {}}}
    const failed = await handleEmailOptOutRequest(new Request(`${SITE}/api/email-opt-out`, {method: 'POST', body: `token=${signBookingLink('email-opt-out:v1', id, later(DAY), KEY)}`}), away)
    expect(failed.status).toBe(303)
    expect(failed.headers.get('location')).toMatch(/\?failed=1$/)
    const {rows} = await database.db.query(`select * from public.email_opt_outs`)
    expect(rows).toEqual([])
  })
})

describe('the settings', () => {
  it('are off unless switched on; a delay outside 1–168 whole hours reads as 24', () => {
    expect(checkoutReminderSettings({checkoutReminderEnabled: null, checkoutReminderDelayHours: 6})).toEqual({enabled: false, delayHours: 6})
    expect(checkoutReminderSettings({checkoutReminderEnabled: true, checkoutReminderDelayHours: 0})).toEqual({enabled: true, delayHours: 24})
    expect(checkoutReminderSettings({checkoutReminderEnabled: true, checkoutReminderDelayHours: 1.5})).toEqual({enabled: true, delayHours: 24})
    expect(checkoutReminderSettings({checkoutReminderEnabled: true, checkoutReminderDelayHours: 169})).toEqual({enabled: true, delayHours: 24})
  })
})

describe('the office’s list', () => {
  it('tells each ended checkout’s reminder, alike through the Data API', async () => {
    const sent = await checkout('sent@example.com', T0)
    const booked = await checkout('booked@example.com', T0)
    await checkout('booked@example.com', later(HOUR), 'paid')
    const recent = await checkout('recent@example.com', later(2 * DAY - 2 * HOUR))
    await job().run(later(2 * DAY))
    const now = later(2 * DAY)
    const list = await listEndedCheckouts(functions, now, 24)
    const state = (id: string) => list.find((row) => row.bookingId === id)
    expect(state(sent)).toMatchObject({state: 'queued', emailKey: 'sent@example.com', name: `${TYPED.firstName} ${TYPED.lastName}`})
    expect(state(booked)?.state).toBe('booked_since')
    expect(state(recent)).toMatchObject({state: 'not_due', dueAt: new Date(later(2 * DAY - 2 * HOUR).getTime() + 31 * 60_000 + DAY).toISOString()})
    expect(list).toHaveLength(3)

    const key = randomUUID()
    const postgrest = await startPostgrestStandIn(database.db, {keys: {[key]: 'service_role'}, exposedTables: []})
    try {
      const rpc = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      expect(await listEndedCheckouts(rpc, now, 24)).toEqual(list)
      expect(await createCheckoutReminderStore(rpc).candidates(later(3 * DAY), 24, 10)).toEqual(await createCheckoutReminderStore(functions).candidates(later(3 * DAY), 24, 10))
    } finally {
      await postgrest.close()
    }
  })
})
