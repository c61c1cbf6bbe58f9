import {SERVICE_FAMILIES, type AvailabilityRules, type ServiceFamily} from '../../booking/availability.ts'
import {bookingReference} from '../../booking/stored.ts'
import {fromRow, placesTakenFrom} from '../../booking/store/mapping.ts'
import type {StoredBooking} from '../../booking/store/store.ts'
import type {DatabaseFunctions} from '../../database/functions.ts'
import {companyLocalNow} from '../../company-time.ts'
import {BOOKINGS_PAGE_SIZE, toDatabaseFilter, type BookingFilter} from './filter.ts'
import {officeBookingStatus} from './status.ts'
import {paymentSummary} from './payment-state.ts'
import {CSV_BOM, csvRecord, type CsvValue} from '../shared/csv.ts'
import {buildDaySheet, buildSchedule, crewOf, serviceOf, type DaySheetWindow, type ScheduleDay, type ScheduleRange} from '../schedule/rules.ts'
import {townOf} from '../schedule/town.ts'
import {formatDuration} from '../../booking/pricing/house.ts'
import {CARPET_EXTRAS, HOUSE_EXTRAS} from '../../booking/catalog.ts'
import {formatPhone} from '../../format.ts'
import {BOOKING_LIST_WORDS, PAYMENT_STATE_WORDS} from './words.ts'

/**
 * The office's reads of bookings: the schedule, a crew's day sheet, the bookings list and its CSV
 * export, each through the database functions of 20261122000600_baseline_office.sql (so
 * Supabase's rpc and the embedded database answer alike). The pages and the export call these;
 * the measurement (scripts/bench/office.ts) calls the same.
 */
export type OfficeListDeps = {
  functions: DatabaseFunctions
  now: () => Date
  availability: () => Promise<AvailabilityRules>
}

/** The bookings dated `from`..`to` that are or were jobs (the schedule's and the day sheet's rows). */
export async function bookingsBetween(functions: DatabaseFunctions, from: string, to: string): Promise<StoredBooking[]> {
  const rows = await functions.rows('office_bookings_between', {p_from: from, p_to: to})
  return rows.map(fromRow)
}

/** The schedule of a day or week: the bookings, and each crew's places taken, counted as /api/availability counts them. */
export async function readSchedule(deps: OfficeListDeps, range: ScheduleRange, crews: readonly ServiceFamily[] = SERVICE_FAMILIES): Promise<ScheduleDay[]> {
  const now = deps.now()
  const [rules, bookings, ...taken] = await Promise.all([
    deps.availability(),
    bookingsBetween(deps.functions, range.from, range.to),
    ...crews.map(async (crew) =>
      placesTakenFrom(await deps.functions.rows('window_places_taken_between', {p_family: crew, p_from: range.from, p_to: range.to, p_now: now})),
    ),
  ])
  return buildSchedule({rules, days: range.days, crews, bookings, taken: Object.fromEntries(crews.map((crew, index) => [crew, taken[index]])), now})
}

/** A crew's day sheet for `date`. */
export async function readDaySheet(deps: Pick<OfficeListDeps, 'functions' | 'now'>, crew: ServiceFamily, date: string): Promise<DaySheetWindow[]> {
  return buildDaySheet(await bookingsBetween(deps.functions, date, date), crew, date, deps.now())
}

/**
 * What every booking a filter matches adds up to (all its pages, not only the one shown), in cents,
 * as the CSV's columns add up: Total, Discount, Paid, Refunded, Kept; the tips; and, when the filter
 * names refund dates, the refunds that went through on them.
 */
export type BookingSums = {
  count: number
  totalCents: number
  discountCents: number
  tipCents: number
  paidCents: number
  refundedCents: number
  keptCents: number
  refundedInPeriodCents: number | null
}

/**
 * One row of the list: the booking, the part of its refunds that went through on the filter's
 * refund dates (null without them), its plan's frequency and status (a plan's visit) and when its
 * customer agreed to texts (the booking's own consent, or its plan's).
 */
export type ListedBooking = {
  booking: StoredBooking
  refundedInPeriodCents: number | null
  plan?: {frequency: string; status: string} | null
  textsConsentAt?: string | null
}

export type BookingsPage = {total: number; pageCount: number; sums: BookingSums; bookings: StoredBooking[]}

type SearchAnswer = {
  total: number | string
  sums: Record<'count' | 'total_cents' | 'discount_cents' | 'tip_cents' | 'paid_cents' | 'refunded_cents' | 'kept_cents', number | string> & {refunded_in_period_cents: number | string | null}
  bookings: Record<string, unknown>[]
}

const centsOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

const sumsOf = (sums: SearchAnswer['sums']): BookingSums => ({
  count: Number(sums.count),
  totalCents: Number(sums.total_cents),
  discountCents: Number(sums.discount_cents),
  tipCents: Number(sums.tip_cents),
  paidCents: Number(sums.paid_cents),
  refundedCents: Number(sums.refunded_cents),
  keptCents: Number(sums.kept_cents),
  refundedInPeriodCents: centsOrNull(sums.refunded_in_period_cents),
})

/** One page of the filter's bookings, with the whole filter's sums unless `withSums` is false (the export's pages). */
async function searchPage<S extends boolean = true>(
  functions: DatabaseFunctions,
  filter: BookingFilter,
  page: {limit: number; offset: number; now: Date; withSums?: S},
): Promise<{sums: S extends false ? null : BookingSums; rows: ListedBooking[]}> {
  const withSums = page.withSums !== false
  const answer = await functions.value<Omit<SearchAnswer, 'sums'> & {sums: SearchAnswer['sums'] | null}>('office_search_bookings', {
    p_filter: withSums ? toDatabaseFilter(filter) : {...toDatabaseFilter(filter), without_sums: true},
    p_sort: filter.sort,
    p_limit: page.limit,
    p_offset: page.offset,
    p_now: page.now,
  })
  return {
    sums: (withSums && answer.sums ? sumsOf(answer.sums) : null) as S extends false ? null : BookingSums,
    rows: answer.bookings.map((row) => ({
      booking: fromRow(row),
      refundedInPeriodCents: centsOrNull(row.refunded_in_period_cents),
      plan: row.plan_status ? {frequency: String(row.plan_frequency ?? ''), status: String(row.plan_status)} : null,
      textsConsentAt: row.texts_consent_at ? String(row.texts_consent_at) : null,
    })),
  }
}

/** The page of the bookings list the filter asks for (50 a page), with the whole filter's sums. */
export async function searchBookings(deps: Pick<OfficeListDeps, 'functions' | 'now'>, filter: BookingFilter): Promise<BookingsPage> {
  const {sums, rows} = await searchPage(deps.functions, filter, {limit: BOOKINGS_PAGE_SIZE, offset: (filter.page - 1) * BOOKINGS_PAGE_SIZE, now: deps.now()})
  return {total: sums.count, pageCount: Math.max(1, Math.ceil(sums.count / BOOKINGS_PAGE_SIZE)), sums, bookings: rows.map((row) => row.booking)}
}

/** The CSV's columns, in order (the words are the header row). */
export const CSV_COLUMNS = [
  'reference',
  'status',
  'date',
  'arrivalWindow',
  'crew',
  'category',
  'service',
  'frequency',
  'plan',
  'firstName',
  'lastName',
  'email',
  'phone',
  'textsConsent',
  'address',
  'town',
  'bedrooms',
  'bathrooms',
  'halfBaths',
  'dens',
  'timeRequired',
  'rooms',
  'staircases',
  'extras',
  'total',
  'tip',
  'parking',
  'discount',
  'coupon',
  'payment',
  'paid',
  'refunded',
  'refundedInPeriod',
  'kept',
  'bookedAt',
  'paidAt',
  'cancellationRequestedAt',
  'cancelledAt',
  'notes',
  'id',
] as const satisfies readonly (keyof typeof BOOKING_LIST_WORDS.csvColumns)[]

/** An instant as 'YYYY-MM-DD HH:MM' on Renton's clock: a spreadsheet reads it as a date and time. */
export function csvDateTime(iso: string | null): string | null {
  return iso ? companyLocalNow(new Date(iso)).replace('T', ' ') : null
}

/** Cents as a number of dollars (12345 → 123.45): a spreadsheet sums it. */
export function csvDollars(cents: number | null): number | null {
  return cents === null ? null : Number((cents / 100).toFixed(2))
}

/** One booking as a CSV record (CSV_COLUMNS' order). */
/** The form's size answers as the CSV shows them: each only for the forms that ask it. */
function sizeAnswers(booking: StoredBooking): Record<'bedrooms' | 'bathrooms' | 'halfBaths' | 'dens' | 'timeRequired' | 'rooms' | 'staircases' | 'extras', CsvValue> {
  const house = booking.industry === 'house'
  // In the form's order (the database keeps them in its own).
  const order: readonly string[] = house ? HOUSE_EXTRAS : CARPET_EXTRAS
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  const extras = Object.entries(booking.extras ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, count]) => `${name} × ${count}`)
    .join(', ')
  return {
    bedrooms: house ? booking.bedrooms : null,
    bathrooms: house ? booking.bathrooms : null,
    halfBaths: house ? booking.halfBath : null,
    dens: house ? booking.den : null,
    timeRequired: house && (booking.hours || booking.minutes) ? formatDuration(booking.hours ?? 0, booking.minutes ?? 0) : null,
    rooms: booking.industry === 'carpet' ? booking.rooms : null,
    staircases: booking.industry === 'carpet' ? booking.stairs : null,
    extras: house || booking.industry === 'carpet' ? extras || BOOKING_LIST_WORDS.csvNone : null,
  }
}

export function csvBookingRecord({booking, refundedInPeriodCents, plan = null, textsConsentAt = null}: ListedBooking, now: Date): string {
  const status = officeBookingStatus(booking, now)
  const payment = paymentSummary(booking)
  const values: Record<(typeof CSV_COLUMNS)[number], CsvValue> = {
    reference: bookingReference(booking.id),
    status: BOOKING_LIST_WORDS.statuses[status],
    date: booking.date,
    arrivalWindow: booking.arrivalWindow,
    crew: BOOKING_LIST_WORDS.crews[crewOf(booking)],
    category: BOOKING_LIST_WORDS.industries[booking.industry],
    service: serviceOf(booking),
    frequency: booking.frequency,
    plan: plan ? BOOKING_LIST_WORDS.csvPlan(booking.planVisit, plan.frequency, plan.status) : null,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    // As the site shows it: "(425) 555-0142", which no spreadsheet reads as a formula.
    phone: formatPhone(booking.phone),
    textsConsent: textsConsentAt ? BOOKING_LIST_WORDS.csvYes : BOOKING_LIST_WORDS.csvNo,
    address: booking.address,
    town: townOf(booking.address),
    ...sizeAnswers(booking),
    total: csvDollars(booking.amountCents),
    tip: csvDollars(booking.tipCents ?? null),
    parking: csvDollars(booking.parkingCents ?? null),
    discount: csvDollars(booking.discountCents),
    coupon: booking.coupon,
    payment: payment ? PAYMENT_STATE_WORDS.states[payment.state] : null,
    paid: csvDollars(payment?.paidCents ?? 0),
    refunded: csvDollars(booking.refundedCents),
    refundedInPeriod: csvDollars(refundedInPeriodCents),
    kept: csvDollars(payment?.keptCents ?? 0),
    bookedAt: csvDateTime(booking.createdAt),
    paidAt: csvDateTime(booking.paidAt),
    cancellationRequestedAt: csvDateTime(booking.cancellationRequestedAt),
    cancelledAt: csvDateTime(booking.cancelledAt),
    notes: booking.notes,
    id: booking.id,
  }
  return csvRecord(CSV_COLUMNS.map((column) => values[column]))
}

/** How many bookings the export reads from the database at a time. */
export const CSV_CHUNK = 500

/**
 * Every booking the filter matches (all its pages, in its order) as CSV, read from the database
 * `CSV_CHUNK` rows at a time while the answer streams: the file never sits in memory whole, and a
 * client that stops reading stops the reads.
 */
export function bookingsCsvStream(deps: Pick<OfficeListDeps, 'functions' | 'now'>, filter: BookingFilter, chunk = CSV_CHUNK): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const now = deps.now()
  let offset = 0
  let headerSent = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true
          controller.enqueue(encoder.encode(CSV_BOM + csvRecord(CSV_COLUMNS.map((column) => BOOKING_LIST_WORDS.csvColumns[column]))))
          return
        }
        const {rows} = await searchPage(deps.functions, filter, {limit: chunk, offset, now, withSums: false})
        offset += rows.length
        if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => csvBookingRecord(row, now)).join('')))
        if (rows.length < chunk) controller.close()
      },
    },
    {highWaterMark: 1},
  )
}

/** The export's file name: what it holds and the day it was made, e.g. bookings-2026-11-28.csv. */
export function csvFileName(now: Date): string {
  return `bookings-${companyLocalNow(now).slice(0, 10)}.csv`
}
