/**
 * The requests the bench sends, as a browser sends them: a static page with the encodings browsers
 * accept, a house-cleaning booking as the booking form posts it (lib/booking/schemas.ts), and a quote
 * request as a quote landing page's form posts it (lib/leads/schemas.ts). Each booking and quote
 * request carries a key of its own (the form makes one per submission); the same key again would be
 * the same submission, answered from the store without a new row.
 */
import {randomUUID} from 'node:crypto'

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

/** A working day (not a Sunday) about `days` ahead, YYYY-MM-DD, within the 60 days one can book. */
function futureDate(days = 30): string {
  const date = new Date(Date.now() + days * 86_400_000)
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

const KEY = '00000000-0000-4000-8000-000000000000'

/**
 * JSON of `value` with `key` replaced by a new UUID for each call: built once and spliced, so the
 * load generator (on the same two cores as the servers) spends next to nothing per request.
 */
function withFreshKey(value: Record<string, unknown>): () => string {
  const [before, after] = JSON.stringify(value).split(KEY)
  if (after === undefined) throw new Error('The request template has no key to replace')
  return () => before + randomUUID() + after
}

/** A house-cleaning booking with every section filled in (a $300-odd Deep Cleaning with a coupon). */
export function houseBookingValues(): Record<string, unknown> {
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
    date: futureDate(),
    // Every request asks for the same window: the server under test needs room for them
    // (the e2e dataset's 200 a window), or the window's capacity refuses the rest.
    arrivalWindow: '08:00-10:00',
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

/** POST /api/bookings, as the booking form's Confirm & Pay sends it. */
export function bookingRequest(origin: string): BenchRequest {
  return {method: 'POST', path: '/api/bookings', headers: jsonPostHeaders(origin), body: withFreshKey(houseBookingValues())}
}

/** The same booking posted to the floor (it stores the fields as they come). */
export function floorBookingRequest(origin: string): BenchRequest {
  return {method: 'POST', path: '/bookings', headers: jsonPostHeaders(origin), body: withFreshKey(houseBookingValues())}
}

/** The same booking posted to the Next.js floor (the bare app's route handler, at the site's path). */
export function nextFloorBookingRequest(origin: string): BenchRequest {
  return {method: 'POST', path: '/api/bookings', headers: jsonPostHeaders(origin), body: withFreshKey(houseBookingValues())}
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
  return {method: 'POST', path: '/api/quote-requests', headers: jsonPostHeaders(origin), body: withFreshKey(values)}
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
