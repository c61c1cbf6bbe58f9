/**
 * The office's customers: one per e-mail address, trimmed and in lower case (the "e-mail key"), so
 * 'Ann@X.com' and ' ann@x.com' are one customer. The list searches every booking, plan, quote
 * request, contact message and estimate request by name, e-mail, phone or address; a customer's
 * record gathers all of them with the office's notes, their money and their texts consent. Every
 * figure is worked out in the database (supabase/migrations/20261201000300_customers.sql). Plain
 * TypeScript with the database functions passed in.
 */
import * as z from 'zod'
import type {DatabaseFunctions} from '../../database/functions'
import {containsPattern} from '../bookings/filter'
import {OFFICE_BOOKING_STATUSES} from '../bookings/status'
import {refusedText, textProblem, type RefusedParameter} from '../shared/input'

export const CUSTOMERS_PAGE_SIZE = 25

/** The longest e-mail address a form stores (and a key the office reads from an address). */
const EMAIL_KEY_MAX = 254

/** A customer's e-mail key: the address trimmed and in lower case. */
export function customerKey(email: string): string {
  return email.trim().toLowerCase()
}

/** The address of a customer's record (the key percent-encoded: it holds '@' and may hold '+'). */
export function customerHref(email: string): string {
  return `/office/customers/${encodeURIComponent(customerKey(email))}`
}

/**
 * The key a record's address names, or null when it cannot be one. An e-mail key always holds '@':
 * a segment without one is still percent-encoded ('ann%40x.com') and is decoded here, whether or not
 * the router already decoded it.
 */
export function customerKeyFromSegment(segment: string): string | null {
  let key = segment
  if (!key.includes('@')) {
    try {
      key = decodeURIComponent(key)
    } catch {
      return null
    }
  }
  key = customerKey(key)
  if (!key.includes('@') || key.length < 3 || key.length > EMAIL_KEY_MAX || textProblem(key)) return null
  return key
}

/** The customers list's address: what was typed in the search box (trimmed) and the page (1-based). */
export type CustomerSearch = {q: string; page: number}

/** The list's search as the address bar carries it (`/office/customers?q=…&page=2`); what it cannot use is dropped. */
export function parseCustomerSearch(params: URLSearchParams): CustomerSearch {
  const q = params.get('q') ?? ''
  const page = params.get('page') ?? ''
  return {
    q: textProblem(q) ? '' : q.normalize('NFC').trim().slice(0, 200),
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  }
}

/** A search the office refuses outright (a control character), said above the list, or null. */
export function refusedCustomerSearch(params: URLSearchParams): RefusedParameter | null {
  return refusedText({q: params.get('q')})
}

/** The list's address with `changes` (defaults left out). */
export function customerSearchQuery(search: CustomerSearch, changes: Partial<CustomerSearch> = {}): string {
  const next = {...search, ...changes}
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.page !== 1) params.set('page', String(next.page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** What office_customers reads: a name, e-mail or address fragment, and a phone number's digits. */
export type DatabaseCustomerFilter = {text?: string; digits?: string}

/**
 * The search box as the database reads it: the text found anywhere in a name, an e-mail or an
 * address (case-insensitive, its own % _ and \ taken literally); and, when it looks like a phone
 * number however typed ("(425) 555"), its digits, at least three (a leading country code 1 dropped).
 */
export function toCustomerFilter(q: string): DatabaseCustomerFilter {
  const text = q.trim().toLowerCase()
  if (!text) return {}
  const filter: DatabaseCustomerFilter = {text: containsPattern(text)}
  const digits = text.replace(/\D/g, '')
  if (digits.length >= 3 && digits.length <= 20 && /^[\d\s()+.-]+$/.test(text)) filter.digits = digits.startsWith('1') && digits.length === 11 ? digits.slice(1) : digits
  return filter
}

/** One row of the customers list. */
export interface CustomerRow {
  emailKey: string
  name: string
  phone: string | null
  /** Bookings paid (cancelled later or not) or planned on a plan. */
  bookings: number
  /** When they last booked or sent a form (ISO 8601). */
  lastAt: string
}

const json = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema)
const cents = z.coerce.number().int()
const instant = z.preprocess((value) => (value instanceof Date ? value.toISOString() : value), z.string())
const nullableInstant = instant.nullable()

const listAnswer = json(
  z.object({
    total: z.coerce.number().int(),
    customers: z.array(z.object({emailKey: z.string(), name: z.string(), phone: z.string().nullable(), bookings: cents, lastAt: instant})),
  }),
)

/** One page of the customers matching `search`, the most recent first, with how many match. */
export async function listCustomers(
  functions: DatabaseFunctions,
  search: CustomerSearch,
): Promise<{total: number; page: number; pageCount: number; customers: CustomerRow[]}> {
  const filter = toCustomerFilter(search.q)
  const read = async (page: number) =>
    listAnswer.parse(await functions.value('office_customers', {p_filter: filter, p_limit: CUSTOMERS_PAGE_SIZE, p_offset: (page - 1) * CUSTOMERS_PAGE_SIZE}))
  let page = search.page
  let answer = await read(page)
  const pageCount = Math.max(1, Math.ceil(answer.total / CUSTOMERS_PAGE_SIZE))
  // A page past the last (an old address): the last page instead.
  if (page > pageCount) {
    page = pageCount
    answer = await read(page)
  }
  return {total: answer.total, page, pageCount, customers: answer.customers}
}

const LEAD_KINDS = ['quote_request', 'contact_message', 'estimate_request'] as const

const recordAnswer = json(
  z
    .object({
      emailKey: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      phones: z.array(z.string()),
      addresses: z.array(z.string()),
      bookings: z.array(
        z.object({
          id: z.string(),
          date: z.string().nullable(),
          arrivalWindow: z.string().nullable(),
          industry: z.string(),
          service: z.string().nullable(),
          planId: z.string().nullable(),
          status: z.enum(OFFICE_BOOKING_STATUSES),
          amountCents: cents,
          paidCents: cents,
          refundedCents: cents,
          createdAt: instant,
        }),
      ),
      plans: z.array(
        z.object({id: z.string(), frequency: z.string(), status: z.string(), perVisitCents: cents, createdAt: instant, cancelledAt: nullableInstant}),
      ),
      leads: z.array(z.object({kind: z.enum(LEAD_KINDS), id: z.string(), at: instant, summary: z.string().nullable(), status: z.string()})),
      replies: z.array(
        z.object({
          leadKind: z.enum(LEAD_KINDS),
          leadId: z.string(),
          at: instant,
          staffName: z.string(),
          subject: z.string().nullable(),
          message: z.string().nullable(),
        }),
      ),
      notes: z.array(z.object({id: z.string(), staffName: z.string(), at: instant, body: z.string()})),
      money: z.object({paidCents: cents, refundedCents: cents, keptCents: cents}),
      visits: z.object({first: z.string().nullable(), last: z.string().nullable(), count: cents}),
      texts: z.object({booked: z.boolean(), consentAt: nullableInstant, optedOutSince: nullableInstant}),
    })
    .nullable(),
)

/** One customer's record, as the database answers it (amounts in cents, dates 'YYYY-MM-DD', moments ISO 8601). */
export type CustomerRecord = NonNullable<z.infer<typeof recordAnswer>>

/** The record of the customer with e-mail key `key`, or null when nothing names them. */
export async function readCustomer(functions: DatabaseFunctions, key: string, now: Date): Promise<CustomerRecord | null> {
  return recordAnswer.parse(await functions.value('office_customer', {p_email_key: customerKey(key), p_now: now.toISOString()}))
}
