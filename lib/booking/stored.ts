/**
 * A stored booking back in the terms of its form and its price: the form's values (to bring a
 * customer back to the form as they left it after a cancelled payment), the price breakdown (every
 * charge of the confirmation e-mail), the short reference, and the facts its e-mails report.
 * Plain TypeScript, no server imports.
 */
import {arrivalWindowLabel} from './arrival-window'
import type {StoredBooking} from './store/store'
import type {BookingPaidFacts} from '../email/queue'
import {formatDate, formatPhone} from '../format'
import {HOUSE_INSTRUCTION_QUESTIONS, INDUSTRY_NAMES, type HouseInstructionId} from './catalog'
import {formatUsd} from './money'
import {
  formatDuration,
  previewCarpetPrice,
  previewCommercialPrice,
  previewExteriorPrice,
  previewHousePrice,
  type PriceBreakdown,
} from './pricing'
import type {BookingRequestInput} from './schemas'

/** The reference a customer quotes: the first 8 hex digits of the booking's id ('3F9A-2B1C'). */
export function bookingReference(id: string): string {
  const hex = id.replace(/-/g, '').slice(0, 8).toUpperCase()
  return `${hex.slice(0, 4)}-${hex.slice(4)}`
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** A booking form's values without its idempotency key (each industry's own fields). */
export type BookingFormInput = BookingRequestInput extends infer T ? (T extends unknown ? Omit<T, 'idempotencyKey'> : never) : never

/**
 * The values of the booking's form as the customer submitted them (what `toNewBooking` stored,
 * turned back), without an idempotency key: submitting again is a new booking.
 */
export function bookingFormValues(booking: StoredBooking): BookingFormInput {
  const customer = {
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: formatPhone(booking.phone),
    address: booking.address,
    notes: booking.notes ?? '',
    // The window may be taken by now: the form offers what is free and keeps it only if still offered.
    arrivalWindow: booking.arrivalWindow ?? '',
    // The texts box as the customer left it.
    smsConsent: booking.smsConsentAt != null,
  }
  const instructions = record(booking.instructions)
  switch (booking.industry) {
    case 'house':
      return {
        industry: 'house',
        location: booking.location as never,
        service: booking.service as never,
        frequency: (booking.frequency ?? '') as never,
        bedrooms: booking.bedrooms ?? 1,
        bathrooms: booking.bathrooms ?? 1,
        halfBaths: booking.halfBath ?? 0,
        dens: booking.den ?? 0,
        hours: booking.hours ?? 0,
        minutes: (booking.minutes ?? 0) as never,
        extras: (booking.extras ?? {}) as never,
        instructions: Object.fromEntries(
          HOUSE_INSTRUCTION_QUESTIONS.map(({id, question}) => [id, instructions[question] ?? '']),
        ) as never,
        date: booking.date ?? '',
        tip: (booking.tip ?? '0%') as never,
        parkingFee: (booking.parkingFee ?? '$0') as never,
        coupon: booking.coupon ?? '',
        ...customer,
      }
    case 'exterior':
      return {
        industry: 'exterior',
        service: booking.service as never,
        frequency: booking.frequency as never,
        tip: (booking.tip ?? '0%') as never,
        parkingFee: (booking.parkingFee ?? '$0') as never,
        keyInfo: (typeof instructions.keyInfo === 'string' ? instructions.keyInfo : '') as never,
        date: booking.date ?? '',
        ...customer,
      }
    case 'carpet':
      return {
        industry: 'carpet',
        location: booking.location as never,
        frequency: booking.frequency as never,
        rooms: booking.rooms ?? 0,
        stairs: booking.stairs ?? 0,
        extras: (booking.extras ?? {}) as never,
        date: booking.date ?? '',
        keyInfo: (typeof booking.instructions === 'string' ? booking.instructions : '') as never,
        coupon: booking.coupon ?? '',
        ...customer,
      }
    case 'commercial':
      return {
        industry: 'commercial',
        location: (booking.location ?? '') as never,
        subService: booking.service as never,
        frequency: booking.frequency as never,
        date: booking.date ?? '',
        ...customer,
      }
  }
}

/**
 * The price breakdown of a stored booking, worked out again from what it stored, or null when that
 * does not give the amount charged (prices changed since): then only the total is shown.
 */
export function storedBookingPrice(booking: StoredBooking): PriceBreakdown | null {
  const values = bookingFormValues(booking)
  const breakdown =
    values.industry === 'house'
      ? previewHousePrice(values)
      : values.industry === 'carpet'
        ? previewCarpetPrice(values)
        : values.industry === 'exterior'
          ? previewExteriorPrice(values)
          : previewCommercialPrice(values)
  return breakdown && breakdown.totalCents === booking.amountCents ? breakdown : null
}

/** Every charge that makes up the amount (negative cents for the discount). */
export function bookingCharges(booking: StoredBooking): {label: string; cents: number}[] {
  const price = storedBookingPrice(booking)
  if (!price) return [{label: INDUSTRY_NAMES[booking.industry], cents: booking.amountCents}]
  const charges = price.lines.map((line) => ({label: line.label, cents: line.cents}))
  if (price.tipCents > 0) charges.push({label: `Tip (${price.tipPercent}%)`, cents: price.tipCents})
  if (price.parkingCents > 0) charges.push({label: 'Parking', cents: price.parkingCents})
  if (price.discountCents > 0) charges.push({label: `Coupon ${price.coupon?.code ?? ''} (${price.coupon?.label ?? ''})`.replace(' ()', ''), cents: -price.discountCents})
  return charges
}

/**
 * What a field of the form tells: which form it was, the job itself (its size, extras, how clean the
 * home is), how to get in and park, the visit's day and window, or money (tip, parking fee, coupon).
 * The crews' day sheet reads the job and access parts; the business and the office read them all.
 */
export type BookingFieldPart = 'form' | 'job' | 'access' | 'visit' | 'money'
export type BookingField = {label: string; value: string; part: BookingFieldPart}

/** The house form's three questions: how clean the home is describes the job; the other two, getting in. */
const HOUSE_QUESTION_PART: Record<HouseInstructionId, BookingFieldPart> = {howClean: 'job', getInside: 'access', whereToPark: 'access'}

/** Every field of the form, in the form's order, with the part of the visit it tells. */
export function bookingFields(booking: StoredBooking): BookingField[] {
  const fields: {label: string; value: string | null | undefined; part: BookingFieldPart}[] = [{label: 'Booking form', value: INDUSTRY_NAMES[booking.industry], part: 'form'}]
  const instructions = record(booking.instructions)
  const extras = Object.entries(booking.extras ?? {})
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${name} × ${count}`)
    .join(', ')
  const arrival = booking.arrivalWindow ? arrivalWindowLabel(booking.arrivalWindow) : null
  // As people read a date ('February 1, 2030'), like the customer's confirmation.
  const date = booking.date ? formatDate(booking.date) : null
  switch (booking.industry) {
    case 'house':
      fields.push(
        {label: 'Location', value: booking.location, part: 'job'},
        {label: 'Service', value: booking.service, part: 'job'},
        {label: 'Frequency', value: booking.frequency, part: 'job'},
        {label: 'Time required', value: booking.service === 'Post Construction' ? formatDuration(booking.hours ?? 0, booking.minutes ?? 0) : null, part: 'job'},
        {label: 'Bedrooms', value: String(booking.bedrooms ?? ''), part: 'job'},
        {label: 'Bathrooms', value: String(booking.bathrooms ?? ''), part: 'job'},
        {label: 'Half baths', value: String(booking.halfBath ?? ''), part: 'job'},
        {label: 'Dens', value: String(booking.den ?? ''), part: 'job'},
        {label: 'Extras', value: extras || 'None', part: 'job'},
        ...HOUSE_INSTRUCTION_QUESTIONS.map(({id, question}) => ({label: question, value: String(instructions[question] ?? ''), part: HOUSE_QUESTION_PART[id]})),
        {label: 'Date', value: date, part: 'visit'},
        {label: 'Arrival window', value: arrival, part: 'visit'},
        {label: 'Tip', value: booking.tip, part: 'money'},
        {label: 'Parking', value: booking.parkingFee, part: 'money'},
      )
      break
    case 'exterior':
      fields.push(
        {label: 'Service', value: booking.service, part: 'job'},
        {label: 'Frequency', value: booking.frequency, part: 'job'},
        {label: 'Date', value: date, part: 'visit'},
        {label: 'Arrival window', value: arrival, part: 'visit'},
        {label: 'Tip (not charged online)', value: booking.tip, part: 'money'},
        {label: 'Parking (not charged online)', value: booking.parkingFee, part: 'money'},
        {label: 'Key information', value: typeof instructions.keyInfo === 'string' ? instructions.keyInfo : null, part: 'access'},
      )
      break
    case 'carpet':
      fields.push(
        {label: 'Location', value: booking.location, part: 'job'},
        {label: 'Frequency', value: booking.frequency, part: 'job'},
        {label: 'Rooms', value: String(booking.rooms ?? ''), part: 'job'},
        {label: 'Staircases', value: String(booking.stairs ?? ''), part: 'job'},
        {label: 'Extras', value: extras || 'None', part: 'job'},
        {label: 'Date', value: date, part: 'visit'},
        {label: 'Arrival window', value: arrival, part: 'visit'},
        {label: 'Key information', value: typeof booking.instructions === 'string' ? booking.instructions : null, part: 'access'},
      )
      break
    case 'commercial':
      fields.push(
        {label: 'Location', value: booking.location, part: 'job'},
        {label: 'Service', value: booking.service, part: 'job'},
        {label: 'Frequency', value: booking.frequency, part: 'job'},
        {label: 'Date', value: date, part: 'visit'},
        {label: 'Arrival window', value: arrival, part: 'visit'},
      )
      break
  }
  fields.push({label: 'Coupon', value: booking.coupon ? `${booking.coupon} (−${formatUsd(booking.discountCents ?? 0)})` : null, part: 'money'})
  return fields.filter((field): field is BookingField => typeof field.value === 'string' && field.value !== '')
}

/** Every choice on the form, in the form's order, as label and value (for the business). */
export function bookingDetails(booking: StoredBooking): {label: string; value: string}[] {
  return bookingFields(booking).map(({label, value}) => ({label, value}))
}

/**
 * What a crew reads of the form, in the form's order: the job (its size, extras, how clean the home
 * is) and how to get in and park. Never money: crews see no amounts.
 */
export function crewJobDetails(booking: StoredBooking): {job: {label: string; value: string}[]; access: {label: string; value: string}[]} {
  const fields = bookingFields(booking)
  const part = (wanted: BookingFieldPart) => fields.filter((field) => field.part === wanted).map(({label, value}) => ({label, value}))
  return {job: part('job'), access: part('access')}
}

/** What the e-mails of a paid booking report. */
export function bookingPaidFacts(booking: StoredBooking, service: string, paidAt: Date): BookingPaidFacts {
  return {
    kind: 'booking_paid',
    id: booking.id,
    reference: bookingReference(booking.id),
    industry: booking.industry,
    service,
    date: booking.date,
    arrivalWindow: booking.arrivalWindow,
    windowStartsAt: booking.windowStartsAt,
    location: booking.location,
    customer: {firstName: booking.firstName, lastName: booking.lastName, email: booking.email, phone: booking.phone, address: booking.address},
    details: bookingDetails(booking),
    notes: booking.notes,
    charges: bookingCharges(booking),
    totalCents: booking.amountCents,
    paidAt: paidAt.toISOString(),
    textsConsented: booking.smsConsentAt != null,
  }
}
