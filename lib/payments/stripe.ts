import 'server-only'

import Stripe from 'stripe'
import {
  assertValidCheckoutRequest,
  assertValidCardUpdateRequest,
  assertValidOffSessionCharge,
  assertValidRefundRequest,
  CheckoutNotFoundError,
  InvalidWebhookSignatureError,
  PaymentConfigurationError,
  PaymentProviderError,
  type CardUpdateDetails,
  type CardUpdateRequest,
  type CardUpdateSession,
  type CheckoutDetails,
  type OffSessionChargeRequest,
  type OffSessionChargeResult,
  type SavedCard,
  type CheckoutPaymentStatus,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutStatus,
  type OffSessionChargeLookup,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderDispute,
  type ProviderRefund,
  type Refund,
  type RefundLookup,
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

/** Stripe PaymentIntent ids (a plan visit charged off-session is refunded through its PaymentIntent). */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,250}$/

/** What a saved card's session is read with: the card's brand and last four, in the same request. */
const PAYMENT_CARD_EXPAND = ['payment_intent.payment_method']
const SETUP_CARD_EXPAND = ['setup_intent.payment_method']

export class StripePaymentProvider implements PaymentProvider {
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
      payment_intent_data: {
        metadata: {bookingId: request.bookingId},
        // The first visit of a plan: the card is kept on a new Customer for the later visits, charged off-session.
        ...(request.saveCard ? {setup_future_usage: 'off_session' as const} : {}),
      },
      ...(request.saveCard ? {customer_creation: 'always' as const} : {}),
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
      session = await this.stripe.checkout.sessions.retrieve(sessionId, {expand: PAYMENT_CARD_EXPAND})
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')) {
        throw new CheckoutNotFoundError('stripe', sessionId, {cause: error, requestId: error.requestId})
      }
      throw toProviderError(error)
    }
    return checkoutDetails(session)
  }

  /**
   * A plan's later visit charged to its saved card with the customer away: a PaymentIntent created
   * and confirmed at once (`off_session: true, confirm: true`) with the charge's idempotency key, so
   * the SDK's retries (network errors, 409, 429, 5xx) and any later repeat answer the same payment.
   * Card errors (`card_declined`, `expired_card`, …) are 'declined'; `authentication_required` (the
   * bank wants the customer present) is its own outcome, with the PaymentIntent Stripe made.
   */
  async chargeSavedCard(request: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    assertValidOffSessionCharge(request)
    // The key is kept in the payment's metadata: found again by it after Stripe has forgotten the key itself.
    const metadata: Record<string, string> = {planId: request.planId, ...(request.bookingId ? {bookingId: request.bookingId} : {}), chargeKey: request.idempotencyKey}
    let intent: Stripe.PaymentIntent
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer: request.card.customerId,
          payment_method: request.card.paymentMethodId,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata,
        },
        {idempotencyKey: request.idempotencyKey},
      )
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const paymentId = error.payment_intent?.id ?? null
        const outcome = error.code === 'authentication_required' || error.decline_code === 'authentication_required' ? 'authentication_required' : 'declined'
        return {outcome, paymentId, code: error.decline_code || error.code || null, message: error.message}
      }
      throw toProviderError(error)
    }
    if (intent.status === 'succeeded') return {outcome: 'succeeded', paymentId: intent.id, amountCents: intent.amount_received || intent.amount}
    // Confirmed off-session, a card that needs the customer ends in requires_action (no error when
    // error_on_requires_action is not set); anything else took nothing either.
    if (intent.status === 'requires_action') {
      return {outcome: 'authentication_required', paymentId: intent.id, code: 'authentication_required', message: 'The bank asks the customer to confirm this payment'}
    }
    if (intent.status === 'processing') {
      // Cards settle at once; a processing PaymentIntent is not known to have failed: ask again later (same key, same payment).
      throw new PaymentProviderError('stripe', `Stripe PaymentIntent ${intent.id} is still processing`, {code: 'processing'})
    }
    const lastError = intent.last_payment_error
    return {outcome: 'declined', paymentId: intent.id, code: lastError?.decline_code || lastError?.code || intent.status, message: lastError?.message || `Stripe PaymentIntent ${intent.id} is ${intent.status}`}
  }

  /**
   * The customer gives the plan a new card: a Checkout Session in setup mode for the plan's
   * Customer (currency usd, as setup mode asks with dynamic payment methods), `metadata.planId` on
   * the session and its SetupIntent.
   */
  async createCardUpdate(request: CardUpdateRequest): Promise<CardUpdateSession> {
    assertValidCardUpdateRequest(request)
    let session: Stripe.Checkout.Session
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'usd',
          customer: request.customerId,
          metadata: {planId: request.planId},
          setup_intent_data: {metadata: {planId: request.planId}},
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        {idempotencyKey: request.idempotencyKey},
      )
    } catch (error) {
      throw toProviderError(error)
    }
    if (!session.url) throw new PaymentProviderError('stripe', `Stripe returned checkout session ${session.id} without a URL`)
    return {id: session.id, url: session.url}
  }

  async retrieveCardUpdate(sessionId: string): Promise<CardUpdateDetails> {
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) throw new CheckoutNotFoundError('stripe', String(sessionId))
    let session: Stripe.Checkout.Session
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, {expand: SETUP_CARD_EXPAND})
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')) {
        throw new CheckoutNotFoundError('stripe', sessionId, {cause: error, requestId: error.requestId})
      }
      throw toProviderError(error)
    }
    // A payment session is no card update, whatever its metadata.
    if (session.mode !== 'setup') throw new CheckoutNotFoundError('stripe', sessionId)
    const setupIntent = typeof session.setup_intent === 'object' ? session.setup_intent : null
    const succeeded = session.status === 'complete' && setupIntent?.status === 'succeeded'
    return {
      id: session.id,
      planId: session.metadata?.planId || null,
      status: knownStatus(session.status),
      savedCard: succeeded ? savedCardOf(idOf(session.customer) ?? idOf(setupIntent?.customer ?? null), setupIntent?.payment_method ?? null) : null,
    }
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
    return this.completed(paymentEventFromStripeEvent(event), event)
  }

  /**
   * A refund of the payment a checkout collected: the session's PaymentIntent, refunded with
   * `refunds.create` and the request's idempotency key (Stripe answers the same refund for the same
   * key, so a retried or repeated call never refunds twice).
   */
  async refund(request: RefundRequest): Promise<Refund> {
    assertValidRefundRequest(request)
    const paymentIntent = await this.paymentIntentOf(request.sessionId)
    let refund: Stripe.Refund
    try {
      // The key is kept in the refund's metadata: the webhook tells the office's own refunds from
      // others by it, and a retry finds the refund by it after Stripe has forgotten the key itself.
      refund = await this.stripe.refunds.create(
        {payment_intent: paymentIntent, amount: request.amountCents, metadata: {bookingId: request.bookingId, refundKey: request.idempotencyKey}},
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

  /** The PaymentIntent a refund is made on: the checkout session's, or the id itself for a plan visit charged off-session. */
  private async paymentIntentOf(sessionId: string): Promise<string> {
    if (PAYMENT_INTENT_ID.test(sessionId)) return sessionId
    if (!SESSION_ID.test(sessionId)) throw new CheckoutNotFoundError('stripe', sessionId)
    let paymentIntent: string | null
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId)
      paymentIntent = idOf(session.payment_intent)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')) {
        throw new CheckoutNotFoundError('stripe', sessionId, {cause: error, requestId: error.requestId})
      }
      throw toProviderError(error)
    }
    if (!paymentIntent) throw new PaymentProviderError('stripe', `Checkout session ${sessionId} has no payment to refund`, {code: 'no_payment'})
    return paymentIntent
  }

  /**
   * The PaymentIntent made under the charge's key, found among the customer's PaymentIntents by
   * `metadata.chargeKey` (a list, read at once, unlike the search API which lags behind); one made
   * before keys were sent is recognised by its visit and card. Stripe keeps idempotency keys at
   * least 24 hours only, so this, not the key, says whether a charge exists.
   */
  async findOffSessionCharge(lookup: OffSessionChargeLookup): Promise<OffSessionChargeResult | null> {
    try {
      let seen = 0
      for await (const intent of this.stripe.paymentIntents.list({customer: lookup.card.customerId, limit: 100})) {
        const key = intent.metadata?.chargeKey
        const same = key ? key === lookup.idempotencyKey : lookup.bookingId !== null && intent.metadata?.bookingId === lookup.bookingId && paymentMethodOf(intent) === lookup.card.paymentMethodId
        if (same) {
          const result = offSessionResultOf(intent)
          if (result) return result
        }
        // A plan's customer has a few payments a month: this bound is years of them.
        if (++seen >= 1000) break
      }
    } catch (error) {
      throw toProviderError(error)
    }
    return null
  }

  /** The refund of the payment made under the office's key (`metadata.refundKey`), listed at Stripe; a failed or cancelled one is none. */
  async findRefund(lookup: RefundLookup): Promise<Refund | null> {
    const paymentIntent = await this.paymentIntentOf(lookup.sessionId)
    try {
      for await (const refund of this.stripe.refunds.list({payment_intent: paymentIntent, limit: 100})) {
        if (refund.metadata?.refundKey !== lookup.idempotencyKey) continue
        if (refund.status === 'failed' || refund.status === 'canceled') continue
        return {id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending'}
      }
    } catch (error) {
      throw toProviderError(error)
    }
    return null
  }

  /**
   * What a verified event needs from Stripe besides its own object: a refunded charge's refunds
   * (a charge's `refunds` is not sent in events of current API versions) and a disputed payment's
   * booking (a dispute carries no metadata of its payment). Unreachable: throws, and the webhook
   * answers 500 so Stripe sends the event again.
   */
  private async completed(event: PaymentEvent, stripeEvent: Stripe.Event): Promise<PaymentEvent> {
    try {
      if (event.kind === 'refunded' && stripeEvent.type === 'charge.refunded') {
        const charge = stripeEvent.data.object
        const paymentIntent = idOf(charge.payment_intent)
        const params: Stripe.RefundListParams = paymentIntent ? {payment_intent: paymentIntent, limit: 100} : {charge: charge.id, limit: 100}
        const refunds: ProviderRefund[] = []
        for await (const refund of this.stripe.refunds.list(params)) {
          refunds.push(providerRefundOf(refund, paymentIntent, charge.metadata?.bookingId || null))
          if (refunds.length >= 1000) break
        }
        return {...event, refunds}
      }
      if (event.kind === 'disputed' && event.dispute?.paymentId && !event.dispute.bookingId) {
        let bookingId: string | null = null
        try {
          const intent = await this.stripe.paymentIntents.retrieve(event.dispute.paymentId)
          bookingId = intent.metadata?.bookingId || null
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing'))) throw error
        }
        return {...event, dispute: {...event.dispute, bookingId}}
      }
    } catch (error) {
      throw toProviderError(error)
    }
    return event
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

/** The mapping of Stripe events to payment events (exported for tests). */
export function paymentEventFromStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = {eventId: event.id, eventType: event.type}
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // A card update (setup mode) saved the plan's new card: the handler reads the card from the session.
      if (session.mode === 'setup') {
        const planId = session.metadata?.planId
        return planId ? {...base, kind: 'card_saved', sessionId: session.id, planId} : {...base, kind: 'ignored'}
      }
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
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const planCharge = reportedPlanCharge(event.data.object)
      return planCharge ? {...base, kind: 'plan_charge', bookingId: planCharge.bookingId, planCharge} : {...base, kind: 'ignored'}
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const bookingId = charge.metadata?.bookingId
      // The refunds themselves are listed by `parseWebhook` (current API versions leave them out of the charge).
      return {...base, kind: 'refunded', ...(bookingId ? {bookingId} : {}), refunds: (charge.refunds?.data ?? []).map((refund) => providerRefundOf(refund, idOf(charge.payment_intent), bookingId || null))}
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object
      const reported: ProviderDispute = {
        id: dispute.id,
        paymentId: idOf(dispute.payment_intent),
        bookingId: null,
        amountCents: dispute.amount,
        currency: dispute.currency ?? null,
        reason: dispute.reason ?? null,
        status: dispute.status,
        createdAt: typeof dispute.created === 'number' ? new Date(dispute.created * 1000).toISOString() : null,
      }
      return {...base, kind: 'disputed', dispute: reported}
    }
    default:
      return {...base, kind: 'ignored'}
  }
}

/**
 * A plan's off-session charge (metadata `planId` and `bookingId`, as `chargeSavedCard` sends them):
 * its outcome as `chargeSavedCard` would have answered. A checkout's payment or an early
 * cancellation's difference (no visit) is no plan visit's charge: null.
 */
function reportedPlanCharge(intent: Stripe.PaymentIntent): PaymentEvent['planCharge'] | null {
  const planId = intent.metadata?.planId
  const bookingId = intent.metadata?.bookingId
  if (!planId || !bookingId) return null
  let result: OffSessionChargeResult | null
  try {
    result = offSessionResultOf(intent)
  } catch {
    // Still processing: its outcome comes in a later event.
    return null
  }
  if (!result) return null
  return {
    outcome: result.outcome,
    paymentId: intent.id,
    bookingId,
    planId,
    idempotencyKey: intent.metadata?.chargeKey || null,
    amountCents: result.outcome === 'succeeded' ? result.amountCents : intent.amount,
    code: result.outcome === 'succeeded' ? null : result.code,
    message: result.outcome === 'succeeded' ? null : result.message,
  }
}

/**
 * A PaymentIntent's outcome as an off-session charge: succeeded; declined (a card error left it
 * waiting for another payment method); authentication_required (the bank wants the customer).
 * Null for one that took nothing and failed nothing (cancelled, or never confirmed): no charge.
 * Processing: not known yet, asked again later.
 */
function offSessionResultOf(intent: Stripe.PaymentIntent): OffSessionChargeResult | null {
  if (intent.status === 'succeeded') return {outcome: 'succeeded', paymentId: intent.id, amountCents: intent.amount_received || intent.amount}
  const lastError = intent.last_payment_error
  const code = lastError?.decline_code || lastError?.code || null
  if (intent.status === 'requires_action' || code === 'authentication_required') {
    return {outcome: 'authentication_required', paymentId: intent.id, code: 'authentication_required', message: lastError?.message || 'The bank asks the customer to confirm this payment'}
  }
  if (intent.status === 'processing') throw new PaymentProviderError('stripe', `Stripe PaymentIntent ${intent.id} is still processing`, {code: 'processing'})
  if (intent.status === 'requires_payment_method' && lastError) return {outcome: 'declined', paymentId: intent.id, code, message: lastError.message || `Stripe PaymentIntent ${intent.id} was declined`}
  return null
}

function paymentMethodOf(intent: Stripe.PaymentIntent): string | null {
  return idOf(intent.payment_method) ?? idOf(intent.last_payment_error?.payment_method ?? null)
}

function providerRefundOf(refund: Stripe.Refund, paymentIntent: string | null, bookingId: string | null): ProviderRefund {
  return {
    id: refund.id,
    paymentId: idOf(refund.payment_intent) ?? paymentIntent,
    amountCents: refund.amount,
    status: refund.status ?? 'pending',
    idempotencyKey: refund.metadata?.refundKey || null,
    bookingId: refund.metadata?.bookingId || bookingId,
    reason: refund.reason ?? null,
    createdAt: typeof refund.created === 'number' ? new Date(refund.created * 1000).toISOString() : null,
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
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
  // Kept for later visits only when the session asked for it and the customer paid.
  const saving = intent?.setup_future_usage === 'off_session' && session.payment_status === 'paid'
  return {
    // Only a checkout that saves the card says anything of one.
    ...(saving ? {savedCard: savedCardOf(idOf(session.customer) ?? idOf(intent?.customer ?? null), intent?.payment_method ?? null)} : {}),
    id: session.id,
    bookingId: bookingIdOf(session),
    paymentStatus: knownPaymentStatus(session.payment_status),
    status: knownStatus(session.status),
    amountTotalCents: session.amount_total ?? null,
    currency: session.currency ?? null,
  }
}

function idOf(value: string | {id: string} | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/** The card as the plan keeps it: Stripe's customer and payment method, and 'Visa ending 4242' for people. */
function savedCardOf(customerId: string | null, paymentMethod: string | Stripe.PaymentMethod | null): SavedCard | null {
  const paymentMethodId = idOf(paymentMethod)
  if (!customerId || !paymentMethodId) return null
  const card = typeof paymentMethod === 'object' ? paymentMethod?.card : null
  return {customerId, paymentMethodId, label: card ? cardLabel(card.brand, card.last4) : null}
}

const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
}

/** 'Visa ending 4242'; 'Card ending 4242' for a brand Stripe calls 'unknown'. */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string | null {
  if (!last4) return null
  return `${CARD_BRANDS[brand ?? ''] ?? 'Card'} ending ${last4}`
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
