import {randomUUID} from 'node:crypto'
import pg from 'pg'
import Stripe from 'stripe'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import {closedPort} from '../database/test-support/ports'
import {openMigratedMemoryDatabase} from '../database/test-support/temp-pglite'
import {createSqlBookingStore} from './store/sql-store'
import {PaymentConfigurationError} from '../payments/provider'
import {StripePaymentProvider} from '../payments/stripe'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'
import {CLIENT_ADDRESS_HEADER, clientAddress, stampClientAddress} from '../edge/client-address'
import {databaseRateLimiter} from '../rate-limit/test-support/limiters'
import {paymentReturnOrigin} from '../site-url'
import {setFlowLogger, submitBooking, type BookingFlowDeps} from './flow'
import {BOOKING_MESSAGES} from './flow-messages'
import {
  completeTestCheckout,
  handleAvailabilityRequest,
  handleBookingRequest,
  handleManageRequest,
  type AvailabilityRouteOptions,
  handleTestCheckoutRequest,
  handleWebhook,
  handleWebhookRequest,
  MAX_BOOKING_BODY_BYTES,
  MAX_TEST_CHECKOUT_BODY_BYTES,
  MAX_WEBHOOK_BODY_BYTES,
  type BookingRouteOptions,
} from './routes'
import {COMMERCIAL_TOTAL_CENTS, commercialRequest, fixedClock, houseRequest, ORIGIN} from './test-support/requests'
import {roomyAvailability, testAvailability} from './test-support/availability'
import {manageLinkExpiry, signManageToken} from './manage-link'
import type {ManageDeps} from './manage'

/** The HTTP side, with web Requests against the embedded store and the local test checkout. */

let payments: TestCheckoutProvider
const log = {error: vi.fn(), warn: vi.fn()}
const {db, store} = embeddedBookingStore({set: setFlowLogger, log})

beforeEach(async () => {
  await db.exec('delete from public.bookings')
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
})

async function rowCount(): Promise<number> {
  const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.bookings')
  return rows[0].n
}

function options(overrides: Partial<BookingRouteOptions> = {}): BookingRouteOptions {
  return {
    limiter: databaseRateLimiter(db, {limit: 100, windowSeconds: 60}),
    clientKey: (request) => clientAddress(request.headers),
    origin: () => ORIGIN,
    deps: async (origin): Promise<BookingFlowDeps> => ({store, payments, origin, now: fixedClock, availability: roomyAvailability}),
    log,
    ...overrides,
  }
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/bookings`, {
    method: 'POST',
    headers: {'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: stampClientAddress('203.0.113.9'), ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('POST /api/bookings', () => {
  it('answers 200 with the booking id and the checkout URL on this origin', async () => {
    const response = await handleBookingRequest(post(commercialRequest({amount: 1})), options())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.json()
    expect(body).toEqual({ok: true, bookingId: expect.any(String), checkoutUrl: expect.stringMatching(`^${ORIGIN}/checkout/test/test_cs_`)})
    expect((await store.findById(body.bookingId))?.amountCents).toBe(COMMERCIAL_TOTAL_CENTS)
  })

  it('answers 400 with the field messages for invalid input, and stores nothing', async () => {
    const response = await handleBookingRequest(post(commercialRequest({email: 'nope', subService: ''})), options())
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      ok: false,
      kind: 'validation',
      fieldErrors: {subService: 'serviceRequired', email: 'emailInvalid'},
      message: 'serviceRequired',
    })
    expect(await rowCount()).toBe(0)
  })

  it('answers 400 for a body that is not JSON, 415 for another content type, 413 over 32 kB', async () => {
    const notJson = await handleBookingRequest(post('{"industry": '), options())
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({kind: 'validation', message: 'requestInvalid'})

    const form = await handleBookingRequest(post('industry=house', {'content-type': 'application/x-www-form-urlencoded'}), options())
    expect(form.status).toBe(415)

    const huge = houseRequest({notes: 'x'.repeat(MAX_BOOKING_BODY_BYTES)})
    const tooLarge = await handleBookingRequest(post(huge), options())
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toEqual({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.tooLarge})

    // Without a Content-Length (a streamed upload), the cap still holds.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const streamed = new Request(`${ORIGIN}/api/bookings`, {method: 'POST', body: chunks, duplex: 'half'} as RequestInit)
    expect((await handleBookingRequest(streamed, options())).status).toBe(413)
    expect(await rowCount()).toBe(0)
  })

  it('answers 429 with Retry-After once an address has sent too many requests; other addresses go on', async () => {
    const limited = options({limiter: databaseRateLimiter(db, {limit: 2, windowSeconds: 600})})
    expect((await handleBookingRequest(post(commercialRequest()), limited)).status).toBe(200)
    expect((await handleBookingRequest(post('not json'), limited)).status).toBe(400)
    const refused = await handleBookingRequest(post(commercialRequest()), limited)
    expect(refused.status).toBe(429)
    // Two per 10 minutes: one refills every 5 minutes.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(290)
    expect(await refused.json()).toEqual({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited})
    expect((await handleBookingRequest(post(commercialRequest(), {[CLIENT_ADDRESS_HEADER]: stampClientAddress('198.51.100.1')}), limited)).status).toBe(200)
    expect(await rowCount()).toBe(2)
  })

  it('answers 503 when no payment provider may run or the store cannot open (the server, not the visitor, is at fault)', async () => {
    const noPayments = await handleBookingRequest(
      post(commercialRequest()),
      options({
        deps: async () => {
          throw new PaymentConfigurationError('refused')
        },
      }),
    )
    expect(noPayments.status).toBe(503)
    expect(await noPayments.json()).toEqual({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentUnavailable})

    const noStore = await handleBookingRequest(
      post(commercialRequest()),
      options({
        deps: async () => {
          throw new Error('database locked')
        },
      }),
    )
    expect(noStore.status).toBe(503)
    expect(await noStore.json()).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed})
  })

  it('answers 502 for a payment failure', async () => {
    const failing = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    vi.spyOn(failing, 'createCheckout').mockRejectedValue(new Error('provider down'))
    const response = await handleBookingRequest(
      post(commercialRequest()),
      options({deps: async (origin) => ({store, payments: failing, origin, now: fixedClock, availability: roomyAvailability})}),
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentFailed})
  })

  it('sends customers back to the public address only; without one, in production, refuses the booking and stores nothing', async () => {
    expect(paymentReturnOrigin({SITE_URL: 'https://www.cedar.example/', NODE_ENV: 'production'})).toBe('https://www.cedar.example')
    expect(paymentReturnOrigin({NODE_ENV: 'development'})).toBe('http://localhost:3000')
    expect(paymentReturnOrigin({NODE_ENV: 'production'})).toBeNull()
    expect(paymentReturnOrigin({NODE_ENV: 'production', SITE_URL: 'javascript:alert(1)'})).toBeNull()
    // The defect: a forged Host / X-Forwarded-Host became the checkout's return address.
    const forged = post(commercialRequest(), {host: 'phishing.example', 'x-forwarded-host': 'phishing.example', 'x-forwarded-proto': 'https'})
    const answer = await handleBookingRequest(forged, options({origin: () => paymentReturnOrigin({NODE_ENV: 'production', SITE_URL: ORIGIN})}))
    const {checkoutUrl} = (await answer.json()) as {checkoutUrl: string}
    expect(new URL(checkoutUrl).origin).toBe(ORIGIN)
    const before = await rowCount()
    const refused = await handleBookingRequest(post(commercialRequest()), options({origin: () => paymentReturnOrigin({NODE_ENV: 'production'})}))
    expect(refused.status).toBe(503)
    expect(await refused.json()).toEqual({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentUnavailable})
    expect(await rowCount()).toBe(before)
  })

})

describe('GET /api/availability', () => {
  type Offer = {earliest: string; latest: string; days: {date: string; windows: {window: string; start: string; end: string; left: number}[]}[]}
  const SUNDAY = '2030-01-20'
  const get = (query: string) =>
    new Request(`${ORIGIN}/api/availability${query}`, {headers: {[CLIENT_ADDRESS_HEADER]: stampClientAddress('203.0.113.9')}})
  const availabilityOptions = (overrides: Partial<AvailabilityRouteOptions> = {}): AvailabilityRouteOptions => ({
    limiter: databaseRateLimiter(db, {limit: 100, windowSeconds: 60}),
    clientKey: (request) => clientAddress(request.headers),
    deps: async () => ({store, now: fixedClock, availability: testAvailability}),
    log,
    ...overrides,
  })

  it("offers each open day's windows with the places left, never cached; a booking takes one", async () => {
    const before = await handleAvailabilityRequest(get('?form=commercial'), availabilityOptions())
    expect(before.status).toBe(200)
    expect(before.headers.get('cache-control')).toBe('no-store')
    const offer = (await before.json()) as Offer
    // FIXED_NOW is Tuesday 2030-01-15, 10 am in Renton: from Wednesday, 60 days ahead.
    expect(offer.earliest).toBe('2030-01-16')
    expect(offer.latest).toBe('2030-03-16')
    const day = offer.days.find((candidate) => candidate.date === '2030-01-22')
    expect(day?.windows).toEqual([
      {window: '06:00-08:00', start: '06:00', end: '08:00', left: 1},
      {window: '08:00-10:00', start: '08:00', end: '10:00', left: 1},
      {window: '12:00-14:00', start: '12:00', end: '14:00', left: 1},
      {window: '14:00-16:00', start: '14:00', end: '16:00', left: 1},
      {window: '18:00-20:00', start: '18:00', end: '20:00', left: 2},
      {window: '20:00-22:00', start: '20:00', end: '22:00', left: 1},
    ])
    const booked = await handleBookingRequest(post(commercialRequest({date: '2030-01-22', arrivalWindow: '12:00-14:00'})), options())
    expect(booked.status).toBe(200)
    const after = (await (await handleAvailabilityRequest(get('?form=commercial'), availabilityOptions())).json()) as typeof offer
    expect(after.days.find((candidate) => candidate.date === '2030-01-22')?.windows.map((window) => window.window)).toEqual([
      '06:00-08:00',
      '08:00-10:00',
      '14:00-16:00',
      '18:00-20:00',
      '20:00-22:00',
    ])
  })

  it('offers the commercial crew early mornings, evenings, Saturdays and Sundays, and the house crews none of them', async () => {
    const commercial = (await (await handleAvailabilityRequest(get('?form=commercial'), availabilityOptions())).json()) as Offer
    const weekdays = commercial.days.map((day) => new Date(`${day.date}T12:00:00Z`).getUTCDay())
    expect(weekdays).toContain(6)
    expect(weekdays).toContain(0)
    const windows = commercial.days.flatMap((day) => day.windows)
    expect(windows.some((window) => window.start < '08:00')).toBe(true)
    expect(windows.some((window) => window.end >= '20:00')).toBe(true)

    const house = (await (await handleAvailabilityRequest(get('?form=house'), availabilityOptions())).json()) as Offer
    expect(house.days.map((day) => day.date)).not.toContain(SUNDAY)
    expect(house.days.flatMap((day) => day.windows).every((window) => window.start >= '08:00' && window.end <= '16:00')).toBe(true)
  })

  it('books the commercial crew at 6 am and 8 pm on a Sunday, and refuses a house booking that Sunday', async () => {
    for (const arrivalWindow of ['06:00-08:00', '20:00-22:00']) {
      const response = await handleBookingRequest(post(commercialRequest({date: SUNDAY, arrivalWindow})), options())
      expect(response.status, arrivalWindow).toBe(200)
    }
    const house = await handleBookingRequest(post(houseRequest({date: SUNDAY})), options())
    expect(house.status).toBe(400)
    expect(await house.json()).toMatchObject({ok: false, kind: 'validation', fieldErrors: {date: 'dateClosed'}})
    const early = await handleBookingRequest(post(houseRequest({date: '2030-01-22', arrivalWindow: '06:00-08:00'})), options())
    expect(await early.json()).toMatchObject({ok: false, kind: 'validation', fieldErrors: {arrivalWindow: 'windowUnknown'}})
  })

  it("answers form=estimate with the estimate visits' days and windows in the same shape, without counting", async () => {
    const response = await handleAvailabilityRequest(get('?form=estimate'), availabilityOptions())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const offer = (await response.json()) as Offer
    expect(offer.earliest).toBe('2030-01-16')
    expect(offer.latest).toBe('2030-03-16')
    expect(offer.days[0]).toEqual({
      date: '2030-01-16',
      windows: [
        {window: '09:00-11:00', start: '09:00', end: '11:00', left: 1},
        {window: '11:00-13:00', start: '11:00', end: '13:00', left: 1},
        {window: '13:00-15:00', start: '13:00', end: '15:00', left: 1},
        {window: '15:00-17:00', start: '15:00', end: '17:00', left: 1},
      ],
    })
    // Monday to Friday in the test rules.
    expect(offer.days.map((day) => new Date(`${day.date}T12:00:00Z`).getUTCDay()).every((weekday) => weekday >= 1 && weekday <= 5)).toBe(true)
  })

  it('answers 400 for an unknown form, 503 when the database fails, 429 over the limit', async () => {
    expect((await handleAvailabilityRequest(get('?form=pool'), availabilityOptions())).status).toBe(400)
    expect((await handleAvailabilityRequest(get(''), availabilityOptions())).status).toBe(400)
    const failing = availabilityOptions({deps: async () => ({store: {...store, placesTaken: async () => Promise.reject(new Error('down'))}, now: fixedClock, availability: roomyAvailability})})
    expect((await handleAvailabilityRequest(get('?form=house'), failing)).status).toBe(503)
    const limited = availabilityOptions({limiter: databaseRateLimiter(db, {limit: 1, windowSeconds: 60})})
    expect((await handleAvailabilityRequest(get('?form=house'), limited)).status).toBe(200)
    const refused = await handleAvailabilityRequest(get('?form=house'), limited)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('POST /api/bookings/manage', () => {
  const SECRET = 'routes-test-manage-secret'.padEnd(64, 'z')
  const manageDeps = async (): Promise<ManageDeps> => ({store, now: fixedClock, availability: testAvailability, linkSecret: async () => SECRET})
  const manageOptions = (overrides: Partial<Parameters<typeof handleManageRequest>[1]> = {}) => ({
    limiter: databaseRateLimiter(db, {limit: 100, windowSeconds: 60}),
    clientKey: (request: Request) => clientAddress(request.headers),
    deps: manageDeps,
    log,
    ...overrides,
  })
  const manage = (body: unknown, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/api/bookings/manage`, {
      method: 'POST',
      headers: {'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: stampClientAddress('203.0.113.9'), ...headers},
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  async function paidToken(): Promise<{id: string; token: string}> {
    const booked = await submitBooking(houseRequest(), {store, payments, origin: ORIGIN, now: fixedClock, availability: testAvailability})
    if (!booked.ok) throw new Error('refused')
    await store.markPaid(booked.bookingId, {sessionId: `cs_test_${randomUUID()}`, paidAt: fixedClock()})
    const booking = (await store.findById(booked.bookingId))!
    return {id: booking.id, token: signManageToken(booking.id, manageLinkExpiry(booking.windowStartsAt!), SECRET)}
  }

  it('moves with a valid token (200), refuses a full or closed choice (400), an altered token (403), an expired or replaced one (410)', async () => {
    const {id, token: first} = await paidToken()
    const moved = await handleManageRequest(manage({token: first, action: 'reschedule', date: '2030-02-05', arrivalWindow: '12:00-14:00'}), manageOptions())
    expect(moved.status).toBe(200)
    expect(moved.headers.get('cache-control')).toBe('no-store')
    const answer = await moved.json()
    expect(answer).toMatchObject({ok: true, outcome: 'moved', token: expect.any(String), booking: {date: '2030-02-05'}})
    expect((await store.findById(id))?.date).toBe('2030-02-05')
    // The move replaced the link: the old one is refused as replaced, and changes nothing.
    const replaced = await handleManageRequest(manage({token: first, action: 'reschedule', date: '2030-02-06', arrivalWindow: '12:00-14:00'}), manageOptions())
    expect(replaced.status).toBe(410)
    expect(await replaced.json()).toEqual({ok: false, kind: 'link', refusal: 'linkReplaced'})
    expect((await handleManageRequest(manage({token: first, action: 'cancel'}), manageOptions())).status).toBe(410)
    expect(await store.findById(id)).toMatchObject({date: '2030-02-05', cancellationRequestedAt: null})
    const token = answer.token as string

    const closed = await handleManageRequest(manage({token, action: 'reschedule', date: '2030-02-03', arrivalWindow: '12:00-14:00'}), manageOptions())
    expect(closed.status).toBe(400)
    expect(await closed.json()).toEqual({ok: false, kind: 'validation', fieldErrors: {date: 'dateClosed'}})
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await handleManageRequest(manage({token: altered, action: 'cancel'}), manageOptions())).status).toBe(403)
    const expired = signManageToken(id, new Date(fixedClock().getTime() - 1000), SECRET)
    expect((await handleManageRequest(manage({token: expired, action: 'cancel'}), manageOptions())).status).toBe(410)
    const cancelled = await handleManageRequest(manage({token, action: 'cancel'}), manageOptions())
    expect(cancelled.status).toBe(200)
    const {token: latest} = await cancelled.json()
    expect((await handleManageRequest(manage({token, action: 'cancel'}), manageOptions())).status).toBe(410)
    expect((await handleManageRequest(manage({token: latest, action: 'cancel'}), manageOptions())).status).toBe(409)
  })

  it('refuses what is not a manage request before reading anything: 400, 415, 413, 429; 503 when the services are down', async () => {
    expect((await handleManageRequest(manage({action: 'cancel'}), manageOptions())).status).toBe(400)
    expect((await handleManageRequest(manage({token: 'x', action: 'delete'}), manageOptions())).status).toBe(400)
    expect((await handleManageRequest(manage({token: 'x'.repeat(201), action: 'cancel'}), manageOptions())).status).toBe(400)
    expect((await handleManageRequest(manage('{not json'), manageOptions())).status).toBe(400)
    expect((await handleManageRequest(manage('token=x', {'content-type': 'application/x-www-form-urlencoded'}), manageOptions())).status).toBe(415)
    expect((await handleManageRequest(manage({token: 'x', action: 'cancel', notes: 'y'.repeat(4096)}), manageOptions())).status).toBe(413)
    const down = await handleManageRequest(manage({token: 'x', action: 'cancel'}), manageOptions({deps: async () => Promise.reject(new Error('down'))}))
    expect(down.status).toBe(503)
    const limited = manageOptions({limiter: databaseRateLimiter(db, {limit: 1, windowSeconds: 60})})
    expect((await handleManageRequest(manage({token: 'x', action: 'cancel'}), limited)).status).toBe(403)
    const refused = await handleManageRequest(manage({token: 'x', action: 'cancel'}), limited)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('POST /api/bookings: text as typed', () => {
  const UNREADABLE = 'unreadableCharacters'

  it('answers 400 with a message on each field holding half a character (a lone surrogate); nothing is stored, the same retry is refused alike', async () => {
    const body = commercialRequest({firstName: 'Jane\uD800', address: '400 SW 7th St \uDC00', notes: 'Loading dock \uD83D'})
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await handleBookingRequest(post(body), options())
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        ok: false,
        kind: 'validation',
        fieldErrors: {firstName: UNREADABLE, address: UNREADABLE, notes: UNREADABLE},
        message: UNREADABLE,
      })
    }
    expect(await rowCount()).toBe(0)
  })

  it('answers 400 with a message, never a 5xx, for a NUL in any text field (PostgreSQL text cannot hold it); nothing is stored', async () => {
    const fields = ['firstName', 'lastName', 'email', 'phone', 'address', 'notes', 'date']
    for (const field of fields) {
      const request = commercialRequest()
      const response = await handleBookingRequest(post({...request, [field]: `${request[field]}\u0000`}), options())
      expect(response.status).toBe(400)
      const body = await response.json()
      expect(body.kind).toBe('validation')
      expect(body.fieldErrors[field]).toEqual(expect.any(String))
    }
    const coupon = await handleBookingRequest(post(houseRequest({coupon: 'save10\u0000'})), options())
    expect(coupon.status).toBe(400)
    expect((await coupon.json()).fieldErrors).toEqual({coupon: 'couponInvalid'})
    expect(await rowCount()).toBe(0)
  })

  it('treats the same key with the text decomposed (NFC-equivalent) as the same submission: one booking, answered as the first', async () => {
    const composed = commercialRequest({firstName: 'Jos\u00e9', lastName: 'M\u00fcller', notes: 'Caf\u00e9 entrance'})
    const decomposed = {...composed, firstName: 'Jose\u0301', lastName: 'Mu\u0308ller', notes: 'Cafe\u0301 entrance'}
    const first = await handleBookingRequest(post(decomposed), options())
    expect(first.status).toBe(200)
    const firstBody = await first.json()
    const again = await handleBookingRequest(post(composed), options())
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(firstBody)
    expect(await rowCount()).toBe(1)
    expect(await store.findById(firstBody.bookingId)).toMatchObject({firstName: 'Jos\u00e9', lastName: 'M\u00fcller', notes: 'Caf\u00e9 entrance'})
  })
})

describe('POST /api/bookings: a key already used', () => {
  it("answers 409 with a clear message for a cancelled booking's submission sent again; nothing new is stored", async () => {
    const body = commercialRequest()
    const {bookingId} = await (await handleBookingRequest(post(body), options())).json()
    await store.markClosed(bookingId, 'cancelled')
    const before = await store.findById(bookingId)
    const response = await handleBookingRequest(post(body), options())
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ok: false, kind: 'conflict', message: BOOKING_MESSAGES.bookingClosed})
    expect(await store.findById(bookingId)).toEqual(before)
    expect(await rowCount()).toBe(1)
  })

  it('answers 409 with a clear message for the same key with other details; the first booking is kept', async () => {
    const body = commercialRequest()
    const {bookingId} = await (await handleBookingRequest(post(body), options())).json()
    const before = await store.findById(bookingId)
    const response = await handleBookingRequest(post({...body, date: '2030-03-05'}), options())
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ok: false, kind: 'conflict', message: BOOKING_MESSAGES.alreadySubmitted})
    expect(await store.findById(bookingId)).toEqual(before)
    expect(await rowCount()).toBe(1)
  })
})

describe('POST /api/bookings: the database failing', () => {
  it('answers 503 with the save message when the embedded database was closed; nothing is stored', async () => {
    const closed = await openMigratedMemoryDatabase()
    await closed.close()
    const response = await handleBookingRequest(
      post(commercialRequest()),
      options({deps: async (origin) => ({store: createSqlBookingStore(closed), payments, origin, now: fixedClock, availability: roomyAvailability})}),
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed})
    expect(await rowCount()).toBe(0)
  }, 60_000)

  it('answers 503 with the save message when the database refuses connections; the retry is stored once it answers', async () => {
    const dead = new pg.Pool({host: '127.0.0.1', port: await closedPort(), user: 'postgres', database: 'postgres', connectionTimeoutMillis: 5_000})
    dead.on('error', () => {})
    const body = commercialRequest()
    try {
      const response = await handleBookingRequest(post(body), options({deps: async (origin) => ({store: createSqlBookingStore(dead), payments, origin, now: fixedClock, availability: roomyAvailability})}))
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed})
      expect(await rowCount()).toBe(0)
    } finally {
      await dead.end()
    }
    expect((await handleBookingRequest(post(body), options())).status).toBe(200)
    expect(await rowCount()).toBe(1)
  })

  it('answers 503 when the database fails after the booking was written; the booking is whole and unpaid, and the retry completes it', async () => {
    // The database itself refuses the next write (as a full disk would): attaching the checkout fails.
    await db.exec(`create function public.test_refuse_update() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$;
      create trigger test_refuse_update before update on public.bookings for each row execute function public.test_refuse_update();`)
    const body = commercialRequest()
    try {
      const response = await handleBookingRequest(post(body), options())
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed})
    } finally {
      await db.exec('drop trigger test_refuse_update on public.bookings; drop function public.test_refuse_update();')
    }
    const {rows} = await db.query<{id: string}>('select id from public.bookings')
    expect(rows).toHaveLength(1)
    // Every detail stored, still pending, with no checkout: it cannot be paid until the retry.
    expect(await store.findById(rows[0].id)).toMatchObject({
      paymentStatus: 'pending',
      paymentSessionId: null,
      firstName: 'Lin',
      email: 'facilities@example.com',
      amountCents: COMMERCIAL_TOTAL_CENTS,
    })
    const retried = await handleBookingRequest(post(body), options())
    expect(retried.status).toBe(200)
    expect(await retried.json()).toMatchObject({ok: true, bookingId: rows[0].id})
    expect(await rowCount()).toBe(1)
    expect((await store.findById(rows[0].id))?.paymentSessionId).toEqual(expect.any(String))
  })
})

describe('the test checkout: Pay and Cancel', () => {
  async function booked(): Promise<{bookingId: string; sessionId: string}> {
    const response = await handleBookingRequest(post(commercialRequest()), options())
    const {bookingId, checkoutUrl} = await response.json()
    return {bookingId, sessionId: new URL(checkoutUrl).pathname.split('/').pop() as string}
  }
  const checkoutDeps = () => ({checkout: payments, store, now: fixedClock, availability: roomyAvailability})

  it('Pay marks the booking paid through fulfilCheckout and goes to the success URL with the session id', async () => {
    const {bookingId, sessionId} = await booked()
    expect(await completeTestCheckout(sessionId, 'paid', checkoutDeps())).toEqual({
      kind: 'redirect',
      location: `${ORIGIN}/success?bookingId=${bookingId}&session_id=${sessionId}`,
    })
    expect((await store.findById(bookingId))?.paymentStatus).toBe('paid')
    // Pay again (a double click, the back button): nothing changes.
    const paid = await store.findById(bookingId)
    await completeTestCheckout(sessionId, 'paid', checkoutDeps())
    expect(await store.findById(bookingId)).toEqual(paid)
  })

  it('Cancel marks the booking cancelled and goes to /cancel; Pay afterwards cannot pay it', async () => {
    const {bookingId, sessionId} = await booked()
    expect(await completeTestCheckout(sessionId, 'cancelled', checkoutDeps())).toEqual({
      kind: 'redirect',
      location: `${ORIGIN}/cancel?bookingId=${bookingId}`,
    })
    expect((await store.findById(bookingId))?.paymentStatus).toBe('cancelled')
    expect(await completeTestCheckout(sessionId, 'paid', checkoutDeps())).toEqual({
      kind: 'redirect',
      location: `${ORIGIN}/cancel?bookingId=${bookingId}`,
    })
    expect((await store.findById(bookingId))?.paymentStatus).toBe('cancelled')
  })

  it("Pay after the booking's hold on its window has ended takes no payment: the booking expired, its place is free", async () => {
    const {bookingId, sessionId} = await booked()
    const held = await store.findById(bookingId)
    const late = () => new Date(Date.parse(held!.holdExpiresAt!) + 1000)
    expect(await completeTestCheckout(sessionId, 'paid', {...checkoutDeps(), now: late})).toEqual({
      kind: 'redirect',
      location: `${ORIGIN}/cancel?bookingId=${bookingId}`,
    })
    expect((await store.findById(bookingId))?.paymentStatus).toBe('expired')
    // Just before the hold ends, Pay still pays.
    const second = await booked()
    const stillHeld = await store.findById(second.bookingId)
    const inTime = () => new Date(Date.parse(stillHeld!.holdExpiresAt!) - 1000)
    await completeTestCheckout(second.sessionId, 'paid', {...checkoutDeps(), now: inTime})
    expect((await store.findById(second.bookingId))?.paymentStatus).toBe('paid')
  })

  it('Pay on a booking closed meanwhile cancels the session instead of taking the payment', async () => {
    const {bookingId, sessionId} = await booked()
    await store.markClosed(bookingId, 'expired')
    expect(await completeTestCheckout(sessionId, 'paid', checkoutDeps())).toMatchObject({location: `${ORIGIN}/cancel?bookingId=${bookingId}`})
    expect((await payments.getSession(sessionId))?.status).toBe('cancelled')
    expect((await store.findById(bookingId))?.paymentStatus).toBe('expired')
  })

  it('answers not-found for an unknown or malformed session', async () => {
    expect(await completeTestCheckout('test_cs_0123456789abcdef0123456789abcdef', 'paid', checkoutDeps())).toEqual({kind: 'not-found'})
    expect(await completeTestCheckout('../../etc/passwd', 'cancelled', checkoutDeps())).toEqual({kind: 'not-found'})
  })
})

describe('POST /api/stripe/webhook', () => {
  const SECRET = 'whsec_routes_test_0123456789'
  const KEY = 'sk_test_51RoutesTestKey0000000000000000000000'
  const sdk = new Stripe(KEY)
  const stripe = new StripePaymentProvider({secretKey: KEY, webhookSecret: SECRET})
  const webhookDeps = (provider: () => StripePaymentProvider | TestCheckoutProvider = () => stripe) => ({
    payments: provider,
    store: async () => store,
    now: fixedClock,
    log,
  })

  async function stripeBooking() {
    const response = await handleBookingRequest(post(commercialRequest()), options())
    const {bookingId} = await response.json()
    const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`
    await db.query('update public.bookings set payment_provider = $2, payment_session_id = $3 where id = $1', [bookingId, 'stripe', sessionId])
    return {bookingId: bookingId as string, sessionId}
  }

  function event(type: string, object: Record<string, unknown>, secret = SECRET) {
    const payload = JSON.stringify({id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type, data: {object}})
    return {payload, header: sdk.webhooks.generateTestHeaderString({payload, secret})}
  }

  it('400 for a bad signature, and nothing changes', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const before = await store.findById(bookingId)
    const forged = event('checkout.session.completed', {id: sessionId, payment_status: 'paid', amount_total: 6000, currency: 'usd', metadata: {bookingId}}, 'whsec_other')
    const response = await handleWebhook(forged.payload, forged.header, webhookDeps())
    expect(response.status).toBe(400)
    expect(await store.findById(bookingId)).toEqual(before)
  })

  it('200 {received: true} for a paid checkout (twice: changed once) and for an unknown event type', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const paid = event('checkout.session.completed', {id: sessionId, payment_status: 'paid', amount_total: 6000, currency: 'usd', metadata: {bookingId}})
    const first = await handleWebhook(paid.payload, paid.header, webhookDeps())
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({received: true})
    const afterFirst = await store.findById(bookingId)
    expect(afterFirst?.paymentStatus).toBe('paid')
    expect((await handleWebhook(paid.payload, paid.header, webhookDeps())).status).toBe(200)
    expect(await store.findById(bookingId)).toEqual(afterFirst)

    const other = event('invoice.paid', {id: 'in_123', object: 'invoice'})
    expect((await handleWebhook(other.payload, other.header, webhookDeps())).status).toBe(200)
  })

  it('500 when no webhook secret is configured (Stripe retries), 400 when the test checkout is active', async () => {
    const paid = event('checkout.session.completed', {id: 'cs_test_x', payment_status: 'paid'})
    const noSecret = new StripePaymentProvider({secretKey: KEY})
    expect((await handleWebhook(paid.payload, paid.header, webhookDeps(() => noSecret))).status).toBe(500)
    expect((await handleWebhook(paid.payload, paid.header, webhookDeps(() => payments))).status).toBe(400)
  })
})

// --- bodies other than the JSON forms: Stripe webhooks (1 MB) and the test checkout's posts (4 kB) ---

/** A pending booking with its test checkout session. */
async function booked(): Promise<{bookingId: string; sessionId: string}> {
  const result = await submitBooking(commercialRequest(), {store, payments, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  return {bookingId: result.bookingId, sessionId: decodeURIComponent(new URL(result.checkoutUrl).pathname.split('/').pop() ?? '')}
}

/** A body of `total` bytes handed over 64 kB at a time, only when read; `pulled()` says how much was. */
function lazyBody(total: number): {stream: ReadableStream<Uint8Array>; pulled: () => number; chunkBytes: number} {
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close()
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    },
    {highWaterMark: 0},
  )
  return {stream, pulled: () => pulled, chunkBytes: chunk.byteLength}
}

function postRaw(url: string, body: BodyInit, headers: Record<string, string>): Request {
  return new Request(url, {method: 'POST', headers, body, ...(body instanceof ReadableStream ? {duplex: 'half'} : {})} as RequestInit)
}

describe('POST /api/stripe/webhook: the request', () => {
  const SECRET = 'whsec_limits_test_0123456789'
  const KEY = 'sk_test_51LimitsTestKey00000000000000000000000'
  const sdk = new Stripe(KEY)
  const stripe = new StripePaymentProvider({secretKey: KEY, webhookSecret: SECRET})
  const webhookDeps = {payments: () => stripe, store: async () => store, now: fixedClock, log}

  async function stripeBooking() {
    const {bookingId} = await booked()
    const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`
    await db.query('update public.bookings set payment_provider = $2, payment_session_id = $3 where id = $1', [bookingId, 'stripe', sessionId])
    return {bookingId, sessionId}
  }

  function paidPayload(bookingId: string, sessionId: string, extra: Record<string, string> = {}): string {
    return JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {object: {id: sessionId, payment_status: 'paid', amount_total: 6000, currency: 'usd', metadata: {bookingId, ...extra}}},
    })
  }

  const webhook = (body: BodyInit, signature: string, headers: Record<string, string> = {}) =>
    postRaw(`${ORIGIN}/api/stripe/webhook`, body, {'content-type': 'application/json', 'stripe-signature': signature, ...headers})

  it('reads the body as received: a freshly signed event is handled (200, the booking paid)', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const payload = paidPayload(bookingId, sessionId)
    const response = await handleWebhookRequest(webhook(payload, sdk.webhooks.generateTestHeaderString({payload, secret: SECRET})), webhookDeps)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({received: true})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('paid')
  })

  it('413 for a body over 1 MB, declared or streamed, without reading past the cap; nothing changes', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const before = await store.findById(bookingId)
    // Correctly signed: only the size refuses it.
    const payload = paidPayload(bookingId, sessionId, {padding: 'x'.repeat(2 * MAX_WEBHOOK_BODY_BYTES)})
    const header = sdk.webhooks.generateTestHeaderString({payload, secret: SECRET})
    const declared = await handleWebhookRequest(webhook(payload, header, {'content-length': String(payload.length)}), webhookDeps)
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({error: 'Request body too large'})

    const fifty = lazyBody(50 * 1024 * 1024)
    expect((await handleWebhookRequest(webhook(fifty.stream, header), webhookDeps)).status).toBe(413)
    expect(fifty.pulled()).toBeLessThanOrEqual(MAX_WEBHOOK_BODY_BYTES + 2 * fifty.chunkBytes)
    expect(await store.findById(bookingId)).toEqual(before)
  })

  it('400 for a correctly signed event whose signature is more than 5 minutes old (a replay); nothing changes', async () => {
    const {bookingId, sessionId} = await stripeBooking()
    const before = await store.findById(bookingId)
    const payload = paidPayload(bookingId, sessionId)
    const header = sdk.webhooks.generateTestHeaderString({payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 6 * 60})
    const response = await handleWebhookRequest(webhook(payload, header), webhookDeps)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({error: 'Invalid signature'})
    expect(await store.findById(bookingId)).toEqual(before)
  })
})

describe('the test checkout: the Pay and Cancel form posts', () => {
  const checkoutDeps = (checkout: () => TestCheckoutProvider | null = () => payments) => ({checkout, store: async () => store, now: fixedClock, availability: roomyAvailability})
  const form = (sessionId: string, action: 'pay' | 'cancel', body: BodyInit = '', headers: Record<string, string> = {}) =>
    postRaw(`${ORIGIN}/checkout/test/${sessionId}/${action}`, body, {'content-type': 'application/x-www-form-urlencoded', ...headers})

  it('Pay: 303 to the success URL, the booking paid; 404 when the test checkout is refused', async () => {
    const {bookingId, sessionId} = await booked()
    expect((await handleTestCheckoutRequest(form(sessionId, 'pay'), sessionId, 'paid', checkoutDeps(() => null))).status).toBe(404)
    const response = await handleTestCheckoutRequest(form(sessionId, 'pay'), sessionId, 'paid', checkoutDeps())
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/success?bookingId=${bookingId}&session_id=${sessionId}`)
    expect((await store.findById(bookingId))?.paymentStatus).toBe('paid')
  })

  it('413 for a form post over 4 kB, declared or streamed; the booking is neither paid nor cancelled', async () => {
    const {bookingId, sessionId} = await booked()
    const big = `x=${'y'.repeat(MAX_TEST_CHECKOUT_BODY_BYTES)}`
    const declared = await handleTestCheckoutRequest(form(sessionId, 'pay', big, {'content-length': String(big.length)}), sessionId, 'paid', checkoutDeps())
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({error: 'Request body too large'})

    const huge = lazyBody(50 * 1024 * 1024)
    expect((await handleTestCheckoutRequest(form(sessionId, 'cancel', huge.stream), sessionId, 'cancelled', checkoutDeps())).status).toBe(413)
    expect(huge.pulled()).toBeLessThanOrEqual(MAX_TEST_CHECKOUT_BODY_BYTES + 2 * huge.chunkBytes)
    expect((await store.findById(bookingId))?.paymentStatus).toBe('pending')
    expect((await payments.getSession(sessionId))?.status).toBe('open')
  })
})
