/**
 * The HTTP side of the booking flow, as plain functions on the web Request/Response API, so the
 * route handlers in app/ stay one line each and these are tested without a server:
 * - `handleBookingRequest`: POST /api/bookings (rate limit, size cap, JSON, `submitBooking`);
 * - `handleWebhook`: POST /api/stripe/webhook (signature, `handlePaymentEvent`);
 * - `completeTestCheckout`: Pay / Cancel on the local test checkout page.
 */
import type {BookingStore} from '../bookings/store'
import {InvalidWebhookSignatureError, PaymentConfigurationError, type PaymentProvider} from '../payments/provider'
import {testCheckoutReturnUrl, type TestCheckoutOutcome, type TestCheckoutProvider} from '../payments/test-checkout'
import type {RateLimiter} from '../rate-limit'
import {readJsonBody} from '../request-body'
import {fulfilCheckout, handlePaymentEvent, submitBooking, type BookingFlowDeps, type SubmitBookingResult} from './flow'
import {BOOKING_MESSAGES, type BookingRequestFailure} from './flow-messages'
import {REQUEST_INVALID_MESSAGE} from './schemas'
import {bookingFormValues} from './stored'

/** Largest booking request accepted (a full house booking with long notes is under 4 kB). */
export const MAX_BOOKING_BODY_BYTES = 32 * 1024

const NO_STORE = {'Cache-Control': 'no-store'}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, {status, headers: {...NO_STORE, ...headers}})
}

/** HTTP status of each answer of the booking flow. */
export function bookingResultStatus(result: SubmitBookingResult | BookingRequestFailure): number {
  if (result.ok) return 200
  switch (result.kind) {
    case 'validation':
      return 400
    case 'save':
      return 500
    case 'payment':
    case 'no-url':
      return 502
    case 'rejected':
      return 400
    case 'network':
      return 503
  }
}

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The origin the provider sends the customer back to: SITE_URL when set (the public address; set
 * it in production), else the address the browser used: X-Forwarded-Host / Host with
 * X-Forwarded-Proto (Next's own `request.url` names its listening host, e.g. localhost, not the
 * one the customer typed). A forged Host only misdirects the forger's own checkout.
 */
export function requestOrigin(request: Request, env: Record<string, string | undefined> = process.env): string {
  const configured = env.SITE_URL?.trim()
  if (configured) {
    try {
      return new URL(configured).origin
    } catch {
      // fall through to the request's own origin
    }
  }
  const url = new URL(request.url)
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() ?? ''
  const host = first('x-forwarded-host') || first('host')
  const proto = first('x-forwarded-proto').toLowerCase()
  const protocol = proto === 'http' || proto === 'https' ? proto : url.protocol.replace(':', '')
  if (host && HOST.test(host)) {
    try {
      return new URL(`${protocol}://${host}`).origin
    } catch {
      // fall through
    }
  }
  return url.origin
}

export interface BookingRouteOptions {
  limiter: RateLimiter
  /** The client's address, the rate limit's key. */
  clientKey: (request: Request) => string
  origin: (request: Request) => string
  /** The flow's dependencies; may throw PaymentConfigurationError (no provider may run) or a store error. */
  deps: (origin: string) => Promise<BookingFlowDeps>
  maxBodyBytes?: number
  log?: Pick<Console, 'error'>
}

/** POST /api/bookings. */
export async function handleBookingRequest(request: Request, options: BookingRouteOptions): Promise<Response> {
  const log = options.log ?? console
  const limit = options.limiter.check(options.clientKey(request))
  if (!limit.allowed) {
    return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  }
  const read = await readJsonBody(request, options.maxBodyBytes ?? MAX_BOOKING_BODY_BYTES)
  if (!read.ok) {
    if (read.status === 415) return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.notJson}, 415)
    if (read.status === 413) return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.tooLarge}, 413)
    return json({ok: false, kind: 'validation', fieldErrors: {'': REQUEST_INVALID_MESSAGE}, message: REQUEST_INVALID_MESSAGE}, 400)
  }
  const body = read.body

  let deps: BookingFlowDeps
  try {
    deps = await options.deps(options.origin(request))
  } catch (error) {
    log.error('Booking route: the booking services are not available', error)
    return error instanceof PaymentConfigurationError
      ? json({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentUnavailable}, 500)
      : json({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}, 500)
  }
  const result = await submitBooking(body, deps)
  return json(result, bookingResultStatus(result))
}

/** Largest resume request (two UUIDs). */
const MAX_RESUME_BODY_BYTES = 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * POST /api/bookings/resume `{bookingId, idempotencyKey}`: the form values of a booking that was not
 * paid, for the customer coming back from a cancelled or failed payment. The idempotency key is the
 * proof: the browser that submitted the booking made it and keeps it (sessionStorage); it is never
 * in a URL. 200 `{ok: true, values}`; 404 unknown booking or wrong key; 409 already paid.
 */
export async function handleResumeRequest(
  request: Request,
  options: {limiter: RateLimiter; clientKey: (request: Request) => string; store: () => Promise<BookingStore>; log?: Pick<Console, 'error'>},
): Promise<Response> {
  const limit = options.limiter.check(options.clientKey(request))
  if (!limit.allowed) return json({ok: false}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  const read = await readJsonBody(request, MAX_RESUME_BODY_BYTES)
  if (!read.ok) return json({ok: false}, read.status)
  const body = (typeof read.body === 'object' && read.body !== null ? read.body : {}) as Record<string, unknown>
  const {bookingId, idempotencyKey} = body
  if (typeof bookingId !== 'string' || typeof idempotencyKey !== 'string' || !UUID.test(bookingId) || !UUID.test(idempotencyKey)) {
    return json({ok: false}, 400)
  }
  let booking
  try {
    booking = await (await options.store()).findById(bookingId)
  } catch (error) {
    ;(options.log ?? console).error('Resume route: the booking could not be read', error)
    return json({ok: false}, 503)
  }
  if (!booking || booking.idempotencyKey.toLowerCase() !== idempotencyKey.toLowerCase()) return json({ok: false}, 404)
  if (booking.paymentStatus === 'paid') return json({ok: false, paid: true}, 409)
  return json({ok: true, values: bookingFormValues(booking)}, 200)
}

export interface WebhookDeps {
  /** The configured provider; may throw PaymentConfigurationError. */
  payments: () => PaymentProvider
  store: () => Promise<BookingStore>
  now: () => Date
  emailsQueued?: () => void
  log?: Pick<Console, 'error' | 'warn'>
}

/**
 * POST /api/stripe/webhook with the body exactly as received. A bad signature: 400, nothing
 * changes. No webhook secret configured: 500 (Stripe retries once it is). A verified event: handled
 * (unknown types too, as nothing) and 200 `{received: true}`; a store failure: 500 so it is retried.
 */
export async function handleWebhook(rawBody: string, signature: string | null, deps: WebhookDeps): Promise<Response> {
  const log = deps.log ?? console
  let event
  try {
    event = await deps.payments().parseWebhook(rawBody, signature)
  } catch (error) {
    if (error instanceof InvalidWebhookSignatureError) {
      log.warn(`Payment webhook refused: ${error.message}`)
      return json({error: 'Invalid signature'}, 400)
    }
    log.error('Payment webhook: not configured', error)
    return json({error: error instanceof PaymentConfigurationError ? 'Webhook is not configured' : 'Webhook failed'}, 500)
  }
  try {
    const result = await handlePaymentEvent(event, {store: await deps.store(), now: deps.now, emailsQueued: deps.emailsQueued})
    if (result.outcome === 'unknown-booking') log.warn(`Payment webhook: ${event.eventType} ${event.eventId} is for no known booking`)
  } catch (error) {
    log.error(`Payment webhook: ${event.eventType} ${event.eventId} could not be handled`, error)
    return json({error: 'Webhook failed'}, 500)
  }
  return json({received: true}, 200)
}

export type TestCheckoutAnswer = {kind: 'not-found'} | {kind: 'redirect'; location: string}

/**
 * Pay or Cancel on the local test checkout: completes the session (the first outcome wins), then
 * Pay confirms through the same `fulfilCheckout` as the success page and the webhook and goes to
 * the success URL; Cancel marks the booking cancelled and goes to the cancel URL.
 */
export async function completeTestCheckout(
  sessionId: string,
  outcome: TestCheckoutOutcome,
  deps: {checkout: TestCheckoutProvider; store: BookingStore; now: () => Date; emailsQueued?: () => void},
): Promise<TestCheckoutAnswer> {
  let effective = outcome
  if (outcome === 'paid') {
    // A booking closed meanwhile (cancelled, expired) is never paid: its session is cancelled instead.
    const open = await deps.checkout.getSession(sessionId)
    if (!open) return {kind: 'not-found'}
    const booking = await deps.store.findById(open.bookingId)
    if (open.status === 'open' && booking && booking.paymentStatus !== 'pending' && booking.paymentStatus !== 'paid') effective = 'cancelled'
  }
  const record = await deps.checkout.complete(sessionId, effective)
  if (!record) return {kind: 'not-found'}
  if (record.status === 'paid') {
    await fulfilCheckout(
      record.id,
      {store: deps.store, payments: deps.checkout, now: deps.now, emailsQueued: deps.emailsQueued},
      {expectedBookingId: record.bookingId},
    )
    return {kind: 'redirect', location: testCheckoutReturnUrl(record, 'paid')}
  }
  // Cancelled (now or before): the test session can never be paid, so neither can its booking.
  const booking = await deps.store.findById(record.bookingId)
  if (booking && (booking.paymentSessionId === null || booking.paymentSessionId === record.id)) {
    await deps.store.markClosed(booking.id, 'cancelled')
  }
  return {kind: 'redirect', location: testCheckoutReturnUrl(record, 'cancelled')}
}
