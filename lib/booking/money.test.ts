import {describe, expect, it} from 'vitest'
import {centsToDecimalString, centsToDollars, divideRoundHalfUp, dollarsToCents, formatUsd, percentOf} from './money'

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [50, '$0.50'],
    [38663, '$386.63'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-500, '-$5.00'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text)
  })

  it('refuses fractional cents', () => {
    expect(() => formatUsd(1.5)).toThrow(RangeError)
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError)
  })
})

describe('cents ↔ dollars', () => {
  it('gives dollars with 2 decimals for storage', () => {
    expect(centsToDollars(123456)).toBe(1234.56)
    expect(centsToDollars(38663)).toBe(386.63)
    expect(centsToDollars(5)).toBe(0.05)
    expect(centsToDollars(0)).toBe(0)
    expect(centsToDecimalString(38663)).toBe('386.63')
    expect(centsToDecimalString(5)).toBe('0.05')
    expect(centsToDecimalString(-105)).toBe('-1.05')
  })

  it('converts dollars back to cents without floating-point drift', () => {
    expect(dollarsToCents(1.005 + 0.005)).toBe(101)
    expect(dollarsToCents(154.65)).toBe(15465)
    expect(dollarsToCents(0.1 + 0.2)).toBe(30)
    expect(dollarsToCents(1234.56)).toBe(123456)
  })

  it('refuses more than 2 decimals and non-numbers', () => {
    expect(() => dollarsToCents(1.234)).toThrow(RangeError)
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it('round-trips every cent amount up to $1,000', () => {
    for (let cents = 0; cents <= 100000; cents += 1) expect(dollarsToCents(centsToDollars(cents))).toBe(cents)
  })
})

describe('rounding', () => {
  it('rounds halves up, exactly', () => {
    expect(divideRoundHalfUp(2319750, 60)).toBe(38663) // 38662.5 → 38663
    expect(divideRoundHalfUp(231975, 60)).toBe(3866) // 3866.25 → 3866
    expect(divideRoundHalfUp(-5, 10)).toBe(-1) // -0.5 → -1 (away from zero)
    expect(percentOf(13145, 10)).toBe(1315) // 1314.5 → 1315
    expect(percentOf(7778, 20)).toBe(1556) // 1555.6 → 1556
    expect(percentOf(1005, 10)).toBe(101) // 100.5 → 101
  })
})
