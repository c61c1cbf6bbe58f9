import {randomBytes} from 'node:crypto'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {StripePaymentProvider} from '../stripe'

/**
 * A local HTTP server that speaks the part of Stripe's API the Checkout adapter uses, for the real
 * Stripe SDK pointed at it (host 127.0.0.1, its port, protocol http):
 * - POST /v1/checkout/sessions (form-encoded) creates an open, unpaid session;
 * - GET /v1/checkout/sessions/{id} returns it, or Stripe's 404 `resource_missing` error;
 * - POST /v1/refunds refunds part or all of a paid session's PaymentIntent: the same
 *   Idempotency-Key answers the first refund again (as Stripe does), more than is left is refused
 *   (`amount_too_large`), and `refuseRefunds(message)` makes the next refunds fail as a declined one.
 * - saved cards: a payment session made with `customer_creation: 'always'` and
 *   `payment_intent_data[setup_future_usage]=off_session` keeps the card paid with on a new Customer;
 *   a setup-mode session (`mode=setup`, `customer`) saves one through its SetupIntent; GET answers
 *   `expand[]=payment_intent.payment_method` / `setup_intent.payment_method` with the objects;
 * - POST /v1/payment_intents with `off_session=true&confirm=true` charges a saved card as Stripe's
 *   test cards answer: `pm_card_visa` (and a card saved from it) succeeds, `pm_card_chargeDeclined`
 *   402 `card_declined`, `pm_card_authenticationRequired` 402 `authentication_required`, each error
 *   with the PaymentIntent Stripe made (`requires_payment_method`); the same Idempotency-Key answers
 *   the first answer again, as Stripe does. `failNext(n, status)` answers the next n requests with a
 *   5xx or 429, as an outage would.
 * - GET /v1/payment_intents?customer=… lists a customer's PaymentIntents (newest first) and
 *   GET /v1/payment_intents/{id} answers one; GET /v1/refunds?payment_intent=… lists a payment's
 *   refunds (newest first), each with its metadata, as Stripe's list endpoints answer (`object: 'list'`);
 * - `refundInDashboard(pi, amount)` plays someone refunding in Stripe's dashboard (no metadata, no
 *   key); `forgetIdempotencyKeys()` plays Stripe pruning keys older than 24 hours: a repeated key is
 *   then a new request.
 * Every request is recorded with its Idempotency-Key and form; `pay(id)` plays the customer paying
 * (or saving a card) on Stripe's page.
 */

/** Stripe's test cards (their PaymentMethod tokens) the stand-in knows, and how each answers an off-session charge. */
export type StripeTestCard = 'pm_card_visa' | 'pm_card_mastercard' | 'pm_card_chargeDeclined' | 'pm_card_authenticationRequired'

const TEST_CARDS: Record<StripeTestCard, {brand: string; last4: string; answer: 'succeeded' | 'card_declined' | 'authentication_required'}> = {
  pm_card_visa: {brand: 'visa', last4: '4242', answer: 'succeeded'},
  pm_card_mastercard: {brand: 'mastercard', last4: '4444', answer: 'succeeded'},
  pm_card_chargeDeclined: {brand: 'visa', last4: '0002', answer: 'card_declined'},
  // Stripe's 4000 0027 6000 3184: authenticates on setup, and every off-session charge needs the customer.
  pm_card_authenticationRequired: {brand: 'visa', last4: '3184', answer: 'authentication_required'},
}

/** A PaymentIntent the stand-in made (off-session charges and paid sessions). */
export interface StripeApiPaymentIntent {
  id: string
  amount: number
  customer: string | null
  paymentMethod: string | null
  status: string
  idempotencyKey: string | null
  metadata: Record<string, string>
}

export interface StripeApiRequest {
  method: string
  path: string
  /** The Idempotency-Key header the SDK sent (POSTs), or null. */
  idempotencyKey: string | null
  /** The form-encoded body. */
  form: URLSearchParams
}

/** A refund the stand-in made. */
export interface StripeApiRefund {
  id: string
  paymentIntent: string
  amount: number
  idempotencyKey: string | null
  metadata: Record<string, string>
}

export interface StripeApiStandIn {
  port: number
  requests: StripeApiRequest[]
  sessions: Map<string, Record<string, unknown>>
  /** The refunds made, in order (a repeated Idempotency-Key adds none). */
  refunds: StripeApiRefund[]
  /** Off-session PaymentIntents created (a repeated Idempotency-Key adds none), in order. */
  paymentIntents: StripeApiPaymentIntent[]
  /**
   * The customer paid (payment mode: complete and paid, with a PaymentIntent; a session saving the
   * card puts it on a new Customer) or saved a card (setup mode: its SetupIntent succeeded), with
   * one of Stripe's test cards (default `pm_card_visa`). Answers the saved PaymentMethod's id, if any.
   */
  pay(sessionId: string, card?: StripeTestCard): string | null
  /** The next `count` requests answer `status` (500, 503, 429) with Stripe's error body. */
  failNext(count: number, status: number): void
  /** Refunds from now on are refused with this message (null: accepted again). */
  refuseRefunds(message: string | null): void
  /** A PaymentIntent as Stripe answers it (for building events), or undefined. */
  paymentIntent(id: string): Record<string, unknown> | undefined
  /** Someone refunds `amount` cents of the payment in Stripe's dashboard: the refund object (no metadata). */
  refundInDashboard(paymentIntent: string, amount: number): Record<string, unknown>
  /** Stripe forgets every idempotency key (it keeps them at least 24 hours, then may prune them). */
  forgetIdempotencyKeys(): void
  close(): Promise<void>
}

function metadataOf(form: URLSearchParams, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {}
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) metadata[key.slice(prefix.length + 1, -1)] = value
  }
  return metadata
}

function checkoutSession(id: string, form: URLSearchParams): Record<string, unknown> {
  const setup = form.get('mode') === 'setup'
  const amount = setup ? null : Number(form.get('line_items[0][price_data][unit_amount]'))
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: form.get('cancel_url'),
    client_reference_id: form.get('client_reference_id'),
    created: 1_767_225_600,
    currency: setup ? form.get('currency') : form.get('line_items[0][price_data][currency]'),
    customer: form.get('customer'),
    customer_creation: form.get('customer_creation') ?? (setup ? null : 'if_required'),
    customer_email: form.get('customer_email'),
    expires_at: 1_767_225_600 + 24 * 60 * 60,
    livemode: false,
    metadata: metadataOf(form),
    mode: setup ? 'setup' : 'payment',
    payment_intent: null,
    payment_status: setup ? 'no_payment_required' : 'unpaid',
    setup_intent: null,
    status: 'open',
    success_url: form.get('success_url'),
    url: `https://checkout.stripe.com/c/pay/${id}`,
  }
}

type CardAnswer = (typeof TEST_CARDS)[StripeTestCard]['answer']
type StoredPaymentMethod = {object: Record<string, unknown>; answer: CardAnswer}

const hex = (bytes: number) => randomBytes(bytes).toString('hex')

export async function startStripeApiStandIn(): Promise<StripeApiStandIn> {
  const requests: StripeApiRequest[] = []
  const sessions = new Map<string, Record<string, unknown>>()
  // What each session asked of the card (not part of the session object Stripe answers).
  const sessionForms = new Map<string, URLSearchParams>()
  const refunds: StripeApiRefund[] = []
  const refundsByKey = new Map<string, Record<string, unknown>>()
  const refundObjects: Record<string, unknown>[] = []
  const paymentIntents: StripeApiPaymentIntent[] = []
  const intentObjects = new Map<string, Record<string, unknown>>()
  const setupIntents = new Map<string, Record<string, unknown>>()
  const paymentMethods = new Map<string, StoredPaymentMethod>()
  // Stripe answers a repeated Idempotency-Key with the first answer, errors included.
  const chargesByKey = new Map<string, {status: number; body: unknown}>()
  let failures: {count: number; status: number} = {count: 0, status: 500}
  let refusal: string | null = null

  function paymentMethodObject(id: string, card: StripeTestCard, customer: string | null): StoredPaymentMethod {
    const known = TEST_CARDS[card]
    return {
      answer: known.answer,
      object: {
        id,
        object: 'payment_method',
        billing_details: {address: null, email: null, name: null, phone: null},
        card: {brand: known.brand, country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit', last4: known.last4},
        created: 1_767_225_600,
        customer,
        livemode: false,
        metadata: {},
        type: 'card',
      },
    }
  }

  /** A PaymentMethod by id: one saved here, or one of Stripe's test card tokens (pm_card_visa, …). */
  function findPaymentMethod(id: string): StoredPaymentMethod | undefined {
    return paymentMethods.get(id) ?? (id in TEST_CARDS ? paymentMethodObject(id, id as StripeTestCard, null) : undefined)
  }

  /** GET with expand[]: the named ids replaced by their objects (one level, then payment_method inside). */
  function expanded(session: Record<string, unknown>, expand: string[]): Record<string, unknown> {
    const copy: Record<string, unknown> = {...session}
    for (const path of expand) {
      const [field, inner] = path.split('.')
      const store = field === 'payment_intent' ? intentObjects : field === 'setup_intent' ? setupIntents : null
      const id = copy[field]
      if (!store || typeof id !== 'string') continue
      const object = {...(store.get(id) ?? {})}
      if (inner === 'payment_method' && typeof object.payment_method === 'string') object.payment_method = findPaymentMethod(object.payment_method)?.object ?? object.payment_method
      copy[field] = object
    }
    return copy
  }

  function charge(form: URLSearchParams, idempotencyKey: string | null): {status: number; body: unknown} {
    const amount = Number(form.get('amount'))
    const paymentMethodId = form.get('payment_method') ?? ''
    const customer = form.get('customer')
    const method = findPaymentMethod(paymentMethodId)
    if (!method) {
      return {status: 400, body: {error: {code: 'resource_missing', message: `No such PaymentMethod: '${paymentMethodId}'`, param: 'payment_method', type: 'invalid_request_error'}}}
    }
    if (!(Number.isInteger(amount) && amount >= 50)) {
      return {status: 400, body: {error: {code: 'amount_too_small', message: 'Amount must be at least $0.50 usd', param: 'amount', type: 'invalid_request_error'}}}
    }
    const id = `pi_${hex(12)}`
    const status = method.answer === 'succeeded' ? 'succeeded' : 'requires_payment_method'
    const metadata = metadataOf(form)
    const lastError =
      method.answer === 'card_declined'
        ? {code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error'}
        : method.answer === 'authentication_required'
          ? {code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.', type: 'card_error'}
          : null
    const intent = {
      id,
      object: 'payment_intent',
      created: Math.floor(Date.now() / 1000),
      amount,
      amount_received: status === 'succeeded' ? amount : 0,
      currency: form.get('currency'),
      customer,
      description: form.get('description'),
      last_payment_error: lastError ? {...lastError, payment_method: method.object} : null,
      latest_charge: status === 'succeeded' ? `ch_${hex(12)}` : null,
      livemode: false,
      metadata,
      payment_method: status === 'succeeded' ? paymentMethodId : null,
      setup_future_usage: null,
      status,
    }
    intentObjects.set(id, intent)
    paymentIntents.push({id, amount, customer, paymentMethod: paymentMethodId, status, idempotencyKey, metadata})
    if (!lastError) return {status: 200, body: intent}
    // Stripe's off-session failure: 402 with the card error and the PaymentIntent it made.
    return {status: 402, body: {error: {...lastError, charge: `ch_${hex(12)}`, payment_intent: intent, payment_method: method.object}}}
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
      requests.push({method: req.method ?? '', path: url.pathname, idempotencyKey, form})
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_standin${requests.length}`,
          'Stripe-Version': String(req.headers['stripe-version'] ?? ''),
          ...headers,
        })
        res.end(JSON.stringify(body))
      }
      if (failures.count > 0) {
        failures = {...failures, count: failures.count - 1}
        const rateLimited = failures.status === 429
        return reply(
          failures.status,
          {error: rateLimited ? {code: 'rate_limit', message: 'Too many requests hit the API too quickly.', type: 'invalid_request_error'} : {message: 'Something went wrong on our end.', type: 'api_error'}},
          {'Stripe-Should-Retry': 'true'},
        )
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${hex(24)}`
        const session = checkoutSession(id, form)
        sessions.set(id, session)
        sessionForms.set(id, form)
        return reply(200, session)
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const earlier = idempotencyKey ? chargesByKey.get(idempotencyKey) : undefined
        const answer = earlier ?? charge(form, idempotencyKey)
        if (idempotencyKey && !earlier) chargesByKey.set(idempotencyKey, answer)
        return reply(answer.status, answer.body, earlier ? {'Idempotent-Replayed': 'true'} : {})
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined
        if (earlier) return reply(200, earlier)
        const paymentIntent = form.get('payment_intent') ?? ''
        const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent)
        const offSession = intentObjects.get(paymentIntent)
        const paidCents = session ? Number(session.amount_total) : offSession?.status === 'succeeded' ? Number(offSession.amount) : null
        const refused = (code: string, message: string, status = 400) =>
          reply(status, {error: {code, message, param: code === 'amount_too_large' ? 'amount' : 'payment_intent', type: 'invalid_request_error'}})
        if (paidCents === null) return refused('resource_missing', `No such payment_intent: '${paymentIntent}'`, 404)
        if (refusal) return reply(402, {error: {code: 'charge_disputed', message: refusal, type: 'card_error'}})
        const alreadyRefunded = refunds.filter((refund) => refund.paymentIntent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0)
        const amount = form.has('amount') ? Number(form.get('amount')) : paidCents - alreadyRefunded
        if (!(amount > 0) || amount > paidCents - alreadyRefunded) {
          return refused('amount_too_large', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`)
        }
        const metadata = metadataOf(form)
        const id = `re_${hex(12)}`
        refunds.push({id, paymentIntent, amount, idempotencyKey, metadata})
        const refund = {
          id,
          object: 'refund',
          amount,
          currency: session?.currency ?? offSession?.currency,
          created: 1_767_225_600,
          metadata,
          payment_intent: paymentIntent,
          reason: null,
          status: 'succeeded',
        }
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund)
        refundObjects.push(refund)
        return reply(200, refund)
      }
      const list = (data: unknown[]) => reply(200, {object: 'list', data, has_more: false, url: url.pathname})
      if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
        const customer = url.searchParams.get('customer')
        return list([...intentObjects.values()].filter((intent) => !customer || intent.customer === customer).reverse())
      }
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && intentMatch) {
        const intent = intentObjects.get(decodeURIComponent(intentMatch[1]))
        if (intent) return reply(200, intent)
        return reply(404, {error: {code: 'resource_missing', message: `No such payment_intent: '${decodeURIComponent(intentMatch[1])}'`, param: 'intent', type: 'invalid_request_error'}})
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const paymentIntent = url.searchParams.get('payment_intent')
        return list(refundObjects.filter((refund) => !paymentIntent || refund.payment_intent === paymentIntent).reverse())
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
      const session = req.method === 'GET' && match ? sessions.get(decodeURIComponent(match[1])) : undefined
      if (session) {
        const expand = [...url.searchParams].filter(([key]) => key === 'expand[]' || /^expand\[\d+\]$/.test(key)).map(([, value]) => value)
        return reply(200, expanded(session, expand))
      }
      reply(404, {
        error: {
          code: 'resource_missing',
          message: `No such checkout.session: '${match ? decodeURIComponent(match[1]) : url.pathname}'`,
          param: 'session',
          type: 'invalid_request_error',
        },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    sessions,
    refunds,
    paymentIntents,
    pay(sessionId, card = 'pm_card_visa') {
      const session = sessions.get(sessionId)
      const form = sessionForms.get(sessionId)
      if (!session || !form) throw new Error(`No session ${sessionId} on the Stripe stand-in`)
      if (session.mode === 'setup') {
        const customer = String(session.customer)
        const paymentMethod = `pm_${hex(12)}`
        paymentMethods.set(paymentMethod, paymentMethodObject(paymentMethod, card, customer))
        const setupIntent = `seti_${hex(12)}`
        setupIntents.set(setupIntent, {
          id: setupIntent,
          object: 'setup_intent',
          customer,
          metadata: metadataOf(form, 'setup_intent_data[metadata]'),
          payment_method: paymentMethod,
          status: 'succeeded',
          usage: 'off_session',
        })
        Object.assign(session, {status: 'complete', setup_intent: setupIntent})
        return paymentMethod
      }
      const saving = form.get('payment_intent_data[setup_future_usage]') === 'off_session'
      const customer = typeof session.customer === 'string' ? session.customer : saving || session.customer_creation === 'always' ? `cus_${hex(7)}` : null
      const paymentMethod = `pm_${hex(12)}`
      paymentMethods.set(paymentMethod, paymentMethodObject(paymentMethod, card, saving ? customer : null))
      const paymentIntent = `pi_${hex(12)}`
      intentObjects.set(paymentIntent, {
        id: paymentIntent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        customer,
        metadata: metadataOf(form, 'payment_intent_data[metadata]'),
        payment_method: paymentMethod,
        setup_future_usage: saving ? 'off_session' : null,
        status: 'succeeded',
      })
      Object.assign(session, {status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, customer})
      return saving ? paymentMethod : null
    },
    failNext(count, status) {
      failures = {count, status}
    },
    refuseRefunds(message) {
      refusal = message
    },
    paymentIntent(id) {
      const intent = intentObjects.get(id)
      return intent ? {...intent} : undefined
    },
    refundInDashboard(paymentIntent, amount) {
      const intent = intentObjects.get(paymentIntent)
      if (!intent) throw new Error(`No PaymentIntent ${paymentIntent} on the Stripe stand-in`)
      const id = `re_${hex(12)}`
      refunds.push({id, paymentIntent, amount, idempotencyKey: null, metadata: {}})
      const refund = {id, object: 'refund', amount, currency: intent.currency, created: Math.floor(Date.now() / 1000), metadata: {}, payment_intent: paymentIntent, reason: 'requested_by_customer', status: 'succeeded'}
      refundObjects.push(refund)
      return {...refund}
    },
    forgetIdempotencyKeys() {
      chargesByKey.clear()
      refundsByKey.clear()
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

/** The Stripe adapter with the real SDK, talking to the stand-in over plain HTTP and never retrying. */
export function stripeOnStandIn(api: {port: number}, keys: {secretKey: string; webhookSecret?: string}): StripePaymentProvider {
  return new StripePaymentProvider({...keys, host: '127.0.0.1', port: api.port, protocol: 'http', maxNetworkRetries: 0})
}
