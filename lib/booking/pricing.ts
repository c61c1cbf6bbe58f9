/**
 * Prices of the four booking forms, in integer cents.
 * The same functions compute the live summary in the browser and the amount the server charges; a
 * breakdown is what the summary shows, line by line, and `totalCents` is what is charged.
 *
 * Rounding (decided here, tested in pricing.test.ts):
 * - Post Construction: round(15465 × (hours × 60 + minutes) / 60) cents, halves up; with quarter
 *   hours the exact value ends in .00, .25, .50 or .75 cents: 2 h 30 min = 38662.5 → 38663 ($386.63),
 *   15 min = 3866.25 → 3866 ($38.66), 45 min = 11598.75 → 11599 ($115.99).
 * - House tip: round(subtotal × percent / 100), halves up.
 * - Carpet coupon: discount = round(total × percent / 100), halves up; total − discount is charged.
 * - House total = subtotal + tip + parking − discount, floored at 0 (the discount applied never
 *   exceeds subtotal + tip + parking, so the parts always add up to the total).
 *
 * The functions take validated values (schemas.ts); they throw on values the schemas refuse (an
 * out-of-range count, an unknown option or coupon) instead of pricing them. For a live summary of a
 * form that is still being filled in, use the `preview…Price` functions, which return null until the
 * fields that decide the price are valid.
 */
import {
  CARPET_COUNTS,
  CARPET_EXTRAS,
  CARPET_FREQUENCIES,
  COMMERCIAL_SUB_SERVICES,
  EXTERIOR_FREQUENCIES,
  EXTERIOR_SERVICES,
  EXTRA_COUNT_MAX,
  HOUSE_COUNTS,
  HOUSE_EXTRAS,
  HOUSE_FREQUENCIES,
  HOUSE_HOURS,
  HOUSE_MINUTE_OPTIONS,
  HOUSE_PARKING_CENTS,
  HOUSE_PARKING_OPTIONS,
  HOUSE_SERVICES,
  HOUSE_TIP_OPTIONS,
  HOUSE_TIP_PERCENT,
  INDUSTRY_NAMES,
  type BookableService,
  type CarpetExtra,
  type CarpetFrequency,
  type CommercialSubService,
  type CountRange,
  type ExteriorFrequency,
  type ExteriorService,
  type HouseExtra,
  type HouseFrequency,
  type HouseParking,
  type HouseService,
  type HouseTip,
  type Industry,
} from './catalog'
import {applyCoupon, type CouponCode} from './coupons'
import {assertCents, divideRoundHalfUp, formatUsd, percentOf} from './money'
import type {BookingRequest} from './schemas'

// ---------------------------------------------------------------------------------------------
// Rate tables, cents
// ---------------------------------------------------------------------------------------------

export interface HouseRoomRates {
  readonly bedroom: number
  readonly bathroom: number
  readonly halfBath: number
  readonly den: number
  readonly base: number
}

/** Regular Cleaning by frequency; "One-Time or default" is also used when no frequency is chosen. */
export const HOUSE_REGULAR_RATES = {
  Weekly: {bedroom: 1546, bathroom: 1933, halfBath: 1160, den: 1933, base: 8120},
  'Every Other Week': {bedroom: 1753, bathroom: 2191, halfBath: 1315, den: 2191, base: 9201},
  Monthly: {bedroom: 1959, bathroom: 2448, halfBath: 1469, den: 2448, base: 10285},
  'One-Time': {bedroom: 2062, bathroom: 2578, halfBath: 1547, den: 2578, base: 10825},
} as const satisfies Record<HouseFrequency, HouseRoomRates>

/** Deep Cleaning and Move Out & Move In (frequency does not apply). */
export const HOUSE_DEEP_RATES = {bedroom: 3003, bathroom: 2578, halfBath: 1547, den: 2578, base: 20194} as const satisfies HouseRoomRates

/** Post Construction: $154.65 per hour, minutes counted fractionally. */
export const POST_CONSTRUCTION_HOURLY_CENTS = 15465

/** House extras are priced at $0 each, shown as such. */
export const HOUSE_EXTRA_CENTS = {
  'Extra Heavy Duty': 0,
  Blinds: 0,
  'Interior Windows': 0,
  Oven: 0,
  Garage: 0,
} as const satisfies Record<HouseExtra, number>

export const EXTERIOR_BASE_CENTS = 4000
export const EXTERIOR_FREQUENCY_CENTS = {'Every 3 Months': 1000, 'Every 6 Months': 2000, 'One-Time': 3000} as const satisfies Record<
  ExteriorFrequency,
  number
>
export const EXTERIOR_SERVICE_CENTS = {
  'Roof Cleaning': 1000,
  'Gutter Cleaning': 2000,
  'House Washing': 3000,
  'Pressure Washing': 4000,
} as const satisfies Record<ExteriorService, number>

/** Per room and per staircase, by frequency. */
export const CARPET_UNIT_CENTS = {'One-Time': 5200, 'Every 6 Months': 4700, 'Every 3 Months': 4400} as const satisfies Record<
  CarpetFrequency,
  number
>
/** Carpet extras per unit, by frequency. */
export const CARPET_EXTRA_CENTS = {
  'Pet, Food, Drink Stain': {'One-Time': 2578, 'Every 6 Months': 2320, 'Every 3 Months': 2191},
  HAZARD: {'One-Time': 4124, 'Every 6 Months': 3712, 'Every 3 Months': 3505},
  'WINE STAIN REMOVAL': {'One-Time': 4124, 'Every 6 Months': 3712, 'Every 3 Months': 3505},
  HALLWAYS: {'One-Time': 825, 'Every 6 Months': 742, 'Every 3 Months': 701},
} as const satisfies Record<CarpetExtra, Record<CarpetFrequency, number>>

export const COMMERCIAL_BASE_CENTS = 4000
export const COMMERCIAL_SUB_SERVICE_CENTS = {
  'Construction Final Clean': 1000,
  'Corporate Office Cleaning': 2000,
  'Retail Spaces Cleaning': 3000,
  'VRBO and AIRBNB Cleaning': 4000,
} as const satisfies Record<CommercialSubService, number>

/** The card provider's minimum charge: smaller totals are refused by the server. */
export const MIN_CHARGE_CENTS = 50

// ---------------------------------------------------------------------------------------------
// Breakdown
// ---------------------------------------------------------------------------------------------

export interface PriceLine {
  /** "Bedrooms: 2 × $15.46" */
  readonly label: string
  readonly cents: number
}

export interface PriceBreakdown<I extends Industry = Industry> {
  readonly industry: I
  /** "House Cleaning – Regular Cleaning, Weekly": the service named on the payment page. */
  readonly description: string
  /** What makes up the subtotal; the lines add up to `subtotalCents`. */
  readonly lines: readonly PriceLine[]
  readonly subtotalCents: number
  /** House only (0 elsewhere: exterior tips are recorded, not priced). */
  readonly tipPercent: number
  readonly tipCents: number
  /** House only (0 elsewhere). */
  readonly parkingCents: number
  /** The coupon applied, with its truthful label ("$10.00 off", "10 % (−$12.34)"), or null. */
  readonly coupon: {readonly code: CouponCode; readonly label: string} | null
  readonly discountCents: number
  /** subtotal + tip + parking − discount, never below 0: the amount charged. */
  readonly totalCents: number
}

export type HouseBreakdown = PriceBreakdown<'house'>
export type ExteriorBreakdown = PriceBreakdown<'exterior'>
export type CarpetBreakdown = PriceBreakdown<'carpet'>
export type CommercialBreakdown = PriceBreakdown<'commercial'>

/** subtotal + tip + parking − discount, floored at 0. */
export function totalCents(parts: {subtotalCents: number; tipCents: number; parkingCents: number; discountCents: number}): number {
  const sum = assertCents(parts.subtotalCents) + assertCents(parts.tipCents) + assertCents(parts.parkingCents)
  return Math.max(0, sum - assertCents(parts.discountCents))
}

function line(label: string, cents: number): PriceLine {
  return {label, cents: assertCents(cents)}
}

function perUnitLine(label: string, count: number, unitCents: number): PriceLine {
  return line(`${label}: ${count} × ${formatUsd(unitCents)}`, count * unitCents)
}

function sum(lines: readonly PriceLine[]): number {
  return lines.reduce((total, item) => total + item.cents, 0)
}

function assertCount(value: number, range: Pick<CountRange, 'label' | 'min' | 'max'>): number {
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new RangeError(`${range.label} out of range: ${value}`)
  }
  return value
}

function assertOption<T extends string | number>(value: T, options: readonly T[], what: string): T {
  if (!options.includes(value)) throw new RangeError(`Unknown ${what}: ${String(value)}`)
  return value
}

function couponOrThrow(industry: Industry, code: string | null | undefined, beforeCents: number) {
  const result = applyCoupon(industry, code, beforeCents)
  if (!result.ok) throw new RangeError(`Invalid coupon code (${String(code)})`)
  return result
}

/** "2 h 30 min", "45 min", "3 h". */
export function formatDuration(hours: number, minutes: number): string {
  if (hours === 0) return `${minutes} min`
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`
}

/** round(15465 × total minutes / 60), halves up. */
export function postConstructionCents(hours: number, minutes: number): number {
  return divideRoundHalfUp(POST_CONSTRUCTION_HOURLY_CENTS * (hours * 60 + minutes), 60)
}

// ---------------------------------------------------------------------------------------------
// House
// ---------------------------------------------------------------------------------------------

/** The fields that decide a house price (a validated HouseBooking has them all). */
export interface HousePriceInput {
  readonly service: HouseService
  /** Regular Cleaning only; none = the "One-Time or default" row. Ignored for other services. */
  readonly frequency?: HouseFrequency | '' | null
  readonly bedrooms: number
  readonly bathrooms: number
  readonly halfBaths: number
  readonly dens: number
  /** Post Construction only. */
  readonly hours?: number
  readonly minutes?: number
  readonly extras?: Partial<Record<HouseExtra, number>>
  readonly tip?: HouseTip
  readonly parkingFee?: HouseParking
  readonly coupon?: string | null
}

export function priceHouse(values: HousePriceInput): HouseBreakdown {
  const service = assertOption(values.service, HOUSE_SERVICES, 'house service')
  const lines: PriceLine[] = []
  let description: string = `${INDUSTRY_NAMES.house} – ${service}`
  const bedrooms = assertCount(values.bedrooms, HOUSE_COUNTS.bedrooms)
  const bathrooms = assertCount(values.bathrooms, HOUSE_COUNTS.bathrooms)
  const halfBaths = assertCount(values.halfBaths, HOUSE_COUNTS.halfBaths)
  const dens = assertCount(values.dens, HOUSE_COUNTS.dens)

  if (service === 'Post Construction') {
    const hours = assertCount(values.hours ?? 0, HOUSE_HOURS)
    const minutes = assertOption(values.minutes ?? 0, HOUSE_MINUTE_OPTIONS as readonly number[], 'minutes')
    const duration = formatDuration(hours, minutes)
    description += ` (${duration})`
    lines.push(line(`Post Construction: ${duration} × ${formatUsd(POST_CONSTRUCTION_HOURLY_CENTS)} per hour`, postConstructionCents(hours, minutes)))
  } else {
    let rates: HouseRoomRates = HOUSE_DEEP_RATES
    if (service === 'Regular Cleaning') {
      const frequency = values.frequency ? assertOption(values.frequency, HOUSE_FREQUENCIES, 'frequency') : null
      rates = HOUSE_REGULAR_RATES[frequency ?? 'One-Time']
      if (frequency) description += `, ${frequency}`
    }
    lines.push(line('Base service charge', rates.base))
    lines.push(perUnitLine('Bedrooms', bedrooms, rates.bedroom))
    lines.push(perUnitLine('Bathrooms', bathrooms, rates.bathroom))
    if (halfBaths > 0) lines.push(perUnitLine('Half baths', halfBaths, rates.halfBath))
    if (dens > 0) lines.push(perUnitLine('Dens', dens, rates.den))
  }

  for (const extra of HOUSE_EXTRAS) {
    const count = assertCount(values.extras?.[extra] ?? 0, {label: extra, min: 0, max: EXTRA_COUNT_MAX})
    if (count > 0) lines.push(perUnitLine(extra, count, HOUSE_EXTRA_CENTS[extra]))
  }
  for (const key of Object.keys(values.extras ?? {})) assertOption(key, HOUSE_EXTRAS as readonly string[], 'house extra')

  const subtotalCents = sum(lines)
  const tipPercent = HOUSE_TIP_PERCENT[assertOption(values.tip ?? '0%', HOUSE_TIP_OPTIONS, 'tip')]
  const tipCents = percentOf(subtotalCents, tipPercent)
  const parkingCents = HOUSE_PARKING_CENTS[assertOption(values.parkingFee ?? '$0', HOUSE_PARKING_OPTIONS, 'parking fee')]
  const coupon = couponOrThrow('house', values.coupon, subtotalCents + tipCents + parkingCents)
  return {
    industry: 'house',
    description,
    lines,
    subtotalCents,
    tipPercent,
    tipCents,
    parkingCents,
    coupon: coupon.code ? {code: coupon.code, label: coupon.label} : null,
    discountCents: coupon.discountCents,
    totalCents: totalCents({subtotalCents, tipCents, parkingCents, discountCents: coupon.discountCents}),
  }
}

// ---------------------------------------------------------------------------------------------
// Exterior
// ---------------------------------------------------------------------------------------------

/**
 * The fields that decide an exterior price. Service and frequency may be null for a live summary
 * (their add-on is then 0); a validated booking always has both. The exterior tip and parking
 * choices are recorded but not priced, so they are not inputs here.
 */
export interface ExteriorPriceInput {
  readonly service: ExteriorService | null
  readonly frequency: ExteriorFrequency | null
}

/** Base $40 + frequency + service. */
export function priceExterior(values: ExteriorPriceInput): ExteriorBreakdown {
  const lines: PriceLine[] = [line('Base', EXTERIOR_BASE_CENTS)]
  const names: string[] = []
  if (values.service) {
    const service = assertOption(values.service, EXTERIOR_SERVICES, 'exterior service')
    lines.push(line(`Service: ${service}`, EXTERIOR_SERVICE_CENTS[service]))
    names.push(service)
  }
  if (values.frequency) {
    const frequency = assertOption(values.frequency, EXTERIOR_FREQUENCIES, 'exterior frequency')
    lines.push(line(`Frequency: ${frequency}`, EXTERIOR_FREQUENCY_CENTS[frequency]))
    names.push(frequency)
  }
  const subtotalCents = sum(lines)
  return {
    industry: 'exterior',
    description: [INDUSTRY_NAMES.exterior, names.join(', ')].filter(Boolean).join(' – '),
    lines,
    subtotalCents,
    tipPercent: 0,
    tipCents: 0,
    parkingCents: 0,
    coupon: null,
    discountCents: 0,
    totalCents: subtotalCents,
  }
}

// ---------------------------------------------------------------------------------------------
// Carpet
// ---------------------------------------------------------------------------------------------

export interface CarpetPriceInput {
  readonly frequency: CarpetFrequency
  readonly rooms: number
  readonly stairs: number
  readonly extras?: Partial<Record<CarpetExtra, number>>
  readonly coupon?: string | null
}

/** (rooms + staircases) × rate + extras × their rate, by frequency; coupon percent of that total. */
export function priceCarpet(values: CarpetPriceInput): CarpetBreakdown {
  const frequency = assertOption(values.frequency, CARPET_FREQUENCIES, 'carpet frequency')
  const unit = CARPET_UNIT_CENTS[frequency]
  const rooms = assertCount(values.rooms, CARPET_COUNTS.rooms)
  const stairs = assertCount(values.stairs, CARPET_COUNTS.stairs)
  const lines: PriceLine[] = []
  if (rooms > 0) lines.push(perUnitLine('Rooms', rooms, unit))
  if (stairs > 0) lines.push(perUnitLine('Staircases', stairs, unit))
  for (const extra of CARPET_EXTRAS) {
    const count = assertCount(values.extras?.[extra] ?? 0, {label: extra, min: 0, max: EXTRA_COUNT_MAX})
    if (count > 0) lines.push(perUnitLine(extra, count, CARPET_EXTRA_CENTS[extra][frequency]))
  }
  for (const key of Object.keys(values.extras ?? {})) assertOption(key, CARPET_EXTRAS as readonly string[], 'carpet extra')

  const subtotalCents = sum(lines)
  const coupon = couponOrThrow('carpet', values.coupon, subtotalCents)
  return {
    industry: 'carpet',
    description: `${INDUSTRY_NAMES.carpet} – ${frequency}`,
    lines,
    subtotalCents,
    tipPercent: 0,
    tipCents: 0,
    parkingCents: 0,
    coupon: coupon.code ? {code: coupon.code, label: coupon.label} : null,
    discountCents: coupon.discountCents,
    totalCents: totalCents({subtotalCents, tipCents: 0, parkingCents: 0, discountCents: coupon.discountCents}),
  }
}

// ---------------------------------------------------------------------------------------------
// Commercial
// ---------------------------------------------------------------------------------------------

/** No sub-service (live summary only) gives the base $40. */
export interface CommercialPriceInput {
  readonly subService: CommercialSubService | null
}

/** Base $40 + the sub-service's add-on (totals 50, 60, 70, 80). */
export function priceCommercial(values: CommercialPriceInput): CommercialBreakdown {
  const lines: PriceLine[] = [line('Base', COMMERCIAL_BASE_CENTS)]
  let description: string = INDUSTRY_NAMES.commercial
  if (values.subService) {
    const subService = assertOption(values.subService, COMMERCIAL_SUB_SERVICES, 'commercial sub-service')
    lines.push(line(subService, COMMERCIAL_SUB_SERVICE_CENTS[subService]))
    description += ` – ${subService}`
  }
  const subtotalCents = sum(lines)
  return {
    industry: 'commercial',
    description,
    lines,
    subtotalCents,
    tipPercent: 0,
    tipCents: 0,
    parkingCents: 0,
    coupon: null,
    discountCents: 0,
    totalCents: subtotalCents,
  }
}

// ---------------------------------------------------------------------------------------------
// Server: one validated request → its price
// ---------------------------------------------------------------------------------------------

/** The price of a validated booking request (bookingRequestSchema's output). */
export function priceBooking(booking: BookingRequest): PriceBreakdown {
  switch (booking.industry) {
    case 'house':
      return priceHouse(booking)
    case 'exterior':
      return priceExterior(booking)
    case 'carpet':
      return priceCarpet(booking)
    case 'commercial':
      return priceCommercial(booking)
  }
}

// ---------------------------------------------------------------------------------------------
// Live summary: price a form still being filled in
// ---------------------------------------------------------------------------------------------

// Plain TypeScript, no zod: the summary prices from the first render of a booking screen, while
// the schemas (and zod) load only when the form is first used. Each reader keeps a field's value
// only when it is exactly what the form can hold, as pricing.test.ts checks against a zod reading.

type Fields = Record<string, unknown>

/** The form's values as an object of fields, or null (anything else prices as nothing). */
function fields(values: unknown): Fields | null {
  return typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Fields) : null
}

/** A whole number within the range, or undefined. */
function previewCount(value: unknown, range: Pick<CountRange, 'min' | 'max'>): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= range.min && value <= range.max ? value : undefined
}

/** One of the options, or undefined. */
function previewOption<const T extends string | number>(value: unknown, options: readonly T[]): T | undefined {
  return (options as readonly unknown[]).includes(value) ? (value as T) : undefined
}

/** Extra counts by name; any unknown name or count out of range counts as no extras at all. */
function previewExtras<const K extends string>(value: unknown, names: readonly K[]): Partial<Record<K, number>> | undefined {
  const record = fields(value)
  const prototype = record && Object.getPrototypeOf(record)
  if (!record || (prototype !== Object.prototype && prototype !== null)) return undefined
  const extras: Partial<Record<K, number>> = {}
  for (const key of Reflect.ownKeys(record)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(record, key)) continue
    const name = previewOption(key, names)
    const count = previewCount(record[key as string], {min: 0, max: EXTRA_COUNT_MAX})
    if (name === undefined || count === undefined) return undefined
    extras[name] = count
  }
  return extras
}

/** A coupon that is not (yet) valid counts as none in the live summary. */
function previewCoupon(industry: 'house' | 'carpet', code: unknown): string | null {
  return typeof code === 'string' && applyCoupon(industry, code, 0).ok ? code : null
}

/**
 * The house summary for the form's current values (react-hook-form `watch()`), or null while the
 * service or a room count is not validly chosen. Unchosen or invalid tip, parking, time, extras and
 * coupon count as none. Once the form validates, this equals priceHouse of the validated values.
 */
export function previewHousePrice(values: unknown): HouseBreakdown | null {
  const form = fields(values)
  if (!form) return null
  const service = previewOption(form.service, HOUSE_SERVICES)
  const bedrooms = previewCount(form.bedrooms, HOUSE_COUNTS.bedrooms)
  const bathrooms = previewCount(form.bathrooms, HOUSE_COUNTS.bathrooms)
  const halfBaths = previewCount(form.halfBaths, HOUSE_COUNTS.halfBaths)
  const dens = previewCount(form.dens, HOUSE_COUNTS.dens)
  if (service === undefined || bedrooms === undefined || bathrooms === undefined || halfBaths === undefined || dens === undefined) return null
  return priceHouse({
    service,
    frequency: previewOption(form.frequency, HOUSE_FREQUENCIES) ?? null,
    bedrooms,
    bathrooms,
    halfBaths,
    dens,
    hours: previewCount(form.hours, HOUSE_HOURS) ?? 0,
    minutes: previewOption(form.minutes, HOUSE_MINUTE_OPTIONS) ?? 0,
    extras: previewExtras(form.extras, HOUSE_EXTRAS),
    tip: previewOption(form.tip, HOUSE_TIP_OPTIONS) ?? '0%',
    parkingFee: previewOption(form.parkingFee, HOUSE_PARKING_OPTIONS) ?? '$0',
    coupon: previewCoupon('house', form.coupon),
  })
}

/** The exterior summary: $40 plus whatever service and frequency are validly chosen. */
export function previewExteriorPrice(values: unknown): ExteriorBreakdown {
  const form = fields(values)
  return priceExterior({
    service: previewOption(form?.service, EXTERIOR_SERVICES) ?? null,
    frequency: previewOption(form?.frequency, EXTERIOR_FREQUENCIES) ?? null,
  })
}

/** The carpet summary, or null until a frequency is chosen and the room/staircase counts are valid. */
export function previewCarpetPrice(values: unknown): CarpetBreakdown | null {
  const form = fields(values)
  if (!form) return null
  const frequency = previewOption(form.frequency, CARPET_FREQUENCIES)
  const rooms = previewCount(form.rooms, CARPET_COUNTS.rooms)
  const stairs = previewCount(form.stairs, CARPET_COUNTS.stairs)
  if (frequency === undefined || rooms === undefined || stairs === undefined) return null
  return priceCarpet({frequency, rooms, stairs, extras: previewExtras(form.extras, CARPET_EXTRAS), coupon: previewCoupon('carpet', form.coupon)})
}

/** The commercial summary: $40 plus the sub-service's add-on once one is chosen. */
export function previewCommercialPrice(values: unknown): CommercialBreakdown {
  return priceCommercial({subService: previewOption(fields(values)?.subService, COMMERCIAL_SUB_SERVICES) ?? null})
}

// ---------------------------------------------------------------------------------------------
// Starting prices ("from $X" on service pages and cards, "Book online" of quote landings)
// ---------------------------------------------------------------------------------------------

/** Post Construction is booked by the hour: its price is stated per hour, never as one visit's. */
export function pricedByTheHour(entry: BookableService): boolean {
  return entry.industry === 'house' && entry.service === 'Post Construction'
}

/**
 * The lowest price a bookable service can be booked for, coupons aside: its smallest valid booking
 * at its cheapest frequency (house: the fewest rooms the form allows, no extras, tip or parking;
 * carpet: one room or staircase; exterior and commercial as priced). For a service priced by the
 * hour (pricedByTheHour) the price of one hour, stated "per hour".
 */
export function startingPriceCents(entry: BookableService): number {
  switch (entry.industry) {
    case 'house': {
      const fewestRooms = {
        bedrooms: HOUSE_COUNTS.bedrooms.min,
        bathrooms: HOUSE_COUNTS.bathrooms.min,
        halfBaths: HOUSE_COUNTS.halfBaths.min,
        dens: HOUSE_COUNTS.dens.min,
      }
      if (entry.service === 'Post Construction') return priceHouse({service: entry.service, ...fewestRooms, hours: 1, minutes: 0}).totalCents
      const frequencies = entry.service === 'Regular Cleaning' ? HOUSE_FREQUENCIES : [null]
      return Math.min(...frequencies.map((frequency) => priceHouse({service: entry.service, frequency, ...fewestRooms}).totalCents))
    }
    case 'carpet':
      return Math.min(...CARPET_FREQUENCIES.map((frequency) => priceCarpet({frequency, rooms: 1, stairs: 0}).totalCents))
    case 'exterior':
      return Math.min(...EXTERIOR_FREQUENCIES.map((frequency) => priceExterior({service: entry.service, frequency}).totalCents))
    case 'commercial':
      return priceCommercial({subService: entry.service}).totalCents
  }
}

/**
 * "From $X" of a card naming several services: the cheapest of those booked by the visit (an
 * hourly rate is no visit's price), or the hourly rate when all are priced by the hour; null for none.
 */
export function cheapestStartingPrice(entries: readonly BookableService[]): {cents: number; perHour: boolean} | null {
  const byVisit = entries.filter((entry) => !pricedByTheHour(entry))
  const candidates = byVisit.length > 0 ? byVisit : entries
  if (candidates.length === 0) return null
  return {cents: Math.min(...candidates.map(startingPriceCents)), perHour: byVisit.length === 0}
}
