import type {DatabaseFunctions} from '../database/functions'
import type {PaymentCurrency, SavedCard} from './provider'

/**
 * The test checkout's sessions in the app's database (`test_checkout_sessions`, through the database
 * functions of supabase/migrations/20261122000500_baseline_test_checkout.sql): each save and each
 * Pay/Cancel is one row written like a booking, durable when it resolves, on the embedded database
 * and on Supabase alike.
 */

export type TestCheckoutOutcome = 'paid' | 'cancelled'
export type TestCheckoutSessionStatus = 'open' | TestCheckoutOutcome

export interface TestCheckoutSessionRecord {
  /** `test_cs_` + 32 hex characters. */
  id: string
  bookingId: string
  amountCents: number
  currency: PaymentCurrency
  /** The line item, e.g. 'House Cleaning — Deep Cleaning'. */
  description: string
  /** As requested, still holding the `{CHECKOUT_SESSION_ID}` placeholder; see `testCheckoutReturnUrl`. */
  successUrl: string
  cancelUrl: string
  idempotencyKey: string
  status: TestCheckoutSessionStatus
  /** ISO timestamps. */
  createdAt: string
  completedAt: string | null
  /** Made with `saveCard` (a plan's first visit): paying keeps a test card. Unset: false. */
  saveCard?: boolean
  /** The visitor chose "this test card declines later charges". */
  cardDeclines?: boolean
  /** The test card kept when paid (saveCard only). */
  savedCard?: SavedCard | null
}

/** A card-update checkout on the test checkout (Stripe's setup mode): Save keeps a new test card for the plan's customer. */
export interface TestCardUpdateRecord {
  /** `test_cs_` + 32 hex characters, like a payment session (the same page shows either). */
  id: string
  planId: string
  /** The plan's test customer (test_cus_…): the new card is saved to it. */
  customerId: string
  successUrl: string
  cancelUrl: string
  idempotencyKey: string
  status: 'open' | 'saved' | 'cancelled'
  cardDeclines: boolean
  /** The card saved (status 'saved'). */
  savedCard: SavedCard | null
  createdAt: string
  completedAt: string | null
}

/** An off-session test charge, as recorded in `test_checkout_charges` (test_pi_…). */
export interface TestCardCharge {
  id: string
  customerId: string
  paymentMethodId: string
  amountCents: number
  status: 'succeeded' | 'declined'
  description: string
  bookingId: string | null
  planId: string
  idempotencyKey: string
  createdAt: string
}

/** What charging a test card did: charged (or found by its key; succeeded or declined), or why not. */
export type TestChargeAnswer = {status: 'charged'; charge: TestCardCharge} | {status: 'key_reused' | 'no_card'}

export type TestChargeInput = Omit<TestCardCharge, 'id' | 'status'>

/** The test checkout's session table. */
export interface TestCheckoutSessions {
  /**
   * Stores a new session, unless one with the same `idempotencyKey` exists: then nothing is written
   * and that session is returned (as Stripe does for a repeated idempotency key). Resolves once the
   * session is durable.
   */
  save(record: TestCheckoutSessionRecord): Promise<TestCheckoutSessionRecord>
  get(id: string): Promise<TestCheckoutSessionRecord | null>
  /**
   * Moves an open session to `paid` or `cancelled` and returns it. The first outcome wins: a
   * finished session is returned unchanged (check `status`), so a repeated Pay is harmless and a
   * cancelled session cannot be paid afterwards. Null for an unknown id.
   */
  complete(id: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSessionRecord | null>
  /**
   * Records a test refund of a paid session (nothing is charged, so nothing goes back: the record
   * says what was asked). The same key again answers the refund recorded first; see `TestRefundAnswer`.
   */
  refund(refund: TestCheckoutRefundRecord): Promise<TestRefundAnswer>
  /**
   * The visitor's choice on an open session's page (a payment session that keeps a card, or a card
   * update): whether the test card declines later charges. Answers which kind of session it was, or
   * null when none is open with this id.
   */
  chooseCard(id: string, declines: boolean): Promise<'payment' | 'card_update' | null>
  /** Stores a new card-update session, unless its key has one (then that one is answered). */
  saveCardUpdate(record: TestCardUpdateRecord): Promise<TestCardUpdateRecord>
  getCardUpdate(id: string): Promise<TestCardUpdateRecord | null>
  /** Save (a new test card) or Cancel; the first outcome wins. Null for an unknown id. */
  completeCardUpdate(id: string, outcome: 'saved' | 'cancelled', now: string): Promise<TestCardUpdateRecord | null>
  /** Charges a test card off-session, once per key (the same key answers the same charge). */
  charge(charge: TestChargeInput): Promise<TestChargeAnswer>
  /** The test charge made under this key, or null (the lookup before a retry, as at Stripe). */
  findCharge(idempotencyKey: string): Promise<TestCardCharge | null>
  /** The test refund made under this key, or null. */
  findRefund(idempotencyKey: string): Promise<TestCheckoutRefundRecord | null>
}

/** A test refund, as recorded in `test_checkout_refunds`. */
export interface TestCheckoutRefundRecord {
  /** `test_re_` + 32 hex characters. */
  id: string
  sessionId: string
  amountCents: number
  idempotencyKey: string
  createdAt: string
}

/** What recording a test refund did: recorded (or found by its key), or why not (as Stripe would refuse it). */
export type TestRefundAnswer =
  | {status: 'refunded'; refund: TestCheckoutRefundRecord}
  | {status: 'not_paid' | 'too_much' | 'key_reused'}

/** A session as the database functions answer it (snake_case). */
type SessionRow = {
  id: string
  booking_id: string
  amount_cents: number
  currency: string
  description: string
  success_url: string
  cancel_url: string
  idempotency_key: string
  status: TestCheckoutSessionStatus
  created_at: string
  completed_at: string | null
  save_card?: boolean
  card_declines?: boolean
  customer_id?: string | null
  payment_method_id?: string | null
  card_label?: string | null
}

type CardUpdateRow = {
  id: string
  plan_id: string
  customer_id: string
  success_url: string
  cancel_url: string
  idempotency_key: string
  status: TestCardUpdateRecord['status']
  card_declines: boolean
  payment_method_id: string | null
  card_label: string | null
  created_at: string
  completed_at: string | null
}

type ChargeRow = {
  id: string
  customer_id: string
  payment_method_id: string
  amount_cents: number
  status: TestCardCharge['status']
  description: string
  booking_id: string | null
  plan_id: string
  idempotency_key: string
  created_at: string
}

function toCardUpdate(row: CardUpdateRow | null): TestCardUpdateRecord | null {
  if (!row) return null
  return {
    id: row.id,
    planId: row.plan_id,
    customerId: row.customer_id,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    cardDeclines: row.card_declines,
    savedCard: row.payment_method_id ? {customerId: row.customer_id, paymentMethodId: row.payment_method_id, label: row.card_label} : null,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  }
}

function toCharge(row: ChargeRow): TestCardCharge {
  return {
    id: row.id,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    amountCents: row.amount_cents,
    status: row.status,
    description: row.description,
    bookingId: row.booking_id,
    planId: row.plan_id,
    idempotencyKey: row.idempotency_key,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

type RefundRow = {id: string; session_id: string; amount_cents: number; idempotency_key: string; created_at: string}

function toRecord(row: SessionRow | null): TestCheckoutSessionRecord | null {
  if (!row) return null
  return {
    id: row.id,
    bookingId: row.booking_id,
    amountCents: row.amount_cents,
    currency: row.currency as PaymentCurrency,
    description: row.description,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    // Only a session that keeps a card carries the card's fields (a one-time session reads as before).
    ...(row.save_card
      ? {
          saveCard: true,
          cardDeclines: row.card_declines ?? false,
          savedCard: row.customer_id && row.payment_method_id ? {customerId: row.customer_id, paymentMethodId: row.payment_method_id, label: row.card_label ?? null} : null,
        }
      : {}),
  }
}

export function databaseTestCheckoutSessions(functions: () => Promise<DatabaseFunctions>): TestCheckoutSessions {
  return {
    async save(record) {
      const row: Omit<SessionRow, 'status' | 'completed_at' | 'card_declines' | 'customer_id' | 'payment_method_id' | 'card_label'> = {
        id: record.id,
        booking_id: record.bookingId,
        amount_cents: record.amountCents,
        currency: record.currency,
        description: record.description,
        success_url: record.successUrl,
        cancel_url: record.cancelUrl,
        idempotency_key: record.idempotencyKey,
        created_at: record.createdAt,
        save_card: record.saveCard ?? false,
      }
      const saved = toRecord(await (await functions()).value<SessionRow | null>('save_test_checkout_session', {p_session: row}))
      if (!saved) throw new Error(`Test checkout session ${record.id} was not stored`)
      return saved
    },
    async get(id) {
      return toRecord(await (await functions()).value<SessionRow | null>('get_test_checkout_session', {p_id: id}))
    },
    async complete(id: string, outcome: TestCheckoutOutcome) {
      const args = {p_id: id, p_outcome: outcome, p_completed_at: new Date().toISOString()}
      return toRecord(await (await functions()).value<SessionRow | null>('complete_test_checkout_session', args))
    },
    async refund(refund) {
      const args = {p_id: refund.id, p_session_id: refund.sessionId, p_amount_cents: refund.amountCents, p_key: refund.idempotencyKey, p_now: refund.createdAt}
      const answer = await (await functions()).value<{status: TestRefundAnswer['status']; refund?: RefundRow}>('create_test_checkout_refund', args)
      if (answer.status !== 'refunded') return {status: answer.status}
      const row = answer.refund as RefundRow
      return {
        status: 'refunded',
        refund: {id: row.id, sessionId: row.session_id, amountCents: row.amount_cents, idempotencyKey: row.idempotency_key, createdAt: new Date(row.created_at).toISOString()},
      }
    },
    async chooseCard(id, declines) {
      const answer = await (await functions()).value<{status: 'chosen' | 'unchanged'; kind?: 'payment' | 'card_update'}>('choose_test_checkout_card', {p_id: id, p_choice: {declines}})
      return answer.status === 'chosen' ? (answer.kind ?? null) : null
    },
    async saveCardUpdate(record) {
      const row = {
        id: record.id,
        plan_id: record.planId,
        customer_id: record.customerId,
        success_url: record.successUrl,
        cancel_url: record.cancelUrl,
        idempotency_key: record.idempotencyKey,
        created_at: record.createdAt,
      }
      const saved = toCardUpdate(await (await functions()).value<CardUpdateRow | null>('save_test_checkout_card_update', {p_session: row}))
      if (!saved) throw new Error(`Test card update ${record.id} was not stored`)
      return saved
    },
    async getCardUpdate(id) {
      return toCardUpdate(await (await functions()).value<CardUpdateRow | null>('get_test_checkout_card_update', {p_id: id}))
    },
    async completeCardUpdate(id, outcome, now) {
      return toCardUpdate(await (await functions()).value<CardUpdateRow | null>('complete_test_checkout_card_update', {p_id: id, p_outcome: outcome, p_completed_at: now}))
    },
    async charge(charge) {
      const row = {
        customer_id: charge.customerId,
        payment_method_id: charge.paymentMethodId,
        amount_cents: charge.amountCents,
        description: charge.description,
        booking_id: charge.bookingId,
        plan_id: charge.planId,
        idempotency_key: charge.idempotencyKey,
      }
      const answer = await (await functions()).value<{status: TestChargeAnswer['status']; charge?: ChargeRow}>('charge_test_checkout_card', {p_charge: row, p_now: charge.createdAt})
      return answer.status === 'charged' ? {status: 'charged', charge: toCharge(answer.charge as ChargeRow)} : {status: answer.status}
    },
    async findCharge(idempotencyKey) {
      const row = await (await functions()).value<ChargeRow | null>('find_test_checkout_charge', {p_key: idempotencyKey})
      return row ? toCharge(row) : null
    },
    async findRefund(idempotencyKey) {
      const row = await (await functions()).value<RefundRow | null>('find_test_checkout_refund', {p_key: idempotencyKey})
      return row ? {id: row.id, sessionId: row.session_id, amountCents: row.amount_cents, idempotencyKey: row.idempotency_key, createdAt: new Date(row.created_at).toISOString()} : null
    },
  }
}
