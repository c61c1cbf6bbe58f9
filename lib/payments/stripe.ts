import 'server-only'

import Stripe from 'stripe'
import {
  assertValidCheckoutRequest,
  assertValidRefundRequest,
  CheckoutNotFoundError,
  InvalidWebhookSignatureError,
  PaymentConfigurationError,
  PaymentProviderError,
  type CardUpdateDetails,
  type CardUpdateSession,
  type CheckoutDetails,
  type OffSessionChargeResult,
  type CheckoutPaymentStatus,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutStatus,
  type PaymentEvent,
  type PaymentProvider,
  type Refund,
  type RefundRequest,
} from './provider'

/**
 * The Stripe adapter: hosted Checkout Sessions created on the server, confirmed by signed webhooks
 * and by retrieving the session. The only module that imports the Stripe SDK. No Stripe.js and no
 * publishable key: the browser is simply sent to the session's URL.
 */

export interface StripeProviderOptions {
  /** STRIPE_SECRET_KEY: `sk_live_…`, `sk_test_…` or a restricted `rk_…` key. */
  secretKey: string
  /** STRIPE_WEBHOOK_SECRET: `whsec_…`. Without it `parseWebhook` throws `PaymentConfigurationError`. */
  webhookSecret?: string
  /** API host, port and protocol, for tests or an egress proxy (STRIPE_API_HOST/PORT/PROTOCOL). */
  host?: string
  port?: number
  protocol?: 'http' | 'https'
  /** Automatic retries of failed requests (network errors, 409, 5xx); default 2. */
  maxNetworkRetries?: number
  /** Request timeout in ms; the SDK's default is 80 s. */
  timeout?: number
}

/** Stripe checkout session ids: `cs_test_…` / `cs_live_…`. Anything else is never sent to the API. */
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/

export class StripePaymentProvider implements PaymentProvider {
  // Transitional (issue 24 foundation): the saved-card methods arrive with the payments branch.
  async chargeSavedCard(): Promise<OffSessionChargeResult> {
    throw new PaymentConfigurationError('Saved cards are not available yet')
  }
  async createCardUpdate(): Promise<CardUpdateSession> {
    throw new PaymentConfigurationError('Saved cards are not available yet')
  }
  async retrieveCardUpdate(): Promise<CardUpdateDetails> {
    throw new PaymentConfigurationError('Saved cards are not available yet')
  }

  readonly name = 'stripe' as const
  private readonly stripe: Stripe
  private readonly webhookSecret: string | undefined

  constructor(options: StripeProviderOptions) {
    if (!options.secretKey) throw new PaymentConfigurationError('STRIPE_SECRET_KEY is empty')
    this.webhookSecret = options.webhookSecret || undefined
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      ...(options.host ? {host: options.host} : {}),
      ...(options.port ? {port: options.port} : {}),
      ...(options.protocol ? {protocol: options.protocol} : {}),
      ...(options.timeout ? {timeout: options.timeout} : {}),
    })
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    assertValidCheckoutRequest(request)
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.amountCents,
            product_data: {name: request.description},
          },
        },
      ],
      customer_email: request.customerEmail,
      client_reference_id: request.bookingId,
      metadata: {bookingId: request.bookingId},
      payment_intent_data: {metadata: {bookingId: request.bookingId}},
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.expiresAt ? {expires_at: Math.floor(request.expiresAt.getTime() / 1000)} : {}),
    }
    let session: Stripe.Checkout.Session
    try {
      session = await this.stripe.checkout.sessions.create(params, {idempotencyKey: request.idempotencyKey})
    } catch (error) {
      throw toProviderError(error)
    }
    if (!session.url) {
      throw new PaymentProviderError('stripe', `Stripe returned checkout session ${session.id} without a URL`)
    }
    return {id: session.id, url: session.url}
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutDetails> {
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) {
      throw new CheckoutNotFoundError('stripe', String(sessionId))
    }
    let session: Stripe.Checkout.Session
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')) {
        throw new CheckoutNotFoundError('stripe', sessionId, {cause: error, requestId: error.requestId})
      }
      throw toProviderError(error)
    }
    return checkoutDetails(session)
  }

  async parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    if (!this.webhookSecret) {
      throw new PaymentConfigurationError(
        'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified. Set it to the endpoint\'s signing secret (whsec_…).',
      )
    }
    if (!signatureHeader) throw new InvalidWebhookSignatureError('Missing Stripe-Signature header')
    let event: Stripe.Event
    try {
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signatureHeader, this.webhookSecret)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new InvalidWebhookSignatureError(error.message, {cause: error})
      }
      // A correctly signed body that is not an event (not JSON): nothing Stripe would send.
      throw new InvalidWebhookSignatureError('Webhook body is not a valid Stripe event', {cause: error})
    }
    // Signed JSON that is not an event (null, an array, no data.object): refused like a body that is not JSON.
    if (typeof event?.data?.object !== 'object' || event.data.object === null) throw new InvalidWebhookSignatureError('Webhook body is not a valid Stripe event')
    return paymentEventFromStripeEvent(event)
  }

  /**
   * A refund of the payment a checkout collected: the session's PaymentIntent, refunded with
   * `refunds.create` and the request's idempotency key (Stripe answers the same refund for the same
   * key, so a retried or repeated call never refunds twice).
   */
  async refund(request: RefundRequest): Promise<Refund> {
    assertValidRefundRequest(request)
    if (!SESSION_ID.test(request.sessionId)) throw new CheckoutNotFoundError('stripe', request.sessionId)
    let paymentIntent: string | null
    try {
      const session = await this.stripe.checkout.sessions.retrieve(request.sessionId)
      paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')) {
        throw new CheckoutNotFoundError('stripe', request.sessionId, {cause: error, requestId: error.requestId})
      }
      throw toProviderError(error)
    }
    if (!paymentIntent) throw new PaymentProviderError('stripe', `Checkout session ${request.sessionId} has no payment to refund`, {code: 'no_payment'})
    let refund: Stripe.Refund
    try {
      refund = await this.stripe.refunds.create(
        {payment_intent: paymentIntent, amount: request.amountCents, metadata: {bookingId: request.bookingId}},
        {idempotencyKey: request.idempotencyKey},
      )
    } catch (error) {
      throw toProviderError(error)
    }
    // A refund Stripe already knows failed or was cancelled gave nothing back.
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new PaymentProviderError('stripe', `Stripe refund ${refund.id} ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}`, {code: refund.status})
    }
    return {id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending'}
  }
}

/** Builds the adapter from STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_HOST/PORT/PROTOCOL. */
export function stripeProviderFromEnv(env: Record<string, string | undefined> = process.env): StripePaymentProvider {
  const secretKey = env.STRIPE_SECRET_KEY?.trim()
  if (!secretKey) throw new PaymentConfigurationError('STRIPE_SECRET_KEY is not set')
  const protocol = env.STRIPE_API_PROTOCOL?.trim() || undefined
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') {
    throw new PaymentConfigurationError(`STRIPE_API_PROTOCOL must be 'http' or 'https', got ${JSON.stringify(protocol)}`)
  }
  const portText = env.STRIPE_API_PORT?.trim() || undefined
  const port = portText === undefined ? undefined : Number(portText)
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new PaymentConfigurationError(`STRIPE_API_PORT must be a TCP port, got ${JSON.stringify(portText)}`)
  }
  return new StripePaymentProvider({
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    host: env.STRIPE_API_HOST?.trim() || undefined,
    port,
    protocol,
  })
}

/** The issue's mapping of Stripe events to payment events (exported for tests). */
export function paymentEventFromStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = {eventId: event.id, eventType: event.type}
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // Card payments are paid on completion; delayed methods (bank debits) complete 'unpaid' and
      // are settled by checkout.session.async_payment_succeeded or _failed.
      return {...base, ...sessionFields(session), kind: session.payment_status === 'paid' ? 'paid' : 'ignored'}
    }
    case 'checkout.session.async_payment_succeeded':
      return {...base, ...sessionFields(event.data.object), kind: 'paid'}
    case 'checkout.session.async_payment_failed':
      return {...base, ...sessionFields(event.data.object), kind: 'failed'}
    case 'checkout.session.expired':
      return {...base, ...sessionFields(event.data.object), kind: 'expired'}
    default:
      return {...base, kind: 'ignored'}
  }
}

function sessionFields(session: Stripe.Checkout.Session): Pick<
  PaymentEvent,
  'sessionId' | 'bookingId' | 'amountTotalCents' | 'currency'
> {
  const bookingId = bookingIdOf(session)
  return {
    sessionId: session.id,
    ...(bookingId ? {bookingId} : {}),
    amountTotalCents: session.amount_total ?? null,
    currency: session.currency ?? null,
  }
}

function bookingIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.bookingId || session.client_reference_id || null
}

function checkoutDetails(session: Stripe.Checkout.Session): CheckoutDetails {
  return {
    id: session.id,
    bookingId: bookingIdOf(session),
    paymentStatus: knownPaymentStatus(session.payment_status),
    status: knownStatus(session.status),
    amountTotalCents: session.amount_total ?? null,
    currency: session.currency ?? null,
  }
}

/** A status this code does not know is never taken for 'paid'. */
function knownPaymentStatus(value: string): CheckoutPaymentStatus {
  return value === 'paid' || value === 'no_payment_required' ? value : 'unpaid'
}

function knownStatus(value: string | null): CheckoutStatus {
  return value === 'complete' || value === 'expired' ? value : 'open'
}

function toProviderError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError('stripe', error.message, {
      statusCode: error.statusCode,
      code: error.code,
      requestId: error.requestId,
      cause: error,
    })
  }
  return error instanceof Error ? error : new Error(String(error))
}
