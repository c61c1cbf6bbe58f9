import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from '../booking/store/test-support/embedded-store'
import type {StoredBooking} from '../booking/store/store'
import {houseBooking} from '../booking/store/test-support/fixtures'
import {companyLocalTimeToDate} from '../company-time'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {createTextOutboxStore} from './outbox'
import {createVisitTextRemindersJob} from './reminders'
import {datasetComposer} from './test-support/content'
import {startTwilioApi, twilioSignature, type TwilioApiStandIn} from './test-support/twilio-api'
import {twilioSettingsFromEnv, type TwilioSettings} from './twilio-settings'
import {createTwilioTransport, validTwilioSignature} from './twilio-transport'
import {TextRefusedError} from './transport'
import {handleTextStatusRequest, replyKeyword, TEXT_WEBHOOK_MAX_BYTES, type TextWebhookDeps} from './webhooks'
import {createTextWorker} from './worker'

/**
 * The Twilio adapter with the official SDK against a local stand-in speaking Twilio's wire format
 * (./test-support/twilio-api.ts), and Twilio's signed status webhook: the signature computed as
 * Twilio documents it is accepted, anything tampered with is refused.
 */

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`
const AUTH_TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const STATUS_URL = 'https://cedar-river.example/api/texts/status'
const PHONE = '+14255550142'
const at = (local: string) => companyLocalTimeToDate(local) as Date

let twilio: TwilioApiStandIn
const {db, store} = embeddedBookingStore()
const outbox = createTextOutboxStore(createSqlDatabaseFunctions(db))
const log = {error: vi.fn(), warn: vi.fn()}

beforeAll(async () => {
  twilio = await startTwilioApi({accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN})
})

afterAll(async () => {
  await twilio?.close()
})

beforeEach(async () => {
  await db.exec('delete from public.text_outbox; delete from public.sms_opt_outs; delete from public.bookings;')
  twilio.reset()
  log.error.mockReset()
  log.warn.mockReset()
})

function settings(overrides: Partial<TwilioSettings> = {}): TwilioSettings {
  return {accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+14255550100', messagingServiceSid: null, statusCallback: STATUS_URL, apiBaseUrl: twilio.baseUrl, ...overrides}
}

/** A paid visit on 2031-03-22 10:00–12:00 whose customer consented to texts, its reminder queued for 18:00 the day before. */
async function visitWithReminder(): Promise<StoredBooking> {
  const windowStartsAt = at('2031-03-22T10:00')
  const bookedAt = at('2031-03-18T10:00')
  const {booking} = await store.createPending(
    houseBooking({date: '2031-03-22', arrivalWindow: '10:00-12:00', serviceFamily: 'indoor', windowStartsAt: windowStartsAt.toISOString(), holdExpiresAt: at('2031-03-18T10:30').toISOString(), smsConsentAt: bookedAt.toISOString()}),
    {capacity: 10, now: bookedAt},
  )
  await store.markPaid(booking.id, {sessionId: `cs_${randomUUID()}`, paidAt: bookedAt})
  await createVisitTextRemindersJob({outbox: async () => outbox}).run(at('2031-03-21T09:00'))
  return booking
}

async function worker(options: Partial<TwilioSettings> = {}) {
  return createTextWorker({outbox: async () => outbox, transport: createTwilioTransport(settings(options)), compose: await datasetComposer(), now: () => at('2031-03-21T18:00'), options: {pollMs: 3_600_000}, log})
}

describe('the Twilio adapter (official SDK, local stand-in)', () => {
  it("sends as Twilio documents: POST /2010-04-01/Accounts/{Sid}/Messages.json, basic auth, form-encoded To, From, Body, StatusCallback; the Message sid is recorded", async () => {
    await visitWithReminder()
    expect(await (await worker()).drain()).toMatchObject({sent: 1})
    expect(twilio.requests).toHaveLength(1)
    const [request] = twilio.requests
    expect(request.method).toBe('POST')
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    expect(request.basicAuth).toBe(`${ACCOUNT_SID}:${AUTH_TOKEN}`)
    expect(request.contentType).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(request.form)).toEqual({
      To: PHONE,
      From: '+14255550100',
      Body: 'Cedar River Cleaning Co.: Hi Ada, a reminder: your Regular Cleaning (Every Other Week) is tomorrow, March 22, 2031, 10:00 AM – 12:00 PM. Reply STOP to opt out.',
      StatusCallback: STATUS_URL,
    })
    const {rows} = await db.query<{status: string; provider_message_id: string; provider_status: string}>('select status, provider_message_id, provider_status from public.text_outbox')
    expect(rows).toEqual([{status: 'sent', provider_message_id: expect.stringMatching(/^SM[0-9a-f]{32}$/), provider_status: 'queued'}])
  })

  it('a messaging service sends instead of a number (MessagingServiceSid, no From)', async () => {
    const transport = createTwilioTransport(settings({from: null, messagingServiceSid: 'MG00000000000000000000000000000000', statusCallback: null}))
    const sent = await transport.send({to: PHONE, body: 'Hello', reference: 'test'})
    expect(sent.providerMessageId).toMatch(/^SM/)
    expect(Object.fromEntries(twilio.requests[0].form)).toEqual({To: PHONE, MessagingServiceSid: 'MG00000000000000000000000000000000', Body: 'Hello'})
  })

  it('a number that replied STOP to Twilio (error 21610) is recorded as opted out and never retried; a server error is retried later', async () => {
    await visitWithReminder()
    twilio.unsubscribed.add(PHONE)
    await expect(createTwilioTransport(settings()).send({to: PHONE, body: 'x', reference: 'r'})).rejects.toMatchObject({name: 'TextRefusedError', code: '21610', optedOut: true})
    twilio.requests.length = 0
    expect(await (await worker()).drain()).toMatchObject({sent: 0, skipped: 1, retried: 0})
    expect(twilio.requests).toHaveLength(1)
    const {rows} = await db.query<{status: string; skip_reason: string}>('select status, skip_reason from public.text_outbox')
    expect(rows).toEqual([{status: 'skipped', skip_reason: 'opted_out'}])
    expect((await db.query<{phone: string; source: string}>('select phone, source from public.sms_opt_outs')).rows).toEqual([{phone: PHONE, source: 'provider'}])

    // Another visit's text to a number Twilio answers 500 for: due again after the back-off, not given up.
    await db.exec('delete from public.text_outbox; delete from public.sms_opt_outs; delete from public.bookings;')
    twilio.unsubscribed.clear()
    await visitWithReminder()
    twilio.failNext(500)
    expect(await (await worker()).drain()).toMatchObject({sent: 0, retried: 1})
    const {rows: retried} = await db.query<{status: string; attempts: number; next_attempt_at: Date; last_error: string}>('select status, attempts, next_attempt_at, last_error from public.text_outbox')
    expect(retried[0]).toMatchObject({status: 'pending', attempts: 1})
    expect(retried[0].next_attempt_at.getTime()).toBe(at('2031-03-21T18:00').getTime() + 30_000)
  })

  it('wrong credentials are refused by the stand-in as by Twilio, and the adapter says why', async () => {
    const error = await createTwilioTransport(settings({authToken: 'wrong'})).send({to: PHONE, body: 'x', reference: 'r'}).catch((caught: unknown) => caught)
    expect(error).toMatchObject({status: 401, code: 20003})
    expect(error).not.toBeInstanceOf(TextRefusedError)
  })

  it('is configured only with the account, the token and a sender', () => {
    expect(twilioSettingsFromEnv({TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN}, STATUS_URL)).toBeNull()
    expect(twilioSettingsFromEnv({TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_FROM: '+14255550100'}, STATUS_URL)).toBeNull()
    expect(twilioSettingsFromEnv({TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_MESSAGING_SERVICE_SID: 'MG1'}, STATUS_URL)).toMatchObject({messagingServiceSid: 'MG1', from: null})
  })
})

describe("Twilio's signed status webhook", () => {
  const deps: TextWebhookDeps = {
    verify: (signature, url, params) => validTwilioSignature(AUTH_TOKEN, signature, url, params),
    publicUrl: STATUS_URL,
    outbox: async () => outbox,
    now: () => at('2031-03-21T18:01'),
  }

  async function post(params: Record<string, string>, signature: string | null, body = new URLSearchParams(params).toString()): Promise<Response> {
    // Posted to the server's own address: the signature is checked over SITE_URL's, never this Host.
    return handleTextStatusRequest(
      new Request('http://10.0.0.7:3000/api/texts/status', {
        method: 'POST',
        headers: {'Content-Type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : {'X-Twilio-Signature': signature})},
        body,
      }),
      deps,
    )
  }

  async function sentSid(): Promise<string> {
    await visitWithReminder()
    await (await worker()).drain()
    const {rows} = await db.query<{provider_message_id: string}>('select provider_message_id from public.text_outbox')
    return rows[0].provider_message_id
  }

  const providerStatus = async () => (await db.query<{provider_status: string; provider_error_code: string | null}>('select provider_status, provider_error_code from public.text_outbox')).rows[0]

  it('a status signed as Twilio documents (HMAC-SHA1 of the URL and the sorted parameters, base64) is accepted and recorded', async () => {
    const sid = await sentSid()
    const params = {AccountSid: ACCOUNT_SID, ApiVersion: '2010-04-01', From: '+14255550100', MessageSid: sid, MessageStatus: 'delivered', SmsSid: sid, SmsStatus: 'delivered', To: PHONE}
    const answer = await post(params, await twilioSignature(AUTH_TOKEN, STATUS_URL, params))
    expect(answer.status).toBe(204)
    expect(await providerStatus()).toEqual({provider_status: 'delivered', provider_error_code: null})

    // Undelivered because the number opted out with the carrier: recorded, and the number opted out.
    const undelivered = {...params, MessageStatus: 'undelivered', ErrorCode: '21610'}
    expect((await post(undelivered, await twilioSignature(AUTH_TOKEN, STATUS_URL, undelivered))).status).toBe(204)
    expect(await providerStatus()).toEqual({provider_status: 'undelivered', provider_error_code: '21610'})
    expect((await db.query('select phone from public.sms_opt_outs')).rows).toEqual([{phone: PHONE}])
  })

  it('tampered parameters, another URL, another token or no signature are refused (403) and change nothing', async () => {
    const sid = await sentSid()
    const params = {AccountSid: ACCOUNT_SID, MessageSid: sid, MessageStatus: 'delivered', To: PHONE}
    const signature = await twilioSignature(AUTH_TOKEN, STATUS_URL, params)
    expect((await post({...params, MessageStatus: 'failed'}, signature)).status).toBe(403)
    expect((await post(params, await twilioSignature(AUTH_TOKEN, 'http://10.0.0.7:3000/api/texts/status', params))).status).toBe(403)
    expect((await post(params, await twilioSignature('another-token', STATUS_URL, params))).status).toBe(403)
    expect((await post(params, null)).status).toBe(403)
    expect(await providerStatus()).toEqual({provider_status: 'queued', provider_error_code: null})
    // Twilio not configured: nothing is accepted.
    const unconfigured = await handleTextStatusRequest(
      new Request('http://10.0.0.7:3000/api/texts/status', {method: 'POST', headers: {'X-Twilio-Signature': signature}, body: new URLSearchParams(params).toString()}),
      {...deps, verify: null},
    )
    expect(unconfigured.status).toBe(403)
  })

  it('a body over the cap is refused (413) before its signature is read', async () => {
    const answer = await post({}, 'anything', `Body=${'x'.repeat(TEXT_WEBHOOK_MAX_BYTES)}`)
    expect(answer.status).toBe(413)
  })
})

describe('reply keywords', () => {
  it('STOP, STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT opt out; START and UNSTOP opt back in; in any case, trimmed; anything else is no keyword', () => {
    for (const word of ['STOP', 'stopall', ' Unsubscribe ', 'cancel', 'End', 'QUIT.']) expect(replyKeyword(word), word).toBe('stop')
    for (const word of ['START', 'unstop']) expect(replyKeyword(word), word).toBe('start')
    for (const word of ['Please stop by at 10', 'STOP IT', '', 'yes']) expect(replyKeyword(word), word).toBeNull()
  })
})
