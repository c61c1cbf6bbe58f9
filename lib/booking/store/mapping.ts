import {INDUSTRIES, type Industry} from '../catalog.ts'
import {BOOKING_OUTCOMES, BookingStoreError, CHARGE_STATES, PAYMENT_STATUSES} from './store.ts'
import type {BookingChange, BookingExtras, BookingOutcome, BookingInstructions, ChargeState, NewBooking, PaymentStatus, StoredBooking} from './store.ts'

/**
 * The one mapping between the app's camelCase bookings and the snake_case columns of
 * public.bookings (supabase/migrations), shared by the SQL and the Supabase adapters.
 */

export const BOOKINGS_TABLE = 'bookings'

/** App field → column, for every field of NewBooking except the derived money columns. */
const FIELD_COLUMNS = {
  industry: 'industry',
  idempotencyKey: 'idempotency_key',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  notes: 'notes',
  location: 'location',
  service: 'service',
  frequency: 'frequency',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  halfBath: 'half_bath',
  den: 'den',
  extras: 'extras',
  instructions: 'instructions',
  date: 'date',
  tip: 'tip',
  parkingFee: 'parking_fee',
  tipCents: 'tip_cents',
  parkingCents: 'parking_cents',
  hours: 'hours',
  minutes: 'minutes',
  rooms: 'rooms',
  stairs: 'stairs',
  coupon: 'coupon',
  discountCents: 'discount_cents',
  amountCents: 'amount_cents',
  arrivalWindow: 'arrival_window',
  serviceFamily: 'service_family',
  windowStartsAt: 'window_starts_at',
  holdExpiresAt: 'hold_expires_at',
  smsConsentAt: 'sms_consent_at',
} as const satisfies {[K in keyof NewBooking]-?: string}

/** The columns written when a booking is created, in a fixed order. */
export const INSERT_COLUMNS = [...Object.values(FIELD_COLUMNS), 'amount', 'discount'] as const
export type InsertColumn = (typeof INSERT_COLUMNS)[number]

/** Columns of type jsonb (the SQL adapter sends them as JSON text). */
export const JSON_COLUMNS: ReadonlySet<string> = new Set(['extras', 'instructions'])

/** A row to insert: JSON columns as values, money as exact decimal strings. */
export type BookingInsertRow = Record<InsertColumn, string | number | BookingExtras | BookingInstructions | null>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** 12345 → '123.45' (exact: no floating point). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** The row for a new booking; refuses what the database would refuse less clearly. */
export function toInsertRow(booking: NewBooking): BookingInsertRow {
  if (!isUuid(booking.idempotencyKey)) throw new BookingStoreError('The idempotency key must be a UUID.')
  if (!INDUSTRIES.includes(booking.industry)) throw new BookingStoreError(`Unknown industry: ${String(booking.industry)}`)
  if (!Number.isSafeInteger(booking.amountCents)) throw new BookingStoreError('amountCents must be an integer.')
  const discountCents = booking.discountCents ?? null
  if (discountCents !== null && !Number.isSafeInteger(discountCents)) throw new BookingStoreError('discountCents must be an integer.')
  for (const field of ['tipCents', 'parkingCents'] as const) {
    const cents = booking[field]
    if (cents != null && !(Number.isSafeInteger(cents) && cents >= 0)) throw new BookingStoreError(`${field} must be a whole number of cents, 0 or more.`)
  }
  if (booking.date != null && !/^\d{4}-\d{2}-\d{2}$/.test(booking.date)) throw new BookingStoreError('date must be YYYY-MM-DD.')

  const row = {} as BookingInsertRow
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [keyof NewBooking, InsertColumn][]) {
    row[column] = booking[field] ?? null
  }
  row.amount = centsToDollars(booking.amountCents)
  row.discount = discountCents === null ? null : centsToDollars(discountCents)
  return row
}

function text(value: unknown): string | null {
  return value == null ? null : String(value)
}

function int(value: unknown): number | null {
  return value == null ? null : Number(value)
}

/** numeric(10,2) arrives as '12.50' (Postgres drivers) or 12.5 (PostgREST's JSON). */
function money(value: unknown): string | null {
  if (value == null) return null
  if (typeof value === 'number') return value.toFixed(2)
  const [whole, fraction = ''] = String(value).split('.')
  return `${whole}.${fraction.padEnd(2, '0')}`
}

/** timestamptz arrives as a Date (Postgres drivers) or an ISO string (PostgREST). */
function timestamp(value: unknown): string | null {
  if (value == null) return null
  const date = value instanceof Date ? value : new Date(String(value))
  if (Number.isNaN(date.getTime())) throw new BookingStoreError(`Unreadable timestamp: ${String(value)}`)
  return date.toISOString()
}

/** date arrives as 'YYYY-MM-DD' (PostgREST, or the SQL adapter's date::text). */
function calendarDate(value: unknown): string | null {
  if (value == null) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** What create_pending_booking answers. */
export type PendingBookingAnswer = {status: 'created' | 'existing'; id: string} | {status: 'full'}

/** window_places_taken_between's rows as places taken per `${date} ${window}` (lib/booking/availability.ts `slotKey`). */
export function placesTakenFrom(rows: readonly Record<string, unknown>[]): Map<string, number> {
  return new Map(rows.map((row) => [`${calendarDate(row.date)} ${String(row.arrival_window)}`, Number(row.taken)]))
}

/**
 * A stored booking from a row of public.bookings (a driver's row, or `to_jsonb` of one); a plan's
 * later visit's charge under the names public.booking_with_charge gives it (null where not read).
 */
export function fromRow(row: Record<string, unknown>): StoredBooking {
  const status = String(row.payment_status)
  if (!(PAYMENT_STATUSES as readonly string[]).includes(status)) throw new BookingStoreError(`Unknown payment status: ${status}`)
  return {
    id: String(row.id),
    industry: String(row.industry) as Industry,
    idempotencyKey: String(row.idempotency_key),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    address: String(row.address),
    notes: text(row.notes),
    location: text(row.location),
    service: text(row.service),
    frequency: text(row.frequency),
    bedrooms: int(row.bedrooms),
    bathrooms: int(row.bathrooms),
    halfBath: int(row.half_bath),
    den: int(row.den),
    extras: (row.extras ?? null) as BookingExtras | null,
    instructions: (row.instructions ?? null) as BookingInstructions | null,
    date: calendarDate(row.date),
    tip: text(row.tip),
    parkingFee: text(row.parking_fee),
    tipCents: int(row.tip_cents),
    parkingCents: int(row.parking_cents),
    hours: int(row.hours),
    minutes: int(row.minutes),
    rooms: int(row.rooms),
    stairs: int(row.stairs),
    coupon: text(row.coupon),
    discountCents: int(row.discount_cents),
    discount: money(row.discount),
    amountCents: Number(row.amount_cents),
    amount: money(row.amount) ?? centsToDollars(Number(row.amount_cents)),
    paymentStatus: status as PaymentStatus,
    paymentProvider: text(row.payment_provider),
    paymentSessionId: text(row.payment_session_id),
    createdAt: timestamp(row.created_at) as string,
    updatedAt: timestamp(row.updated_at),
    paidAt: timestamp(row.paid_at),
    arrivalWindow: text(row.arrival_window),
    serviceFamily: text(row.service_family) as StoredBooking['serviceFamily'],
    windowStartsAt: timestamp(row.window_starts_at),
    holdExpiresAt: timestamp(row.hold_expires_at),
    cancellationRequestedAt: timestamp(row.cancellation_requested_at),
    manageLinkGeneration: Number(row.manage_link_generation ?? 0),
    cancelledAt: timestamp(row.cancelled_at),
    refundedCents: Number(row.refunded_cents ?? 0),
    outcome: (BOOKING_OUTCOMES as readonly unknown[]).includes(row.outcome) ? (row.outcome as BookingOutcome) : null,
    smsConsentAt: timestamp(row.sms_consent_at),
    planId: text(row.plan_id),
    planVisit: int(row.plan_visit),
    chargeState: (CHARGE_STATES as readonly unknown[]).includes(row.charge_state) ? (row.charge_state as ChargeState) : null,
    chargeDueAt: timestamp(row.charge_due_at),
    cardDeadlineAt: timestamp(row.card_deadline_at),
    placedElsewhere: row.placed_elsewhere === true || row.placed_elsewhere === 't',
    startedAt: timestamp(row.started_at),
  }
}

/** booking_changes_of's rows as the app's changes. */
export function changesFrom(rows: readonly Record<string, unknown>[]): BookingChange[] {
  return rows.map((row) => ({
    kind: row.kind === 'cancellation_requested' ? 'cancellation_requested' : 'rescheduled',
    fromDate: calendarDate(row.from_date),
    fromWindow: text(row.from_window),
    toDate: calendarDate(row.to_date),
    toWindow: text(row.to_window),
    changedAt: timestamp(row.changed_at) as string,
  }))
}
