import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import Stripe from 'stripe'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {openMigratedMemoryDatabase} from '../database/test-support/temp-pglite'
import {createSqlBookingStore} from '../bookings/sql-store'
import type {BookingStore} from '../bookings/store'
import {StripePaymentProvider} from '../payments/stripe'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'
import {setFlowLogger, submitBooking} from './flow'
import {handleTestCheckoutRequest, handleWebhookRequest, MAX_TEST_CHECKOUT_BODY_BYTES, MAX_WEBHOOK_BODY_BYTES} from './routes'
import {commercialRequest, fixedClock, ORIGIN} from './test-support/requests'

/**
 * The requests that carry a body besides the JSON forms: Stripe's webhook (1 MB) and the test
 * checkout's Pay / Cancel form posts (4 kB), each refused with 413 while streaming, and Stripe
 * events signed too long ago refused as replays. Web Requests against the embedded store.
 */

let db: PGlite
let store: BookingStore
let payments: TestCheckoutProvider
const log = {error: vi.fn(), warn: vi.fn()}

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  store = createSqlBookingStore(db)
  setFlowLogger(log)
}, 60_000)

afterAll(async () => {
  setFlowLogger(console)
  await db.close()
})

beforeEach(async () => {
  await db.exec('delete from public.bookings1')
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
})

/** A pending booking with its test checkout session. */
async function booked(): Promise<{bookingId: string; sessionId: string}> {
  const result = await submitBooking(commercialRequest(), {store, payments, origin: ORIGIN, now: fixedClock})
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

function post(url: string, body: BodyInit, headers: Record<string, string>): Request {
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
    await db.query('update public.bookings1 set payment_provider = $2, payment_session_id = $3 where id = $1', [bookingId, 'stripe', sessionId])
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
    post(`${ORIGIN}/api/stripe/webhook`, body, {'content-type': 'application/json', 'stripe-signature': signature, ...headers})

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
  const checkoutDeps = (checkout: () => TestCheckoutProvider | null = () => payments) => ({checkout, store: async () => store, now: fixedClock})
  const form = (sessionId: string, action: 'pay' | 'cancel', body: BodyInit = '', headers: Record<string, string> = {}) =>
    post(`${ORIGIN}/checkout/test/${sessionId}/${action}`, body, {'content-type': 'application/x-www-form-urlencoded', ...headers})

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
