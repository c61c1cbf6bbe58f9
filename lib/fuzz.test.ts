import {createHmac} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import fc from 'fast-check'
import Stripe from 'stripe'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {setFlowLogger, submitBooking, type BookingFlowDeps} from './booking/flow'
import {
  handleBookingRequest,
  handleResumeRequest,
  handleTestCheckoutRequest,
  handleWebhookRequest,
  MAX_BOOKING_BODY_BYTES,
  MAX_TEST_CHECKOUT_BODY_BYTES,
  MAX_WEBHOOK_BODY_BYTES,
  type BookingRouteOptions,
} from './booking/routes'
import {carpetRequest, commercialRequest, exteriorRequest, fixedClock as bookingClock, houseRequest, ORIGIN} from './booking/test-support/requests'
import {createSqlBookingStore} from './booking/store/sql-store'
import type {BookingStore} from './booking/store/store'
import {handleRevalidateWebhook, MAX_REVALIDATE_BODY_BYTES} from './content/revalidate-webhook'
import {createSqlDatabaseFunctions} from './database/sql-functions'
import {openMigratedMemoryDatabase, PGLITE_SETUP_TIMEOUT} from './database/test-support/temp-pglite'
import {LEAD_ENDPOINTS} from './leads/answers'
import type {LeadFlowDeps} from './leads/flow'
import {handleLeadRequest, MAX_LEAD_BODY_BYTES} from './leads/routes'
import {isLeadMessageKey, type LeadKind} from './leads/schemas'
import {createLeadStore} from './leads/store'
import {appointmentSubmission, contactSubmission, fixedClock as leadClock, quoteSubmission} from './leads/test-support/submissions'
import {StripePaymentProvider} from './payments/stripe'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from './payments/test-checkout'
import {databaseRateLimiter} from './rate-limit/test-support/limiters'
import {roomyAvailability, testAvailability} from './booking/test-support/availability'

/**
 * Property-based fuzzing of every HTTP handler in lib/ (the app's route handlers are one call to
 * these), on web Requests against the embedded database, the local test checkout and a Stripe
 * provider with a webhook secret. For random and malformed bodies (any JSON, the real request
 * shapes with fields replaced by hostile values, bytes that are not UTF-8, bodies around each size
 * cap, streamed bodies), content types and headers (lying Content-Length, forged signatures and
 * client addresses), every answer is below 500, a refusal carries the body its handler documents
 * (a message, an error or a kind), and a refused request changes no row of any table.
 *
 * A fixed seed: a failure prints the shrunk request, and the same run reproduces it.
 */

const SEED = 20_261_123
const IN_TIME = 60_000

// ---------------------------------------------------------------------------------------------
// The database, the providers, and what a refusal must leave unchanged
// ---------------------------------------------------------------------------------------------

let db: PGlite
let bookingStore: BookingStore
let checkout: TestCheckoutProvider
/** What the handlers and flows logged, for the message of a failure. */
const logged: string[] = []
const log = {
  error: (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
  warn: (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
}

const STRIPE_SECRET = 'whsec_fuzz_test_0123456789'
const STRIPE_KEY = 'sk_test_51FuzzTestKey000000000000000000000000000'
const stripeSdk = new Stripe(STRIPE_KEY)
const stripe = new StripePaymentProvider({secretKey: STRIPE_KEY, webhookSecret: STRIPE_SECRET})

/** Bookings paid through Stripe (their session ids), and bookings on the local test checkout. */
const stripeSessions: {bookingId: string; sessionId: string; idempotencyKey: string}[] = []
const testSessions: {bookingId: string; sessionId: string; idempotencyKey: string}[] = []

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  bookingStore = createSqlBookingStore(db)
  checkout = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  setFlowLogger(log)
  const deps: BookingFlowDeps = {store: bookingStore, payments: checkout, origin: ORIGIN, now: bookingClock, availability: roomyAvailability}
  for (let i = 0; i < 4; i++) {
    const request = commercialRequest({idempotencyKey: `00000000-0000-4000-8000-00000000000${i}`})
    const result = await submitBooking(request, deps)
    if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
    const sessionId = decodeURIComponent(new URL(result.checkoutUrl).pathname.split('/').pop() ?? '')
    const entry = {bookingId: result.bookingId, sessionId, idempotencyKey: String(request.idempotencyKey)}
    if (i < 2) {
      testSessions.push(entry)
    } else {
      const stripeSession = `cs_test_fuzz${i}${'a'.repeat(20)}`
      await db.query('update public.bookings set payment_provider = $2, payment_session_id = $3 where id = $1', [result.bookingId, 'stripe', stripeSession])
      stripeSessions.push({...entry, sessionId: stripeSession})
    }
  }
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  setFlowLogger(console)
  await db?.close()
})

const TABLES = ['bookings', 'quote_requests', 'contact_messages', 'appointments', 'email_outbox'] as const

/** Each table's row count and a digest of its rows (so a refused webhook or Pay cannot change a booking either). */
async function snapshot(): Promise<Record<string, string>> {
  const columns = TABLES.map(
    (table) =>
      `(select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from public.${table} t) as ${table}`,
  )
  const {rows} = await db.query<Record<string, string>>(`select ${columns.join(', ')}`)
  return rows[0]
}

// ---------------------------------------------------------------------------------------------
// Values: hostile strings and numbers, JSON written by hand (numbers JSON.stringify cannot write)
// ---------------------------------------------------------------------------------------------

/** JSON text inserted as is: `1e999`, `-0`, a 400-digit integer. */
class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`
  }
  // undefined (a deleted field) and NaN/Infinity (JSON has neither) as JSON.stringify writes them in objects.
  return JSON.stringify(value) ?? 'null'
}

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({min: 0, max: 0xffff}).map((code) => String.fromCharCode(code))

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\uD800',
    'Jane\uDC00',
    'Loading dock \uD83D',
    '\u0000',
    'Ada\u0000',
    'Jose\u0301 Mu\u0308ller',
    '\u1100\u1161\u11A8',
    '👩‍👩‍👧‍👦🧹✨',
    '🧹'.repeat(400),
    '\uFEFF',
    '\u202Egnp.exe',
    '\u200B\u200C\u200D',
    '<script>alert(1)</script>',
    "'; drop table public.bookings; --",
    '',
    ' ',
    '\t\r\n',
    'x'.repeat(5_000),
    'é'.repeat(3_000),
    '0',
    '-1',
    'null',
    'true',
    'NaN',
    'Infinity',
    '1e999',
    '2030-02-30',
    '2030-13-01',
    '0000-00-00',
    '9999-12-31',
    '2027-02-03T25:61',
    '2027-02-03T10:30:00.000Z',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00%ff',
    'SAVE10\u0000',
    'save10',
    'test_cs_0123456789abcdef0123456789abcdef',
    '00000000-0000-4000-8000-000000000000',
    'ada@example.com\u0000',
    'a@b',
    '@@',
    '(425) 555-0142\uD800',
  ),
  fc.string({unit: codeUnit, maxLength: 24}),
  fc.string({unit: 'binary', maxLength: 24}),
  fc.string({unit: 'grapheme', maxLength: 12}),
  fc.string({maxLength: 24}),
)

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.integer({min: -3, max: 12}),
  fc.double({noNaN: true, noDefaultInfinity: true}),
  fc.constantFrom(0.5, -0.0001, 1e21, 2 ** 53 + 2, -(2 ** 31), Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom('1e999', '-1e999', '-0', '1e-400', '9007199254740993', '1'.padEnd(400, '0'), '0.1e1', '1E2').map((text) => new RawJson(text)),
  fc.bigInt({min: -(BigInt(10) ** BigInt(30)), max: BigInt(10) ** BigInt(30)}).map((n) => new RawJson(n.toString())),
)

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {weight: 5, arbitrary: hostileString},
  {weight: 3, arbitrary: hostileNumber},
  {weight: 1, arbitrary: fc.constantFrom(null, true, false, undefined, [], {}, [null], {'': ''})},
  {weight: 1, arbitrary: fc.jsonValue({maxDepth: 2})},
  {weight: 1, arbitrary: fc.array(hostileString, {maxLength: 3})},
  {weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'toString', 'a', ''), hostileString, {maxKeys: 2})},
)

/** A real request with some fields replaced, deleted or added (nested paths too). */
function shaped(templates: fc.Arbitrary<Record<string, unknown>>, extraPaths: string[]): fc.Arbitrary<Record<string, unknown>> {
  return templates.chain((template) => {
    const paths = [...Object.keys(template), ...extraPaths]
    const edit = fc.tuple(fc.oneof({weight: 4, arbitrary: fc.constantFrom(...paths)}, {weight: 1, arbitrary: fc.string({maxLength: 8})}), fc.option(hostileValue, {nil: undefined}))
    return fc.array(edit, {minLength: 0, maxLength: 4}).map((edits) => {
      const result: Record<string, unknown> = structuredClone(template)
      for (const [path, value] of edits) {
        const parts = path.split('.')
        let target: Record<string, unknown> = result
        for (const part of parts.slice(0, -1)) {
          if (typeof target[part] !== 'object' || target[part] === null) target[part] = {}
          target = target[part] as Record<string, unknown>
        }
        const last = parts[parts.length - 1]
        if (value === undefined) delete target[last]
        // defineProperty: a field named __proto__ is sent as a field, as JSON.parse reads it.
        else Object.defineProperty(target, last, {value, enumerable: true, writable: true, configurable: true})
      }
      return result
    })
  })
}

// ---------------------------------------------------------------------------------------------
// Requests: bodies, content types, headers
// ---------------------------------------------------------------------------------------------

type FuzzBody =
  | {kind: 'none'}
  | {kind: 'bytes'; bytes: Uint8Array<ArrayBuffer>}
  /** Handed over in chunks by a stream: no Content-Length. */
  | {kind: 'stream'; chunks: Uint8Array<ArrayBuffer>[]}

interface FuzzRequest {
  body: FuzzBody
  headers: [string, string][]
}

const utf8 = (text: string) => new TextEncoder().encode(text)

/** Byte sequences that are not UTF-8, and JSON in other encodings. */
const notUtf8 = fc.oneof(
  fc.uint8Array({maxLength: 64}),
  fc.constantFrom(
    [0xff],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d],
    [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
    [0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d],
    [0x7b, 0x00, 0x7d, 0x00],
  ).map((bytes) => new Uint8Array(bytes)),
)

function bodyOf(text: string): FuzzBody {
  return {kind: 'bytes', bytes: utf8(text)}
}

/** JSON text of exactly `size` bytes: the value with a padded `notes` (or `padding`) string. */
function sizedJson(value: Record<string, unknown>, size: number, field = 'notes'): string {
  const base = toJson({...value, [field]: ''})
  const pad = Math.max(0, size - utf8(base).byteLength)
  return toJson({...value, [field]: 'x'.repeat(pad)})
}

/**
 * Bodies for one handler: `shapes` its real requests (hostile fields), `cap` its size limit.
 */
function bodies(shapes: fc.Arbitrary<Record<string, unknown>>, cap: number): fc.Arbitrary<FuzzBody> {
  const text = fc.oneof(
    {weight: 6, arbitrary: shapes.map(toJson)},
    {weight: 2, arbitrary: fc.jsonValue({maxDepth: 3}).map((value) => JSON.stringify(value))},
    {weight: 1, arbitrary: fc.tuple(shapes.map(toJson), fc.nat()).map(([json, cut]) => json.slice(0, cut % (json.length + 1)))},
    {weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '[]', '{}', '"x"', '{"a":', '{,}', '\u0000', 'undefined', 'NaN', '{"__proto__":{"x":1}}', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]')},
    {weight: 1, arbitrary: fc.string({unit: codeUnit, maxLength: 64})},
    {weight: 1, arbitrary: fc.tuple(shapes, fc.integer({min: -4, max: 4})).map(([value, delta]) => sizedJson(value, cap + delta))},
    {weight: 1, arbitrary: fc.constant(`[${'1,'.repeat(cap / 2)}1]`)},
  )
  return fc.oneof(
    {weight: 12, arbitrary: text.map(bodyOf)},
    {weight: 1, arbitrary: notUtf8.map((bytes): FuzzBody => ({kind: 'bytes', bytes}))},
    {weight: 1, arbitrary: fc.constant<FuzzBody>({kind: 'none'})},
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, fc.integer({min: 1, max: 4}))
        .map(([json, parts]): FuzzBody => {
          const bytes = utf8(json)
          const step = Math.ceil(bytes.byteLength / parts) || 1
          const chunks: Uint8Array<ArrayBuffer>[] = []
          for (let i = 0; i < bytes.byteLength; i += step) chunks.push(bytes.slice(i, i + step))
          return {kind: 'stream', chunks}
        }),
    },
    {
      // Over the cap, streamed: refused without reading it all.
      weight: 1,
      arbitrary: fc.integer({min: 1, max: 3}).map((n): FuzzBody => ({kind: 'stream', chunks: Array.from({length: n + 1}, () => new Uint8Array(Math.ceil(cap / n)).fill(0x20))})),
    },
  )
}

/** A header value as HTTP allows (bytes 0x20–0xFF and tab; no CR, LF or NUL). */
const headerText = fc.string({unit: fc.oneof(fc.integer({min: 0x20, max: 0x7e}), fc.integer({min: 0x80, max: 0xff}), fc.constant(9)).map((code) => String.fromCharCode(code)), maxLength: 40})
const headerName = fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,20}$/)

const contentTypes = fc.oneof(
  {weight: 12, arbitrary: fc.constant('application/json')},
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/merge-patch+json',
      'application/vnd.api+json; x=1',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/octet-stream',
      'application/jsonx',
      'application/json\u00ff',
      ';',
      '',
      ' ',
    ),
  },
  {weight: 1, arbitrary: headerText},
)

const forwardedFor = fc.oneof(fc.ipV4(), fc.ipV6(), headerText, fc.constantFrom('unknown', '127.0.0.1, 10.0.0.1, evil', '::ffff:1.2.3.4', '[::1]:80', '1.2.3.4:5'))

/** The value in one request out of `1 + absentWeight`, else undefined. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, absentWeight = 7): fc.Arbitrary<T | undefined> {
  return fc.oneof({weight: absentWeight, arbitrary: fc.constant(undefined)}, {weight: 1, arbitrary})
}

/** Headers for one request; `extra` adds the handler's own (signatures). */
function headers(extra: fc.Arbitrary<[string, string][]> = fc.constant([])): fc.Arbitrary<[string, string][]> {
  return fc
    .record({
      contentType: fc.option(contentTypes, {nil: undefined}),
      contentLength: sometimes(
        fc.oneof(
          fc.nat({max: 100}).map(String),
          fc.nat({max: 2 * MAX_WEBHOOK_BODY_BYTES}).map(String),
          fc.constantFrom('0', '-1', '1e9', 'abc', '99999999999999999999999', ' 12 ', '1,2', '0x10', 'Infinity', 'NaN'),
        ),
      ),
      forwarded: fc.option(forwardedFor, {nil: undefined}),
      edgeAddress: sometimes(headerText),
      random: fc.array(fc.tuple(headerName, headerText), {maxLength: 3}),
      extra,
    })
    .map(({contentType, contentLength, forwarded, edgeAddress, random, extra}) => {
      const list: [string, string][] = [...random]
      if (contentType !== undefined) list.push(['content-type', contentType])
      if (contentLength !== undefined) list.push(['content-length', contentLength])
      if (forwarded !== undefined) list.push(['x-forwarded-for', forwarded])
      if (edgeAddress !== undefined) list.push(['x-edge-client-address', edgeAddress])
      return [...list, ...extra]
    })
}

function toRequest(url: string, {body, headers}: FuzzRequest): Request {
  const init: RequestInit & {duplex?: 'half'} = {method: 'POST', headers: new Headers()}
  for (const [name, value] of headers) (init.headers as Headers).append(name, value)
  if (body.kind === 'bytes') init.body = body.bytes
  if (body.kind === 'stream') {
    const chunks = [...body.chunks]
    init.body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift()
        if (next) controller.enqueue(next)
        else controller.close()
      },
    })
    init.duplex = 'half'
  }
  return new Request(url, init)
}

/** How a failing case reads in fast-check's report: the body as text, not a byte array. */
function describeRequest(request: FuzzRequest): string {
  const body =
    request.body.kind === 'none'
      ? '(no body)'
      : request.body.kind === 'bytes'
        ? JSON.stringify(new TextDecoder().decode(request.body.bytes)).slice(0, 2_000) + ` (${request.body.bytes.byteLength} bytes)`
        : `(stream of ${request.body.chunks.map((chunk) => chunk.byteLength).join('+')} bytes)`
  return `headers ${JSON.stringify(request.headers)}, body ${body}`
}

function fuzzRequest(body: fc.Arbitrary<FuzzBody>, extra?: fc.Arbitrary<[string, string][]>): fc.Arbitrary<FuzzRequest> {
  return fc.record({body, headers: headers(extra)}).map((request) => Object.assign(request, {toString: () => describeRequest(request)}))
}

// ---------------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number
  json: Record<string, unknown> | null
  text: string
}

/**
 * Calls the handler; a thrown error counts as the 500 the framework would answer. Asserts status
 * < 500; for a refusal (>= 400), `refusal` checks the body and no table changed.
 */
async function expectAnswer(call: () => Promise<Response>, refusal: (answer: Answer) => void): Promise<Answer> {
  const before = await snapshot()
  logged.length = 0
  let response: Response
  try {
    response = await call()
  } catch (error) {
    throw new Error(`The handler threw (a 500 from the server): ${error instanceof Error ? error.stack : String(error)}`)
  }
  const text = await response.text()
  let json: Record<string, unknown> | null = null
  if (response.headers.get('content-type')?.includes('json')) json = JSON.parse(text)
  const answer = {status: response.status, json, text}
  expect(response.status, `${response.status} ${text}\nlogged: ${logged.join('\n')}`).toBeLessThan(500)
  expect(response.status).toBeGreaterThanOrEqual(200)
  if (response.status >= 400) {
    refusal(answer)
    expect(await snapshot(), `a refused request (${response.status} ${text}) changed the database`).toEqual(before)
  }
  return answer
}

const nonEmptyString = expect.stringMatching(/\S/)

/** POST /api/bookings refusals: `{ok: false, kind, message}` (lib/booking/flow-messages.ts). */
function bookingRefusal({status, json}: Answer): void {
  expect([400, 409, 413, 415, 429]).toContain(status)
  expect(json).toMatchObject({ok: false, kind: expect.any(String), message: nonEmptyString})
  if (json?.kind === 'validation') {
    expect(status).toBe(400)
    for (const message of Object.values(json.fieldErrors as Record<string, unknown>)) expect(message).toEqual(nonEmptyString)
  }
}

/** Lead refusals: `{ok: false, kind}`, validation with a message key per field (lib/leads/answers.ts). */
function leadRefusal({status, json}: Answer): void {
  const kinds: Record<number, string[]> = {400: ['validation', 'spam'], 409: ['conflict'], 413: ['invalid'], 415: ['invalid'], 429: ['rate-limited']}
  expect(Object.keys(kinds).map(Number)).toContain(status)
  expect(json).toMatchObject({ok: false})
  expect(kinds[status]).toContain(json?.kind)
  if (json?.kind === 'validation') {
    const keys = Object.values(json.fieldErrors as Record<string, unknown>)
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(isLeadMessageKey(key), `unknown message key ${String(key)}`).toBe(true)
  }
}

/** POST /api/bookings/resume refusals: `{ok: false}` (409 adds `paid: true`); it documents no message. */
function resumeRefusal({status, json}: Answer): void {
  expect([400, 404, 409, 413, 415, 429]).toContain(status)
  expect(json).toMatchObject({ok: false})
}

/** Stripe webhook refusals: `{error}`. */
function webhookRefusal({status, json}: Answer): void {
  expect([400, 413]).toContain(status)
  expect(json).toEqual({error: nonEmptyString})
}

/** Pay / Cancel refusals: 404 'Not found' (text, the session is unknown), 413 `{error}`. */
function testCheckoutRefusal({status, json, text}: Answer): void {
  expect([404, 413]).toContain(status)
  if (status === 404) expect(text).toBe('Not found')
  else expect(json).toEqual({error: nonEmptyString})
}

/** Sanity webhook refusals: `{message}`. */
function revalidateRefusal({status, json}: Answer): void {
  expect([400, 401, 413]).toContain(status)
  expect(json).toEqual({message: nonEmptyString})
}

/** Runs one property with the fixed seed; `numRuns` as given. */
async function check<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => Promise<void>): Promise<void> {
  await fc.assert(fc.asyncProperty(arbitrary, predicate), {seed: SEED, numRuns, endOnFailure: false})
}

/** No limit in practice: only the dedicated property below meets 429s. */
const unlimited = () => databaseRateLimiter(() => db, {limit: 1_000_000_000, windowSeconds: 60})

// ---------------------------------------------------------------------------------------------
// POST /api/bookings and /api/bookings/resume
// ---------------------------------------------------------------------------------------------

/** Keys shared between runs, so some requests meet a booking already stored (409, or the same answer again). */
const keyPool = fc.oneof(fc.uuid({version: 4}), fc.constantFrom('00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111'))

const bookingShapes = shaped(
  fc.tuple(fc.constantFrom(houseRequest, commercialRequest, carpetRequest, exteriorRequest), keyPool).map(([make, idempotencyKey]) => make({idempotencyKey})),
  ['extras.Blinds', 'extras.Oven', 'extras.HALLWAYS', 'extras.__proto__', 'instructions.howClean', 'instructions.getInside', 'amount', 'amountCents', 'total', 'paymentStatus'],
)

function bookingOptions(overrides: Partial<BookingRouteOptions> = {}): BookingRouteOptions {
  return {
    limiter: unlimited(),
    clientKey: (request) => request.headers.get('x-forwarded-for') ?? 'unknown',
    origin: () => ORIGIN,
    deps: async (origin) => ({store: bookingStore, payments: checkout, origin, now: bookingClock, availability: roomyAvailability}),
    maxBodyBytes: MAX_BOOKING_BODY_BYTES,
    log,
    ...overrides,
  }
}

describe('fuzz: POST /api/bookings', () => {
  const options = bookingOptions()

  it('answers < 500 to any body and headers; a refusal has a message and stores nothing', async () => {
    await check(fuzzRequest(bodies(bookingShapes, MAX_BOOKING_BODY_BYTES)), 700, async (request) => {
      await expectAnswer(() => handleBookingRequest(toRequest(`${ORIGIN}/api/bookings`, request), options), bookingRefusal)
    })
  }, IN_TIME)

  it('with a small rate limit: 429 with a message and Retry-After, the rest as above; nothing stored for refusals', async () => {
    const sequence = fc.array(fc.tuple(fuzzRequest(bodies(bookingShapes, MAX_BOOKING_BODY_BYTES)), fc.constantFrom('203.0.113.1', '203.0.113.2')), {minLength: 3, maxLength: 6})
    await check(sequence, 40, async (requests) => {
      const limited = bookingOptions({limiter: databaseRateLimiter(() => db, {limit: 2, windowSeconds: 3_600}), clientKey: (request) => request.headers.get('x-test-client') ?? ''})
      for (const [request, client] of requests) {
        const withClient = {...request, headers: [...request.headers, ['x-test-client', client] as [string, string]]}
        const answer = await expectAnswer(() => handleBookingRequest(toRequest(`${ORIGIN}/api/bookings`, withClient), limited), bookingRefusal)
        if (answer.status === 429) expect(answer.json).toMatchObject({kind: 'rejected'})
      }
    })
  }, IN_TIME)
})

describe('fuzz: POST /api/bookings/resume', () => {
  const uuidLike = fc.oneof(
    fc.uuid(),
    fc.constantFrom(...['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003']),
    fc.constant('').map(() => testSessions[0]?.bookingId ?? ''),
    fc.constant('').map(() => (stripeSessions[0]?.bookingId ?? '').toUpperCase()),
    fc.uuid().map((id) => `${id}\u0000`),
    fc.uuid().map((id) => ` ${id}`),
    hostileString,
  )
  /** A stored booking's own pair (Stripe's are unpaid, or paid once a signed event pays them), in either case. */
  const realPair = fc.tuple(fc.nat(), fc.boolean()).map(([index, upper]) => {
    const {bookingId, idempotencyKey} = [...testSessions, ...stripeSessions][index % (testSessions.length + stripeSessions.length)]
    return {bookingId: upper ? bookingId.toUpperCase() : bookingId, idempotencyKey: upper ? idempotencyKey : idempotencyKey.toUpperCase()}
  })
  const resumeShapes = shaped(fc.oneof(realPair, fc.record({bookingId: uuidLike, idempotencyKey: uuidLike})), [])

  it('answers < 500 to any body and headers; a refusal is {ok: false} and changes nothing', async () => {
    const options = {limiter: unlimited(), clientKey: () => 'fuzz', store: async () => bookingStore, log}
    await check(fuzzRequest(bodies(resumeShapes, 1024)), 300, async (request) => {
      await expectAnswer(() => handleResumeRequest(toRequest(`${ORIGIN}/api/bookings/resume`, request), options), resumeRefusal)
    })
  }, IN_TIME)
})

// ---------------------------------------------------------------------------------------------
// The lead forms
// ---------------------------------------------------------------------------------------------

const submissionKeys = fc.oneof(fc.uuid({version: 4}), fc.constantFrom('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-0000000000bb'))

const LEAD_SHAPES: [LeadKind, fc.Arbitrary<Record<string, unknown>>][] = [
  ['quoteRequest', shaped(submissionKeys.map((submissionKey) => quoteSubmission({submissionKey})), ['page.path', 'page.title'])],
  ['contactMessage', shaped(submissionKeys.map((submissionKey) => contactSubmission({submissionKey})), ['page.path'])],
  ['appointment', shaped(submissionKeys.map((submissionKey) => appointmentSubmission({submissionKey})), ['page.path'])],
]

describe('fuzz: the lead forms', () => {
  const deps = async (): Promise<LeadFlowDeps> => ({
    store: createLeadStore(createSqlDatabaseFunctions(db)),
    now: leadClock,
    newId: () => crypto.randomUUID(),
    availability: testAvailability,
    log,
  })

  it.each(LEAD_SHAPES)('%s: answers < 500 to any body and headers; a refusal has its kind and stores nothing', async (kind, shapes) => {
    const options = {limiter: unlimited(), clientKey: () => 'fuzz', deps, log}
    await check(fuzzRequest(bodies(shapes, MAX_LEAD_BODY_BYTES)), 300, async (request) => {
      await expectAnswer(() => handleLeadRequest(kind, toRequest(`${ORIGIN}${LEAD_ENDPOINTS[kind]}`, request), options), leadRefusal)
    })
  }, IN_TIME)

  it('with a small rate limit: 429 {kind: rate-limited} with Retry-After; nothing stored for refusals', async () => {
    const sequence = fc.array(fc.tuple(fc.constantFrom(...LEAD_SHAPES), fc.nat()), {minLength: 3, maxLength: 6}).chain((picks) =>
      fc.tuple(...picks.map(([[kind, shapes]]) => fuzzRequest(bodies(shapes, MAX_LEAD_BODY_BYTES)).map((request) => ({kind, request})))),
    )
    await check(sequence, 30, async (requests) => {
      const options = {limiter: databaseRateLimiter(() => db, {limit: 2, windowSeconds: 3_600}), clientKey: () => 'one client', deps, log}
      for (const {kind, request} of requests) {
        await expectAnswer(async () => {
          const response = await handleLeadRequest(kind, toRequest(`${ORIGIN}${LEAD_ENDPOINTS[kind]}`, request), options)
          if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
          return response
        }, leadRefusal)
      }
    })
  }, IN_TIME)
})

// ---------------------------------------------------------------------------------------------
// POST /api/stripe/webhook
// ---------------------------------------------------------------------------------------------

describe('fuzz: POST /api/stripe/webhook', () => {
  const deps = {payments: () => stripe, store: async () => bookingStore, now: bookingClock, log}

  const signatureGarbage = fc.oneof(
    headerText,
    fc.constantFrom('', 't=', 'v1=', 't=1,v1=', 't=abc,v1=def', 't=99999999999999999999,v1=00', 't=-1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 't=1,t=2,v0=x,v1=y,v1=z'),
    fc.tuple(fc.integer({min: 0, max: 4_000_000_000}), fc.stringMatching(/^[0-9a-f]{0,70}$/)).map(([t, v1]) => `t=${t},v1=${v1}`),
  )

  it('answers < 500 to any body with a missing or forged Stripe-Signature; 400/413 {error} and nothing changes', async () => {
    const request = fuzzRequest(
      bodies(fc.constant({id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: {object: {}}}), MAX_WEBHOOK_BODY_BYTES),
      fc.option(signatureGarbage, {nil: undefined}).map((value): [string, string][] => (value === undefined ? [] : [['stripe-signature', value]])),
    )
    await check(request, 250, async (fuzzed) => {
      await expectAnswer(() => handleWebhookRequest(toRequest(`${ORIGIN}/api/stripe/webhook`, fuzzed), deps), webhookRefusal)
    })
  }, IN_TIME)

  // Correctly signed events with hostile contents: what Stripe would never send, but a verified
  // request must still be answered (a 5xx here makes Stripe retry it for days).
  const sessionIds = fc.oneof(
    fc.constant(0).map(() => stripeSessions[0].sessionId),
    fc.constant(0).map(() => stripeSessions[1].sessionId),
    fc.stringMatching(/^cs_(test|live)_[A-Za-z0-9]{1,40}$/),
    hostileString,
    hostileNumber,
  )
  const bookingIds = fc.oneof(
    fc.constant(0).map(() => stripeSessions[0].bookingId),
    fc.constant(0).map(() => stripeSessions[1].bookingId.toUpperCase()),
    fc.uuid(),
    hostileString,
    hostileNumber,
  )
  const eventShapes = shaped(
    fc
      .record({
        id: fc.oneof(fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/), hostileString),
        type: fc.oneof(
          fc.constantFrom(
            'checkout.session.completed',
            'checkout.session.async_payment_succeeded',
            'checkout.session.async_payment_failed',
            'checkout.session.expired',
            'payment_intent.succeeded',
            'invoice.paid',
          ),
          hostileString,
        ),
        sessionId: sessionIds,
        bookingId: bookingIds,
        amount: fc.oneof(fc.constant(6000), hostileNumber),
        currency: fc.oneof(fc.constantFrom('usd', 'USD', 'eur'), hostileString),
        paymentStatus: fc.oneof(fc.constantFrom('paid', 'unpaid', 'no_payment_required'), hostileString),
      })
      .map(({id, type, sessionId, bookingId, amount, currency, paymentStatus}) => ({
        id,
        object: 'event',
        type,
        created: 1_700_000_000,
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: paymentStatus,
            status: 'complete',
            amount_total: amount,
            currency,
            client_reference_id: bookingId,
            metadata: {bookingId},
          },
        },
      })),
    ['data.object.metadata', 'data.object', 'data', 'data.object.status', 'data.object.payment_intent', 'livemode', 'object'],
  )

  it('answers < 500 to correctly signed events with hostile fields; a refusal (400) changes nothing', async () => {
    const signed = fc.oneof({weight: 8, arbitrary: eventShapes.map(toJson)}, {weight: 1, arbitrary: fc.jsonValue({maxDepth: 3}).map((value) => JSON.stringify(value))}, {weight: 1, arbitrary: fc.string({unit: codeUnit, maxLength: 30})})
    await check(signed, 300, async (payload) => {
      const header = stripeSdk.webhooks.generateTestHeaderString({payload, secret: STRIPE_SECRET})
      const request = new Request(`${ORIGIN}/api/stripe/webhook`, {method: 'POST', headers: {'content-type': 'application/json', 'stripe-signature': header}, body: utf8(payload)})
      const answer = await expectAnswer(() => handleWebhookRequest(request, deps), webhookRefusal)
      if (answer.status < 400) expect(answer.json).toEqual({received: true})
    })
  }, IN_TIME)
})

// ---------------------------------------------------------------------------------------------
// POST /checkout/test/<id>/pay and /cancel
// ---------------------------------------------------------------------------------------------

describe('fuzz: Pay and Cancel on the test checkout', () => {
  const sessionIds = fc.oneof(
    fc.constant(0).map(() => testSessions[0].sessionId),
    fc.constant(0).map(() => testSessions[1].sessionId),
    fc.constant(0).map(() => testSessions[0].sessionId.toUpperCase()),
    fc.constant(0).map(() => `${testSessions[1].sessionId}/`),
    fc.constant(0).map(() => stripeSessions[0].sessionId),
    fc.stringMatching(/^test_cs_[0-9a-f]{32}$/),
    fc.string({unit: codeUnit, maxLength: 50}),
    hostileString,
  )

  it('answers < 500 (303, 404 or 413) to any session id, outcome, body and headers; a refusal changes nothing', async () => {
    const deps = {checkout: () => checkout, store: async () => bookingStore, now: bookingClock, availability: roomyAvailability}
    const form = fc.constant({}).map(() => ({}))
    const cases = fc.record({
      sessionId: sessionIds,
      outcome: fc.constantFrom('paid' as const, 'cancelled' as const),
      request: fuzzRequest(bodies(form, MAX_TEST_CHECKOUT_BODY_BYTES)),
    })
    await check(cases, 250, async ({sessionId, outcome, request}) => {
      // The handler takes the id from the route's params; the URL only has to be one (a lone surrogate cannot be encoded).
      const url = `${ORIGIN}/checkout/test/${encodeURIComponent(sessionId.toWellFormed())}/${outcome === 'paid' ? 'pay' : 'cancel'}`
      const answer = await expectAnswer(() => handleTestCheckoutRequest(toRequest(url, request), sessionId, outcome, deps), testCheckoutRefusal)
      if (answer.status < 400) expect(answer.status).toBe(303)
    })
  }, IN_TIME)
})

// ---------------------------------------------------------------------------------------------
// POST /api/revalidate
// ---------------------------------------------------------------------------------------------

describe('fuzz: POST /api/revalidate', () => {
  const SECRET = 'revalidate-fuzz-secret-0123456789'
  const NOW = Date.parse('2030-01-15T18:00:00Z')
  let revalidations = 0
  const options = {secret: SECRET, revalidate: () => void revalidations++, waitForContentLake: false, now: () => NOW, log}

  const sign = (body: string, t: string | number, secret = SECRET) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('base64url')}`

  /** `t` values: fresh, stale, in the future, and numbers no date can hold. */
  const timestamps = fc.oneof(
    {weight: 4, arbitrary: fc.integer({min: -4 * 60_000, max: 4 * 60_000}).map((offset) => String(NOW + offset))},
    {weight: 2, arbitrary: fc.integer({min: -1e12, max: 1e12}).map((offset) => String(Math.max(0, NOW + offset)))},
    {weight: 2, arbitrary: fc.constantFrom('0', '1609459200000', '9'.repeat(16), '9'.repeat(17), '1'.padEnd(400, '0'), String(Number.MAX_SAFE_INTEGER), '00000001609459200000')},
  )

  const signature = (body: string) =>
    fc.oneof(
      {weight: 3, arbitrary: timestamps.map((t) => sign(body, t))},
      {weight: 1, arbitrary: timestamps.map((t) => sign(body, t, 'another-secret'))},
      {weight: 1, arbitrary: timestamps.map((t) => `${sign(body, t)} `)},
      {weight: 1, arbitrary: fc.tuple(timestamps, headerText).map(([t, v1]) => `t=${t},v1=${v1}`)},
      {weight: 1, arbitrary: headerText},
    )

  const documents = fc.record({_id: fc.oneof(fc.constantFrom('siteSettings', 'drafts.x'), hostileString), _type: hostileString, title: hostileString}).map((doc) => doc as Record<string, unknown>)

  it('answers < 500 to any body and signature (fresh, stale, forged, absurd); refusals carry a message and refresh nothing', async () => {
    const cases = fuzzRequest(bodies(documents, MAX_REVALIDATE_BODY_BYTES)).chain((request) => {
      const text = request.body.kind === 'bytes' ? new TextDecoder().decode(request.body.bytes) : ''
      return fc.option(signature(text), {nil: undefined, freq: 8}).map((value) => ({
        ...request,
        headers: value === undefined ? request.headers : [...request.headers, ['sanity-webhook-signature', value] as [string, string]],
        toString: () => `${describeRequest(request)}, sanity-webhook-signature ${JSON.stringify(value)}`,
      }))
    })
    await check(cases, 400, async (request) => {
      const before = revalidations
      const answer = await expectAnswer(() => handleRevalidateWebhook(toRequest(`${ORIGIN}/api/revalidate`, request), options), revalidateRefusal)
      if (answer.status >= 400) expect(revalidations).toBe(before)
      else expect(answer.json).toMatchObject({revalidated: true})
    })
  }, IN_TIME)
})
