/**
 * The payment layer in business words. The booking route creates a checkout for a stored booking,
 * the success page and the test checkout confirm it, the webhook route turns a provider's signed
 * notification into a `PaymentEvent`. Which provider runs (Stripe or the local test checkout) is
 * decided in `lib/payments/index.ts` and nowhere else.
 *
 * Plain TypeScript: no SDK, no React, no Node APIs. Safe to import from any server module.
 */

export type PaymentProviderName = 'stripe' | 'test-checkout'

/** The only currency the business charges in. */
export type PaymentCurrency = 'usd'

/** The card provider's minimum charge (Stripe: $0.50 in USD): the server refuses smaller totals with a clear message. */
export const MIN_CHARGE_CENTS = 50

/**
 * The literal placeholder Stripe replaces with the session id when it redirects to the success URL.
 * It must stay literal (not %7B…%7D), so build URLs with `checkoutReturnUrls`, not `URLSearchParams`.
 */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

export interface CheckoutRequest {
  /** The stored booking's id (a UUID); sent as `metadata.bookingId` and `client_reference_id`. */
  bookingId: string
  /** The server's price in integer cents; at least `MIN_CHARGE_CENTS`. */
  amountCents: number
  currency: PaymentCurrency
  /** The line item's name, naming the service: 'House Cleaning — Deep Cleaning'. */
  description: string
  customerEmail: string
  /** Absolute URL containing the literal `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string
  /** Absolute URL the customer returns to when they cancel. */
  cancelUrl: string
  /** Same key, same checkout: a repeated submission gets the session the first one created. */
  idempotencyKey: string
  /**
   * When the checkout stops taking payment: the end of the place the booking holds in its arrival
   * window (Stripe's `expires_at`, at least 30 minutes ahead). Unset: the provider's default.
   */
  expiresAt?: Date
  /**
   * The first visit of a recurring plan: keep the card for the plan's later visits (Stripe: a
   * Customer and `payment_intent_data.setup_future_usage: 'off_session'`; the test checkout keeps a
   * test card and says so). The provider then reports it as `CheckoutDetails.savedCard`.
   */
  saveCard?: boolean
}

/** A card kept with the provider for a plan's later visits. */
export interface SavedCard {
  /** The provider's customer (Stripe: cus_…; the test checkout: test_cus_…). */
  customerId: string
  /** The card itself (Stripe: pm_…; the test checkout: test_pm_…). */
  paymentMethodId: string
  /** For people: 'Visa ending 4242'; null when the provider does not say. */
  label: string | null
}

/** A later visit (or an early cancellation's difference) charged to the saved card, the customer away. */
export interface OffSessionChargeRequest {
  card: Pick<SavedCard, 'customerId' | 'paymentMethodId'>
  amountCents: number
  currency: PaymentCurrency
  /** The statement's line: 'House Cleaning – Regular Cleaning, Weekly (visit 3)'. */
  description: string
  /** One per charge meant (the visit and the card's generation): the same key again is the same charge, never a second one. */
  idempotencyKey: string
  /** Recorded with the payment at the provider (metadata). */
  bookingId: string | null
  planId: string
}

/**
 * What an off-session charge did. 'declined' (Stripe: `card_declined` and other card errors) and
 * 'authentication_required' (the bank wants the customer present) both take nothing: the customer
 * is asked for a new card. A provider that cannot be reached throws `PaymentProviderError` instead
 * (nothing is known to be charged: try again later with the same key).
 */
export type OffSessionChargeResult =
  | {outcome: 'succeeded'; paymentId: string; amountCents: number}
  | {outcome: 'declined' | 'authentication_required'; paymentId: string | null; code: string | null; message: string}

/** The customer replaces the plan's card: a checkout that only saves a card (Stripe Checkout in setup mode). */
export interface CardUpdateRequest {
  planId: string
  /** The plan's provider customer (the new card is saved to it). */
  customerId: string
  customerEmail: string
  /** Absolute URL containing the literal `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string
  cancelUrl: string
  idempotencyKey: string
}

/** A card-update checkout as the provider reports it now. */
export interface CardUpdateDetails {
  id: string
  /** From `metadata.planId`; null if the session has none. */
  planId: string | null
  status: CheckoutStatus
  /** The card saved, once complete. */
  savedCard: SavedCard | null
}

export interface CheckoutSession {
  id: string
  /** Where the browser goes to pay: Stripe's hosted page, or `/checkout/test/<id>`. */
  url: string
}

export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required'
export type CheckoutStatus = 'open' | 'complete' | 'expired'

/** A checkout as the provider reports it now (used by the success page to confirm a payment). */
export interface CheckoutDetails {
  id: string
  /** From `metadata.bookingId` (else `client_reference_id`); null if the session has neither. */
  bookingId: string | null
  paymentStatus: CheckoutPaymentStatus
  status: CheckoutStatus
  amountTotalCents: number | null
  /** Lower-case ISO code ('usd'), null if the provider does not say. */
  currency: string | null
  /** The card kept for later visits (a checkout made with `saveCard`), once paid; null otherwise. */
  savedCard?: SavedCard | null
}

export type PaymentEventKind = 'paid' | 'expired' | 'failed' | 'card_saved' | 'plan_charge' | 'refunded' | 'disputed' | 'ignored'

/** An off-session plan charge as the provider reported it (Stripe: payment_intent.succeeded / payment_failed). */
export interface ReportedPlanCharge {
  outcome: OffSessionChargeResult['outcome']
  /** The provider's payment (Stripe: pi_…). */
  paymentId: string
  /** The visit charged and its plan (the payment's metadata). */
  bookingId: string
  planId: string
  /** The charge's idempotency key (metadata.chargeKey); null for a payment made before keys were sent. */
  idempotencyKey: string | null
  amountCents: number
  code: string | null
  message: string | null
}

/** A refund as the provider holds it. */
export interface ProviderRefund {
  /** The provider's refund id (Stripe's re_…). */
  id: string
  /** The payment refunded (Stripe: pi_…), when the provider says. */
  paymentId: string | null
  amountCents: number
  /** 'succeeded', 'pending' (counted: the money is on its way back), 'failed', 'canceled' (not counted). */
  status: string
  /** The key the office refunded under (metadata.refundKey); null for one made elsewhere (the provider's dashboard). */
  idempotencyKey: string | null
  /** The booking, from the refund's or the payment's metadata. */
  bookingId: string | null
  /** The provider's reason ('requested_by_customer', 'duplicate', 'fraudulent'), if one was given. */
  reason: string | null
  /** ISO 8601, when the provider made it. */
  createdAt: string | null
}

/** A dispute (chargeback) of a payment, as the provider reports it. */
export interface ProviderDispute {
  /** The provider's dispute id (Stripe's dp_…). */
  id: string
  paymentId: string | null
  /** The booking, from the disputed payment's metadata. */
  bookingId: string | null
  amountCents: number
  currency: string | null
  /** The provider's reason code ('fraudulent', 'product_not_received', …). */
  reason: string | null
  /** The provider's status ('needs_response', 'under_review', 'won', 'lost', …). */
  status: string
  createdAt: string | null
}

/** What identifies an off-session charge at the provider: its key (in its metadata), the card it was made to, the visit. */
export interface OffSessionChargeLookup {
  idempotencyKey: string
  card: Pick<SavedCard, 'customerId' | 'paymentMethodId'>
  bookingId: string | null
}

/** What identifies a refund at the provider: the payment refunded and the key (in its metadata). */
export interface RefundLookup {
  sessionId: string
  idempotencyKey: string
}

/**
 * A verified provider notification, reduced to what the booking needs.
 * - `paid`: the money is collected (checkout completed with payment_status paid, or an async
 *   payment succeeded).
 * - `expired`: the checkout expired unpaid. `failed`: an async payment (e.g. bank debit) failed.
 * - `card_saved`: a card update (setup mode) completed: `planId` and `sessionId` say whose; the
 *   card is read with `retrieveCardUpdate(sessionId)` (lib/booking/plans/card.ts records it).
 * - `ignored`: anything else, including a completed checkout still waiting for an async payment.
 * The handler must answer 2xx for every kind; only a bad signature is refused.
 */
export interface PaymentEvent {
  kind: PaymentEventKind
  /** The checkout session the event is about (checkout events only). */
  sessionId?: string
  /** The booking the session was created for (checkout events whose session carries one). */
  bookingId?: string
  /** The plan a card update was made for (`card_saved` only). */
  planId?: string
  /** Amount and currency of the session, for checkout events; compare with the booking's cents. */
  amountTotalCents?: number | null
  currency?: string | null
  /** `plan_charge`: an off-session plan charge that succeeded or failed (the charge job may not have recorded it). */
  planCharge?: ReportedPlanCharge
  /** `refunded`: every refund of the payment, as the provider holds them now (made by the office or elsewhere). */
  refunds?: ProviderRefund[]
  /** `disputed`: a dispute opened, updated or closed. */
  dispute?: ProviderDispute
  /** The provider's event id (Stripe's `evt_…`), for logs and de-duplication. */
  eventId: string
  /** The provider's event type, e.g. 'checkout.session.completed'. */
  eventType: string
}

export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Creates (or, for a repeated idempotency key, returns) the checkout for a booking. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /**
   * The checkout's current state. Throws `CheckoutNotFoundError` for an unknown or malformed id,
   * `PaymentProviderError` when the provider cannot be reached or refuses.
   */
  retrieveCheckout(sessionId: string): Promise<CheckoutDetails>
  /**
   * Verifies and maps a webhook. `rawBody` is the request body exactly as received (read it with
   * `await request.text()`, never re-serialised JSON). Throws `InvalidWebhookSignatureError` for a
   * missing or bad signature (answer 400, change nothing), `PaymentConfigurationError` when no
   * webhook secret is configured (answer 500 so the provider retries).
   */
  parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>
  /**
   * Gives back `amountCents` (a part or all) of what a checkout collected. The same
   * `idempotencyKey` again answers the refund made the first time, never a second one. Throws
   * `PaymentProviderError` when the provider refuses (nothing was refunded) or cannot be reached.
   */
  refund(request: RefundRequest): Promise<Refund>
  /** Charges a saved card with the customer away (a plan's later visit, an early cancellation's difference). */
  chargeSavedCard(request: OffSessionChargeRequest): Promise<OffSessionChargeResult>
  /**
   * The off-session charge the provider made under `idempotencyKey` (found by the key recorded in
   * its metadata, not by the key itself), or null when it has none. Asked before a charge is sent
   * again: the provider keeps an idempotency key only for a while (Stripe: at least 24 hours), so a
   * repeat sent later could charge a second time. Throws `PaymentProviderError` when it cannot be asked.
   */
  findOffSessionCharge(lookup: OffSessionChargeLookup): Promise<OffSessionChargeResult | null>
  /**
   * The refund of the payment `sessionId` collected made under `idempotencyKey` (by the key in its
   * metadata), or null when there is none (or it failed): asked before a refund is sent again, as above.
   */
  findRefund(lookup: RefundLookup): Promise<Refund | null>
  /** A checkout that saves a new card for a plan (Stripe Checkout in setup mode; the test checkout likewise). */
  createCardUpdate(request: CardUpdateRequest): Promise<CardUpdateSession>
  /** The card-update checkout's state; throws `CheckoutNotFoundError` for an unknown id. */
  retrieveCardUpdate(sessionId: string): Promise<CardUpdateDetails>
}

/** Where the customer goes to save a new card. */
export type CardUpdateSession = {id: string; url: string}

/** A refund the office asks for: of the payment taken by one checkout. */
export interface RefundRequest {
  /**
   * The checkout session that collected the money (the booking's `paymentSessionId`), or, for a plan
   * visit charged off-session, that payment (Stripe: pi_…).
   */
  sessionId: string
  /** In cents, at least 1 and at most what was collected less earlier refunds. */
  amountCents: number
  /** One per refund the office means (the booking, the purpose, the attempt): a repeat is the same refund. */
  idempotencyKey: string
  /** The booking, recorded with the refund at the provider (metadata). */
  bookingId: string
}

export interface Refund {
  /** The provider's refund id (Stripe's `re_…`, the test checkout's `test_re_…`). */
  id: string
  amountCents: number
  /** Stripe's refund status ('succeeded', 'pending' while the bank settles); the test checkout's is 'succeeded'. */
  status: string
}

/** Throws `InvalidCheckoutRequestError` unless the refund is one a provider may be sent. */
export function assertValidRefundRequest(request: RefundRequest): void {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1) {
    throw new InvalidCheckoutRequestError(`a refund is a whole number of cents above 0, got ${request.amountCents}`)
  }
  if (typeof request.idempotencyKey !== 'string' || request.idempotencyKey.trim() === '' || request.idempotencyKey.length > 255) {
    throw new InvalidCheckoutRequestError('a refund needs an idempotency key of at most 255 characters')
  }
  if (typeof request.sessionId !== 'string' || request.sessionId === '') throw new InvalidCheckoutRequestError('a refund needs the checkout session it refunds')
}

/** A webhook whose signature is missing, malformed, for another secret, stale, or does not match the body. */
export class InvalidWebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature', options?: {cause?: unknown}) {
    super(message, options)
    this.name = 'InvalidWebhookSignatureError'
  }
}

/** The environment does not allow taking payments (no provider, test checkout refused, missing secret). */
export class PaymentConfigurationError extends Error {
  constructor(message: string, options?: {cause?: unknown}) {
    super(message, options)
    this.name = 'PaymentConfigurationError'
  }
}

/** A checkout request the server should never build (programming error, not customer input). */
export class InvalidCheckoutRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidCheckoutRequestError'
  }
}

/**
 * The provider refused a request or could not be reached. `message` is the provider's own message
 * (e.g. Stripe's); `statusCode` is its HTTP status when there was one.
 */
export class PaymentProviderError extends Error {
  readonly provider: PaymentProviderName
  readonly statusCode: number | undefined
  readonly code: string | undefined
  readonly requestId: string | undefined

  constructor(
    provider: PaymentProviderName,
    message: string,
    details: {statusCode?: number; code?: string; requestId?: string; cause?: unknown} = {},
  ) {
    super(message, {cause: details.cause})
    this.name = 'PaymentProviderError'
    this.provider = provider
    this.statusCode = details.statusCode
    this.code = details.code
    this.requestId = details.requestId
  }
}

/** No checkout with this id (unknown, malformed, or from another account or mode). */
export class CheckoutNotFoundError extends PaymentProviderError {
  constructor(provider: PaymentProviderName, sessionId: string, details: {cause?: unknown; requestId?: string} = {}) {
    super(provider, `No checkout session ${JSON.stringify(sessionId.slice(0, 80))}`, {...details, statusCode: 404})
    this.name = 'CheckoutNotFoundError'
  }
}

/**
 * The payment's return URLs: `/success?bookingId=…&session_id={CHECKOUT_SESSION_ID}` and
 * `/cancel?bookingId=…`, absolute on `origin` (e.g. 'https://example.com'). The placeholder stays
 * literal, as Stripe requires.
 */
export function checkoutReturnUrls(origin: string, bookingId: string): {successUrl: string; cancelUrl: string} {
  const base = new URL(origin).origin
  const id = encodeURIComponent(bookingId)
  return {
    successUrl: `${base}/success?bookingId=${id}&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${base}/cancel?bookingId=${id}`,
  }
}

/** Throws `InvalidCheckoutRequestError` unless the request is one a provider may be sent. */
export function assertValidCheckoutRequest(request: CheckoutRequest): void {
  const fail = (message: string): never => {
    throw new InvalidCheckoutRequestError(message)
  }
  if (typeof request.bookingId !== 'string' || request.bookingId.trim() === '') fail('bookingId is required')
  if (!Number.isSafeInteger(request.amountCents)) fail('amountCents must be an integer number of cents')
  if (request.amountCents < MIN_CHARGE_CENTS) {
    fail(`amountCents ${request.amountCents} is below the minimum charge of ${MIN_CHARGE_CENTS} cents`)
  }
  if (request.currency !== 'usd') fail(`currency must be 'usd', got ${JSON.stringify(request.currency)}`)
  if (typeof request.description !== 'string' || request.description.trim() === '') fail('description is required')
  if (typeof request.customerEmail !== 'string' || !request.customerEmail.includes('@')) {
    fail('customerEmail must be an e-mail address')
  }
  if (typeof request.idempotencyKey !== 'string' || request.idempotencyKey.trim() === '') {
    fail('idempotencyKey is required')
  }
  if (request.idempotencyKey.length > 255) fail('idempotencyKey must be at most 255 characters')
  if (typeof request.successUrl !== 'string' || !request.successUrl.includes(CHECKOUT_SESSION_ID_PLACEHOLDER)) {
    fail(
      `successUrl must contain the literal ${CHECKOUT_SESSION_ID_PLACEHOLDER} placeholder` +
        (/%7BCHECKOUT_SESSION_ID%7D/i.test(String(request.successUrl)) ? ' (it was URL-encoded)' : ''),
    )
  }
  if (typeof request.cancelUrl !== 'string' || request.cancelUrl === '') fail('cancelUrl is required')
}

/** Throws `InvalidCheckoutRequestError` unless the off-session charge is one a provider may be sent. */
export function assertValidOffSessionCharge(request: OffSessionChargeRequest): void {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents < MIN_CHARGE_CENTS) {
    throw new InvalidCheckoutRequestError(`an off-session charge is a whole number of cents of at least ${MIN_CHARGE_CENTS}, got ${request.amountCents}`)
  }
  if (request.currency !== 'usd') throw new InvalidCheckoutRequestError(`currency must be 'usd', got ${JSON.stringify(request.currency)}`)
  if (!request.card?.customerId || !request.card?.paymentMethodId) throw new InvalidCheckoutRequestError('an off-session charge needs the saved card (customer and payment method)')
  if (typeof request.idempotencyKey !== 'string' || request.idempotencyKey.trim() === '' || request.idempotencyKey.length > 255) {
    throw new InvalidCheckoutRequestError('an off-session charge needs an idempotency key of at most 255 characters')
  }
  if (!request.planId) throw new InvalidCheckoutRequestError('an off-session charge names its plan')
}

/** Throws `InvalidCheckoutRequestError` unless the card update is one a provider may be sent. */
export function assertValidCardUpdateRequest(request: CardUpdateRequest): void {
  if (!request.planId) throw new InvalidCheckoutRequestError('a card update names its plan')
  if (!request.customerId) throw new InvalidCheckoutRequestError("a card update needs the plan's customer")
  if (typeof request.successUrl !== 'string' || !request.successUrl.includes(CHECKOUT_SESSION_ID_PLACEHOLDER)) {
    throw new InvalidCheckoutRequestError(`successUrl must contain the literal ${CHECKOUT_SESSION_ID_PLACEHOLDER} placeholder`)
  }
  if (typeof request.cancelUrl !== 'string' || request.cancelUrl === '') throw new InvalidCheckoutRequestError('cancelUrl is required')
  if (typeof request.idempotencyKey !== 'string' || request.idempotencyKey.trim() === '' || request.idempotencyKey.length > 255) {
    throw new InvalidCheckoutRequestError('a card update needs an idempotency key of at most 255 characters')
  }
}
