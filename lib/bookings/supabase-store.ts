import 'server-only'

import type {SupabaseClient} from '@supabase/supabase-js'
import {createServiceRoleClient, type SupabaseConfig} from '../database/supabase.ts'
import {createSupabaseDatabaseFunctions} from '../database/supabase-functions.ts'
import type {QueuedEmail} from '../email/queue.ts'
import {BookingFunctionCalls} from './function-calls.ts'
import {BOOKING_COLUMNS, BOOKINGS_TABLE, fromRow, isUuid} from './mapping.ts'
import {BookingStoreError} from './store.ts'
import type {
  BookingChange,
  BookingStore,
  CancellationOutcome,
  ChangeTerms,
  ClosedStatus,
  CreatePendingResult,
  NewBooking,
  PlacesTaken,
  RescheduleOutcome,
  StoreChange,
  StoredBooking,
} from './store.ts'

/**
 * The booking store on Supabase, through its Data API (PostgREST) with the service role key. Server
 * only: the key bypasses row level security, and the browser never talks to the database.
 */

const COLUMNS = BOOKING_COLUMNS.join(',')

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

export class SupabaseBookingStore implements BookingStore {
  readonly #client: SupabaseClient
  readonly #calls: BookingFunctionCalls

  constructor(config: SupabaseBookingStoreConfig) {
    this.#client = createServiceRoleClient(config)
    this.#calls = new BookingFunctionCalls(createSupabaseDatabaseFunctions(this.#client), (id) => this.findById(id))
  }

  #table() {
    return this.#client.from(BOOKINGS_TABLE)
  }

  createPending(booking: NewBooking, window?: {capacity: number; now: Date}): Promise<CreatePendingResult> {
    return this.#calls.createPending(booking, window)
  }

  placesTaken(family: NonNullable<NewBooking['serviceFamily']>, from: string, to: string, now: Date): Promise<PlacesTaken> {
    return this.#calls.placesTaken(family, from, to, now)
  }

  async findById(id: string): Promise<StoredBooking | null> {
    if (!isUuid(id)) return null
    const row = unwrap(await this.#table().select(COLUMNS).eq('id', id).maybeSingle()) as Record<string, unknown> | null
    return row ? fromRow(row) : null
  }

  async findBySessionId(sessionId: string): Promise<StoredBooking | null> {
    if (typeof sessionId !== 'string' || sessionId === '') return null
    const row = unwrap(
      await this.#table().select(COLUMNS).eq('payment_session_id', sessionId).maybeSingle(),
    ) as Record<string, unknown> | null
    return row ? fromRow(row) : null
  }

  async attachPaymentSession(id: string, session: {provider: string; sessionId: string}): Promise<StoreChange> {
    if (!isUuid(id)) return 'unchanged'
    return this.#updatePending(id, {payment_provider: session.provider, payment_session_id: session.sessionId})
  }

  markPaid(id: string, payment: {sessionId: string; paidAt: Date; emails?: readonly QueuedEmail[]}): Promise<StoreChange> {
    return this.#calls.markPaid(id, payment)
  }

  reschedule(id: string, to: {date: string; arrivalWindow: string; windowStartsAt: string; capacity: number}, terms: ChangeTerms): Promise<RescheduleOutcome> {
    return this.#calls.reschedule(id, to, terms)
  }

  requestCancellation(id: string, terms: ChangeTerms): Promise<CancellationOutcome> {
    return this.#calls.requestCancellation(id, terms)
  }

  changesOf(id: string): Promise<BookingChange[]> {
    return this.#calls.changesOf(id)
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
