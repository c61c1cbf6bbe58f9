/**
 * A plan's prices, from the first visit's stored choices:
 * - per visit: the frequency's price of the same choices (rooms, extras, tip, parking), without the
 *   coupon (a coupon is for one visit);
 * - one-time: the same choices and coupon at the one-time rate (house Regular Cleaning and carpet /
 *   exterior 'One-Time', commercial 'Single Deep Cleaning'): a plan cancelled before its second
 *   visit is charged this less what the first visit cost.
 * Both through `priceBooking`, the one price list, on the request the stored booking was made from
 * (the inverse of flow/submit.ts `toNewBooking`). Plain TypeScript.
 */
import {COMMERCIAL_FREQUENCIES, HOUSE_INSTRUCTION_QUESTIONS} from '../catalog'
import {priceBooking, type PriceBreakdown} from '../pricing'
import type {BookingRequest, CarpetBooking, CommercialBooking, ExteriorBooking, HouseBooking} from '../schemas'
import type {NewBooking, StoredBooking} from '../store/store'

/** The choices that decide a price (a stored booking, or the new booking it was stored from). */
export type PricedChoices = Pick<
  NewBooking,
  | 'industry'
  | 'idempotencyKey'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'notes'
  | 'location'
  | 'service'
  | 'frequency'
  | 'bedrooms'
  | 'bathrooms'
  | 'halfBath'
  | 'den'
  | 'extras'
  | 'instructions'
  | 'date'
  | 'tip'
  | 'parkingFee'
  | 'hours'
  | 'minutes'
  | 'rooms'
  | 'stairs'
  | 'coupon'
  | 'arrivalWindow'
>

/** The frequency a one-time visit of the same service is sold at. */
export function oneTimeFrequency(industry: NewBooking['industry']): string {
  // Commercial sells its one-time clean as 'Single Deep Cleaning' (the first of its frequencies).
  return industry === 'commercial' ? COMMERCIAL_FREQUENCIES[0] : 'One-Time'
}

/**
 * The validated request a stored booking was made from (flow/submit.ts `toNewBooking` backwards),
 * with another frequency and coupon. What pricing does not read (contact details) is carried over.
 */
export function requestOf(booking: PricedChoices, change: {frequency: string | null; coupon: string | null}): BookingRequest {
  const common = {
    idempotencyKey: booking.idempotencyKey,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    address: booking.address,
    notes: booking.notes ?? '',
    date: booking.date ?? '',
    arrivalWindow: booking.arrivalWindow ?? '',
    coupon: null,
    // Pricing does not read it; the request schema wants it.
    smsConsent: false,
  }
  const instructions = typeof booking.instructions === 'object' && booking.instructions ? booking.instructions : {}
  switch (booking.industry) {
    case 'house': {
      const house: HouseBooking = {
        ...common,
        industry: 'house',
        location: booking.location as HouseBooking['location'],
        service: booking.service as HouseBooking['service'],
        frequency: change.frequency as HouseBooking['frequency'],
        bedrooms: booking.bedrooms ?? 0,
        bathrooms: booking.bathrooms ?? 0,
        halfBaths: booking.halfBath ?? 0,
        dens: booking.den ?? 0,
        hours: booking.hours ?? 0,
        minutes: (booking.minutes ?? 0) as HouseBooking['minutes'],
        extras: (booking.extras ?? {}) as HouseBooking['extras'],
        instructions: Object.fromEntries(HOUSE_INSTRUCTION_QUESTIONS.map(({id, question}) => [id, instructions[question] ?? ''])) as HouseBooking['instructions'],
        tip: (booking.tip ?? '0%') as HouseBooking['tip'],
        parkingFee: (booking.parkingFee ?? '$0') as HouseBooking['parkingFee'],
        coupon: (change.coupon || null) as HouseBooking['coupon'],
      }
      return house
    }
    case 'exterior': {
      const exterior: ExteriorBooking = {
        ...common,
        industry: 'exterior',
        service: booking.service as ExteriorBooking['service'],
        frequency: change.frequency as ExteriorBooking['frequency'],
        tip: (booking.tip ?? '0%') as ExteriorBooking['tip'],
        parkingFee: (booking.parkingFee ?? '$0') as ExteriorBooking['parkingFee'],
        keyInfo: (instructions.keyInfo ?? null) as ExteriorBooking['keyInfo'],
      }
      return exterior
    }
    case 'carpet': {
      const carpet: CarpetBooking = {
        ...common,
        industry: 'carpet',
        location: booking.location as CarpetBooking['location'],
        frequency: change.frequency as CarpetBooking['frequency'],
        rooms: booking.rooms ?? 0,
        stairs: booking.stairs ?? 0,
        extras: (booking.extras ?? {}) as CarpetBooking['extras'],
        keyInfo: (typeof booking.instructions === 'string' ? booking.instructions : null) as CarpetBooking['keyInfo'],
        coupon: (change.coupon || null) as CarpetBooking['coupon'],
      }
      return carpet
    }
    case 'commercial': {
      const commercial: CommercialBooking = {
        ...common,
        industry: 'commercial',
        location: booking.location as CommercialBooking['location'],
        subService: booking.service as CommercialBooking['subService'],
        frequency: change.frequency as CommercialBooking['frequency'],
      }
      return commercial
    }
  }
}

export type PlanPrices = {
  /** A later visit: the frequency's price of the same choices, no coupon. */
  perVisitCents: number
  /** The first visit at the one-time rate, its coupon kept. */
  oneTimeCents: number
}

/** A later visit's price: the same choices at the frequency's rate, no coupon (throws for choices the price list refuses). */
export function perVisitPrice(booking: PricedChoices): PriceBreakdown {
  return priceBooking(requestOf(booking, {frequency: booking.frequency ?? null, coupon: null}))
}

/**
 * The plan's prices from its first visit's choices (throws for choices the price list refuses);
 * `perVisit`: the later visit's price when the caller has worked it out already.
 */
export function planPrices(booking: PricedChoices, perVisit: Pick<PriceBreakdown, 'totalCents'> = perVisitPrice(booking)): PlanPrices {
  return {
    perVisitCents: perVisit.totalCents,
    oneTimeCents: priceBooking(requestOf(booking, {frequency: oneTimeFrequency(booking.industry), coupon: booking.coupon ?? null})).totalCents,
  }
}

/** What a later visit is: the first booking's choices at the per-visit price (no date, window, key, coupon). */
export function visitTemplateOf(booking: StoredBooking, perVisit: Pick<PriceBreakdown, 'totalCents' | 'tipCents' | 'parkingCents'>): Omit<NewBooking, 'idempotencyKey' | 'date' | 'arrivalWindow' | 'windowStartsAt' | 'holdExpiresAt'> {
  return {
    industry: booking.industry,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    address: booking.address,
    notes: booking.notes,
    location: booking.location,
    service: booking.service,
    frequency: booking.frequency,
    bedrooms: booking.bedrooms,
    bathrooms: booking.bathrooms,
    halfBath: booking.halfBath,
    den: booking.den,
    extras: booking.extras,
    instructions: booking.instructions,
    tip: booking.tip,
    parkingFee: booking.parkingFee,
    hours: booking.hours,
    minutes: booking.minutes,
    rooms: booking.rooms,
    stairs: booking.stairs,
    tipCents: perVisit.tipCents,
    parkingCents: perVisit.parkingCents,
    coupon: null,
    discountCents: 0,
    amountCents: perVisit.totalCents,
    serviceFamily: booking.serviceFamily,
    smsConsentAt: booking.smsConsentAt,
  }
}
