import 'server-only'

import type {SupabaseClient} from '@supabase/supabase-js'
import {createServiceRoleClient, type SupabaseConfig} from '../../database/supabase.ts'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions.ts'
import {FunctionCallBookingStore} from './function-calls.ts'
import {BOOKINGS_TABLE, isUuid} from './mapping.ts'
import {BookingStoreError} from './store.ts'
import type {BookingStore, ClosedStatus, StoreChange} from './store.ts'

/**
 * The booking store on Supabase, through its Data API (PostgREST) with the service role key. Server
 * only: the key bypasses row level security, and the browser never talks to the database.
 */

type PostgrestErrorLike = {message: string; code?: string; details?: string | null; hint?: string | null}
type Result<T> = {data: T | null; error: PostgrestErrorLike | null}

function unwrap<T>({data, error}: Result<T>): T | null {
  if (error) {
    const more = [error.details, error.hint].filter(Boolean).join(' ')
    throw new BookingStoreError(`Booking store: ${error.message}${more ? ` (${more})` : ''}`, {code: error.code || undefined})
  }
  return data
}

export type SupabaseBookingStoreConfig = SupabaseConfig

export class SupabaseBookingStore extends FunctionCallBookingStore {
  readonly #client: SupabaseClient

  constructor(config: SupabaseBookingStoreConfig) {
    const client = createServiceRoleClient(config)
    super(createSupabaseDatabaseFunctions(client))
    this.#client = client
  }

  #table() {
    return this.#client.from(BOOKINGS_TABLE)
  }

  async attachPaymentSession(id: string, session: {provider: string; sessionId: string}): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    return this.#updatePending(id, {payment_provider: session.provider, payment_session_id: session.sessionId})
  }

  async markClosed(id: string, status: ClosedStatus): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    if (!['cancelled', 'expired', 'failed'].includes(status)) throw new BookingStoreError(`Not a closing status: ${status}`)
    return this.#updatePending(id, {payment_status: status})
  }

  /** UPDATE … WHERE id = … AND payment_status = 'pending' RETURNING id: changed if a row came back. */
  async #updatePending(id: string, values: Record<string, string>): Promise<StoreChange> {
    const rows = unwrap(
      await this.#table()
        .update({...values, updated_at: new Date().toISOString()})
        .eq('id', id)
        .eq('payment_status', 'pending')
        .select('id'),
    ) as unknown[] | null
    return rows && rows.length > 0 ? 'changed' : 'unchanged'
  }
}

export function createSupabaseBookingStore(config: SupabaseBookingStoreConfig): BookingStore {
  return new SupabaseBookingStore(config)
}
