import type {QueuedEmail} from '../email/queue.ts'
import type {DatabaseError, DatabaseFunctions} from '../database/functions.ts'
import {createSqlDatabaseFunctions} from '../database/sql-functions.ts'
import type {SqlClient} from '../database/sql.ts'
import {BOOKING_COLUMNS, BOOKINGS_TABLE, INSERT_COLUMNS, JSON_COLUMNS, fromRow, isUuid, toInsertRow} from './mapping.ts'
import {BookingStoreError} from './store.ts'
import type {BookingStore, ClosedStatus, NewBooking, StoreChange, StoredBooking} from './store.ts'

export type {SqlClient}

/**
 * The booking store on a Postgres connection, in plain SQL, on the smallest client both PGlite and
 * node-postgres satisfy (../database/sql.ts): the contract tests run it on both.
 */

const TABLE = `public.${BOOKINGS_TABLE}`
/** Every column; the date as text so no driver turns a calendar date into a local-time Date. */
const SELECT_LIST = BOOKING_COLUMNS.map((column) => (column === 'date' ? 'date::text as date' : column)).join(', ')

const INSERT_SQL = `insert into ${TABLE} (${INSERT_COLUMNS.join(', ')})
values (${INSERT_COLUMNS.map((column, i) => (JSON_COLUMNS.has(column) ? `$${i + 1}::jsonb` : `$${i + 1}`)).join(', ')})
on conflict (idempotency_key) do nothing
returning ${SELECT_LIST}`

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

  async createPending(booking: NewBooking): Promise<{booking: StoredBooking; created: boolean}> {
    const row = toInsertRow(booking)
    const params = INSERT_COLUMNS.map((column) => {
      const value = row[column]
      return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value
    })
    const [inserted] = await run<Record<string, unknown>>(this.#db, INSERT_SQL, params)
    if (inserted) return {booking: fromRow(inserted), created: true}
    // The key was used before (or by a concurrent call that committed first): that booking.
    const [existing] = await run<Record<string, unknown>>(
      this.#db,
      `select ${SELECT_LIST} from ${TABLE} where idempotency_key = $1`,
      [booking.idempotencyKey],
    )
    if (!existing) throw new BookingStoreError('Booking store: the booking with this idempotency key could not be read back.')
    return {booking: fromRow(existing), created: false}
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
    const changed = await this.#functions
      .value<boolean>('mark_booking_paid', {p_id: id, p_session_id: payment.sessionId, p_paid_at: payment.paidAt, p_emails: payment.emails ?? []})
      .catch((error: unknown) => {
        throw new BookingStoreError(`Booking store: ${(error as Error).message}`, {code: (error as DatabaseError).code, cause: error})
      })
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
