import type {DatabaseError, DatabaseFunctions} from '../../database/functions.ts'
import type {QueuedEmail} from '../../email/queue.ts'
import {changesFrom, fromRow, isUuid, placesTakenFrom, toInsertRow, type PendingBookingAnswer} from './mapping.ts'
import {BookingStoreError, WindowFullError} from './store.ts'
import type {
  BookingChange,
  BookingStore,
  CancellationOutcome,
  ClosedStatus,
  ChangeTerms,
  CreatePendingResult,
  NewBooking,
  PlacesTaken,
  RescheduleOutcome,
  StoreChange,
  StoredBooking,
} from './store.ts'

/**
 * The booking store's calls that are database functions (supabase/migrations): storing a booking in
 * its arrival window's last places, counting the places taken, paying a booking with its e-mails,
 * the customer's moves and cancellation requests and their record.
 * The same through either adapter's `DatabaseFunctions` (SQL on PGlite or PostgreSQL, supabase-js
 * `rpc`): both adapters extend this class and add how they update rows their own way.
 */
export abstract class FunctionCallBookingStore implements BookingStore {
  readonly #functions: DatabaseFunctions

  constructor(functions: DatabaseFunctions) {
    this.#functions = functions
  }

  /** booking_by_id: the booking's row with its charge (a plan's later visit), read at one instant. */
  async findById(id: string): Promise<StoredBooking | null> {
    if (!isUuid(id)) return null
    const row = await call(() => this.#functions.value<Record<string, unknown> | null>('booking_by_id', {p_id: id}))
    return row ? fromRow(row) : null
  }

  async findBySessionId(sessionId: string): Promise<StoredBooking | null> {
    if (typeof sessionId !== 'string' || sessionId === '') return null
    const row = await call(() => this.#functions.value<Record<string, unknown> | null>('booking_by_payment_session', {p_session_id: sessionId}))
    return row ? fromRow(row) : null
  }

  abstract attachPaymentSession(id: string, session: {provider: string; sessionId: string}): Promise<StoreChange>
  abstract markClosed(id: string, status: ClosedStatus): Promise<StoreChange>

  async createPending(booking: NewBooking, window?: {capacity: number; now: Date}): Promise<CreatePendingResult> {
    const answer = await call(() =>
      this.#functions.value<PendingBookingAnswer>('create_pending_booking', {
        p_booking: toInsertRow(booking),
        p_capacity: window?.capacity ?? null,
        p_now: window?.now ?? new Date(),
      }),
    )
    if (answer.status === 'full') throw new WindowFullError(`${booking.date} ${booking.arrivalWindow}`)
    const stored = await this.findById(answer.id)
    if (!stored) throw new BookingStoreError('Booking store: the booking just stored could not be read back.')
    return {booking: stored, created: answer.status === 'created'}
  }

  async placesTaken(family: NonNullable<NewBooking['serviceFamily']>, from: string, to: string, now: Date): Promise<PlacesTaken> {
    return placesTakenFrom(await call(() => this.#functions.rows('window_places_taken_between', {p_family: family, p_from: from, p_to: to, p_now: now})))
  }

  /** mark_booking_paid: the update and the e-mails in one transaction. */
  async markPaid(id: string, payment: {sessionId: string; paidAt: Date; emails?: readonly QueuedEmail[]}): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    const changed = await call(() =>
      this.#functions.value<boolean>('mark_booking_paid', {p_id: id, p_session_id: payment.sessionId, p_paid_at: payment.paidAt, p_emails: payment.emails ?? []}),
    )
    return changed ? 'changed' : 'unchanged'
  }

  async reschedule(
    id: string,
    to: {date: string; arrivalWindow: string; windowStartsAt: string; capacity: number},
    terms: ChangeTerms,
  ): Promise<RescheduleOutcome> {
    if (!isUuid(id)) return 'not_found'
    const answer = await call(() =>
      this.#functions.value<{status: RescheduleOutcome}>('reschedule_booking', {
        p_id: id,
        p_date: to.date,
        p_window: to.arrivalWindow,
        p_window_starts_at: to.windowStartsAt,
        p_capacity: to.capacity,
        p_notice_hours: terms.noticeHours,
        p_now: terms.now,
        p_emails: terms.emails,
        p_link_generation: terms.linkGeneration,
      }),
    )
    return answer.status
  }

  async requestCancellation(id: string, terms: ChangeTerms): Promise<CancellationOutcome> {
    if (!isUuid(id)) return 'not_found'
    const answer = await call(() =>
      this.#functions.value<{status: CancellationOutcome}>('request_booking_cancellation', {
        p_id: id,
        p_notice_hours: terms.noticeHours,
        p_now: terms.now,
        p_emails: terms.emails,
        p_link_generation: terms.linkGeneration,
      }),
    )
    return answer.status
  }

  async claimPaymentCheck(id: string, terms: {intervalSeconds: number; now: Date}): Promise<boolean> {
    if (!isUuid(id)) return false
    return call(() =>
      this.#functions.value<boolean>('claim_booking_payment_check', {p_id: id, p_interval_seconds: terms.intervalSeconds, p_now: terms.now}),
    )
  }

  async recordLatePayment(id: string, payment: {sessionId: string; amountCents: number | null; currency: string | null; at: Date}): Promise<boolean> {
    if (!isUuid(id)) return false
    return call(() =>
      this.#functions.value<boolean>('record_late_payment', {
        p_booking_id: id,
        p_session_id: payment.sessionId,
        p_amount_cents: payment.amountCents,
        p_currency: payment.currency,
        p_now: payment.at,
      }),
    )
  }

  async changesOf(id: string): Promise<BookingChange[]> {
    if (!isUuid(id)) return []
    return changesFrom(await call(() => this.#functions.rows('booking_changes_of', {p_id: id})))
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new BookingStoreError(`Booking store: ${(error as Error).message}`, {code: (error as DatabaseError).code, cause: error})
  }
}
