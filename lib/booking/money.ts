/**
 * Money helpers. Every amount is computed in integer cents; dollars appear only for display
 * (`formatUsd`) and for storage as a number with 2 decimals (`centsToDollars`).
 */

/** Throws unless `cents` is a safe integer: a fractional cent means a pricing bug upstream. */
export function assertCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`)
  return cents
}

/** "$1,234.56"; negative amounts as "-$1.00". */
export function formatUsd(cents: number): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const fraction = (abs % 100).toString().padStart(2, '0')
  return `${sign}$${whole}.${fraction}`
}

/** "1234.56": the decimal text of an amount (for a PostgreSQL `numeric(10,2)` column). */
export function centsToDecimalString(cents: number): string {
  assertCents(cents)
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`
}

/** 123456 → 1234.56, a number with (at most) 2 decimals for storage. */
export function centsToDollars(cents: number): number {
  assertCents(cents)
  return Number(centsToDecimalString(cents))
}

/**
 * 1234.56 → 123456. Throws for amounts that are not finite or have more than 2 decimals (beyond
 * floating-point noise): dollars are never rounded silently into cents.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`)
  const cents = Math.round(dollars * 100)
  if (Math.abs(dollars * 100 - cents) > 1e-6) throw new RangeError(`More than 2 decimals: ${dollars}`)
  return assertCents(cents)
}

/**
 * round(numerator / denominator) to the nearest integer, halves away from zero, in exact integer
 * arithmetic (no floating-point surprises such as 1.005 * 100). Both must be safe integers and the
 * denominator positive.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  assertCents(numerator)
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`Bad denominator: ${denominator}`)
  const abs = Math.abs(numerator)
  const quotient = Math.floor(abs / denominator)
  const remainder = abs - quotient * denominator
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient
  return numerator < 0 ? -rounded : rounded
}

/** round(cents × percent / 100) for a whole-number percent, halves up (a tip of 10 % on $10.05 is $1.01). */
export function percentOf(cents: number, percent: number): number {
  return divideRoundHalfUp(assertCents(cents) * assertCents(percent), 100)
}
