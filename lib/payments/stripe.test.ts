import {createServer, type IncomingHttpHeaders, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import Stripe from 'stripe'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {checkoutRequestFor} from './test-support/checkout-request'
import {
  CheckoutNotFoundError,
  InvalidCheckoutRequestError,
  InvalidWebhookSignatureError,
  PaymentConfigurationError,
  PaymentProviderError,
} from './provider'
import {paymentEventFromStripeEvent, StripePaymentProvider, stripeProviderFromEnv} from './stripe'

/**
 * The real Stripe SDK, pointed (host, port, protocol) at a local HTTP server that speaks Stripe's
 * API: form-encoded requests in, Stripe's JSON objects and error bodies out.
 */

const SECRET_KEY = 'sk_test_51PaymentsAdapterTestKey0000000000000000'
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef'
const BOOKING_ID = '3f8c2a9e-5b1d-4c7a-9e2f-1a2b3c4d5e6f'
const SESSION_ID = 'cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ0123456789abcdEFGH'

interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  form: URLSearchParams
}

type Reply = {status: number; body: unknown; headers?: Record<string, string>}

let server: Server
let port: number
const requests: RecordedRequest[] = []
let replies: Array<(request: RecordedRequest) => Reply> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body,
        form: new URLSearchParams(body),
      }
      requests.push(recorded)
      const reply = replies.shift()?.(recorded) ?? {
        status: 500,
        body: {error: {type: 'api_error', message: 'The test server has no reply queued'}},
        headers: {'Stripe-Should-Retry': 'false'},
      }
      res.writeHead(reply.status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${requests.length}TestServer`,
        'Stripe-Version': String(recorded.headers['stripe-version'] ?? ''),
        ...reply.headers,
      })
      res.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

beforeEach(() => {
  requests.length = 0
  replies = []
})

function provider(options: {webhookSecret?: string; maxNetworkRetries?: number} = {}): StripePaymentProvider {
  return new StripePaymentProvider({
    secretKey: SECRET_KEY,
    webhookSecret: 'webhookSecret' in options ? options.webhookSecret : WEBHOOK_SECRET,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: options.maxNetworkRetries,
  })
}

const checkoutRequest = checkoutRequestFor(BOOKING_ID, {
  amountCents: 21_865,
  description: 'House Cleaning — Deep Cleaning',
  customerEmail: 'jane.doe@example.com',
  idempotencyKey: `booking-${BOOKING_ID}`,
})

/** A checkout.session as Stripe's API returns it (abridged only of fields this mode never sets). */
function checkoutSession(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const created = 1_767_225_600
  return {
    id: SESSION_ID,
    object: 'checkout.session',
    adaptive_pricing: {enabled: true},
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: 21_865,
    amount_total: 21_865,
    automatic_tax: {enabled: false, liability: null, provider: null, status: null},
    billing_address_collection: null,
    cancel_url: checkoutRequest.cancelUrl,
    client_reference_id: BOOKING_ID,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: {after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null},
    customer: null,
    customer_creation: 'if_required',
    customer_details: {
      address: null,
      email: 'jane.doe@example.com',
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: null,
    },
    customer_email: 'jane.doe@example.com',
    discounts: [],
    expires_at: created + 24 * 60 * 60,
    invoice: null,
    invoice_creation: {enabled: false, invoice_data: {}},
    livemode: false,
    locale: null,
    metadata: {bookingId: BOOKING_ID},
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: {id: 'pmc_1PaymentsTestConfig', parent: null},
    payment_method_options: {card: {request_three_d_secure: 'automatic'}},
    payment_method_types: ['card', 'link', 'us_bank_account'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: {enabled: false},
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: checkoutRequest.successUrl,
    total_details: {amount_discount: 0, amount_shipping: 0, amount_tax: 0},
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${SESSION_ID}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    wallet_options: null,
    ...overrides,
  }
}

describe('StripePaymentProvider.createCheckout', () => {
  it('creates a Checkout Session with the exact parameters and the idempotency key', async () => {
    replies.push(() => ({status: 200, body: checkoutSession()}))

    const session = await provider().createCheckout(checkoutRequest)

    expect(session).toEqual({id: SESSION_ID, url: `https://checkout.stripe.com/c/pay/${SESSION_ID}#fidkdWxOYHwnPyd1blpxYHZxWjA0`})
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/v1/checkout/sessions')
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`)
    expect(request.headers['idempotency-key']).toBe(`booking-${BOOKING_ID}`)
    expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION)

    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '21865',
      'line_items[0][price_data][product_data][name]': 'House Cleaning — Deep Cleaning',
      customer_email: 'jane.doe@example.com',
      client_reference_id: BOOKING_ID,
      'metadata[bookingId]': BOOKING_ID,
      'payment_intent_data[metadata][bookingId]': BOOKING_ID,
      success_url: `https://renton.example/success?bookingId=${BOOKING_ID}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://renton.example/cancel?bookingId=${BOOKING_ID}`,
    })
    // Every key is sent once: no stray parameter such as payment_method_types or a price id.
    expect([...request.form.keys()]).toHaveLength(11)
  })

  it("closes the payment page when the booking's place in its arrival window is no longer held (expires_at)", async () => {
    replies.push(() => ({status: 200, body: checkoutSession()}))
    const expiresAt = new Date('2030-01-15T18:31:00.000Z')
    await provider().createCheckout({...checkoutRequest, expiresAt})
    expect(requests[0].form.get('expires_at')).toBe(String(expiresAt.getTime() / 1000))
  })

  it("surfaces an API error with Stripe's message and status, without retrying a 400", async () => {
    const message = 'Invalid integer: 21865.5'
    replies.push(() => ({
      status: 400,
      body: {
        error: {
          code: 'parameter_invalid_integer',
          doc_url: 'https://stripe.com/docs/error-codes/parameter-invalid-integer',
          message,
          param: 'line_items[0][price_data][unit_amount]',
          request_log_url: 'https://dashboard.stripe.com/test/logs/req_1TestServer?t=1767225600',
          type: 'invalid_request_error',
        },
      },
    }))

    const error = await provider()
      .createCheckout(checkoutRequest)
      .catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({
      message,
      provider: 'stripe',
      statusCode: 400,
      code: 'parameter_invalid_integer',
      requestId: 'req_1TestServer',
    })
    expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(requests).toHaveLength(1)
  })

  it('retries a 500 with the same idempotency key, so a retry cannot create a second session', async () => {
    replies.push(() => ({status: 500, body: {error: {type: 'api_error', message: 'Something went wrong on our end.'}}}))
    replies.push(() => ({status: 200, body: checkoutSession()}))

    const session = await provider().createCheckout(checkoutRequest)

    expect(session.id).toBe(SESSION_ID)
    expect(requests).toHaveLength(2)
    expect(requests.map((request) => request.headers['idempotency-key'])).toEqual([
      `booking-${BOOKING_ID}`,
      `booking-${BOOKING_ID}`,
    ])
    expect(requests[1].body).toBe(requests[0].body)
  })

  it('refuses a request the server should never build, before calling Stripe', async () => {
    const stripe = provider()
    await expect(stripe.createCheckout({...checkoutRequest, amountCents: 49})).rejects.toBeInstanceOf(
      InvalidCheckoutRequestError,
    )
    await expect(stripe.createCheckout({...checkoutRequest, amountCents: 100.5})).rejects.toBeInstanceOf(
      InvalidCheckoutRequestError,
    )
    await expect(
      stripe.createCheckout({
        ...checkoutRequest,
        successUrl: 'https://renton.example/success?session_id=%7BCHECKOUT_SESSION_ID%7D',
      }),
    ).rejects.toThrow(/literal \{CHECKOUT_SESSION_ID\} placeholder \(it was URL-encoded\)/)
    expect(requests).toHaveLength(0)
  })

  it('is built from the environment, including STRIPE_API_HOST/PORT/PROTOCOL', async () => {
    replies.push(() => ({status: 200, body: checkoutSession()}))
    const fromEnv = stripeProviderFromEnv({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    })
    expect(fromEnv.name).toBe('stripe')
    await expect(fromEnv.createCheckout(checkoutRequest)).resolves.toMatchObject({id: SESSION_ID})
    expect(requests).toHaveLength(1)

    expect(() => stripeProviderFromEnv({STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_PROTOCOL: 'ftp'})).toThrow(
      PaymentConfigurationError,
    )
    expect(() => stripeProviderFromEnv({STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_PORT: 'eighty'})).toThrow(
      /STRIPE_API_PORT/,
    )
    expect(() => stripeProviderFromEnv({})).toThrow(/STRIPE_SECRET_KEY is not set/)
  })
})

describe('StripePaymentProvider.retrieveCheckout', () => {
  it('reads a paid, complete session through GET /v1/checkout/sessions/:id', async () => {
    replies.push(() => ({
      status: 200,
      body: checkoutSession({payment_status: 'paid', status: 'complete', payment_intent: 'pi_3PaymentsTest0001'}),
    }))

    const details = await provider().retrieveCheckout(SESSION_ID)

    expect(details).toEqual({
      id: SESSION_ID,
      bookingId: BOOKING_ID,
      paymentStatus: 'paid',
      status: 'complete',
      amountTotalCents: 21_865,
      currency: 'usd',
    })
    expect(requests).toHaveLength(1)
    expect(requests[0].method).toBe('GET')
    expect(requests[0].path).toBe(`/v1/checkout/sessions/${SESSION_ID}`)
    expect(requests[0].headers.authorization).toBe(`Bearer ${SECRET_KEY}`)
    expect(requests[0].body).toBe('')
  })

  it('reports an open session as unpaid, and falls back to client_reference_id for the booking', async () => {
    replies.push(() => ({status: 200, body: checkoutSession({metadata: {}})}))
    await expect(provider().retrieveCheckout(SESSION_ID)).resolves.toMatchObject({
      bookingId: BOOKING_ID,
      paymentStatus: 'unpaid',
      status: 'open',
    })
  })

  it('throws CheckoutNotFoundError for an unknown session (404) and never sends a malformed id', async () => {
    replies.push(() => ({
      status: 404,
      body: {
        error: {
          code: 'resource_missing',
          doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
          message: `No such checkout.session: '${SESSION_ID}'`,
          param: 'session',
          type: 'invalid_request_error',
        },
      },
    }))
    await expect(provider().retrieveCheckout(SESSION_ID)).rejects.toBeInstanceOf(CheckoutNotFoundError)
    expect(requests).toHaveLength(1)

    for (const malformed of ['', 'cs_test_../../v1/customers', 'pi_3PaymentsTest0001', 'cs_test_a b']) {
      await expect(provider().retrieveCheckout(malformed)).rejects.toBeInstanceOf(CheckoutNotFoundError)
    }
    expect(requests).toHaveLength(1)
  })

  it('surfaces an authentication error with its message, not as "not found"', async () => {
    replies.push(() => ({
      status: 401,
      body: {error: {message: 'Invalid API Key provided: sk_test_********************0000', type: 'invalid_request_error'}},
    }))
    const error = await provider()
      .retrieveCheckout(SESSION_ID)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).not.toBeInstanceOf(CheckoutNotFoundError)
    expect(error).toMatchObject({statusCode: 401, message: 'Invalid API Key provided: sk_test_********************0000'})
  })
})

describe('StripePaymentProvider.parseWebhook', () => {
  const sdk = new Stripe('sk_test_signing_only')
  let eventCounter = 0

  function event(type: string, object: Record<string, unknown>): string {
    eventCounter += 1
    return JSON.stringify(
      {
        id: `evt_1PaymentsTest${String(eventCounter).padStart(6, '0')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: 1_767_229_200,
        data: {object},
        livemode: false,
        pending_webhooks: 1,
        request: {id: null, idempotency_key: null},
        type,
      },
      null,
      2,
    )
  }

  function signed(payload: string, secret = WEBHOOK_SECRET): string {
    return sdk.webhooks.generateTestHeaderString({payload, secret})
  }

  async function parse(payload: string) {
    return provider().parseWebhook(payload, signed(payload))
  }

  it('checkout.session.completed with payment_status paid → paid, booking id from metadata', async () => {
    const payload = event('checkout.session.completed', checkoutSession({payment_status: 'paid', status: 'complete'}))
    const parsed = await parse(payload)
    expect(parsed).toEqual({
      kind: 'paid',
      sessionId: SESSION_ID,
      bookingId: BOOKING_ID,
      amountTotalCents: 21_865,
      currency: 'usd',
      eventId: JSON.parse(payload).id,
      eventType: 'checkout.session.completed',
    })
  })

  it('takes the booking id from metadata even when client_reference_id differs', async () => {
    const payload = event(
      'checkout.session.completed',
      checkoutSession({payment_status: 'paid', status: 'complete', client_reference_id: 'something-else'}),
    )
    await expect(parse(payload)).resolves.toMatchObject({kind: 'paid', bookingId: BOOKING_ID})
  })

  it('checkout.session.completed with payment_status unpaid (async method) → ignored', async () => {
    const payload = event('checkout.session.completed', checkoutSession({payment_status: 'unpaid', status: 'complete'}))
    await expect(parse(payload)).resolves.toMatchObject({
      kind: 'ignored',
      sessionId: SESSION_ID,
      bookingId: BOOKING_ID,
      eventType: 'checkout.session.completed',
    })
  })

  it('checkout.session.async_payment_succeeded → paid', async () => {
    const payload = event(
      'checkout.session.async_payment_succeeded',
      checkoutSession({payment_status: 'paid', status: 'complete'}),
    )
    await expect(parse(payload)).resolves.toMatchObject({kind: 'paid', sessionId: SESSION_ID, bookingId: BOOKING_ID})
  })

  it('checkout.session.expired → expired', async () => {
    const payload = event('checkout.session.expired', checkoutSession({status: 'expired', url: null}))
    await expect(parse(payload)).resolves.toMatchObject({
      kind: 'expired',
      sessionId: SESSION_ID,
      bookingId: BOOKING_ID,
      eventType: 'checkout.session.expired',
    })
  })

  it('checkout.session.async_payment_failed → failed', async () => {
    const payload = event('checkout.session.async_payment_failed', checkoutSession({status: 'complete'}))
    await expect(parse(payload)).resolves.toMatchObject({kind: 'failed', sessionId: SESSION_ID, bookingId: BOOKING_ID})
  })

  it('an unknown event type → ignored, with its id and type', async () => {
    const payload = event('customer.created', {id: 'cus_PaymentsTest01', object: 'customer', email: 'jane.doe@example.com'})
    const parsed = await parse(payload)
    expect(parsed).toEqual({kind: 'ignored', eventId: JSON.parse(payload).id, eventType: 'customer.created'})
  })

  it('a checkout session without a booking id → no bookingId', async () => {
    const payload = event(
      'checkout.session.completed',
      checkoutSession({payment_status: 'paid', status: 'complete', metadata: {}, client_reference_id: null}),
    )
    const parsed = await parse(payload)
    expect(parsed.kind).toBe('paid')
    expect(parsed.bookingId).toBeUndefined()
  })

  describe('refuses with InvalidWebhookSignatureError', () => {
    const payload = () => event('checkout.session.completed', checkoutSession({payment_status: 'paid', status: 'complete'}))

    it('a bad signature', async () => {
      const header = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`
      await expect(provider().parseWebhook(payload(), header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    })

    it('a missing header', async () => {
      await expect(provider().parseWebhook(payload(), null)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
      await expect(provider().parseWebhook(payload(), '')).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    })

    it('a garbled header', async () => {
      await expect(provider().parseWebhook(payload(), 'not a signature')).rejects.toBeInstanceOf(
        InvalidWebhookSignatureError,
      )
    })

    it('a body changed after signing', async () => {
      const original = event('checkout.session.completed', checkoutSession({payment_status: 'unpaid', status: 'complete'}))
      const header = signed(original)
      const tampered = original.replace('"payment_status": "unpaid"', '"payment_status": "paid"')
      expect(tampered).not.toBe(original)
      await expect(provider().parseWebhook(tampered, header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
      // Re-serialised JSON (whitespace only) is not the raw body either.
      const reserialised = JSON.stringify(JSON.parse(original))
      await expect(provider().parseWebhook(reserialised, header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    })

    it('a signature made with another secret', async () => {
      const body = payload()
      const header = signed(body, 'whsec_someone_elses_secret_000000000000')
      await expect(provider().parseWebhook(body, header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    })

    it('a replayed signature older than the tolerance (5 minutes)', async () => {
      const body = payload()
      const header = sdk.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 60 * 60,
      })
      await expect(provider().parseWebhook(body, header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    })
  })

  it('without STRIPE_WEBHOOK_SECRET, throws a configuration error (not a verified event)', async () => {
    const body = event('checkout.session.completed', checkoutSession({payment_status: 'paid', status: 'complete'}))
    await expect(provider({webhookSecret: undefined}).parseWebhook(body, signed(body))).rejects.toBeInstanceOf(
      PaymentConfigurationError,
    )
  })

  afterEach(() => {
    // Verification is local: no webhook test reaches the API.
    expect(requests).toHaveLength(0)
  })
})

describe('paymentEventFromStripeEvent', () => {
  it('maps completed + no_payment_required to ignored (never paid without a payment)', () => {
    const mapped = paymentEventFromStripeEvent({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: {object: checkoutSession({payment_status: 'no_payment_required', status: 'complete'})},
    } as unknown as Stripe.Event)
    expect(mapped.kind).toBe('ignored')
  })
})
