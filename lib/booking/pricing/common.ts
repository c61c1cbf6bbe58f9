/**
 * What the four forms' prices share: the breakdown the summary shows and the server charges, and
 * the checks and readers every industry's pricing uses (pricing/<industry>.ts). Integer cents.
 */
import {EXTRA_COUNT_MAX, type CountRange, type Industry} from '../catalog/common'
import {applyCoupon, type CouponCode} from '../coupons'
import {assertCents, formatUsd} from '../money'

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

export function line(label: string, cents: number): PriceLine {
  return {label, cents: assertCents(cents)}
}

export function perUnitLine(label: string, count: number, unitCents: number): PriceLine {
  return line(`${label}: ${count} × ${formatUsd(unitCents)}`, count * unitCents)
}

export function sum(lines: readonly PriceLine[]): number {
  return lines.reduce((total, item) => total + item.cents, 0)
}

export function assertCount(value: number, range: Pick<CountRange, 'label' | 'min' | 'max'>): number {
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new RangeError(`${range.label} out of range: ${value}`)
  }
  return value
}

export function assertOption<T extends string | number>(value: T, options: readonly T[], what: string): T {
  if (!options.includes(value)) throw new RangeError(`Unknown ${what}: ${String(value)}`)
  return value
}

export function couponOrThrow(industry: Industry, code: string | null | undefined, beforeCents: number) {
  const result = applyCoupon(industry, code, beforeCents)
  if (!result.ok) throw new RangeError(`Invalid coupon code (${String(code)})`)
  return result
}

// ---------------------------------------------------------------------------------------------
// Live summary: price a form still being filled in
// ---------------------------------------------------------------------------------------------

// Plain TypeScript, no zod: the summary prices from the first render of a booking screen, while
// the schemas (and zod) load only when the form is first used. Each reader keeps a field's value
// only when it is exactly what the form can hold, as pricing.test.ts checks against a zod reading.

export type Fields = Record<string, unknown>

/** The form's values as an object of fields, or null (anything else prices as nothing). */
export function fields(values: unknown): Fields | null {
  return typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Fields) : null
}

/** A whole number within the range, or undefined. */
export function previewCount(value: unknown, range: Pick<CountRange, 'min' | 'max'>): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= range.min && value <= range.max ? value : undefined
}

/** One of the options, or undefined. */
export function previewOption<const T extends string | number>(value: unknown, options: readonly T[]): T | undefined {
  return (options as readonly unknown[]).includes(value) ? (value as T) : undefined
}

/** Extra counts by name; any unknown name or count out of range counts as no extras at all. */
export function previewExtras<const K extends string>(value: unknown, names: readonly K[]): Partial<Record<K, number>> | undefined {
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
export function previewCoupon(industry: 'house' | 'carpet', code: unknown): string | null {
  return typeof code === 'string' && applyCoupon(industry, code, 0).ok ? code : null
}
