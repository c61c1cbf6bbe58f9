import {createSqlDatabaseFunctions} from '../../database/sql-functions.ts'
import type {SqlClient} from '../../database/sql.ts'
import {FunctionCallBookingStore} from './function-calls.ts'
import {BOOKINGS_TABLE, isUuid} from './mapping.ts'
import {BookingStoreError} from './store.ts'
import type {BookingStore, ClosedStatus, StoreChange} from './store.ts'

export type {SqlClient}

/**
 * The booking store on a Postgres connection, in plain SQL, on the smallest client both PGlite and
 * node-postgres satisfy (../database/sql.ts): the contract tests run it on both.
 */

const TABLE = `public.${BOOKINGS_TABLE}`

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

export class SqlBookingStore extends FunctionCallBookingStore {
  readonly #db: SqlClient

  constructor(db: SqlClient) {
    super(createSqlDatabaseFunctions(db))
    this.#db = db
  }

  async attachPaymentSession(id: string, session: {provider: string; sessionId: string}): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    return this.#update(
      `update ${TABLE} set payment_provider = $2, payment_session_id = $3, updated_at = now()
       where id = $1 and payment_status = 'pending' returning id`,
      [id, session.provider, session.sessionId],
    )
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
