/** Carpet cleaning prices (/carpet_cleaning), in integer cents; the coupon rounding is in pricing.ts. */
import {EXTRA_COUNT_MAX, INDUSTRY_NAMES} from '../catalog/common'
import {CARPET_COUNTS, CARPET_EXTRAS, CARPET_FREQUENCIES, type CarpetExtra, type CarpetFrequency} from '../catalog/carpet'
import {assertCount, assertOption, couponOrThrow, fields, perUnitLine, previewCount, previewCoupon, previewExtras, previewOption, sum, totalCents, type CarpetBreakdown, type PriceLine} from './common'

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
