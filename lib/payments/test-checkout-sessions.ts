import type {DatabaseFunctions} from '../database/functions'
import type {PaymentCurrency} from './provider'

/**
 * The test checkout's sessions in the app's database (`test_checkout_sessions`, through the database
 * functions of supabase/migrations/20261123160000_test_checkout_sessions.sql): each save and each
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
}

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
  }
}

export function databaseTestCheckoutSessions(functions: () => Promise<DatabaseFunctions>): TestCheckoutSessions {
  return {
    async save(record) {
      const row: Omit<SessionRow, 'status' | 'completed_at'> = {
        id: record.id,
        booking_id: record.bookingId,
        amount_cents: record.amountCents,
        currency: record.currency,
        description: record.description,
        success_url: record.successUrl,
        cancel_url: record.cancelUrl,
        idempotency_key: record.idempotencyKey,
        created_at: record.createdAt,
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
  }
}
