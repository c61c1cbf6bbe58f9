import {describe, expect, it} from 'vitest'
import {toNewBooking} from '../flow/submit'
import {priceBooking} from '../pricing'
import {createBookingSchemas} from '../schemas'
import {carpetRequest, commercialRequest, exteriorRequest, fixedClock, houseRequest} from '../test-support/requests'
import {planCadence} from './plan'
import {planPrices, requestOf} from './pricing'

const schemas = createBookingSchemas(fixedClock)

/** The booking as the flow stores it from what a form sent. */
function stored(request: Record<string, unknown>) {
  const parsed = schemas.bookingRequestSchema.parse(request)
  return toNewBooking(parsed, priceBooking(parsed))
}

describe('a plan’s prices (the price table)', () => {
  it('house Weekly, 2 bedrooms, 1 bathroom, tip 10 %, parking $5, save10: first visit $139.60, later visits $149.60, one-time $187.80', () => {
    const booking = stored(houseRequest())
    expect(booking.amountCents).toBe(13_960)
    // 81.20 + 2 × 15.46 + 19.33 = 131.45; tip 13.145 → 13.15; parking 5: no coupon on later visits.
    // One-Time: 108.25 + 2 × 20.62 + 25.78 = 175.27; tip 17.527 → 17.53; + 5 − 10 (the coupon stays) = 187.80.
    expect(planPrices(booking)).toEqual({perVisitCents: 14_960, oneTimeCents: 18_780})
    // Cancelled before the second visit: 187.80 − 139.60.
    expect(planPrices(booking).oneTimeCents - booking.amountCents).toBe(4_820)
  })

  it('house Every Other Week and Monthly are priced at their own rows', () => {
    // 92.01 + 2 × 17.53 + 21.91 = 148.98; tip 14.898 → 14.90; + 5 = 168.88.
    expect(planPrices(stored(houseRequest({frequency: 'Every Other Week'}))).perVisitCents).toBe(16_888)
    // 102.85 + 2 × 19.59 + 24.48 = 166.51; tip 16.651 → 16.65; + 5 = 188.16.
    expect(planPrices(stored(houseRequest({frequency: 'Monthly', coupon: ''})))).toEqual({perVisitCents: 18_816, oneTimeCents: 19_780})
  })

  it('carpet Every 6 Months with save20: the coupon off the first visit only; one-time at $52 a room with the coupon', () => {
    const booking = stored(carpetRequest())
    expect(booking.amountCents).toBe(12_467)
    // (2 + 1) × 47 + 2 × 7.42 = 155.84; one-time (2 + 1) × 52 + 2 × 8.25 = 172.50, − 20 % = 138.00.
    expect(planPrices(booking)).toEqual({perVisitCents: 15_584, oneTimeCents: 13_800})
    // Every 3 Months: 3 × 44 + 2 × 7.01 = 146.02.
    expect(planPrices(stored(carpetRequest({frequency: 'Every 3 Months'}))).perVisitCents).toBe(14_602)
  })

  it('exterior and commercial: the frequency’s price, and one-time at One-Time / Single Deep Cleaning', () => {
    // Gutter: 40 + 20 + 10 (every 3 months) = 70; one-time + 30 = 90; every 6 months + 20 = 80.
    expect(planPrices(stored(exteriorRequest({frequency: 'Every 3 Months'})))).toEqual({perVisitCents: 7_000, oneTimeCents: 9_000})
    expect(planPrices(stored(exteriorRequest({frequency: 'Every 6 Months'})))).toEqual({perVisitCents: 8_000, oneTimeCents: 9_000})
    // Corporate Office: 40 + 20 whatever the frequency: cancelling early costs nothing more.
    const commercial = stored(commercialRequest())
    expect(planCadence(commercial)).toBe('weekly')
    expect(planPrices(commercial)).toEqual({perVisitCents: 6_000, oneTimeCents: 6_000})
  })

  it('the stored booking gives back the request it was made from: the same price at the same frequency and coupon', () => {
    for (const request of [houseRequest(), houseRequest({service: 'Deep Cleaning', frequency: ''}), carpetRequest(), exteriorRequest(), commercialRequest()]) {
      const parsed = schemas.bookingRequestSchema.parse(request)
      const booking = toNewBooking(parsed, priceBooking(parsed))
      const again = requestOf(booking, {frequency: booking.frequency ?? null, coupon: booking.coupon ?? null})
      expect(priceBooking(again)).toEqual(priceBooking(parsed))
    }
  })
})
