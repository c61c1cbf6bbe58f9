/**
 * Submit: validate (the shared zod schemas), price (the server alone decides: an amount in the
 * request is ignored), store as `pending` (idempotent on the form's key), create the checkout
 * (idempotent on the same key), attach it, answer the payment page's URL.
 */
import {WindowFullError, type ClosedStatus, type NewBooking, type PaymentStatus, type StoredBooking} from '../store/store'
import {CHECKOUT_SESSION_ID_PLACEHOLDER, checkoutReturnUrls, type CheckoutRequest} from '../../payments/provider'
import {checkSlot, type AvailabilityRules, type Slot, type SlotCheck} from '../availability'
import {BOOKING_MESSAGES, type BookingFailure, type BookingSuccess, type BookingValidationFailure} from '../flow-messages'
import {formatUsd} from '../money'
import {MIN_CHARGE_CENTS, priceBooking, type PriceBreakdown} from '../pricing'
import {createBookingSchemas, fieldMessages, houseInstructionsByQuestion, type BookingRequest, type BookingSchemas} from '../schemas'
import {messageReference} from '../message-keys'
import {planCadence} from '../plans/plan'
import {checkoutDescription, flowLog, type BookingFlowDeps} from './shared'

export type SubmitBookingResult = BookingSuccess | BookingFailure

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
    flowLog.error('Booking flow: a validated request could not be priced', error)
    return validationFailure({'': BOOKING_MESSAGES.requestInvalid})
  }
  if (price.totalCents < MIN_CHARGE_CENTS) return validationFailure({'': messageReference('belowMinimum', {minimum: formatUsd(MIN_CHARGE_CENTS)})})

  let slot: Slot | null = null
  if (request.arrivalWindow) {
    let rules: AvailabilityRules
    try {
      rules = await deps.availability()
    } catch (error) {
      flowLog.error('Booking flow: the availability rules could not be read', error)
      return {ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}
    }
    const check = checkSlot(rules, request.industry, request.date ?? '', request.arrivalWindow, deps.now())
    if (!check.ok) return validationFailure(slotRefusal(check.reason, rules))
    slot = check.slot
  }

  // Consent to texts is recorded with the time it was given.
  const newBooking = {...toNewBooking(request, price), ...(slot && slotFields(slot, deps.now())), smsConsentAt: request.smsConsent ? deps.now().toISOString() : null}
  let stored: {booking: StoredBooking; created: boolean}
  try {
    stored = await deps.store.createPending(newBooking, slot ? {capacity: slot.capacity, now: deps.now()} : undefined)
  } catch (error) {
    if (error instanceof WindowFullError) return validationFailure({arrivalWindow: 'windowFull'})
    flowLog.error('Booking flow: the booking could not be stored', error)
    return {ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed}
  }
  // The same key with other details (the form was changed and sent again with its old key): the
  // stored booking would silently win over what the customer now sees, so refuse instead.
  if (!stored.created && !sameBookingDetails(newBooking, stored.booking)) {
    return {ok: false, kind: 'conflict', message: BOOKING_MESSAGES.alreadySubmitted}
  }
  return startCheckout(stored.booking, deps)
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
    (key) =>
      key === 'idempotencyKey' ||
      key === 'holdExpiresAt' ||
      // The consent's time is when the request came; whether it was given is what counts.
      (key === 'smsConsentAt' ? (booking.smsConsentAt == null) === (stored.smsConsentAt == null) : stableJson(booking[key] ?? null) === stableJson(stored[key] ?? null)),
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
    tipCents: price.tipCents,
    parkingCents: price.parkingCents,
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
    // A plan's first visit: the card is kept for the later visits.
    ...(planCadence(booking) ? {saveCard: true} : {}),
  }
  let session: {id: string; url: string}
  try {
    session = await deps.payments.createCheckout(request)
  } catch (error) {
    flowLog.error(`Booking flow: the checkout of booking ${booking.id} could not be created`, error)
    return {ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentFailed}
  }
  if (!session.url) return {ok: false, kind: 'no-url'}
  const checkoutUrl = new URL(session.url, deps.origin).href

  if (booking.paymentSessionId !== session.id) {
    let change
    try {
      change = await deps.store.attachPaymentSession(booking.id, {provider: deps.payments.name, sessionId: session.id})
    } catch (error) {
      flowLog.error(`Booking flow: checkout ${session.id} could not be attached to booking ${booking.id}`, error)
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
