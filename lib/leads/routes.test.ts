import {randomUUID} from 'node:crypto'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedDatabaseForTests} from '../database/test-support/opened-for-tests'
import {unreachableDatabaseForTests} from '../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {clearLeadsAndOutbox, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import type {RateLimiter} from '../rate-limit/limiter'
import {databaseRateLimiter} from '../rate-limit/test-support/limiters'
import {LEAD_ENDPOINTS, leadAnswerFromResponse} from './answers'
import type {LeadFlowDeps} from './flow'
import {handleLeadRequest, MAX_LEAD_BODY_BYTES, type LeadRouteOptions} from './routes'
import type {LeadKind} from './schemas'
import {createLeadStore} from './store'
import {testAvailability} from '../booking/test-support/availability'
import {appointmentSubmission, contactSubmission, fixedClock, LEAD_FORMS, quoteSubmission} from './test-support/submissions'

/**
 * POST /api/quote-requests, /api/contact-messages and /api/appointments as the route handlers run
 * them (web Request in, Response out), on the embedded database, with a rate limiter on a clock the
 * test moves.
 */

const db = embeddedDatabaseForTests()
let time: number
let limiter: RateLimiter
const log = {error: vi.fn()}

// The database and the mail server are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

beforeEach(async () => {
  await clearLeadsAndOutbox(db)
  time = Date.parse('2027-01-10T20:00:00Z')
  // Five a minute per address, as the server's default.
  limiter = databaseRateLimiter(db, {limit: 5, windowSeconds: 60, now: () => new Date(time)})
  log.error.mockReset()
})

function flowDeps(overrides: Partial<LeadFlowDeps> = {}): LeadFlowDeps {
  return {store: createLeadStore(createSqlDatabaseFunctions(db)), now: fixedClock, newId: randomUUID, availability: testAvailability, log, ...overrides}
}

function options(overrides: Partial<LeadRouteOptions> = {}): LeadRouteOptions {
  return {
    limiter,
    clientKey: (request) => request.headers.get('x-forwarded-for') ?? 'unknown',
    deps: async () => flowDeps(),
    log,
    ...overrides,
  }
}

const KINDS: [LeadKind, () => Record<string, unknown>][] = [
  ['quoteRequest', quoteSubmission],
  ['contactMessage', contactSubmission],
  ['appointment', appointmentSubmission],
]

function post(kind: LeadKind, body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(`https://cedar-river.example${LEAD_ENDPOINTS[kind]}`, {
    method: 'POST',
    body,
    headers: {'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers},
  })
}

function postJson(kind: LeadKind, value: unknown, headers: Record<string, string> = {}): Request {
  return post(kind, JSON.stringify(value), headers)
}

async function answer(response: Response): Promise<{status: number; body: unknown}> {
  return {status: response.status, body: await response.json()}
}

async function storedCount(): Promise<number> {
  const {rows} = await db.query<{n: number}>(
    `select (select count(*) from public.quote_requests) + (select count(*) from public.contact_messages)
      + (select count(*) from public.appointments) + (select count(*) from public.email_outbox) as n`,
  )
  return Number(rows[0].n)
}

describe('accepted', () => {
  it.each(LEAD_FORMS)('%s: 200 {ok: true}, not cached, stored in %s with its e-mails', async (kind, make, table, emails) => {
    const body = make()
    const response = await handleLeadRequest(kind, postJson(kind, body), options())
    expect(await answer(response)).toEqual({status: 200, body: {ok: true}})
    expect(response.headers.get('cache-control')).toBe('no-store')
    const {rows} = await db.query<{submission_key: string}>(`select submission_key from public.${table}`)
    expect(rows.map((row) => row.submission_key)).toEqual([body.submissionKey])
    expect((await db.query('select 1 from public.email_outbox')).rows).toHaveLength(emails)
  })

  it('takes JSON with a charset, and a body without a content type', async () => {
    expect((await handleLeadRequest('contactMessage', postJson('contactMessage', contactSubmission(), {'content-type': 'application/json; charset=utf-8'}), options())).status).toBe(200)
    const bare = new Request('https://cedar-river.example/api/contact-messages', {method: 'POST', body: new TextEncoder().encode(JSON.stringify(contactSubmission()))})
    expect(bare.headers.get('content-type')).toBeNull()
    expect((await handleLeadRequest('contactMessage', bare, options())).status).toBe(200)
    const {rows} = await db.query('select 1 from public.contact_messages')
    expect(rows).toHaveLength(2)
  })
})

describe('refused, with nothing stored', () => {
  it('400 with the message key of each field for invalid input', async () => {
    const response = await handleLeadRequest('quoteRequest', postJson('quoteRequest', quoteSubmission({zipCode: '123', email: ''})), options())
    const body = {ok: false, kind: 'validation', fieldErrors: {email: 'emailRequired', zipCode: 'zipCodeInvalid'}}
    expect(await answer(response)).toEqual({status: 400, body})
    expect(leadAnswerFromResponse(400, body)).toEqual(body)
    expect(await storedCount()).toBe(0)
  })

  it('400 spam for a filled-in honeypot', async () => {
    for (const [kind, make] of KINDS) {
      const response = await handleLeadRequest(kind, postJson(kind, {...make(), website: 'http://buy.example'}), options({clientKey: () => kind}))
      expect(await answer(response)).toEqual({status: 400, body: {ok: false, kind: 'spam'}})
      expect(leadAnswerFromResponse(400, {ok: false, kind: 'spam'})).toEqual({ok: false, kind: 'spam'})
    }
    expect(await storedCount()).toBe(0)
  })

  it("400 'invalidRequest' for a body that is not JSON", async () => {
    for (const body of ['{"name": "Ada"', 'name=Ada', '']) {
      const response = await handleLeadRequest('contactMessage', post('contactMessage', body), options({clientKey: () => randomUUID()}))
      expect(await answer(response)).toEqual({status: 400, body: {ok: false, kind: 'validation', fieldErrors: {'': 'invalidRequest'}}})
    }
    expect(await storedCount()).toBe(0)
  })

  it("400 'invalidRequest' for JSON that is not a form's object", async () => {
    for (const value of [null, [], 'Ada', 42, [contactSubmission()]]) {
      const response = await handleLeadRequest('contactMessage', postJson('contactMessage', value), options({clientKey: () => randomUUID()}))
      expect(await answer(response)).toEqual({status: 400, body: {ok: false, kind: 'validation', fieldErrors: {'': 'invalidRequest'}}})
    }
    expect(await storedCount()).toBe(0)
  })

  it('415 for another content type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await handleLeadRequest('quoteRequest', post('quoteRequest', JSON.stringify(quoteSubmission()), {'content-type': type}), options({clientKey: () => type}))
      expect(await answer(response)).toEqual({status: 415, body: {ok: false, kind: 'invalid'}})
      expect(leadAnswerFromResponse(415, {ok: false, kind: 'invalid'})).toEqual({ok: false, kind: 'invalid'})
    }
    expect(await storedCount()).toBe(0)
  })

  it(`413 for a body over ${MAX_LEAD_BODY_BYTES} bytes, declared or streamed`, async () => {
    const huge = contactSubmission({message: 'x'.repeat(40 * 1024)})
    const declared = await handleLeadRequest('contactMessage', postJson('contactMessage', huge), options())
    expect(await answer(declared)).toEqual({status: 413, body: {ok: false, kind: 'invalid'}})

    const text = JSON.stringify(huge)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < text.length; i += 4096) controller.enqueue(new TextEncoder().encode(text.slice(i, i + 4096)))
        controller.close()
      },
    })
    const streamed = new Request('https://cedar-river.example/api/contact-messages', {
      method: 'POST',
      body: stream,
      headers: {'content-type': 'application/json'},
      duplex: 'half',
    } as RequestInit)
    expect(streamed.headers.get('content-length')).toBeNull()
    expect(await answer(await handleLeadRequest('contactMessage', streamed, options()))).toEqual({status: 413, body: {ok: false, kind: 'invalid'}})
    expect(await storedCount()).toBe(0)
  })

  it('a message at its 4000-character limit is well under the size cap', async () => {
    const longest = contactSubmission({message: '✓'.repeat(4000), name: 'N'.repeat(100)})
    expect(new TextEncoder().encode(JSON.stringify(longest)).length).toBeLessThan(MAX_LEAD_BODY_BYTES)
    expect((await handleLeadRequest('contactMessage', postJson('contactMessage', longest), options())).status).toBe(200)
  })
})

describe('text as typed: Unicode NFC, no half characters, no NUL', () => {
  // Each form's text fields, as a function of what to put in them.
  const TEXTS: [LeadKind, (text: string) => Record<string, unknown>, string[]][] = [
    ['quoteRequest', (text) => quoteSubmission({firstName: `Ada${text}`, desiredServices: `roof ${text}`}), ['firstName', 'desiredServices']],
    ['contactMessage', (text) => contactSubmission({name: `Grace${text}`, message: `Hi ${text}`}), ['name', 'message']],
    ['appointment', (text) => appointmentSubmission({fullName: `Katherine J${text}`, notes: `Dust ${text}`}), ['fullName', 'notes']],
  ]

  it.each(TEXTS)("%s: 400 'unreadableCharacters' on each field with half a character (a lone surrogate); nothing stored", async (kind, make, fields) => {
    const response = await handleLeadRequest(kind, postJson(kind, make('\uD800')), options())
    expect(await answer(response)).toEqual({status: 400, body: {ok: false, kind: 'validation', fieldErrors: Object.fromEntries(fields.map((field) => [field, 'unreadableCharacters']))}})
    expect(await storedCount()).toBe(0)
    expect(log.error).not.toHaveBeenCalled()
  })

  it.each(TEXTS)('%s: 400 with a message, never a 5xx, for a NUL in a text field (PostgreSQL text cannot hold it); nothing stored', async (kind, make, fields) => {
    const response = await handleLeadRequest(kind, postJson(kind, make('\u0000')), options())
    expect(await answer(response)).toEqual({status: 400, body: {ok: false, kind: 'validation', fieldErrors: Object.fromEntries(fields.map((field) => [field, 'unsupportedCharacters']))}})
    expect(await storedCount()).toBe(0)
  })

  it.each(TEXTS)('%s: the same key again with the text decomposed (NFC-equivalent) is the same submission: 200, stored once', async (kind, make) => {
    const composed = make('\u00e9')
    const decomposed = {...make('e\u0301'), submissionKey: composed.submissionKey}
    expect(await answer(await handleLeadRequest(kind, postJson(kind, decomposed), options()))).toEqual({status: 200, body: {ok: true}})
    expect(await answer(await handleLeadRequest(kind, postJson(kind, composed), options()))).toEqual({status: 200, body: {ok: true}})
    const table = {quoteRequest: 'quote_requests', contactMessage: 'contact_messages', appointment: 'appointments'}[kind]
    expect((await db.query(`select 1 from public.${table}`)).rows).toHaveLength(1)
  })
})

describe('the same submission key with other details', () => {
  it.each([
    ['quoteRequest', quoteSubmission, {zipCode: '98057'}, 'quote_requests', 'zip_code', '98056'],
    ['contactMessage', contactSubmission, {message: 'Another question'}, 'contact_messages', 'name', 'Grace Hopper'],
    ['appointment', appointmentSubmission, {visitWindow: '11:00-13:00'}, 'appointments', 'visit_window', '09:00-11:00'],
  ] as const)('%s: 409 conflict, nothing new stored, the first submission kept; the form then sends it with a new key', async (kind, make, change, table, column, first) => {
    const body = make()
    expect((await handleLeadRequest(kind, postJson(kind, body), options())).status).toBe(200)
    const before = await storedCount()
    const response = await handleLeadRequest(kind, postJson(kind, {...body, ...change}), options())
    expect(await answer(response)).toEqual({status: 409, body: {ok: false, kind: 'conflict'}})
    expect(leadAnswerFromResponse(409, {ok: false, kind: 'conflict'})).toEqual({ok: false, kind: 'conflict'})
    expect(await storedCount()).toBe(before)
    const {rows} = await db.query<Record<string, string>>(`select ${column} from public.${table}`)
    expect(rows).toEqual([{[column]: first}])
    // The form drops its key after a 409: the changed details with a new key are stored.
    expect((await handleLeadRequest(kind, postJson(kind, {...body, ...change, submissionKey: randomUUID()}), options())).status).toBe(200)
  })
})

describe('rate limit: five a minute per address', () => {
  it('answers the sixth within a minute 429 with Retry-After, stores it not, and lets one more through once the bucket refills', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await handleLeadRequest('quoteRequest', postJson('quoteRequest', quoteSubmission()), options())).status).toBe(200)
      time += 2_000
    }
    // t = 10 s: five a minute is one every 12 s; the burst of five booked the bucket until t = 60 s,
    // so the next is allowed at t = 12 s.
    const refused = await handleLeadRequest('quoteRequest', postJson('quoteRequest', quoteSubmission()), options())
    expect(await answer(refused)).toEqual({status: 429, body: {ok: false, kind: 'rate-limited'}})
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(leadAnswerFromResponse(429, {ok: false, kind: 'rate-limited'})).toEqual({ok: false, kind: 'rate-limited'})
    const {rows} = await db.query('select 1 from public.quote_requests')
    expect(rows).toHaveLength(5)

    // Another address is not held up.
    expect((await handleLeadRequest('quoteRequest', postJson('quoteRequest', quoteSubmission(), {'x-forwarded-for': '198.51.100.2'}), options())).status).toBe(200)

    time += 2_000
    expect((await handleLeadRequest('quoteRequest', postJson('quoteRequest', quoteSubmission()), options())).status).toBe(200)
    expect((await handleLeadRequest('quoteRequest', postJson('quoteRequest', quoteSubmission()), options())).status).toBe(429)
    expect((await db.query('select 1 from public.quote_requests')).rows).toHaveLength(7)
  })

  it('counts refused requests too, so a bot cannot probe the fields without limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await handleLeadRequest('contactMessage', postJson('contactMessage', {website: 'spam'}), options())).status).toBe(400)
    }
    const response = await handleLeadRequest('contactMessage', postJson('contactMessage', contactSubmission()), options())
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBe(12)
    expect(await storedCount()).toBe(0)
  })
})

describe('the database unavailable', () => {
  const deadDatabase = unreachableDatabaseForTests()

  it('503 unavailable when the database cannot be opened', async () => {
    const response = await handleLeadRequest('contactMessage', postJson('contactMessage', contactSubmission()), options({
      deps: async () => {
        throw new Error('PGlite: the data directory is locked')
      },
    }))
    expect(await answer(response)).toEqual({status: 503, body: {ok: false, kind: 'unavailable'}})
    expect(leadAnswerFromResponse(503, {ok: false, kind: 'unavailable'})).toEqual({ok: false, kind: 'unavailable'})
    expect(log.error).toHaveBeenCalledTimes(1)
  })

  it('503 unavailable when the database does not answer; the retry is stored once it does', async () => {
    const input = appointmentSubmission()
    const down = await handleLeadRequest('appointment', postJson('appointment', input), options({
      deps: async () => flowDeps({store: createLeadStore(createSqlDatabaseFunctions(deadDatabase))}),
    }))
    expect(await answer(down)).toEqual({status: 503, body: {ok: false, kind: 'unavailable'}})
    expect(await storedCount()).toBe(0)

    const back = await handleLeadRequest('appointment', postJson('appointment', input), options())
    expect(await answer(back)).toEqual({status: 200, body: {ok: true}})
    expect((await db.query('select 1 from public.appointments')).rows).toHaveLength(1)
  })
})

describe('leadAnswerFromResponse (what the form makes of an answer)', () => {
  it('treats anything unexpected as a failure to try again', () => {
    expect(leadAnswerFromResponse(200, {ok: true})).toEqual({ok: true})
    expect(leadAnswerFromResponse(200, null)).toEqual({ok: false, kind: 'unavailable'})
    expect(leadAnswerFromResponse(502, '<html>Bad gateway</html>')).toEqual({ok: false, kind: 'unavailable'})
    expect(leadAnswerFromResponse(429, null)).toEqual({ok: false, kind: 'rate-limited'})
    expect(leadAnswerFromResponse(400, {ok: false, kind: 'validation', fieldErrors: {phone: 'phoneInvalid', bogus: 7}})).toEqual({
      ok: false,
      kind: 'validation',
      fieldErrors: {phone: 'phoneInvalid'},
    })
  })
})
