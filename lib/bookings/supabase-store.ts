import 'server-only'

import type {SupabaseClient} from '@supabase/supabase-js'
import type {DatabaseError, DatabaseFunctions} from '../database/functions.ts'
import {createServiceRoleClient, type SupabaseConfig} from '../database/supabase.ts'
import {createSupabaseDatabaseFunctions} from '../database/supabase-functions.ts'
import type {QueuedEmail} from '../email/queue.ts'
import {BOOKING_COLUMNS, BOOKINGS_TABLE, fromRow, isUuid, placesTakenFrom, toInsertRow, type PendingBookingAnswer} from './mapping.ts'
import {BookingStoreError, WindowFullError} from './store.ts'
import type {BookingStore, ClosedStatus, CreatePendingResult, NewBooking, PlacesTaken, StoreChange, StoredBooking} from './store.ts'

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
  readonly #functions: DatabaseFunctions

  constructor(config: SupabaseBookingStoreConfig) {
    this.#client = createServiceRoleClient(config)
    this.#functions = createSupabaseDatabaseFunctions(this.#client)
  }

  #table() {
    return this.#client.from(BOOKINGS_TABLE)
  }

  /** The database function create_pending_booking: the window's places counted and taken under its lock. */
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

  /** The database function mark_booking_paid: the update and the e-mails in one transaction. */
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
