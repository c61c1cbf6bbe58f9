import type {QueuedEmail} from '../email/queue.ts'
import type {DatabaseError, DatabaseFunctions} from '../database/functions.ts'
import {createSqlDatabaseFunctions} from '../database/sql-functions.ts'
import type {SqlClient} from '../database/sql.ts'
import {BOOKING_COLUMNS, BOOKINGS_TABLE, fromRow, isUuid, placesTakenFrom, toInsertRow, type PendingBookingAnswer} from './mapping.ts'
import {BookingStoreError, WindowFullError} from './store.ts'
import type {BookingStore, ClosedStatus, CreatePendingResult, NewBooking, PlacesTaken, StoreChange, StoredBooking} from './store.ts'

export type {SqlClient}

/**
 * The booking store on a Postgres connection, in plain SQL, on the smallest client both PGlite and
 * node-postgres satisfy (../database/sql.ts): the contract tests run it on both.
 */

const TABLE = `public.${BOOKINGS_TABLE}`
/** Every column; the date as text so no driver turns a calendar date into a local-time Date. */
const SELECT_LIST = BOOKING_COLUMNS.map((column) => (column === 'date' ? 'date::text as date' : column)).join(', ')

async function run<R>(db: SqlClient, sql: string, params: unknown[]): Promise<R[]> {
  try {
    return (await db.query<R>(sql, params)).rows
  } catch (error) {
    const code = (error as {code?: unknown}).code
    throw new BookingStoreError(`Booking store: ${(error as Error).message}`, {
      code: typeof code === 'string' ? code : undefined,
      cause: error,
    })
  }
}

export class SqlBookingStore implements BookingStore {
  readonly #db: SqlClient
  readonly #functions: DatabaseFunctions

  constructor(db: SqlClient) {
    this.#db = db
    this.#functions = createSqlDatabaseFunctions(db)
  }

  async createPending(booking: NewBooking, window?: {capacity: number; now: Date}): Promise<CreatePendingResult> {
    const answer = await this.#call(() =>
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
    const rows = await this.#call(() => this.#functions.rows('window_places_taken_between', {p_family: family, p_from: from, p_to: to, p_now: now}))
    return placesTakenFrom(rows)
  }

  async #call<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw new BookingStoreError(`Booking store: ${(error as Error).message}`, {code: (error as DatabaseError).code, cause: error})
    }
  }

  async findById(id: string): Promise<StoredBooking | null> {
    if (!isUuid(id)) return null
    const [row] = await run<Record<string, unknown>>(this.#db, `select ${SELECT_LIST} from ${TABLE} where id = $1`, [id])
    return row ? fromRow(row) : null
  }

  async findBySessionId(sessionId: string): Promise<StoredBooking | null> {
    if (typeof sessionId !== 'string' || sessionId === '') return null
    const [row] = await run<Record<string, unknown>>(
      this.#db,
      `select ${SELECT_LIST} from ${TABLE} where payment_session_id = $1`,
      [sessionId],
    )
    return row ? fromRow(row) : null
  }

  async attachPaymentSession(id: string, session: {provider: string; sessionId: string}): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    return this.#update(
      `update ${TABLE} set payment_provider = $2, payment_session_id = $3, updated_at = now()
       where id = $1 and payment_status = 'pending' returning id`,
      [id, session.provider, session.sessionId],
    )
  }

  async markPaid(id: string, payment: {sessionId: string; paidAt: Date; emails?: readonly QueuedEmail[]}): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    const changed = await this.#call(() =>
      this.#functions.value<boolean>('mark_booking_paid', {p_id: id, p_session_id: payment.sessionId, p_paid_at: payment.paidAt, p_emails: payment.emails ?? []}),
    )
    return changed ? 'changed' : 'unchanged'
  }

  async markClosed(id: string, status: ClosedStatus): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    if (!['cancelled', 'expired', 'failed'].includes(status)) throw new BookingStoreError(`Not a closing status: ${status}`)
    return this.#update(
      `update ${TABLE} set payment_status = $2, updated_at = now() where id = $1 and payment_status = 'pending' returning id`,
      [id, status],
    )
  }

  async #update(sql: string, params: unknown[]): Promise<StoreChange> {
    const rows = await run(this.#db, sql, params)
    return rows.length > 0 ? 'changed' : 'unchanged'
  }
}

export function createSqlBookingStore(db: SqlClient): BookingStore {
  return new SqlBookingStore(db)
}
