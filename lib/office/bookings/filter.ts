import * as z from 'zod'
import {INDUSTRIES} from '../../booking/catalog.ts'
import {SERVICE_FAMILIES} from '../../booking/availability.ts'
import {OFFICE_BOOKING_STATUSES} from './status.ts'
import {isOfficeDate, refusedDate, refusedText, textProblem, type RefusedParameter} from '../shared/input.ts'

/**
 * The bookings list's filter as the address bar carries it (`/office/bookings?q=…&status=paid&…`),
 * read with zod: a value the office did not offer is dropped rather than refused, so an edited or
 * stale address still shows a list (the unknown part simply does not filter). The same filter drives
 * the page and its CSV export, so the export is exactly what the page shows.
 */

export const BOOKING_SORTS = ['date_asc', 'date_desc', 'created_asc', 'created_desc', 'name_asc', 'name_desc', 'total_asc', 'total_desc'] as const
export type BookingSort = (typeof BOOKING_SORTS)[number]
/** The columns a staff member can sort by (each both ways). */
export type BookingSortColumn = 'date' | 'created' | 'name' | 'total'

/** Newest bookings first: what the office asks most ("what came in?"). */
export const DEFAULT_BOOKING_SORT: BookingSort = 'created_desc'
export const BOOKINGS_PAGE_SIZE = 50

export type BookingFilter = {
  /** What was typed in the search box (trimmed), or ''. */
  q: string
  statuses: (typeof OFFICE_BOOKING_STATUSES)[number][]
  industry: (typeof INDUSTRIES)[number] | null
  crew: (typeof SERVICE_FAMILIES)[number] | null
  /** The booking's date range, 'YYYY-MM-DD', inclusive. */
  from: string | null
  to: string | null
  /** The company days it was paid on (the dashboard's "collected"), inclusive. */
  paidFrom: string | null
  paidTo: string | null
  /** The company days a refund of it went through (the dashboard's "refunded"), inclusive. */
  refundedFrom: string | null
  refundedTo: string | null
  sort: BookingSort
  /** 1-based. */
  page: number
}

const optionalDate = z
  .string()
  .optional()
  .transform((value) => (isOfficeDate(value) ? value : null))

function optionalChoice<const T extends readonly string[]>(choices: T) {
  return z
    .string()
    .optional()
    .transform((value) => ((choices as readonly string[]).includes(value ?? '') ? (value as T[number]) : null))
}

const filterSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value && !textProblem(value) ? value.normalize('NFC').trim().slice(0, 200) : '')),
  status: z
    .array(z.string())
    .transform((values) => [...new Set(values)].filter((value): value is BookingFilter['statuses'][number] => (OFFICE_BOOKING_STATUSES as readonly string[]).includes(value))),
  service: optionalChoice(INDUSTRIES),
  crew: optionalChoice(SERVICE_FAMILIES),
  from: optionalDate,
  to: optionalDate,
  paid_from: optionalDate,
  paid_to: optionalDate,
  refunded_from: optionalDate,
  refunded_to: optionalDate,
  sort: z
    .string()
    .optional()
    .transform((value) => ((BOOKING_SORTS as readonly string[]).includes(value ?? '') ? (value as BookingSort) : DEFAULT_BOOKING_SORT)),
  page: z
    .string()
    .optional()
    .transform((value) => (value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1)),
})

/** The filter of a list address (its search parameters; `status` may repeat). */
export function parseBookingFilter(params: URLSearchParams): BookingFilter {
  const single = (name: string) => params.get(name) ?? undefined
  const parsed = filterSchema.parse({
    q: single('q'),
    status: params.getAll('status'),
    service: single('service'),
    crew: single('crew'),
    from: single('from'),
    to: single('to'),
    paid_from: single('paid_from'),
    paid_to: single('paid_to'),
    refunded_from: single('refunded_from'),
    refunded_to: single('refunded_to'),
    sort: single('sort'),
    page: single('page'),
  })
  return {
    q: parsed.q,
    statuses: parsed.status,
    industry: parsed.service,
    crew: parsed.crew,
    from: parsed.from,
    to: parsed.to,
    paidFrom: parsed.paid_from,
    paidTo: parsed.paid_to,
    refundedFrom: parsed.refunded_from,
    refundedTo: parsed.refunded_to,
    sort: parsed.sort,
    page: parsed.page,
  }
}

/**
 * The part of a list address the office refuses outright, or null: a search with a control character
 * (no one types one; the database cannot store a NUL) or a date outside the office's years. The page
 * says so above the list, which is shown without that part; the CSV export answers 400 instead.
 */
export function refusedBookingFilter(params: URLSearchParams): RefusedParameter | null {
  return (
    refusedText({q: params.get('q')}) ??
    refusedDate({
      from: params.get('from'),
      to: params.get('to'),
      paid_from: params.get('paid_from'),
      paid_to: params.get('paid_to'),
      refunded_from: params.get('refunded_from'),
      refunded_to: params.get('refunded_to'),
    })
  )
}

/** Next's `searchParams` object as URLSearchParams. */
export function searchParamsOf(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(record)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, one)
  }
  return params
}

/** The address query of a filter (defaults left out), with `changes` applied: links to sort, page, export. */
export function bookingFilterQuery(filter: BookingFilter, changes: Partial<BookingFilter> = {}): string {
  const next = {...filter, ...changes}
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  for (const status of next.statuses) params.append('status', status)
  if (next.industry) params.set('service', next.industry)
  if (next.crew) params.set('crew', next.crew)
  if (next.from) params.set('from', next.from)
  if (next.to) params.set('to', next.to)
  if (next.paidFrom) params.set('paid_from', next.paidFrom)
  if (next.paidTo) params.set('paid_to', next.paidTo)
  if (next.refundedFrom) params.set('refunded_from', next.refundedFrom)
  if (next.refundedTo) params.set('refunded_to', next.refundedTo)
  if (next.sort !== DEFAULT_BOOKING_SORT) params.set('sort', next.sort)
  if (next.page !== 1) params.set('page', String(next.page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The column a sort orders by, and which way. */
export function sortParts(sort: BookingSort): {column: BookingSortColumn; direction: 'asc' | 'desc'} {
  const [column, direction] = sort.split('_') as [BookingSortColumn, 'asc' | 'desc']
  return {column, direction}
}

/**
 * The sort a column's header switches to: the column's natural first direction (dates and totals
 * from the newest or largest, names from A), then the other way when it is already sorted so.
 */
export function nextSort(current: BookingSort, column: BookingSortColumn): BookingSort {
  const parts = sortParts(current)
  if (parts.column === column) return `${column}_${parts.direction === 'asc' ? 'desc' : 'asc'}`
  return column === 'name' ? 'name_asc' : `${column}_desc`
}

/** What office_search_bookings reads (supabase/migrations/20261122000600_baseline_office.sql). */
export type DatabaseBookingFilter = {
  text?: string
  digits?: string
  reference?: string
  statuses?: string[]
  industry?: string
  crew?: string
  from?: string
  to?: string
  paid_from?: string
  paid_to?: string
  refunded_from?: string
  refunded_to?: string
}

/** `value` as a LIKE pattern that finds it anywhere, its own % _ and \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * The search box: a name, e-mail or address fragment (case-insensitive), a phone number however it is
 * typed (its digits, at least three), or a booking reference ("7F3A-09C2", its start, any case).
 */
export function toDatabaseFilter(filter: BookingFilter): DatabaseBookingFilter {
  const database: DatabaseBookingFilter = {}
  const q = filter.q.toLowerCase()
  if (q) {
    database.text = containsPattern(q)
    const digits = q.replace(/\D/g, '')
    // Only what looks like a phone number is searched as one ("12 Main St" is an address).
    if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q)) database.digits = digits.startsWith('1') && digits.length === 11 ? digits.slice(1) : digits
    const hex = q.replace(/[\s-]/g, '')
    if (/^[0-9a-f]{4,32}$/.test(hex)) database.reference = hex
  }
  if (filter.statuses.length > 0) database.statuses = filter.statuses
  if (filter.industry) database.industry = filter.industry
  if (filter.crew) database.crew = filter.crew
  if (filter.from) database.from = filter.from
  if (filter.to) database.to = filter.to
  if (filter.paidFrom) database.paid_from = filter.paidFrom
  if (filter.paidTo) database.paid_to = filter.paidTo
  if (filter.refundedFrom) database.refunded_from = filter.refundedFrom
  if (filter.refundedTo) database.refunded_to = filter.refundedTo
  return database
}
