import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from '../booking/store/test-support/embedded-store'
import type {NewBooking, StoredBooking} from '../booking/store/store'
import {houseBooking} from '../booking/store/test-support/fixtures'
import {companyLocalTimeToDate} from '../company-time'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {markStarted} from '../office/bookings/mark-started'
import type {ActingStaff} from '../office/access/roles'
import {createTextFolderTransport} from './folder-transport'
import {createTextOutboxStore, type TextMessage, type TextOutboxStore} from './outbox'
import {createVisitTextRemindersJob} from './reminders'
import {datasetComposer} from './test-support/content'
import {twilioSignature} from './test-support/twilio-api'
import {emptyMessagingResponse, validTwilioSignature} from './twilio-transport'
import type {OutgoingText} from './transport'
import {handleIncomingTextRequest} from './webhooks'
import {createTextWorker} from './worker'

/**
 * Text messages end to end on the embedded database: the reminder job and the office's Mark started
 * queue texts in the text outbox, workers send them through the folder transport (real files), and
 * Twilio's incoming-message webhook (signed as Twilio signs) records STOP and START. The clock is
 * passed in everywhere: quiet hours and "the day before" are tried by moving it, never by waiting.
 */

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

const AUTH_TOKEN = 'twilio-auth-token-for-tests'
const INCOMING_URL = 'https://cedar-river.example/api/texts/incoming'
/** The fixture's phone, '(425) 555-0142', as texts address it. */
const PHONE = '+14255550142'
/** Renton's wall clock → the moment. */
const at = (local: string) => companyLocalTimeToDate(local) as Date

const {db, store} = embeddedBookingStore()
let outbox: TextOutboxStore
let compose: (message: TextMessage) => Promise<OutgoingText>
let staff: ActingStaff
const dirs: string[] = []
const log = {error: vi.fn(), warn: vi.fn()}

beforeAll(async () => {
  const functions = createSqlDatabaseFunctions(db)
  outbox = createTextOutboxStore(functions)
  compose = await datasetComposer()
  const {rows} = await db.query<{id: string}>(`insert into public.staff (name, email, role) values ('Ann Office', $1, 'office') returning id`, [`${randomUUID()}@office.test`])
  staff = {id: rows[0].id, name: 'Ann Office'}
})

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true})
})

beforeEach(async () => {
  await db.exec('delete from public.text_outbox; delete from public.sms_opt_outs; delete from public.staff_actions; delete from public.bookings;')
  log.error.mockReset()
  log.warn.mockReset()
})

/** A paid house visit on `date` in `window` (Renton time), with or without consent to texts. */
async function paidVisit(date: string, window: string, options: {consent: boolean; overrides?: Partial<NewBooking>}): Promise<StoredBooking> {
  const windowStartsAt = at(`${date}T${window.slice(0, 5)}`)
  const bookedAt = new Date(windowStartsAt.getTime() - 3 * 24 * 3600_000)
  const {booking} = await store.createPending(
    houseBooking({
      date,
      arrivalWindow: window,
      serviceFamily: 'indoor',
      windowStartsAt: windowStartsAt.toISOString(),
      holdExpiresAt: new Date(bookedAt.getTime() + 30 * 60_000).toISOString(),
      smsConsentAt: options.consent ? bookedAt.toISOString() : null,
      ...options.overrides,
    }),
    {capacity: 10, now: bookedAt},
  )
  await store.markPaid(booking.id, {sessionId: `cs_${randomUUID()}`, paidAt: bookedAt})
  return (await store.findById(booking.id)) as StoredBooking
}

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'texts-'))
  dirs.push(dir)
  return dir
}

/** The texts written to `dir`, oldest first. */
function written(dir: string): OutgoingText[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as OutgoingText)
}

function worker(dir: string, now: () => Date) {
  return createTextWorker({outbox: async () => outbox, transport: createTextFolderTransport(dir), compose, now, options: {pollMs: 3_600_000}, log})
}

async function outboxRows() {
  const {rows} = await db.query<{event_key: string; template: string; status: string; skip_reason: string | null; next_attempt_at: Date; attempts: number; to_phone: string}>(
    'select event_key, template, status, skip_reason, next_attempt_at, attempts, to_phone from public.text_outbox order by created_at',
  )
  return rows
}

const job = () => createVisitTextRemindersJob({outbox: async () => outbox})

describe('the reminder text the day before a visit', () => {
  it('is queued once per visit (two job runs at once, then again), due at 6 pm the day before, and two workers send it once', async () => {
    const visit = await paidVisit('2031-03-22', '10:00-12:00', {consent: true})
    const morning = at('2031-03-21T09:00')
    const runs = await Promise.all([job().run(morning), job().run(morning)])
    const again = await job().run(new Date(morning.getTime() + 600_000))
    expect([...runs, again].reduce((sum: number, run) => sum + (run as {queued: number}).queued, 0)).toBe(1)
    const [row] = await outboxRows()
    expect(row).toMatchObject({template: 'visit_reminder', status: 'pending', to_phone: PHONE, event_key: `visit_reminder:${visit.id}:2031-03-22T17:00:00Z`})
    expect(row.next_attempt_at.toISOString()).toBe(at('2031-03-21T18:00').toISOString())

    // Not before it is due…
    const early = folder()
    expect((await worker(early, () => at('2031-03-21T17:59')).drain()).sent).toBe(0)
    // …then two workers (two server processes) at once: one text.
    const [a, b] = [folder(), folder()]
    const sixPm = () => at('2031-03-21T18:01')
    const results = await Promise.all([worker(a, sixPm).drain(), worker(b, sixPm).drain()])
    expect(results[0].sent + results[1].sent).toBe(1)
    const texts = [...written(a), ...written(b), ...written(early)]
    expect(texts).toHaveLength(1)
    expect(texts[0].to).toBe(PHONE)
    expect(texts[0].body).toBe(
      'Cedar River Cleaning Co.: Hi Ada, a reminder: your Regular Cleaning (Every Other Week) is tomorrow, March 22, 2031, 10:00 AM – 12:00 PM. Reply STOP to opt out.',
    )
    expect((await outboxRows())[0].status).toBe('sent')
    // The job's next runs queue nothing more for that visit.
    expect(await job().run(at('2031-03-21T19:00'))).toMatchObject({queued: 0})
  })

  it('a visit booked at 10 pm the night before is reminded at 8 am, never in quiet hours; a visit whose window opens at 8 am gets none', async () => {
    await paidVisit('2031-03-22', '10:00-12:00', {consent: true})
    await paidVisit('2031-03-22', '08:00-10:00', {consent: true, overrides: {firstName: 'Early'}})
    expect(await job().run(at('2031-03-21T22:00'))).toMatchObject({visits: 2, queued: 1})
    const rows = await outboxRows()
    expect(rows).toHaveLength(1)
    expect(rows[0].next_attempt_at.toISOString()).toBe(at('2031-03-22T08:00').toISOString())
  })

  it('the worker refuses to send in quiet hours: a text claimed at 10 pm is due again at 8 am, and goes then', async () => {
    const visit = await paidVisit('2031-03-22', '10:00-12:00', {consent: true})
    // Due before quiet hours (a retry, a server that was down) but first claimed at 22:00.
    await outbox.enqueue([
      {eventKey: `visit_reminder:${visit.id}:late`, bookingId: visit.id, to: PHONE, template: 'visit_reminder', dueAt: at('2031-03-21T20:55').toISOString(), payload: {
        firstName: 'Ada', service: 'Regular Cleaning', date: visit.date, arrivalWindow: visit.arrivalWindow, windowStartsAt: visit.windowStartsAt, expiresAt: visit.windowStartsAt as string,
      }},
    ])
    const dir = folder()
    expect(await worker(dir, () => at('2031-03-21T22:00')).drain()).toMatchObject({sent: 0, deferred: 1})
    expect(await outboxRows()).toMatchObject([{status: 'pending', attempts: 0}])
    expect((await outboxRows())[0].next_attempt_at.toISOString()).toBe(at('2031-03-22T08:00').toISOString())
    expect(await worker(dir, () => at('2031-03-22T07:59')).drain()).toMatchObject({sent: 0, deferred: 0})
    expect(written(dir)).toHaveLength(0)
    expect(await worker(dir, () => at('2031-03-22T08:00')).drain()).toMatchObject({sent: 1})
    expect(written(dir)).toHaveLength(1)
  })

  it('never without consent: no reminder is queued, and a text queued for a visit without consent is not sent', async () => {
    const visit = await paidVisit('2031-03-22', '10:00-12:00', {consent: false})
    expect(await job().run(at('2031-03-21T09:00'))).toMatchObject({visits: 0, queued: 0})
    await outbox.enqueue([
      {eventKey: `visit_reminder:${visit.id}:forced`, bookingId: visit.id, to: PHONE, template: 'visit_reminder', dueAt: at('2031-03-21T18:00').toISOString(), payload: {
        firstName: 'Ada', service: 'Regular Cleaning', date: visit.date, arrivalWindow: visit.arrivalWindow, windowStartsAt: visit.windowStartsAt, expiresAt: visit.windowStartsAt as string,
      }},
    ])
    const dir = folder()
    expect(await worker(dir, () => at('2031-03-21T18:00')).drain()).toMatchObject({sent: 0, skipped: 1})
    expect(await outboxRows()).toMatchObject([{status: 'skipped', skip_reason: 'no_consent'}])
    expect(written(dir)).toHaveLength(0)
  })

  it('a reminder of a visit moved or cancelled since it was queued is not sent', async () => {
    const moved = await paidVisit('2031-03-22', '10:00-12:00', {consent: true})
    const cancelled = await paidVisit('2031-03-22', '12:00-14:00', {consent: true, overrides: {firstName: 'Cy'}})
    expect(await job().run(at('2031-03-21T09:00'))).toMatchObject({queued: 2})
    await db.query(`update public.bookings set arrival_window = '14:00-16:00', window_starts_at = $2 where id = $1`, [moved.id, at('2031-03-22T14:00')])
    await db.query(`update public.bookings set cancelled_at = $2 where id = $1`, [cancelled.id, at('2031-03-21T10:00')])
    const dir = folder()
    expect(await worker(dir, () => at('2031-03-21T18:00')).drain()).toMatchObject({sent: 0, skipped: 2})
    // The moved visit's new window gets its own reminder.
    expect(await job().run(at('2031-03-21T18:10'))).toMatchObject({queued: 1})
    expect(await worker(dir, () => at('2031-03-21T18:11')).drain()).toMatchObject({sent: 1})
    expect(written(dir)[0].body).toContain('2:00 PM – 4:00 PM')
  })
})

/** Twilio posting an incoming text to the webhook, signed as Twilio signs. */
async function reply(body: string, from = PHONE): Promise<Response> {
  const params = {AccountSid: 'AC00000000000000000000000000000000', Body: body, From: from, MessageSid: `SM${randomUUID().replace(/-/g, '')}`, To: '+14255550100'}
  const request = new Request('http://127.0.0.1:3000/api/texts/incoming', {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': await twilioSignature(AUTH_TOKEN, INCOMING_URL, params)},
    body: new URLSearchParams(params).toString(),
  })
  return handleIncomingTextRequest(request, {
    verify: (signature, url, form) => validTwilioSignature(AUTH_TOKEN, signature, url, form),
    publicUrl: INCOMING_URL,
    outbox: async () => outbox,
    now: () => at('2031-03-21T12:00'),
    twiml: emptyMessagingResponse,
  })
}

describe('STOP', () => {
  it('a STOP reply stops the texts queued and later ones; START lets them go again', async () => {
    const visit = await paidVisit('2031-03-22', '10:00-12:00', {consent: true})
    await job().run(at('2031-03-21T09:00'))
    const answer = await reply(' Stop ')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/xml')
    expect(await answer.text()).toMatch(/<Response\s*\/>|<Response><\/Response>/)
    const {rows} = await db.query<{phone: string; source: string}>('select phone, source from public.sms_opt_outs')
    expect(rows).toEqual([{phone: PHONE, source: 'reply'}])

    const dir = folder()
    expect(await worker(dir, () => at('2031-03-21T18:00')).drain()).toMatchObject({sent: 0, skipped: 1})
    expect(await outboxRows()).toMatchObject([{status: 'skipped', skip_reason: 'opted_out'}])
    // Later texts too: "on its way" the next morning is queued (consent) but not sent.
    expect(await markStarted(visit.id, staff, {store, functions: createSqlDatabaseFunctions(db), now: () => at('2031-03-22T09:30')})).toEqual({ok: true, done: 'markedStarted'})
    expect(await worker(dir, () => at('2031-03-22T09:31')).drain()).toMatchObject({sent: 0, skipped: 1})
    expect(written(dir)).toHaveLength(0)

    // START (any of the words, any case) opts back in: the next text goes.
    expect((await reply('unstop')).status).toBe(200)
    expect((await db.query('select 1 from public.sms_opt_outs')).rows).toHaveLength(0)
    const next = await paidVisit('2031-03-29', '10:00-12:00', {consent: true})
    await job().run(at('2031-03-28T09:00'))
    expect(await worker(dir, () => at('2031-03-28T18:00')).drain()).toMatchObject({sent: 1})
    expect(written(dir)[0].body).toContain('tomorrow, March 29, 2031')
    expect(next.id).toBeTruthy()
  })

  it('other replies change nothing, and a reply with a forged signature is refused (403) and changes nothing', async () => {
    expect((await reply('Thanks, see you tomorrow')).status).toBe(200)
    const forged = new Request('http://127.0.0.1:3000/api/texts/incoming', {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': await twilioSignature('another-token', INCOMING_URL, {Body: 'STOP', From: PHONE})},
      body: new URLSearchParams({Body: 'STOP', From: PHONE}).toString(),
    })
    const answer = await handleIncomingTextRequest(forged, {
      verify: (signature, url, form) => validTwilioSignature(AUTH_TOKEN, signature, url, form),
      publicUrl: INCOMING_URL,
      outbox: async () => outbox,
      now: () => new Date(),
      twiml: emptyMessagingResponse,
    })
    expect(answer.status).toBe(403)
    expect((await db.query('select 1 from public.sms_opt_outs')).rows).toHaveLength(0)
  })
})

describe('Mark started (the office) and "your crew is on its way"', () => {
  it('marks a paid visit started on its day, audited with the member, and queues the text once; before 8 am it waits for 8 am', async () => {
    const visit = await paidVisit('2031-03-22', '08:00-10:00', {consent: true})
    const deps = (local: string) => ({store, functions: createSqlDatabaseFunctions(db), now: () => at(local)})
    expect(await markStarted(visit.id, staff, deps('2031-03-21T16:00'))).toEqual({ok: false, problem: 'not_today'})
    expect(await markStarted(visit.id, staff, deps('2031-03-22T07:40'))).toEqual({ok: true, done: 'markedStarted'})
    expect(await markStarted(visit.id, staff, deps('2031-03-22T07:45'))).toEqual({ok: true, done: 'markedStarted'})
    expect((await store.findById(visit.id))?.startedAt).toBe(at('2031-03-22T07:40').toISOString())
    const {rows: actions} = await db.query<{action: string; staff_name: string}>(`select action, staff_name from public.staff_actions where subject_id = $1`, [visit.id])
    expect(actions).toEqual([{action: 'marked_started', staff_name: 'Ann Office'}])
    const rows = await outboxRows()
    expect(rows).toMatchObject([{template: 'crew_on_the_way', event_key: `crew_on_the_way:${visit.id}`}])
    expect(rows[0].next_attempt_at.toISOString()).toBe(at('2031-03-22T08:00').toISOString())
    const dir = folder()
    expect(await worker(dir, () => at('2031-03-22T07:50')).drain()).toMatchObject({sent: 0})
    expect(await worker(dir, () => at('2031-03-22T08:00')).drain()).toMatchObject({sent: 1})
    expect(written(dir)[0].body).toBe("Cedar River Cleaning Co.: Hi Ada, your crew is on its way for today's Regular Cleaning (Every Other Week). Reply STOP to opt out.")
  })

  it('without consent the visit is marked started and no text is queued; an unpaid booking is refused', async () => {
    const visit = await paidVisit('2031-03-22', '10:00-12:00', {consent: false})
    expect(await markStarted(visit.id, staff, {store, functions: createSqlDatabaseFunctions(db), now: () => at('2031-03-22T09:50')})).toEqual({ok: true, done: 'markedStarted'})
    expect(await outboxRows()).toHaveLength(0)
    const {booking: unpaid} = await store.createPending(houseBooking({date: '2031-03-22', smsConsentAt: at('2031-03-20T09:00').toISOString()}))
    expect(await markStarted(unpaid.id, staff, {store, functions: createSqlDatabaseFunctions(db), now: () => at('2031-03-22T09:50')})).toEqual({ok: false, problem: 'not_paid'})
    expect(await outboxRows()).toHaveLength(0)
  })
})
