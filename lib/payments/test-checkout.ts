import {randomBytes} from 'node:crypto'
import {getDatabaseFunctions} from '../database'
import {isLoopbackSite} from '../site-url'
import {
  databaseTestCheckoutSessions,
  type TestCardCharge,
  type TestCardUpdateRecord,
  type TestCheckoutOutcome,
  type TestCheckoutRefundRecord,
  type TestCheckoutSessionRecord,
  type TestCheckoutSessions,
  type TestRefundAnswer,
} from './test-checkout-sessions'
import {
  assertValidCardUpdateRequest,
  assertValidCheckoutRequest,
  assertValidOffSessionCharge,
  assertValidRefundRequest,
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CheckoutNotFoundError,
  InvalidWebhookSignatureError,
  PaymentConfigurationError,
  PaymentProviderError,
  type CardUpdateDetails,
  type CardUpdateRequest,
  type CardUpdateSession,
  type CheckoutDetails,
  type OffSessionChargeLookup,
  type OffSessionChargeRequest,
  type OffSessionChargeResult,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type Refund,
  type RefundLookup,
  type RefundRequest,
} from './provider'

/**
 * The local test checkout (plainly marked test mode: no card is charged): with no payment provider configured, the booking flow
 * runs end to end on a fresh machine. `createCheckout` records a session and sends the browser to
 * `/checkout/test/<id>`, a page that shows the summary and total, Pay and Cancel, and "test mode,
 * no card is charged". Pay/Cancel call `complete(id, 'paid' | 'cancelled')`, then the same fulfil
 * function as Stripe's success page confirms through `retrieveCheckout`.
 *
 * In production mode it runs only with TEST_CHECKOUT_ENABLED=true, or for clients on this machine
 * when the public address is loopback (`testCheckoutReach`). It has no webhooks: `parseWebhook` refuses every call.
 *
 * Sessions live in a table of their own (`TestCheckoutSessions`): in the app's database beside the
 * bookings (a migration like every other record), or in memory for tests.
 */

// The session table's types live with its database adapter; re-exported here for the provider's users.
export type {
  TestCardCharge,
  TestCardUpdateRecord,
  TestChargeAnswer,
  TestCheckoutOutcome,
  TestCheckoutRefundRecord,
  TestCheckoutSessionRecord,
  TestCheckoutSessions,
  TestCheckoutSessionStatus,
  TestRefundAnswer,
} from './test-checkout-sessions'

const TEST_SESSION_ID = /^test_cs_[0-9a-f]{32}$/
/** An off-session test charge (a plan's later visit), refunded like a paid session. */
const TEST_CHARGE_ID = /^test_pi_[0-9a-f]{32}$/

export function isTestCheckoutSessionId(id: unknown): id is string {
  return typeof id === 'string' && TEST_SESSION_ID.test(id)
}

/** The test checkout's message for a declined test card, as Stripe words its own. */
export const TEST_CARD_DECLINED_MESSAGE = 'Your card was declined. (Test card: it was set to decline later charges.)'

function newTestSessionId(): string {
  return `test_cs_${randomBytes(16).toString('hex')}`
}

/**
 * Whom the test checkout serves:
 * - 'everyone' outside production mode (`next dev`, tests), or with TEST_CHECKOUT_ENABLED=true (or 1),
 *   which an operator sets for a test or demo server on purpose;
 * - 'this-machine' in production mode (NODE_ENV=production) when the public address (SITE_URL) is
 *   loopback, as `npm start` sets it on a developer's machine: only clients connecting from this
 *   machine, because a loopback SITE_URL says nothing about who can reach the port;
 * - 'nobody' otherwise: a public deploy whose Stripe key is missing or misspelt takes no booking
 *   rather than letting anyone mark bookings paid.
 */
export type TestCheckoutReach = 'everyone' | 'this-machine' | 'nobody'

export function testCheckoutReach(env: Record<string, string | undefined> = process.env): TestCheckoutReach {
  if (env.NODE_ENV !== 'production') return 'everyone'
  const flag = env.TEST_CHECKOUT_ENABLED?.trim().toLowerCase()
  if (flag === 'true' || flag === '1') return 'everyone'
  return isLoopbackSite(env) ? 'this-machine' : 'nobody'
}

/** Whether an address (as the edge server resolves it: IPv4-mapped IPv6 as IPv4) is this machine's loopback. */
export function isLoopbackAddress(address: string): boolean {
  return /^127(?:\.\d{1,3}){3}$/.test(address) || address === '::1'
}

/**
 * Whether the test checkout may serve this client: `client` is the address the site's edge server
 * resolved for the connection (lib/edge/client-address.ts `clientAddress`; 'unknown' without it,
 * which only the 'everyone' reach serves).
 */
export function testCheckoutAllowed(client: string, env: Record<string, string | undefined> = process.env): boolean {
  const reach = testCheckoutReach(env)
  return reach === 'everyone' || (reach === 'this-machine' && isLoopbackAddress(client))
}

export const TEST_CHECKOUT_REFUSED_MESSAGE =
  'The local test checkout is refused in production mode (NODE_ENV=production) on a public address (SITE_URL): ' +
  'it lets bookings be marked paid without a card being charged. Set STRIPE_SECRET_KEY (and ' +
  'STRIPE_WEBHOOK_SECRET) to take real payments, or set TEST_CHECKOUT_ENABLED=true to allow the test ' +
  'checkout on a test or demo server.'

/** Why a booking from another machine is refused by a server whose test checkout serves this machine only. */
export const TEST_CHECKOUT_THIS_MACHINE_MESSAGE =
  'The local test checkout serves this machine only: the public address (SITE_URL) is loopback and the ' +
  'request came from another address. Set TEST_CHECKOUT_ENABLED=true on a test or demo server that others use.'

/** Why the test checkout refuses a refund, in Stripe's manner. */
const TEST_REFUND_REFUSALS: Record<Exclude<TestRefundAnswer['status'], 'refunded'>, string> = {
  not_paid: 'This test checkout was not paid: there is nothing to refund.',
  too_much: 'The refund is more than what is left of this test payment.',
  key_reused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
}

/** The page that shows a test session: `/checkout/test/<id>`. */
export function testCheckoutPath(sessionId: string): string {
  return `/checkout/test/${encodeURIComponent(sessionId)}`
}

/** Where the test checkout page sends the browser after Pay (success URL, placeholder filled) or Cancel. */
export function testCheckoutReturnUrl(record: TestCheckoutSessionRecord, outcome: TestCheckoutOutcome): string {
  return outcome === 'paid'
    ? record.successUrl.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(encodeURIComponent(record.id))
    : record.cancelUrl
}

/** Where the test card-update page sends the browser after Save (success URL, placeholder filled) or Cancel. */
export function testCardUpdateReturnUrl(record: TestCardUpdateRecord, outcome: 'saved' | 'cancelled'): string {
  return outcome === 'saved' ? record.successUrl.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(encodeURIComponent(record.id)) : record.cancelUrl
}

export class TestCheckoutProvider implements PaymentProvider {
  readonly name = 'test-checkout' as const

  constructor(readonly sessions: TestCheckoutSessions) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    assertValidCheckoutRequest(request)
    const record: TestCheckoutSessionRecord = {
      id: newTestSessionId(),
      bookingId: request.bookingId,
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      idempotencyKey: request.idempotencyKey,
      status: 'open',
      createdAt: new Date().toISOString(),
      completedAt: null,
      ...(request.saveCard ? {saveCard: true} : {}),
    }
    const stored = await this.sessions.save(record)
    if (stored.id !== record.id && (stored.bookingId !== record.bookingId || stored.amountCents !== record.amountCents)) {
      // Stripe answers the same way when a key is reused with other parameters.
      throw new PaymentProviderError(
        'test-checkout',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        {statusCode: 400, code: 'idempotency_key_in_use'},
      )
    }
    return {id: stored.id, url: testCheckoutPath(stored.id)}
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutDetails> {
    const record = isTestCheckoutSessionId(sessionId) ? await this.sessions.get(sessionId) : null
    if (!record) throw new CheckoutNotFoundError('test-checkout', String(sessionId))
    return testCheckoutDetails(record)
  }

  /** The test checkout has no webhooks: every call is refused like a bad signature (answer 400). */
  async parseWebhook(): Promise<PaymentEvent> {
    throw new InvalidWebhookSignatureError(
      'No webhook is accepted: the local test checkout is active and has no webhooks (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)',
    )
  }

  /**
   * A test refund: recorded in the database beside the session (plainly a test: no card was
   * charged, none is credited). Refused like Stripe refuses: an unpaid session, more than is left,
   * a key reused with other parameters.
   */
  async refund(request: RefundRequest): Promise<Refund> {
    assertValidRefundRequest(request)
    if (!isTestCheckoutSessionId(request.sessionId) && !TEST_CHARGE_ID.test(request.sessionId)) throw new CheckoutNotFoundError('test-checkout', request.sessionId)
    const answer = await this.sessions.refund({
      id: `test_re_${randomBytes(16).toString('hex')}`,
      sessionId: request.sessionId,
      amountCents: request.amountCents,
      idempotencyKey: request.idempotencyKey,
      createdAt: new Date().toISOString(),
    })
    if (answer.status === 'refunded') return {id: answer.refund.id, amountCents: answer.refund.amountCents, status: 'succeeded'}
    throw new PaymentProviderError('test-checkout', TEST_REFUND_REFUSALS[answer.status], {statusCode: 400, code: answer.status})
  }

  /**
   * A later visit charged to the test card kept for the plan: recorded in the database
   * (`test_checkout_charges`), once per key (the same key answers the same charge), declined when
   * the visitor chose "this test card declines later charges". No card is charged.
   */
  async chargeSavedCard(request: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    assertValidOffSessionCharge(request)
    const answer = await this.sessions.charge({
      customerId: request.card.customerId,
      paymentMethodId: request.card.paymentMethodId,
      amountCents: request.amountCents,
      description: request.description,
      bookingId: request.bookingId,
      planId: request.planId,
      idempotencyKey: request.idempotencyKey,
      createdAt: new Date().toISOString(),
    })
    if (answer.status === 'no_card') {
      throw new PaymentProviderError('test-checkout', `No such test card: '${request.card.paymentMethodId}' of '${request.card.customerId}'`, {statusCode: 400, code: 'resource_missing'})
    }
    if (answer.status !== 'charged') {
      throw new PaymentProviderError('test-checkout', TEST_REFUND_REFUSALS.key_reused, {statusCode: 400, code: 'idempotency_key_in_use'})
    }
    return offSessionResult(answer.charge)
  }

  /** The test charge recorded under the key, answered as `chargeSavedCard` answered it; null when none was made. */
  async findOffSessionCharge(lookup: OffSessionChargeLookup): Promise<OffSessionChargeResult | null> {
    const charge = await this.sessions.findCharge(lookup.idempotencyKey)
    return charge ? offSessionResult(charge) : null
  }

  /** The test refund recorded under the key (of this payment), or null. */
  async findRefund(lookup: RefundLookup): Promise<Refund | null> {
    const refund = await this.sessions.findRefund(lookup.idempotencyKey)
    return refund && refund.sessionId === lookup.sessionId ? {id: refund.id, amountCents: refund.amountCents, status: 'succeeded'} : null
  }

  /** A card-update checkout (setup mode): the test card-update page at `/checkout/test/<id>`. */
  async createCardUpdate(request: CardUpdateRequest): Promise<CardUpdateSession> {
    assertValidCardUpdateRequest(request)
    const stored = await this.sessions.saveCardUpdate({
      id: newTestSessionId(),
      planId: request.planId,
      customerId: request.customerId,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      idempotencyKey: request.idempotencyKey,
      status: 'open',
      cardDeclines: false,
      savedCard: null,
      createdAt: new Date().toISOString(),
      completedAt: null,
    })
    if (stored.planId !== request.planId || stored.customerId !== request.customerId) {
      throw new PaymentProviderError('test-checkout', TEST_REFUND_REFUSALS.key_reused, {statusCode: 400, code: 'idempotency_key_in_use'})
    }
    return {id: stored.id, url: testCheckoutPath(stored.id)}
  }

  async retrieveCardUpdate(sessionId: string): Promise<CardUpdateDetails> {
    const record = await this.getCardUpdate(sessionId)
    if (!record) throw new CheckoutNotFoundError('test-checkout', String(sessionId))
    return {
      id: record.id,
      planId: record.planId,
      status: record.status === 'saved' ? 'complete' : record.status === 'cancelled' ? 'expired' : 'open',
      savedCard: record.savedCard,
    }
  }

  /** The card-update session for its page; null if unknown or malformed. */
  async getCardUpdate(sessionId: string): Promise<TestCardUpdateRecord | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.getCardUpdate(sessionId) : null
  }

  /** Save or Cancel on the card-update page; the first outcome wins. */
  async completeCardUpdate(sessionId: string, outcome: 'saved' | 'cancelled'): Promise<TestCardUpdateRecord | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.completeCardUpdate(sessionId, outcome, new Date().toISOString()) : null
  }

  /** The visitor's "this test card declines later charges" choice, sent with Pay or Save; see `TestCheckoutSessions.chooseCard`. */
  async chooseCard(sessionId: string, declines: boolean): Promise<'payment' | 'card_update' | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.chooseCard(sessionId, declines) : null
  }

  /** The session for the test checkout page (summary, total, return URLs); null if unknown or malformed. */
  async getSession(sessionId: string): Promise<TestCheckoutSessionRecord | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.get(sessionId) : null
  }

  /** Pay or Cancel on the test checkout page; see `TestCheckoutSessions.complete`. */
  async complete(sessionId: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSessionRecord | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.complete(sessionId, outcome) : null
  }
}

/**
 * How a test session reads through `retrieveCheckout`: open → open/unpaid, paid → complete/paid,
 * cancelled → expired/unpaid (a cancelled test session can never be paid, like an expired Stripe one).
 */
export function testCheckoutDetails(record: TestCheckoutSessionRecord): CheckoutDetails {
  return {
    id: record.id,
    bookingId: record.bookingId,
    paymentStatus: record.status === 'paid' ? 'paid' : 'unpaid',
    status: record.status === 'paid' ? 'complete' : record.status === 'cancelled' ? 'expired' : 'open',
    amountTotalCents: record.amountCents,
    currency: record.currency,
    // Only a checkout made with saveCard says anything of a card (null until paid).
    ...(record.saveCard ? {savedCard: record.status === 'paid' ? (record.savedCard ?? null) : null} : {}),
  }
}

function offSessionResult(charge: TestCardCharge): OffSessionChargeResult {
  return charge.status === 'succeeded'
    ? {outcome: 'succeeded', paymentId: charge.id, amountCents: charge.amountCents}
    : {outcome: 'declined', paymentId: charge.id, code: 'card_declined', message: TEST_CARD_DECLINED_MESSAGE}
}

/**
 * Builds the test checkout from the environment, or throws `PaymentConfigurationError` with
 * `TEST_CHECKOUT_REFUSED_MESSAGE` when it serves nobody (whom it serves is checked per request:
 * `testCheckoutAllowed`). Sessions are kept in the app's database
 * (`test_checkout_sessions`, ./test-checkout-sessions.ts) unless others are given.
 */
export function testCheckoutProviderFromEnv(
  env: Record<string, string | undefined> = process.env,
  sessions: TestCheckoutSessions = databaseTestCheckoutSessions(getDatabaseFunctions),
): TestCheckoutProvider {
  if (testCheckoutReach(env) === 'nobody') throw new PaymentConfigurationError(TEST_CHECKOUT_REFUSED_MESSAGE)
  return new TestCheckoutProvider(sessions)
}

/** Sessions in this process only (tests). */
export function createMemoryTestCheckoutSessions(): TestCheckoutSessions {
  const byId = new Map<string, TestCheckoutSessionRecord>()
  const byKey = new Map<string, string>()
  const refunds = new Map<string, TestCheckoutRefundRecord>()
  const cards = new Map<string, {customerId: string; declines: boolean; label: string}>()
  const updates = new Map<string, TestCardUpdateRecord>()
  const charges = new Map<string, TestCardCharge>()
  const hex = () => randomBytes(16).toString('hex')
  const keepCard = (customerId: string | null, declines: boolean) => {
    const card = {customerId: customerId ?? `test_cus_${hex()}`, paymentMethodId: `test_pm_${hex()}`, label: declines ? 'Visa ending 0002' : 'Visa ending 4242'}
    cards.set(card.paymentMethodId, {customerId: card.customerId, declines, label: card.label})
    return card
  }
  return {
    async chooseCard(id, declines) {
      const session = byId.get(id)
      if (session?.status === 'open') {
        session.cardDeclines = declines
        return 'payment'
      }
      const update = updates.get(id)
      if (update?.status === 'open') {
        update.cardDeclines = declines
        return 'card_update'
      }
      return null
    },
    async saveCardUpdate(record) {
      const existing = [...updates.values()].find((update) => update.idempotencyKey === record.idempotencyKey)
      if (existing) return {...existing}
      updates.set(record.id, {...record})
      return {...record}
    },
    async getCardUpdate(id) {
      const record = updates.get(id)
      return record ? {...record} : null
    },
    async completeCardUpdate(id, outcome, now) {
      const record = updates.get(id)
      if (!record) return null
      if (record.status === 'open') {
        record.status = outcome
        record.completedAt = now
        if (outcome === 'saved') record.savedCard = keepCard(record.customerId, record.cardDeclines)
      }
      return {...record}
    },
    async charge(input) {
      const earlier = [...charges.values()].find((charge) => charge.idempotencyKey === input.idempotencyKey)
      if (earlier) return earlier.paymentMethodId === input.paymentMethodId && earlier.amountCents === input.amountCents ? {status: 'charged', charge: {...earlier}} : {status: 'key_reused'}
      const card = cards.get(input.paymentMethodId)
      if (!card || card.customerId !== input.customerId) return {status: 'no_card'}
      const charge: TestCardCharge = {...input, id: `test_pi_${hex()}`, status: card.declines ? 'declined' : 'succeeded'}
      charges.set(charge.id, charge)
      return {status: 'charged', charge: {...charge}}
    },
    async findCharge(idempotencyKey) {
      const charge = [...charges.values()].find((candidate) => candidate.idempotencyKey === idempotencyKey)
      return charge ? {...charge} : null
    },
    async findRefund(idempotencyKey) {
      const refund = refunds.get(idempotencyKey)
      return refund ? {...refund} : null
    },
    async refund(refund) {
      const existing = refunds.get(refund.idempotencyKey)
      if (existing) {
        return existing.sessionId === refund.sessionId && existing.amountCents === refund.amountCents ? {status: 'refunded', refund: {...existing}} : {status: 'key_reused'}
      }
      const session = byId.get(refund.sessionId)
      const charge = charges.get(refund.sessionId)
      const paidCents = session?.status === 'paid' ? session.amountCents : charge?.status === 'succeeded' ? charge.amountCents : null
      if (paidCents === null) return {status: 'not_paid'}
      const refunded = [...refunds.values()].filter((r) => r.sessionId === refund.sessionId).reduce((sum, r) => sum + r.amountCents, 0)
      if (refund.amountCents > paidCents - refunded) return {status: 'too_much'}
      refunds.set(refund.idempotencyKey, {...refund})
      return {status: 'refunded', refund: {...refund}}
    },
    async save(record) {
      const existing = byId.get(byKey.get(record.idempotencyKey) ?? '')
      if (existing) return {...existing}
      if (byId.has(record.id)) throw new Error(`Test checkout session ${record.id} already exists`)
      byId.set(record.id, {...record})
      byKey.set(record.idempotencyKey, record.id)
      return {...record}
    },
    async get(id) {
      const record = byId.get(id)
      return record ? {...record} : null
    },
    async complete(id, outcome) {
      const record = byId.get(id)
      if (!record) return null
      if (record.status === 'open') {
        record.status = outcome
        record.completedAt = new Date().toISOString()
        if (outcome === 'paid' && record.saveCard) record.savedCard = keepCard(null, record.cardDeclines ?? false)
      }
      return {...record}
    },
  }
}
