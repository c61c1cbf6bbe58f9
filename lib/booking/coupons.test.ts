import {describe, expect, it} from 'vitest'
import {applyCoupon, COUPONS, findCoupon} from './coupons'

describe('the coupon table', () => {
  it('keeps every coupon value', () => {
    expect(COUPONS).toEqual({
      house: {save10: {kind: 'flat', cents: 1000}, save20: {kind: 'flat', cents: 2000}, flat5: {kind: 'flat', cents: 500}},
      carpet: {save10: {kind: 'percent', percent: 10}, save20: {kind: 'percent', percent: 20}},
      exterior: {},
      commercial: {},
    })
  })
})

describe('applyCoupon: house (flat dollars off)', () => {
  it.each([
    ['save10', 'save10', 1000, '$10.00 off'],
    ['save20', 'save20', 2000, '$20.00 off'],
    ['flat5', 'flat5', 500, '$5.00 off'],
    [' SAVE10 ', 'save10', 1000, '$10.00 off'],
    ['Flat5', 'flat5', 500, '$5.00 off'],
    ['\tsave20\n', 'save20', 2000, '$20.00 off'],
  ])('%j', (typed, code, discountCents, label) => {
    // on a 154.65 total
    expect(applyCoupon('house', typed, 15465)).toEqual({ok: true, code, label, discountCents})
  })

  it('never takes off more than the total (floor at 0)', () => {
    // $20 off a $15.00 total takes off 15.00: 15.00 − 15.00 = 0.00
    expect(applyCoupon('house', 'save20', 1500)).toEqual({ok: true, code: 'save20', label: '$20.00 off', discountCents: 1500})
    expect(applyCoupon('house', 'flat5', 0)).toMatchObject({ok: true, discountCents: 0})
  })
})

describe('applyCoupon: carpet (percent of the total, rounded to the cent)', () => {
  it('save10 on 123.45: 12.345 → 12.35 (half up)', () => {
    expect(applyCoupon('carpet', 'save10', 12345)).toEqual({ok: true, code: 'save10', label: '10 % (\u2212$12.35)', discountCents: 1235})
  })

  it('save10 on 123.40: 12.34', () => {
    expect(applyCoupon('carpet', 'SAVE10', 12340)).toEqual({ok: true, code: 'save10', label: '10 % (\u2212$12.34)', discountCents: 1234})
  })

  it('save20 on 77.78: 15.556 → 15.56', () => {
    expect(applyCoupon('carpet', ' save20', 7778)).toEqual({ok: true, code: 'save20', label: '20 % (\u2212$15.56)', discountCents: 1556})
  })

  it('save20 on 1,234.56: 246.912 → 246.91', () => {
    expect(applyCoupon('carpet', 'save20', 123456)).toEqual({ok: true, code: 'save20', label: '20 % (\u2212$246.91)', discountCents: 24691})
  })
})

describe('applyCoupon: invalid codes', () => {
  it.each([
    ['house', 'save30'],
    ['house', 'save 10'],
    ['house', 'constructor'],
    ['house', '__proto__'],
    ['house', 'toString'],
    ['carpet', 'flat5'], // house only
    ['exterior', 'save10'], // the exterior form has no coupons
    ['exterior', 'flat5'],
    ['commercial', 'save10'], // nor the commercial form
    ['commercial', 'save20'],
    ['house', 'save10'.padEnd(41, 'x')],
  ] as const)('%s %j', (form, code) => {
    expect(applyCoupon(form, code, 10000)).toEqual({ok: false, message: 'couponInvalid'})
  })

  it('treats an empty code as no coupon', () => {
    for (const code of ['', '   ', null, undefined]) {
      expect(applyCoupon('house', code, 10000)).toEqual({ok: true, code: null, label: null, discountCents: 0})
      expect(applyCoupon('exterior', code, 10000)).toEqual({ok: true, code: null, label: null, discountCents: 0})
    }
  })

  it('finds only own table entries', () => {
    expect(findCoupon('house', 'hasOwnProperty')).toBeNull()
    expect(findCoupon('carpet', 'Save10')).toEqual({code: 'save10', definition: {kind: 'percent', percent: 10}})
  })
})
