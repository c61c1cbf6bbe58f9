/**
 * The booking flow on the server, in plain TypeScript (no React, no SDK, no environment): every
 * dependency is passed in, so the same code runs in the route handlers, the pages and the tests.
 *
 * - `submitBooking`: validate (the shared zod schemas), price (the server alone decides: an amount
 *   in the request is ignored), store as `pending` (idempotent on the form's key), create the
 *   checkout (idempotent on the same key), attach it, answer the payment page's URL.
 * - `fulfilCheckout`: the provider says the checkout is paid, for this booking's amount → `paid`.
 *   The success page, the test checkout's Pay and the webhook all end in the same confirmation;
 *   a second confirmation changes nothing.
 * - `handlePaymentEvent`: a verified webhook event → paid / expired / failed, or nothing.
 * - `bookingSummaryForSuccess`: what /success may show (never a name, e-mail, phone, address or note).
 */
import {WindowFullError, type BookingStore, type ClosedStatus, type NewBooking, type PaymentStatus, type StoredBooking} from './store/store'
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CheckoutNotFoundError,
  checkoutReturnUrls,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentEvent,
  type PaymentProvider,
} from '../payments/provider'
import {eventEmails} from '../email/queue'
import {arrivalWindowLabel} from './arrival-window'
import {
  checkSlot,
  earliestBookableDate,
  latestBookableDate,
  offeredDays,
  SERVICE_FAMILY,
  type AvailabilityRules,
  type OfferedDay,
  type Slot,
  type SlotCheck,
} from './availability'
import {INDUSTRY_NAMES, INDUSTRY_PATHS, type Industry} from './catalog'
import {BOOKING_MESSAGES, type BookingFailure, type BookingSuccess, type BookingValidationFailure} from './flow-messages'
import {formatUsd} from './money'
import {formatDuration, MIN_CHARGE_CENTS, priceBooking, type PriceBreakdown} from './pricing'
import {
  createBookingSchemas,
  fieldMessages,
  houseInstructionsByQuestion,
  type BookingRequest,
  type BookingSchemas,
} from './schemas'
import {messageReference} from './message-keys'
import {bookingPaidFacts, bookingReference} from './stored'

export interface BookingFlowDeps {
  store: BookingStore
  payments: PaymentProvider
  /** The site's origin ('https://example.com'): the provider sends the customer back there. */
  origin: string
  /** The clock: "today" for date validation, the paid timestamp. */
  now: () => Date
  /** Called after a booking became paid and its e-mails were queued (the server wakes its outbox worker). */
  emailsQueued?: () => void
  /** The business's availability rules (content): which dates and arrival windows may be booked. */
  availability: () => Promise<AvailabilityRules>
}

/** Logs what the customer is not told (provider and database messages). Replaceable in tests. */
export type FlowLogger = Pick<Console, 'error' | 'warn'>
let logger: FlowLogger = console
export function setFlowLogger(next: FlowLogger): void {
  logger = next
}

export type SubmitBookingResult = BookingSuccess | BookingFailure

// ---------------------------------------------------------------------------------------------
// Submit
// ---------------------------------------------------------------------------------------------

const schemasByClock = new WeakMap<() => Date, BookingSchemas>()

/** The schemas with "today" from this clock (built once per clock). */
function schemasFor(now: () => Date): BookingSchemas {
  let schemas = schemasByClock.get(now)
  if (!schemas) {
    schemas = createBookingSchemas(now)
    schemasByClock.set(now, schemas)
  }
  return schemas
}

function validationFailure(fieldErrors: Record<string, string>): BookingValidationFailure {
  return {ok: false, kind: 'validation', fieldErrors, message: Object.values(fieldErrors)[0] ?? BOOKING_MESSAGES.requestInvalid}
}

/**
 * Validates, prices and stores a booking request (the parsed JSON body), creates its checkout and
 * answers where to pay. The same idempotency key again returns the same booking and checkout URL.
 */
export async function submitBooking(raw: unknown, deps: BookingFlowDeps): Promise<SubmitBookingResult> {
  const parsed = schemasFor(deps.now).bookingRequestSchema.safeParse(raw)
  if (!parsed.success) return validationFailure(fieldMessages(parsed.error))
  const request = parsed.data

  let price: PriceBreakdown
  try {
    price = priceBooking(request)
  } catch (error) {
    // The schemas refuse everything pricing refuses; reaching this is a bug, not customer input.
    logger.error('Booking flow: a validated request could not be priced', error)
    return validationFailure({'': BOOKING_MESSAGES.requestInvalid})
  }
  if (price.totalCents < MIN_CHARGE_CENTS) return validationFailure({'': messageReference('belowMinimum', {minimum: formatUsd(MIN_CHARGE_CENTS)})})

  let slot: Slot | null = null
  if (request.arrivalWindow) {
    let rules: AvailabilityRules
    try {
      rules = await deps.availability()
    } catch (error) {
      logger.error('Booking flow: the availability rules could not be read', error)
      return {ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}
    }
    const check = checkSlot(rules, request.industry, request.date ?? '', request.arrivalWindow, deps.now())
    if (!check.ok) return validationFailure(slotRefusal(check.reason, rules))
    slot = check.slot
  }

  const newBooking = {...toNewBooking(request, price), ...(slot && slotFields(slot, deps.now()))}
  let stored: {booking: StoredBooking; created: boolean}
  try {
    stored = await deps.store.createPending(newBooking, slot ? {capacity: slot.capacity, now: deps.now()} : undefined)
  } catch (error) {
    if (error instanceof WindowFullError) return validationFailure({arrivalWindow: 'windowFull'})
    logger.error('Booking flow: the booking could not be stored', error)
    return {ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}
  }
  // The same key with other details (the form was changed and sent again with its old key): the
  // stored booking would silently win over what the customer now sees, so refuse instead.
  if (!stored.created && !sameBookingDetails(newBooking, stored.booking)) {
    return {ok: false, kind: 'conflict', message: BOOKING_MESSAGES.alreadySubmitted}
  }
  return startCheckout(stored.booking, deps)
}

/** What a booking form may offer: the days from the earliest to the latest bookable, with room. */
export type BookingAvailability = {earliest: string; latest: string; days: OfferedDay[]}

/**
 * The dates and arrival windows one form can be booked for now: the rules (content) less the
 * places taken (paid, or held by an open checkout) in the database.
 */
export async function bookingAvailability(industry: Industry, deps: Pick<BookingFlowDeps, 'store' | 'now' | 'availability'>): Promise<BookingAvailability> {
  const rules = await deps.availability()
  const now = deps.now()
  const family = SERVICE_FAMILY[industry]
  const earliest = earliestBookableDate(rules, now)
  const latest = latestBookableDate(rules, now)
  const taken = await deps.store.placesTaken(family, earliest, latest, now)
  return {earliest, latest, days: offeredDays(rules, family, now, taken)}
}

/**
 * The days and windows an in-home estimate can be asked for now, in the booking forms' shape:
 * the estimate crew's rules alone (nothing is counted: the office confirms each visit by phone).
 */
export async function estimateAvailability(deps: Pick<BookingFlowDeps, 'now' | 'availability'>): Promise<BookingAvailability> {
  const rules = await deps.availability()
  const now = deps.now()
  return {earliest: earliestBookableDate(rules, now), latest: latestBookableDate(rules, now), days: offeredDays(rules, 'estimate', now, new Map())}
}

/** How long a booking holds its place while the customer pays (the checkout expires then). */
export const CHECKOUT_HOLD_MINUTES = 31

/** The stored fields of a booking's slot, its place held until the checkout expires. */
export function slotFields(slot: Slot, now: Date): Pick<NewBooking, 'arrivalWindow' | 'serviceFamily' | 'windowStartsAt' | 'holdExpiresAt'> {
  return {
    arrivalWindow: slot.window,
    serviceFamily: slot.family,
    windowStartsAt: slot.startsAt.toISOString(),
    holdExpiresAt: new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000).toISOString(),
  }
}

/** A date or window the rules do not offer, reported on its field (a message reference). */
export function slotRefusal(reason: Extract<SlotCheck, {ok: false}>['reason'], rules: AvailabilityRules): {date?: string; arrivalWindow?: string} {
  if (reason === 'windowUnknown') return {arrivalWindow: reason}
  return {date: reason === 'dateTooFar' ? messageReference('dateTooFar', {days: rules.horizonDays}) : reason}
}

/** JSON with object keys sorted (jsonb gives keys back in its own order). */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** Whether a stored booking holds exactly these details (a true repeat of the same submission). */
export function sameBookingDetails(booking: NewBooking, stored: StoredBooking): boolean {
  // The hold is when the request came, not what the customer asked for.
  return (Object.keys(booking) as (keyof NewBooking)[]).every(
    (key) => key === 'idempotencyKey' || key === 'holdExpiresAt' || stableJson(booking[key] ?? null) === stableJson(stored[key] ?? null),
  )
}

/** The stored booking of a validated, priced request: every field the customer entered. */
export function toNewBooking(request: BookingRequest, price: PriceBreakdown): NewBooking {
  const common = {
    industry: request.industry,
    idempotencyKey: request.idempotencyKey,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phone: request.phone,
    address: request.address,
    notes: request.notes || null,
    coupon: price.coupon?.code ?? null,
    discountCents: price.discountCents,
    amountCents: price.totalCents,
  }
  switch (request.industry) {
    case 'house':
      return {
        ...common,
        location: request.location,
        service: request.service,
        frequency: request.frequency,
        bedrooms: request.bedrooms,
        bathrooms: request.bathrooms,
        halfBath: request.halfBaths,
        den: request.dens,
        extras: request.extras,
        instructions: houseInstructionsByQuestion(request.instructions),
        date: request.date,
        tip: request.tip,
        parkingFee: request.parkingFee,
        hours: request.hours,
        minutes: request.minutes,
      }
    case 'exterior':
      return {
        ...common,
        service: request.service,
        frequency: request.frequency,
        tip: request.tip,
        parkingFee: request.parkingFee,
        instructions: request.keyInfo ? {keyInfo: request.keyInfo} : null,
        date: request.date,
      }
    case 'carpet':
      return {
        ...common,
        location: request.location,
        frequency: request.frequency,
        rooms: request.rooms,
        stairs: request.stairs,
        extras: request.extras,
        date: request.date,
        instructions: request.keyInfo,
      }
    case 'commercial':
      return {
        ...common,
        location: request.location,
        service: request.subService,
        frequency: request.frequency,
        date: request.date,
      }
  }
}

/**
 * The line item naming the industry and service ('House Cleaning – Regular Cleaning, Weekly'),
 * built from the stored booking so a repeated submission sends the provider exactly the same
 * request. Equal to `priceBooking(request).description` (tested).
 */
export function checkoutDescription(booking: Pick<StoredBooking, 'industry' | 'service' | 'frequency' | 'hours' | 'minutes'>): string {
  const industry = INDUSTRY_NAMES[booking.industry]
  switch (booking.industry) {
    case 'house': {
      let description = `${industry} – ${booking.service}`
      if (booking.service === 'Post Construction') description += ` (${formatDuration(booking.hours ?? 0, booking.minutes ?? 0)})`
      else if (booking.service === 'Regular Cleaning' && booking.frequency) description += `, ${booking.frequency}`
      return description
    }
    case 'exterior':
      return [industry, [booking.service, booking.frequency].filter(Boolean).join(', ')].filter(Boolean).join(' – ')
    case 'carpet':
      return `${industry} – ${booking.frequency}`
    case 'commercial':
      return booking.service ? `${industry} – ${booking.service}` : industry
  }
}

/** The success URL of a booking with the session id filled in (what the provider redirects to). */
export function successUrlFor(origin: string, bookingId: string, sessionId: string): string {
  return checkoutReturnUrls(origin, bookingId).successUrl.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(encodeURIComponent(sessionId))
}

function isClosed(status: PaymentStatus): status is ClosedStatus {
  return status !== 'pending' && status !== 'paid'
}

/**
 * The checkout of a stored booking: created (or, for the same idempotency key, returned again by the
 * provider) and attached. A paid booking answers its success page; a closed one cannot be paid.
 */
async function startCheckout(booking: StoredBooking, deps: BookingFlowDeps): Promise<SubmitBookingResult> {
  if (booking.paymentStatus === 'paid') {
    return {ok: true, bookingId: booking.id, checkoutUrl: successUrlFor(deps.origin, booking.id, booking.paymentSessionId ?? '')}
  }
  if (isClosed(booking.paymentStatus)) return {ok: false, kind: 'conflict', message: BOOKING_MESSAGES.bookingClosed}

  const request: CheckoutRequest = {
    bookingId: booking.id,
    amountCents: booking.amountCents,
    currency: 'usd',
    description: checkoutDescription(booking),
    customerEmail: booking.email,
    ...checkoutReturnUrls(deps.origin, booking.id),
    idempotencyKey: booking.idempotencyKey,
    // The place in the window is held until then: the payment page closes with it.
    ...(booking.holdExpiresAt ? {expiresAt: new Date(booking.holdExpiresAt)} : {}),
  }
  let session: {id: string; url: string}
  try {
    session = await deps.payments.createCheckout(request)
  } catch (error) {
    logger.error(`Booking flow: the checkout of booking ${booking.id} could not be created`, error)
    return {ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentFailed}
  }
  if (!session.url) return {ok: false, kind: 'no-url'}
  const checkoutUrl = new URL(session.url, deps.origin).href

  if (booking.paymentSessionId !== session.id) {
    let change
    try {
      change = await deps.store.attachPaymentSession(booking.id, {provider: deps.payments.name, sessionId: session.id})
    } catch (error) {
      logger.error(`Booking flow: checkout ${session.id} could not be attached to booking ${booking.id}`, error)
      return {ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}
    }
    if (change === 'unchanged') {
      // No longer pending: paid or closed meanwhile (the webhook, the success page).
      const current = await deps.store.findById(booking.id).catch(() => null)
      if (current && current.paymentStatus !== 'pending') return startCheckout(current, deps)
    }
  }
  return {ok: true, bookingId: booking.id, checkoutUrl}
}

// ---------------------------------------------------------------------------------------------
// Fulfil
// ---------------------------------------------------------------------------------------------

export type FulfilResult =
  /** Paid; `changed` is false when it already was (a second confirmation). */
  | {outcome: 'paid'; bookingId: string; changed: boolean}
  /** The provider does not (yet) report the checkout paid. */
  | {outcome: 'not-paid'; bookingId: string; checkoutStatus: CheckoutStatus | null}
  | {outcome: 'unknown-session'}
  | {outcome: 'unknown-booking'}
  /** The checkout is for another booking or another amount: nothing is marked. */
  | {outcome: 'mismatch'; bookingId: string | null; reason: string}
  /** Paid, but the booking was cancelled or expired before: needs a person (refund or reinstate). */
  | {outcome: 'closed'; bookingId: string; status: PaymentStatus}

/** A checkout as the provider reports it, or as a signed webhook event carries it. */
interface CheckoutFacts {
  sessionId: string
  bookingId: string | null
  paid: boolean
  status: CheckoutStatus | null
  amountTotalCents: number | null
  currency: string | null
}

/**
 * Confirms a checkout through the provider: retrieves it, and marks its booking paid when the
 * provider says it is paid, for the booking's amount in USD, for this booking (`expectedBookingId`,
 * e.g. the success page's bookingId). Idempotent.
 */
export async function fulfilCheckout(
  sessionId: string,
  deps: Pick<BookingFlowDeps, 'store' | 'payments' | 'now' | 'emailsQueued'>,
  options: {expectedBookingId?: string} = {},
): Promise<FulfilResult> {
  let details
  try {
    details = await deps.payments.retrieveCheckout(sessionId)
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) return {outcome: 'unknown-session'}
    throw error
  }
  return confirmCheckout(
    {
      sessionId: details.id,
      bookingId: details.bookingId,
      paid: details.paymentStatus === 'paid',
      status: details.status,
      amountTotalCents: details.amountTotalCents,
      currency: details.currency,
    },
    deps,
    options.expectedBookingId,
  )
}

async function findBookingOf(store: BookingStore, facts: {sessionId?: string; bookingId?: string | null}): Promise<StoredBooking | null> {
  if (facts.bookingId) return store.findById(facts.bookingId)
  return facts.sessionId ? store.findBySessionId(facts.sessionId) : null
}

/** The one place a booking becomes paid. */
async function confirmCheckout(
  facts: CheckoutFacts,
  deps: Pick<BookingFlowDeps, 'store' | 'now' | 'emailsQueued'>,
  expectedBookingId?: string,
): Promise<FulfilResult> {
  const booking = await findBookingOf(deps.store, facts)
  if (!booking) return {outcome: 'unknown-booking'}
  if (expectedBookingId !== undefined && expectedBookingId !== booking.id) {
    return {outcome: 'mismatch', bookingId: null, reason: `checkout ${facts.sessionId} belongs to another booking`}
  }
  if (!facts.paid) return {outcome: 'not-paid', bookingId: booking.id, checkoutStatus: facts.status}
  if (facts.amountTotalCents !== booking.amountCents || (facts.currency !== null && facts.currency !== 'usd')) {
    const reason = `checkout ${facts.sessionId} is for ${facts.amountTotalCents} ${facts.currency}, booking ${booking.id} costs ${booking.amountCents} usd`
    logger.error(`Booking flow: paid checkout does not match its booking: ${reason}`)
    return {outcome: 'mismatch', bookingId: booking.id, reason}
  }
  // The confirmation and the business's notification are queued with the change, in one
  // transaction: only the call that makes the booking paid sends them.
  const paidAt = deps.now()
  const emails = eventEmails(bookingPaidFacts(booking, checkoutDescription(booking), paidAt))
  const change = await deps.store.markPaid(booking.id, {sessionId: facts.sessionId, paidAt, emails})
  if (change === 'changed') {
    deps.emailsQueued?.()
    return {outcome: 'paid', bookingId: booking.id, changed: true}
  }
  const current = (await deps.store.findById(booking.id)) ?? booking
  if (current.paymentStatus === 'paid') return {outcome: 'paid', bookingId: booking.id, changed: false}
  // Paid after the hold ended: the office takes it (if the window still has room) or refunds it,
  // from Needs attention. The webhook and the success page both end here; the record is kept once.
  let recorded = false
  try {
    recorded = (await deps.store.recordLatePayment?.(booking.id, {
      sessionId: facts.sessionId,
      amountCents: facts.amountTotalCents,
      currency: facts.currency,
      at: paidAt,
    })) ?? false
  } catch (error) {
    logger.error(`Booking flow: the late payment of booking ${booking.id} could not be recorded`, error)
  }
  logger.warn(
    `Booking flow: checkout ${facts.sessionId} was paid but booking ${booking.id} is ${current.paymentStatus}: ${recorded ? 'recorded for the office (Needs attention)' : 'already recorded'}`,
  )
  return {outcome: 'closed', bookingId: booking.id, status: current.paymentStatus}
}

// ---------------------------------------------------------------------------------------------
// Webhook events
// ---------------------------------------------------------------------------------------------

export type PaymentEventResult =
  | FulfilResult
  | {outcome: 'ignored'}
  /** An expired or failed checkout: the booking closed (`changed`) or already was not pending. */
  | {outcome: 'closed-booking'; bookingId: string; status: ClosedStatus; changed: boolean}
  /** An expired or failed checkout that is not the booking's current one: nothing changes. */
  | {outcome: 'stale-session'; bookingId: string}

/**
 * A verified webhook event: paid → the same confirmation as `fulfilCheckout` (with the amount the
 * signed event carries); expired / failed → the pending booking is closed; anything else, or an
 * event for an unknown booking, changes nothing. Duplicates and out-of-order events change nothing.
 */
export async function handlePaymentEvent(event: PaymentEvent, deps: Pick<BookingFlowDeps, 'store' | 'now' | 'emailsQueued'>): Promise<PaymentEventResult> {
  if (event.kind === 'ignored' || !event.sessionId) return {outcome: 'ignored'}
  if (event.kind === 'paid') {
    return confirmCheckout(
      {
        sessionId: event.sessionId,
        bookingId: event.bookingId ?? null,
        paid: true,
        status: 'complete',
        amountTotalCents: event.amountTotalCents ?? null,
        currency: event.currency ?? null,
      },
      deps,
    )
  }
  const booking = await findBookingOf(deps.store, event)
  if (!booking) return {outcome: 'unknown-booking'}
  // A checkout the booking has since replaced (e.g. recreated after the old one expired) closes nothing.
  if (booking.paymentSessionId !== null && booking.paymentSessionId !== event.sessionId) return {outcome: 'stale-session', bookingId: booking.id}
  const change = await deps.store.markClosed(booking.id, event.kind)
  return {outcome: 'closed-booking', bookingId: booking.id, status: event.kind, changed: change === 'changed'}
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/** What /success may show: the service, date, location and total; nothing personal. */
export interface SuccessSummary {
  /** The short reference the confirmation e-mail carries too ('3F9A-2B1C'). */
  reference: string
  /** The line item: 'Commercial Cleaning – Corporate Office Cleaning'. */
  service: string
  /** YYYY-MM-DD, or null (bookings made before every form asked for one). */
  date: string | null
  /** '8:00 AM – 10:00 AM', or null for a booking made before windows. */
  arrivalWindow: string | null
  /** 'King County', or null (exterior bookings have no location). */
  location: string | null
  /** '$60.00' once paid, else null. */
  totalPaid: string | null
  /** '$60.00': the amount charged (or to be charged). */
  total: string
  paymentStatus: PaymentStatus
}

/** The summary of a booking for /success, or null for an unknown or malformed id. */
export async function bookingSummaryForSuccess(id: string, deps: Pick<BookingFlowDeps, 'store'>): Promise<SuccessSummary | null> {
  const booking = await deps.store.findById(id)
  if (!booking) return null
  const total = formatUsd(booking.amountCents)
  return {
    reference: bookingReference(booking.id),
    service: checkoutDescription(booking),
    date: booking.date,
    arrivalWindow: booking.arrivalWindow ? arrivalWindowLabel(booking.arrivalWindow) : null,
    location: booking.location,
    totalPaid: booking.paymentStatus === 'paid' ? total : null,
    total,
    paymentStatus: booking.paymentStatus,
  }
}

/** A search parameter as one string (the first of repeated ones), or null. */
export function singleParam(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : null
}

/**
 * How often, at most, the payment result pages ask the payment provider about one pending booking.
 * Reloading /success or /cancel must not spend the provider's API rate limit (Stripe's is shared by
 * every checkout of the account); a customer back from paying is asked about at once, and a payment
 * confirmed meanwhile reaches the booking through the webhook.
 */
export const PAYMENT_CHECK_INTERVAL_SECONDS = 10

function mayAskPaymentProvider(store: BookingStore, bookingId: string, now: Date): Promise<boolean> {
  return store.claimPaymentCheck(bookingId, {intervalSeconds: PAYMENT_CHECK_INTERVAL_SECONDS, now})
}

/**
 * /success: confirms the payment through the session id (the same confirmation as the webhook; a
 * provider that cannot be reached is logged, and the stored state is shown), then the summary.
 * The provider is asked only when the booking exists, is still pending and holds exactly this
 * session id, so made-up or mismatched links and final bookings never cost a provider call; and at
 * most once per PAYMENT_CHECK_INTERVAL_SECONDS per booking across every server (reloads show the
 * stored state meanwhile; the webhook confirms a payment anyway).
 * Null when the booking cannot be shown (unknown or malformed id).
 */
export async function successPageSummary(
  params: {bookingId: string | null; sessionId: string | null},
  deps: {store: BookingStore; now: () => Date; payments: () => PaymentProvider; emailsQueued?: () => void},
): Promise<SuccessSummary | null> {
  if (!params.bookingId) return null
  const booking = await deps.store.findById(params.bookingId)
  if (!booking) return null
  if (params.sessionId && booking.paymentStatus === 'pending' && booking.paymentSessionId === params.sessionId) {
    try {
      if (await mayAskPaymentProvider(deps.store, booking.id, deps.now())) {
        await fulfilCheckout(
          params.sessionId,
          {store: deps.store, now: deps.now, payments: deps.payments(), emailsQueued: deps.emailsQueued},
          {expectedBookingId: params.bookingId},
        )
      }
    } catch (error) {
      logger.error(`Booking flow: the payment of booking ${params.bookingId} could not be confirmed`, error)
    }
  }
  return bookingSummaryForSuccess(params.bookingId, deps)
}

/**
 * /cancel: the way back to the booking's form (with the booking's id, so the browser that made it
 * can fill the form in again, see handleResumeRequest). A pending booking whose checkout the provider
 * reports finished unpaid (the test checkout's Cancel, an expired session) is marked cancelled; an
 * open Stripe checkout stays payable, so its booking stays pending until Stripe says it expired.
 * The provider is asked at most once per PAYMENT_CHECK_INTERVAL_SECONDS per booking, as on /success.
 */
export async function acknowledgeCancel(
  bookingId: string | null,
  deps: {store: BookingStore; now: () => Date; payments: () => PaymentProvider},
): Promise<{formPath: string; industry: Industry | null; bookingId: string | null}> {
  const fallback = {formPath: INDUSTRY_PATHS.house, industry: null, bookingId: null}
  if (!bookingId) return fallback
  let booking: StoredBooking | null
  try {
    booking = await deps.store.findById(bookingId)
  } catch (error) {
    logger.warn(`Booking flow: the cancelled booking ${bookingId} could not be read`, error)
    return fallback
  }
  if (!booking) return fallback
  if (booking.paymentStatus === 'pending' && booking.paymentSessionId) {
    try {
      if (await mayAskPaymentProvider(deps.store, booking.id, deps.now())) {
        const details = await deps.payments().retrieveCheckout(booking.paymentSessionId)
        if (details.paymentStatus !== 'paid' && details.status === 'expired') await deps.store.markClosed(booking.id, 'cancelled')
      }
    } catch (error) {
      logger.warn(`Booking flow: the checkout of cancelled booking ${booking.id} could not be checked`, error)
    }
  }
  return {formPath: INDUSTRY_PATHS[booking.industry], industry: booking.industry, bookingId: booking.paymentStatus === 'paid' ? null : booking.id}
}
