/** House cleaning prices (/house_cleaning), in integer cents; the rounding rules are in pricing.ts. */
import {EXTRA_COUNT_MAX, HOUSE_PARKING_CENTS, HOUSE_PARKING_OPTIONS, HOUSE_TIP_OPTIONS, HOUSE_TIP_PERCENT, INDUSTRY_NAMES, type HouseParking, type HouseTip} from '../catalog/common'
import {HOUSE_COUNTS, HOUSE_EXTRAS, HOUSE_FREQUENCIES, HOUSE_HOURS, HOUSE_MINUTE_OPTIONS, HOUSE_SERVICES, type HouseExtra, type HouseFrequency, type HouseService} from '../catalog/house'
import {divideRoundHalfUp, formatUsd, percentOf} from '../money'
import {assertCount, assertOption, couponOrThrow, fields, line, perUnitLine, previewCount, previewCoupon, previewExtras, previewOption, sum, totalCents, type HouseBreakdown, type PriceLine} from './common'

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

/** "2 h 30 min", "45 min", "3 h". */
export function formatDuration(hours: number, minutes: number): string {
  if (hours === 0) return `${minutes} min`
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`
}

/** round(15465 × total minutes / 60), halves up. */
export function postConstructionCents(hours: number, minutes: number): number {
  return divideRoundHalfUp(POST_CONSTRUCTION_HOURLY_CENTS * (hours * 60 + minutes), 60)
}

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
