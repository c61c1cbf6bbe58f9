/**
 * The requests the bench sends, as a browser sends them: a static page with the encodings browsers
 * accept, a house-cleaning booking as the booking form posts it (lib/booking/schemas.ts), and a quote
 * request as a quote landing page's form posts it (lib/leads/schemas.ts). Each booking and quote
 * request carries a key of its own (the form makes one per submission); the same key again would be
 * the same submission, answered from the store without a new row. The bookings go round the dates
 * and windows they are given (./dataset.ts's bookingSlots), one after another, so no window fills.
 */
import {randomUUID} from 'node:crypto'
import type {BookingSlot} from './dataset.ts'

export interface BenchRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  /** A new body for each request (a fresh submission key each time). */
  body?: () => string
}

/** What Chromium sends with a navigation. */
const BROWSER_GET_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 cleaning-bench',
}

export function staticPage(path = '/'): BenchRequest {
  return {method: 'GET', path, headers: BROWSER_GET_HEADERS}
}

/** fetch() from the page: JSON, same origin. */
function jsonPostHeaders(origin: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br',
    origin,
    referer: `${origin}/`,
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    'user-agent': BROWSER_GET_HEADERS['user-agent'],
  }
}

const KEY = '00000000-0000-4000-8000-000000000000'

/**
 * JSON of each of `values` in turn (the first, the second, …, the first again) with `key` replaced
 * by a new UUID for each call: built once and spliced, so the load generator (on the same two cores
 * as the servers) spends next to nothing per request.
 */
export function inTurnWithFreshKeys(values: readonly Record<string, unknown>[]): () => string {
  const templates = values.map((value) => {
    const [before, after] = JSON.stringify(value).split(KEY)
    if (after === undefined) throw new Error('The request template has no key to replace')
    return [before, after] as const
  })
  if (templates.length === 0) throw new Error('No request to send')
  let next = 0
  return () => {
    const [before, after] = templates[next]
    next = (next + 1) % templates.length
    return before + randomUUID() + after
  }
}

/** A house-cleaning booking with every section filled in (a $300-odd Deep Cleaning with a coupon), for `slot`. */
export function houseBookingValues(slot: BookingSlot): Record<string, unknown> {
  return {
    industry: 'house',
    idempotencyKey: KEY,
    location: 'King County',
    service: 'Deep Cleaning',
    frequency: '',
    bedrooms: 3,
    bathrooms: 2,
    halfBaths: 1,
    dens: 0,
    hours: 0,
    minutes: 0,
    extras: {'Extra Heavy Duty': 0, Blinds: 1, 'Interior Windows': 0, Oven: 1, Garage: 0},
    instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
    date: slot.date,
    arrivalWindow: slot.arrivalWindow,
    tip: '15%',
    parkingFee: '$10',
    firstName: 'Marguerite',
    lastName: 'Okonkwo-Lindqvist',
    email: 'marguerite.okonkwo@example.com',
    phone: '(425) 555-0199',
    address: '1428 Maple Valley Hwy, Renton, WA 98058',
    notes: 'Two cats; please keep the back door closed.',
    coupon: 'save10',
  }
}

/** The bookings to send, in turn: one per slot. */
function bookings(slots: readonly BookingSlot[]): () => string {
  return inTurnWithFreshKeys(slots.map(houseBookingValues))
}

/**
 * POST /api/bookings, as the booking form's Confirm & Pay sends it, going round `slots` (each a
 * date and window the site offers, ./dataset.ts): the site must have room in each for the run.
 */
export function bookingRequest(origin: string, slots: readonly BookingSlot[]): BenchRequest {
  return {method: 'POST', path: '/api/bookings', headers: jsonPostHeaders(origin), body: bookings(slots)}
}

/** The same bookings posted to the floor (it stores the fields as they come). */
export function floorBookingRequest(origin: string, slots: readonly BookingSlot[]): BenchRequest {
  return {method: 'POST', path: '/bookings', headers: jsonPostHeaders(origin), body: bookings(slots)}
}

/** The same bookings posted to the Next.js floor (the bare app's route handler, at the site's path). */
export function nextFloorBookingRequest(origin: string, slots: readonly BookingSlot[]): BenchRequest {
  return {method: 'POST', path: '/api/bookings', headers: jsonPostHeaders(origin), body: bookings(slots)}
}

/** POST /api/quote-requests, as the quote form of /roof-cleaning sends it. */
export function quoteRequest(origin: string): BenchRequest {
  const values = {
    submissionKey: KEY,
    firstName: 'Marguerite',
    lastName: 'Okonkwo-Lindqvist',
    phone: '(425) 555-0142',
    email: 'marguerite.okonkwo@example.com',
    zipCode: '98056',
    squareFootage: '2,400',
    desiredServices: 'Moss removal on the north side of the roof, and the gutters.',
    heardAboutUs: 'A friend or neighbor',
    termsAccepted: true,
    page: {path: '/roof-cleaning', title: 'Roof Cleaning'},
    website: '',
  }
  return {method: 'POST', path: '/api/quote-requests', headers: jsonPostHeaders(origin), body: inTurnWithFreshKeys([values])}
}

/** Sends one request (outside the measurement) and throws unless it answers 200: a bad body fails fast. */
export async function checkOnce(url: string, request: BenchRequest): Promise<string> {
  const response = await fetch(new URL(request.path, url), {
    method: request.method,
    headers: request.headers,
    body: request.body?.(),
    signal: AbortSignal.timeout(180_000),
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 500)}`)
  return text
}
