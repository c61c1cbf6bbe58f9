/**
 * The one coupon table, its values kept exactly as the business set them. House coupons are a
 * flat amount off the total; carpet coupons a percentage of the total, rounded to the cent. The
 * exterior and commercial forms have no coupons: any code there is invalid. Codes are trimmed and
 * case-insensitive; an empty code means no coupon.
 */
import type {Industry} from './catalog'
import {formatUsd, percentOf} from './money'

export type CouponDefinition =
  | {readonly kind: 'flat'; readonly cents: number}
  | {readonly kind: 'percent'; readonly percent: number}

export const COUPONS = {
  house: {
    save10: {kind: 'flat', cents: 1000},
    save20: {kind: 'flat', cents: 2000},
    flat5: {kind: 'flat', cents: 500},
  },
  carpet: {
    save10: {kind: 'percent', percent: 10},
    save20: {kind: 'percent', percent: 20},
  },
  exterior: {},
  commercial: {},
} as const satisfies Record<Industry, Record<string, CouponDefinition>>

export type HouseCouponCode = keyof (typeof COUPONS)['house']
export type CarpetCouponCode = keyof (typeof COUPONS)['carpet']
export type CouponCode = HouseCouponCode | CarpetCouponCode

/** Forms that have a coupon field. */
export type CouponIndustry = 'house' | 'carpet'

/** Longest code accepted as input (longer input is refused before any lookup). */
export const COUPON_MAX_LENGTH = 40

/** " SAVE10 " → "save10". */
export function normalizeCouponCode(code: string): string {
  return code.trim().toLowerCase()
}

/** The table entry for a code on a form, or null when the code is unknown there. */
export function findCoupon(industry: Industry, code: string): {code: CouponCode; definition: CouponDefinition} | null {
  const normalized = normalizeCouponCode(code)
  const table: Record<string, CouponDefinition> = COUPONS[industry]
  // Own keys only: "constructor" or "__proto__" are not coupons.
  if (normalized === '' || !Object.hasOwn(table, normalized)) return null
  return {code: normalized as CouponCode, definition: table[normalized]}
}

export type CouponResult =
  /** A valid coupon, applied to `totalBeforeCents`. */
  | {ok: true; code: CouponCode; label: string; discountCents: number}
  /** No coupon (empty or blank code): nothing applied. */
  | {ok: true; code: null; label: null; discountCents: 0}
  /** An unknown code: the form shows its `couponInvalid` message. */
  | {ok: false; message: 'couponInvalid'}

/**
 * Applies a coupon code typed on `form` to the total before discount (house: subtotal + tip +
 * parking; carpet: the total). The discount never exceeds that total, so total − discount ≥ 0.
 * Labels say truthfully what is applied: "$10.00 off" (house), "10 % (−$12.34)" (carpet).
 */
export function applyCoupon(form: Industry, code: string | null | undefined, totalBeforeCents: number): CouponResult {
  if (code == null || normalizeCouponCode(code) === '') return {ok: true, code: null, label: null, discountCents: 0}
  if (code.length > COUPON_MAX_LENGTH) return {ok: false, message: 'couponInvalid'}
  const found = findCoupon(form, code)
  if (!found) return {ok: false, message: 'couponInvalid'}
  const before = Math.max(0, totalBeforeCents)
  const {definition} = found
  if (definition.kind === 'flat') {
    return {ok: true, code: found.code, label: `${formatUsd(definition.cents)} off`, discountCents: Math.min(definition.cents, before)}
  }
  const discountCents = Math.min(percentOf(before, definition.percent), before)
  return {ok: true, code: found.code, label: `${definition.percent} % (\u2212${formatUsd(discountCents)})`, discountCents}
}
