/**
 * The HTTP side of the booking flow, as plain functions on the web Request/Response API, so the
 * route handlers in app/ stay one line each and these are tested without a server:
 * - `handleBookingRequest`: POST /api/bookings (rate limit, size cap, JSON, `submitBooking`);
 * - `handleWebhookRequest` / `handleWebhook`: POST /api/stripe/webhook (size cap, signature, `handlePaymentEvent`);
 * - `handleTestCheckoutRequest` / `completeTestCheckout`: Pay / Cancel on the local test checkout page;
 * - `handleAvailabilityRequest`: GET /api/availability?form=house (the dates and windows with room);
 * - `handleManageRequest`: POST /api/bookings/manage (a move or a cancellation request through a manage link).
 */
import type {BookingStore} from './store/store'
import {InvalidWebhookSignatureError, PaymentConfigurationError, type PaymentProvider} from '../payments/provider'
import {testCheckoutReturnUrl, type TestCheckoutOutcome, type TestCheckoutProvider} from '../payments/test-checkout'
import type {RateLimiter} from '../rate-limit/limiter'
import {BodyTooLargeError, readJsonBody, readTextWithLimit} from '../request-body'
import {INDUSTRIES, type Industry} from './catalog'
import {bookingAvailability, estimateAvailability, fulfilCheckout, handlePaymentEvent, submitBooking, type BookingFlowDeps, type SubmitBookingResult} from './flow'
import {BOOKING_MESSAGES, type BookingRequestFailure} from './flow-messages'
import {changePlanFromLink, PLAN_ACTIONS, requestCancellationFromLink, rescheduleFromLink, type ManageActionResult, type ManageDeps, type PlanAction} from './manage'
import {bookingFormValues} from './stored'
import {verifyBookingLink} from './checkout-reminders'
import {recordPlanCard, type CardUpdateDeps} from './plans/card'
import {isReconciledEvent, reconcilePaymentEvent, type ReconcileDeps} from './reconcile'
import type {PlanFlowDeps} from './plans/visits'

/** Largest booking request accepted (a full house booking with long notes is under 4 kB). */
export const MAX_BOOKING_BODY_BYTES = 32 * 1024

const NO_STORE = {'Cache-Control': 'no-store'}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, {status, headers: {...NO_STORE, ...headers}})
}

/**
 * HTTP status of each answer of the booking flow: what the visitor sent is 4xx (invalid 400, a key
 * already used by a closed booking or for other details 409), a server fault 5xx (the database 503,
 * so the visitor tries again; the payment provider 502).
 */
export function bookingResultStatus(result: SubmitBookingResult | BookingRequestFailure): number {
  if (result.ok) return 200
  switch (result.kind) {
    case 'validation':
      return 400
    case 'conflict':
      return 409
    case 'save':
      return 503
    case 'payment':
    case 'no-url':
      return 502
    case 'rejected':
      return 400
    case 'network':
      return 503
  }
}

export interface BookingRouteOptions {
  limiter: RateLimiter
  /** The client's address, the rate limit's key. */
  clientKey: (request: Request) => string
  /** Where the payment returns the customer (the public address, SITE_URL); null: bookings are refused. */
  origin: () => string | null
  /** The flow's dependencies; may throw PaymentConfigurationError (no provider may run) or a store error. */
  deps: (origin: string) => Promise<BookingFlowDeps>
  maxBodyBytes?: number
  log?: Pick<Console, 'error'>
}

/** POST /api/bookings. */
export async function handleBookingRequest(request: Request, options: BookingRouteOptions): Promise<Response> {
  const log = options.log ?? console
  const limit = await options.limiter.check(options.clientKey(request))
  if (!limit.allowed) {
    return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  }
  const read = await readJsonBody(request, options.maxBodyBytes ?? MAX_BOOKING_BODY_BYTES)
  if (!read.ok) {
    if (read.status === 415) return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.requestInvalid}, 415)
    if (read.status === 413) return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.tooLarge}, 413)
    return json({ok: false, kind: 'validation', fieldErrors: {'': BOOKING_MESSAGES.requestInvalid}, message: BOOKING_MESSAGES.requestInvalid}, 400)
  }
  const body = read.body

  const origin = options.origin()
  if (origin === null) {
    log.error('Booking route: SITE_URL is not set, so a payment would have no address to return to; booking refused')
    return json({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentUnavailable}, 503)
  }
  let deps: BookingFlowDeps
  try {
    deps = await options.deps(origin)
  } catch (error) {
    log.error('Booking route: the booking services are not available', error)
    return error instanceof PaymentConfigurationError
      ? json({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentUnavailable}, 503)
      : json({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}, 503)
  }
  const result = await submitBooking(body, deps)
  return json(result, bookingResultStatus(result))
}

/** Largest resume request (two UUIDs, or a UUID and a signed link's token). */
const MAX_RESUME_BODY_BYTES = 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * POST /api/bookings/resume: the form values of a booking that was not paid, with one of two proofs.
 * - `{bookingId, idempotencyKey}`: the customer coming back from a cancelled or failed payment; the
 *   browser that submitted the booking made the key and keeps it (sessionStorage), never in a URL.
 *   Every value as it was entered.
 * - `{bookingId, token}`: the signed link of the unpaid checkout reminder (lib/booking/checkout-reminders.ts),
 *   which went to an address nobody confirmed: the choices and the e-mail only, never the name,
 *   phone, address or notes (the customer types them again).
 * 200 `{ok: true, values}`; 400 malformed; 404 unknown booking, wrong key, forged or expired link
 * (`{ok: false, expired: true}` for an expired one); 409 already paid.
 */
export async function handleResumeRequest(
  request: Request,
  options: {
    limiter: RateLimiter
    clientKey: (request: Request) => string
    store: () => Promise<BookingStore>
    /** The key of the signed links; without it a link's token is refused. */
    linkSecret?: () => Promise<string>
    now?: () => Date
    log?: Pick<Console, 'error'>
  },
): Promise<Response> {
  const limit = await options.limiter.check(options.clientKey(request))
  if (!limit.allowed) return json({ok: false}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  const read = await readJsonBody(request, MAX_RESUME_BODY_BYTES)
  if (!read.ok) return json({ok: false}, read.status)
  const body = (typeof read.body === 'object' && read.body !== null ? read.body : {}) as Record<string, unknown>
  const {bookingId, idempotencyKey, token} = body
  const byKey = typeof idempotencyKey === 'string' && UUID.test(idempotencyKey)
  const byLink = !byKey && typeof token === 'string' && token.length > 0 && token.length <= 200
  if (typeof bookingId !== 'string' || !UUID.test(bookingId) || (!byKey && !byLink)) return json({ok: false}, 400)
  let booking
  try {
    if (byLink) {
      if (!options.linkSecret) return json({ok: false}, 404)
      const check = verifyBookingLink('resume-booking:v1', token, await options.linkSecret(), (options.now ?? (() => new Date()))())
      if (!check.ok) return json(check.reason === 'expired' ? {ok: false, expired: true} : {ok: false}, 404)
      if (check.bookingId !== bookingId.toLowerCase()) return json({ok: false}, 404)
    }
    booking = await (await options.store()).findById(bookingId)
  } catch (error) {
    ;(options.log ?? console).error('Resume route: the booking could not be read', error)
    return json({ok: false}, 503)
  }
  if (!booking || (byKey && booking.idempotencyKey.toLowerCase() !== String(idempotencyKey).toLowerCase())) return json({ok: false}, 404)
  if (booking.paymentStatus === 'paid') return json({ok: false, paid: true}, 409)
  return json({ok: true, values: byLink ? choicesOnly(bookingFormValues(booking)) : bookingFormValues(booking)}, 200)
}

/**
 * A form's values without what the visitor typed about themselves: name, phone, address and notes,
 * and the texts consent (theirs to give again). The choices (service, sizes, date, window, the
 * answers picked from lists, tip, coupon) and the e-mail the link was sent to stay.
 */
export function choicesOnly(values: ReturnType<typeof bookingFormValues>): ReturnType<typeof bookingFormValues> {
  return {...values, firstName: '', lastName: '', phone: '', address: '', notes: '', smsConsent: false}
}

export interface WebhookDeps {
  /** The configured provider; may throw PaymentConfigurationError. */
  payments: () => PaymentProvider
  store: () => Promise<BookingStore>
  now: () => Date
  emailsQueued?: () => void
  log?: Pick<Console, 'error' | 'warn'>
  /** Recurring plans: a paid first visit makes its plan (lib/booking/plans/visits.ts). */
  plans?: () => Promise<PlanFlowDeps>
  /** A card update's `card_saved` is recorded on its plan (lib/booking/plans/card.ts). */
  cards?: () => Promise<Omit<CardUpdateDeps, 'linkSecret' | 'store' | 'origin' | 'payments'>>
  /** Plan charges, refunds and disputes made outside the site's requests (lib/booking/reconcile.ts). */
  reconcile?: () => Promise<ReconcileDeps>
}

/** Largest Stripe webhook body accepted (a checkout.session event is a few kB). */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024

/**
 * POST /api/stripe/webhook: the body read as received with a 1 MB cap (413 over it, refused while
 * streaming, before the signature is checked), then `handleWebhook`.
 */
export async function handleWebhookRequest(request: Request, deps: WebhookDeps): Promise<Response> {
  let rawBody: string
  try {
    rawBody = await readTextWithLimit(request, MAX_WEBHOOK_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({error: 'Request body too large'}, 413)
    throw error
  }
  return handleWebhook(rawBody, request.headers.get('stripe-signature'), deps)
}

/**
 * The webhook's body exactly as received. A bad signature: 400, nothing
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
  if (event.kind === 'card_saved' && deps.cards) {
    try {
      const result = await recordPlanCard(event.planId ?? '', event.sessionId ?? '', {...(await deps.cards()), payments: deps.payments()})
      if (!result.ok) log.warn(`Payment webhook: ${event.eventType} ${event.eventId} saved no card: ${result.refusal}`)
    } catch (error) {
      // 500: Stripe sends it again.
      log.error(`Payment webhook: ${event.eventType} ${event.eventId} could not be recorded`, error)
      return json({error: 'Webhook failed'}, 500)
    }
    return json({received: true}, 200)
  }
  if (isReconciledEvent(event)) {
    if (!deps.reconcile) return json({received: true}, 200)
    try {
      const result = await reconcilePaymentEvent(event, deps.payments().name, await deps.reconcile())
      if (result.kind === 'plan_charge' && result.outcome === 'unknown') log.warn(`Payment webhook: ${event.eventType} ${event.eventId} is for no known plan visit`)
    } catch (error) {
      // 500: Stripe sends it again; every effect is recorded once, so a repeat is harmless.
      log.error(`Payment webhook: ${event.eventType} ${event.eventId} could not be reconciled`, error)
      return json({error: 'Webhook failed'}, 500)
    }
    return json({received: true}, 200)
  }
  try {
    const result = await handlePaymentEvent(event, {
      store: await deps.store(),
      now: deps.now,
      emailsQueued: deps.emailsQueued,
      // The provider that verified the event: a plan's card is retrieved from its checkout.
      payments: deps.payments(),
      plans: deps.plans ? await deps.plans() : undefined,
    })
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
  deps: {checkout: TestCheckoutProvider; store: BookingStore; now: () => Date; emailsQueued?: () => void; plans?: PlanFlowDeps},
): Promise<TestCheckoutAnswer> {
  let effective = outcome
  let holdOver = false
  if (outcome === 'paid') {
    // A booking closed meanwhile (cancelled, expired) is never paid: its session is cancelled instead.
    // So is one whose place in its arrival window was given up when its hold ended (as Stripe's
    // session expires then, and can no longer be paid).
    const open = await deps.checkout.getSession(sessionId)
    if (!open) return {kind: 'not-found'}
    const booking = await deps.store.findById(open.bookingId)
    holdOver = booking?.paymentStatus === 'pending' && booking.holdExpiresAt !== null && Date.parse(booking.holdExpiresAt) <= deps.now().getTime()
    if (open.status === 'open' && booking && ((booking.paymentStatus !== 'pending' && booking.paymentStatus !== 'paid') || holdOver)) effective = 'cancelled'
  }
  const record = await deps.checkout.complete(sessionId, effective)
  if (!record) return {kind: 'not-found'}
  if (record.status === 'paid') {
    await fulfilCheckout(
      record.id,
      {store: deps.store, payments: deps.checkout, now: deps.now, emailsQueued: deps.emailsQueued, plans: deps.plans},
      {expectedBookingId: record.bookingId},
    )
    return {kind: 'redirect', location: testCheckoutReturnUrl(record, 'paid')}
  }
  // Cancelled (now or before): the test session can never be paid, so neither can its booking.
  const booking = await deps.store.findById(record.bookingId)
  if (booking && (booking.paymentSessionId === null || booking.paymentSessionId === record.id)) {
    await deps.store.markClosed(booking.id, holdOver ? 'expired' : 'cancelled')
  }
  return {kind: 'redirect', location: testCheckoutReturnUrl(record, 'cancelled')}
}

/** Largest Pay / Cancel form post accepted (the forms have no fields). */
export const MAX_TEST_CHECKOUT_BODY_BYTES = 4 * 1024

/**
 * POST /checkout/test/<id>/pay or /cancel: 404 when the test checkout is refused; the form post's
 * body read with a 4 kB cap (413 over it); then `completeTestCheckout`, 303 to the success or
 * cancel URL, 404 for an unknown session.
 */
export async function handleTestCheckoutRequest(
  request: Request,
  sessionId: string,
  outcome: TestCheckoutOutcome,
  deps: {checkout: () => TestCheckoutProvider | null; store: () => Promise<BookingStore>; now: () => Date; emailsQueued?: () => void; plans?: () => Promise<PlanFlowDeps>},
): Promise<Response> {
  const checkout = deps.checkout()
  if (!checkout) return new Response('Not found', {status: 404})
  try {
    await readTextWithLimit(request, MAX_TEST_CHECKOUT_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({error: 'Request body too large'}, 413)
    throw error
  }
  const answer = await completeTestCheckout(sessionId, outcome, {
    checkout,
    store: await deps.store(),
    now: deps.now,
    emailsQueued: deps.emailsQueued,
    plans: deps.plans ? await deps.plans() : undefined,
  })
  if (answer.kind === 'not-found') return new Response('Not found', {status: 404})
  return new Response(null, {status: 303, headers: {Location: answer.location, 'Cache-Control': 'no-store'}})
}

export interface AvailabilityRouteOptions {
  limiter: RateLimiter
  clientKey: (request: Request) => string
  /** The store, the clock and the availability rules; may throw when the database cannot be opened. */
  deps: () => Promise<Pick<BookingFlowDeps, 'store' | 'now' | 'availability'>>
  log?: Pick<Console, 'error'>
}

/** The forms that ask when the crew can come: the four booking forms, and the in-home estimate (/appointment). */
export const AVAILABILITY_FORMS = [...INDUSTRIES, 'estimate'] as const

/**
 * GET /api/availability?form=house: `{earliest, latest, days: [{date, windows: [{window, start, end,
 * left}]}]}`, never cached (places change with every booking); form=estimate answers the estimate
 * visits' days and windows in the same shape. 400 for an unknown form, 429 over the rate limit, 503
 * when the database or the content cannot be read.
 */
export async function handleAvailabilityRequest(request: Request, options: AvailabilityRouteOptions): Promise<Response> {
  const limit = await options.limiter.check(options.clientKey(request))
  if (!limit.allowed) return json({ok: false, kind: 'rejected', message: BOOKING_MESSAGES.rateLimited}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  const form = new URL(request.url).searchParams.get('form')
  if (!form || !(AVAILABILITY_FORMS as readonly string[]).includes(form)) return json({ok: false, kind: 'validation', message: 'unknownForm'}, 400)
  try {
    const deps = await options.deps()
    const offer = form === 'estimate' ? await estimateAvailability(deps) : await bookingAvailability(form as Industry, deps)
    return json({ok: true, ...offer}, 200)
  } catch (error) {
    ;(options.log ?? console).error(`Availability route: the availability of the ${form} form could not be read`, error)
    return json({ok: false, kind: 'save', message: BOOKING_MESSAGES.unexpected}, 503)
  }
}

/** Largest manage request (a token, a date and a window). */
const MAX_MANAGE_BODY_BYTES = 2 * 1024

/** HTTP status of a manage answer: a worthless link 403 (expired or replaced 410), a refused change 409, a bad choice 400, the database 503. */
export function manageResultStatus(result: ManageActionResult): number {
  if (result.ok) return 200
  switch (result.kind) {
    case 'link':
      return result.refusal === 'linkInvalid' ? 403 : 410
    case 'refused':
    case 'plan':
      return 409
    case 'validation':
      return 400
    case 'save':
      return 503
  }
}

/**
 * POST /api/bookings/manage `{token, action: 'reschedule', date, arrivalWindow}`, `{token, action:
 * 'cancel'}`, or a plan's change `{token, action: 'skip', visit}` / `'pausePlan'` / `'resumePlan'` /
 * `'cancelPlan'`: the token in the body, never in a URL the server logs.
 */
export async function handleManageRequest(
  request: Request,
  options: {limiter: RateLimiter; clientKey: (request: Request) => string; deps: () => Promise<ManageDeps>; log?: Pick<Console, 'error'>},
): Promise<Response> {
  const limit = await options.limiter.check(options.clientKey(request))
  if (!limit.allowed) return json({ok: false, kind: 'rejected'}, 429, {'Retry-After': String(limit.retryAfterSeconds)})
  const read = await readJsonBody(request, MAX_MANAGE_BODY_BYTES)
  if (!read.ok) return json({ok: false, kind: 'rejected'}, read.status)
  const body = (typeof read.body === 'object' && read.body !== null ? read.body : {}) as Record<string, unknown>
  const {token, action} = body
  const planAction = (PLAN_ACTIONS as readonly unknown[]).includes(action) ? (action as PlanAction) : null
  if (typeof token !== 'string' || token.length > 200 || (action !== 'reschedule' && action !== 'cancel' && !planAction)) return json({ok: false, kind: 'rejected'}, 400)
  let deps: ManageDeps
  try {
    deps = await options.deps()
  } catch (error) {
    ;(options.log ?? console).error('Manage route: the booking services are not available', error)
    return json({ok: false, kind: 'save'}, 503)
  }
  const result = planAction
    ? await changePlanFromLink(token, planAction, body, deps)
    : action === 'cancel'
      ? await requestCancellationFromLink(token, deps)
      : await rescheduleFromLink(token, body, deps)
  return json(result, manageResultStatus(result))
}
