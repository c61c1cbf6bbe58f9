import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import * as z from 'zod'
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
  HOUSE_PARKING_OPTIONS,
  HOUSE_SERVICES,
  HOUSE_TIP_OPTIONS,
} from './catalog'
import {applyCoupon} from './coupons'
import {
  CARPET_EXTRA_CENTS,
  CARPET_UNIT_CENTS,
  HOUSE_DEEP_RATES,
  HOUSE_REGULAR_RATES,
  postConstructionCents,
  previewCarpetPrice,
  previewCommercialPrice,
  previewExteriorPrice,
  previewHousePrice,
  priceBooking,
  priceCarpet,
  priceCommercial,
  priceExterior,
  priceHouse,
  totalCents,
  type HousePriceInput,
} from './pricing'
import {createBookingSchemas} from './schemas'

/** 1 bedroom, 1 bathroom, no half bath or den, no tip, parking or coupon. */
const oneBedOneBath = {bedrooms: 1, bathrooms: 1, halfBaths: 0, dens: 0} as const
/** 3 bedrooms, 2 bathrooms, 1 half bath, 2 dens. */
const allCounts = {bedrooms: 3, bathrooms: 2, halfBaths: 1, dens: 2} as const

function house(values: Partial<HousePriceInput> & Pick<HousePriceInput, 'service'>) {
  return priceHouse({...oneBedOneBath, ...values})
}

describe('rate tables are the price list in cents', () => {
  it('keeps every house rate', () => {
    expect(HOUSE_REGULAR_RATES).toEqual({
      Weekly: {bedroom: 1546, bathroom: 1933, halfBath: 1160, den: 1933, base: 8120},
      'Every Other Week': {bedroom: 1753, bathroom: 2191, halfBath: 1315, den: 2191, base: 9201},
      Monthly: {bedroom: 1959, bathroom: 2448, halfBath: 1469, den: 2448, base: 10285},
      'One-Time': {bedroom: 2062, bathroom: 2578, halfBath: 1547, den: 2578, base: 10825},
    })
    expect(HOUSE_DEEP_RATES).toEqual({bedroom: 3003, bathroom: 2578, halfBath: 1547, den: 2578, base: 20194})
  })

  it('keeps every carpet rate', () => {
    expect(CARPET_UNIT_CENTS).toEqual({'One-Time': 5200, 'Every 6 Months': 4700, 'Every 3 Months': 4400})
    expect(CARPET_EXTRA_CENTS).toEqual({
      'Pet, Food, Drink Stain': {'One-Time': 2578, 'Every 6 Months': 2320, 'Every 3 Months': 2191},
      HAZARD: {'One-Time': 4124, 'Every 6 Months': 3712, 'Every 3 Months': 3505},
      'WINE STAIN REMOVAL': {'One-Time': 4124, 'Every 6 Months': 3712, 'Every 3 Months': 3505},
      HALLWAYS: {'One-Time': 825, 'Every 6 Months': 742, 'Every 3 Months': 701},
    })
  })
})

describe('priceHouse: every row of the table, 1 bedroom 1 bathroom', () => {
  it.each([
    // 81.20 + 15.46 + 19.33 = 115.99
    ['Regular Cleaning', 'Weekly', 11599],
    // 92.01 + 17.53 + 21.91 = 131.45
    ['Regular Cleaning', 'Every Other Week', 13145],
    // 102.85 + 19.59 + 24.48 = 146.92
    ['Regular Cleaning', 'Monthly', 14692],
    // 108.25 + 20.62 + 25.78 = 154.65
    ['Regular Cleaning', 'One-Time', 15465],
    // 201.94 + 30.03 + 25.78 = 257.75
    ['Deep Cleaning', null, 25775],
    // 201.94 + 30.03 + 25.78 = 257.75
    ['Move Out & Move In', null, 25775],
  ] as const)('%s %s = %i cents', (service, frequency, expected) => {
    const price = house({service, frequency})
    expect(price.subtotalCents).toBe(expected)
    expect(price.tipCents).toBe(0)
    expect(price.parkingCents).toBe(0)
    expect(price.discountCents).toBe(0)
    expect(price.totalCents).toBe(expected)
    expect(price.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(expected)
  })

  it('uses the "One-Time or default" row for Regular Cleaning without a frequency (live summary only)', () => {
    // 108.25 + 20.62 + 25.78 = 154.65
    expect(house({service: 'Regular Cleaning', frequency: null}).totalCents).toBe(15465)
    expect(house({service: 'Regular Cleaning', frequency: ''}).totalCents).toBe(15465)
  })

  it('ignores a frequency for Deep Cleaning and Move Out & Move In', () => {
    // 201.94 + 30.03 + 25.78 = 257.75
    expect(house({service: 'Deep Cleaning', frequency: 'Weekly'}).totalCents).toBe(25775)
  })

  it('shows the lines the summary lists', () => {
    const price = house({service: 'Regular Cleaning', frequency: 'Weekly', extras: {Blinds: 2, Oven: 0}})
    expect(price.description).toBe('House Cleaning – Regular Cleaning, Weekly')
    expect(price.lines).toEqual([
      {label: 'Base service charge', cents: 8120},
      {label: 'Bedrooms: 1 × $15.46', cents: 1546},
      {label: 'Bathrooms: 1 × $19.33', cents: 1933},
      {label: 'Blinds: 2 × $0.00', cents: 0},
    ])
  })
})

describe('priceHouse: every row with all counts (3 bedrooms, 2 bathrooms, 1 half bath, 2 dens)', () => {
  it.each([
    // 81.20 + 3×15.46 + 2×19.33 + 1×11.60 + 2×19.33 = 81.20 + 46.38 + 38.66 + 11.60 + 38.66 = 216.50
    ['Regular Cleaning', 'Weekly', 21650],
    // 92.01 + 3×17.53 + 2×21.91 + 1×13.15 + 2×21.91 = 92.01 + 52.59 + 43.82 + 13.15 + 43.82 = 245.39
    ['Regular Cleaning', 'Every Other Week', 24539],
    // 102.85 + 3×19.59 + 2×24.48 + 1×14.69 + 2×24.48 = 102.85 + 58.77 + 48.96 + 14.69 + 48.96 = 274.23
    ['Regular Cleaning', 'Monthly', 27423],
    // 108.25 + 3×20.62 + 2×25.78 + 1×15.47 + 2×25.78 = 108.25 + 61.86 + 51.56 + 15.47 + 51.56 = 288.70
    ['Regular Cleaning', 'One-Time', 28870],
    // 201.94 + 3×30.03 + 2×25.78 + 1×15.47 + 2×25.78 = 201.94 + 90.09 + 51.56 + 15.47 + 51.56 = 410.62
    ['Deep Cleaning', null, 41062],
    ['Move Out & Move In', null, 41062],
  ] as const)('%s %s = %i cents', (service, frequency, expected) => {
    expect(priceHouse({service, frequency, ...allCounts}).totalCents).toBe(expected)
  })

  it('prices the largest counts (7, 5, 4, 5) and $0 extras', () => {
    // 108.25 + 7×20.62 + 5×25.78 + 4×15.47 + 5×25.78 = 108.25 + 144.34 + 128.90 + 61.88 + 128.90 = 572.27;
    // extras 10 × $0.00 each add nothing
    const price = priceHouse({
      service: 'Regular Cleaning',
      frequency: 'One-Time',
      bedrooms: 7,
      bathrooms: 5,
      halfBaths: 4,
      dens: 5,
      extras: {'Extra Heavy Duty': 10, Blinds: 10, 'Interior Windows': 10, Oven: 10, Garage: 10},
    })
    expect(price.totalCents).toBe(57227)
  })
})

describe('priceHouse: Post Construction, $154.65 per hour, minutes counted fractionally', () => {
  it.each([
    // 154.65 × 150/60 = 386.625 → 386.63 (half up)
    [2, 30, 38663],
    // 154.65 × 15/60 = 38.6625 → 38.66
    [0, 15, 3866],
    // 154.65 × 30/60 = 77.325 → 77.33 (half up)
    [0, 30, 7733],
    // 154.65 × 45/60 = 115.9875 → 115.99
    [0, 45, 11599],
    // 154.65 × 1 = 154.65
    [1, 0, 15465],
    // 154.65 × 765/60 = 1971.7875 → 1971.79
    [12, 45, 197179],
  ] as const)('%i h %i min = %i cents', (hours, minutes, expected) => {
    expect(postConstructionCents(hours, minutes)).toBe(expected)
    // Rooms are not priced for Post Construction: only the time is.
    const price = priceHouse({service: 'Post Construction', hours, minutes, ...allCounts})
    expect(price.subtotalCents).toBe(expected)
    expect(price.totalCents).toBe(expected)
  })

  it('names the time in the line and the description', () => {
    const price = house({service: 'Post Construction', hours: 2, minutes: 30})
    expect(price.description).toBe('House Cleaning – Post Construction (2 h 30 min)')
    expect(price.lines).toEqual([{label: 'Post Construction: 2 h 30 min × $154.65 per hour', cents: 38663}])
  })
})

describe('priceHouse: tips', () => {
  it.each([
    // 115.99 × 0 % = 0 → 115.99
    ['0%', 0, 11599],
    // 115.99 × 10 % = 11.599 → 11.60; 115.99 + 11.60 = 127.59
    ['10%', 1160, 12759],
    // 115.99 × 15 % = 17.3985 → 17.40; 115.99 + 17.40 = 133.39
    ['15%', 1740, 13339],
    // 115.99 × 20 % = 23.198 → 23.20; 115.99 + 23.20 = 139.19
    ['20%', 2320, 13919],
  ] as const)('Regular Weekly 1/1 with a %s tip', (tip, tipCents, total) => {
    const price = house({service: 'Regular Cleaning', frequency: 'Weekly', tip})
    expect(price.subtotalCents).toBe(11599)
    expect(price.tipCents).toBe(tipCents)
    expect(price.totalCents).toBe(total)
  })

  it('rounds a half cent of tip up', () => {
    // Every Other Week 1/1: 131.45; 10 % = 13.145 → 13.15; 131.45 + 13.15 = 144.60
    const price = house({service: 'Regular Cleaning', frequency: 'Every Other Week', tip: '10%'})
    expect(price.tipCents).toBe(1315)
    expect(price.totalCents).toBe(14460)
  })

  it('tips Post Construction on its time price', () => {
    // 386.63 × 20 % = 77.326 → 77.33; 386.63 + 77.33 = 463.96
    expect(house({service: 'Post Construction', hours: 2, minutes: 30, tip: '20%'}).totalCents).toBe(46396)
  })
})

describe('priceHouse: parking', () => {
  it.each([
    // 115.99 + 0 = 115.99
    ['$0', 0, 11599],
    // 115.99 + 5 = 120.99
    ['$5', 500, 12099],
    // 115.99 + 10 = 125.99
    ['$10', 1000, 12599],
    // 115.99 + 20 = 135.99
    ['$20', 2000, 13599],
  ] as const)('Regular Weekly 1/1 with %s parking', (parkingFee, parkingCents, total) => {
    const price = house({service: 'Regular Cleaning', frequency: 'Weekly', parkingFee})
    expect(price.parkingCents).toBe(parkingCents)
    expect(price.totalCents).toBe(total)
  })

  it('adds parking after the tip (the tip is on the subtotal only)', () => {
    // 115.99 + round(115.99 × 10 %) 11.60 + 20 = 147.59
    expect(house({service: 'Regular Cleaning', frequency: 'Weekly', tip: '10%', parkingFee: '$20'}).totalCents).toBe(14759)
  })
})

describe('priceHouse: coupons (flat dollars off the total)', () => {
  it.each([
    // 154.65 − 10 = 144.65
    ['save10', 1000, '$10.00 off', 14465],
    // 154.65 − 20 = 134.65
    ['save20', 2000, '$20.00 off', 13465],
    // 154.65 − 5 = 149.65
    ['flat5', 500, '$5.00 off', 14965],
    // trimmed and case-insensitive: 154.65 − 10 = 144.65
    ['  SAVE10 ', 1000, '$10.00 off', 14465],
    ['Flat5', 500, '$5.00 off', 14965],
  ] as const)('Regular One-Time 1/1 with %j', (coupon, discountCents, label, total) => {
    const price = house({service: 'Regular Cleaning', frequency: 'One-Time', coupon})
    expect(price.discountCents).toBe(discountCents)
    expect(price.coupon).toEqual({code: coupon.trim().toLowerCase(), label})
    expect(price.totalCents).toBe(total)
  })

  it('applies the coupon after tip and parking', () => {
    // Deep 1/1 257.75 + 15 % tip (38.6625 → 38.66) + $20 parking − $20 (save20) = 296.41
    const price = house({service: 'Deep Cleaning', tip: '15%', parkingFee: '$20', coupon: 'save20'})
    expect(price.tipCents).toBe(3866)
    expect(price.totalCents).toBe(29641)
  })

  it('takes $20 off the smallest Post Construction price', () => {
    // 15 min = 38.66; 38.66 − 20 = 18.66
    expect(house({service: 'Post Construction', hours: 0, minutes: 15, coupon: 'save20'}).totalCents).toBe(1866)
  })

  it('has no coupon for an empty code', () => {
    const price = house({service: 'Regular Cleaning', frequency: 'One-Time', coupon: '  '})
    expect(price.coupon).toBeNull()
    expect(price.totalCents).toBe(15465)
  })

  it('refuses to price an invalid coupon instead of ignoring it', () => {
    expect(() => house({service: 'Regular Cleaning', frequency: 'One-Time', coupon: 'save50'})).toThrow(/Invalid coupon code/)
  })
})

describe('the floor at 0', () => {
  it('floors subtotal + tip + parking − discount at 0', () => {
    // 10.00 + 0 + 5.00 − 20.00 = −5.00 → 0.00
    expect(totalCents({subtotalCents: 1000, tipCents: 0, parkingCents: 500, discountCents: 2000})).toBe(0)
    // 10.00 + 1.00 + 5.00 − 16.00 = 0.00
    expect(totalCents({subtotalCents: 1000, tipCents: 100, parkingCents: 500, discountCents: 1600})).toBe(0)
    // 10.00 + 1.00 + 5.00 − 15.99 = 0.01
    expect(totalCents({subtotalCents: 1000, tipCents: 100, parkingCents: 500, discountCents: 1599})).toBe(1)
  })
})

describe('priceHouse refuses what the schemas refuse (never clamps)', () => {
  it.each([
    [{bedrooms: 0}],
    [{bedrooms: 8}],
    [{bathrooms: 6}],
    [{halfBaths: 5}],
    [{dens: -1}],
    [{bedrooms: 1.5}],
    [{extras: {Blinds: 11}}],
    [{extras: {Gold: 1} as never}],
  ])('%j', (values) => {
    expect(() => house({service: 'Deep Cleaning', ...values})).toThrow(RangeError)
  })

  it('refuses an unknown service, frequency, tip, parking or time', () => {
    expect(() => house({service: 'Window Cleaning' as never})).toThrow(RangeError)
    expect(() => house({service: 'Regular Cleaning', frequency: 'Daily' as never})).toThrow(RangeError)
    expect(() => house({service: 'Deep Cleaning', tip: '25%' as never})).toThrow(RangeError)
    expect(() => house({service: 'Deep Cleaning', parkingFee: '$15' as never})).toThrow(RangeError)
    expect(() => house({service: 'Post Construction', hours: 13})).toThrow(RangeError)
    expect(() => house({service: 'Post Construction', hours: 1, minutes: 10})).toThrow(RangeError)
  })
})

describe('priceExterior: base 40 + frequency + service', () => {
  it.each([
    // 40 + 10 + 10 = 60
    ['Every 3 Months', 'Roof Cleaning', 6000],
    // 40 + 10 + 20 = 70
    ['Every 3 Months', 'Gutter Cleaning', 7000],
    // 40 + 10 + 30 = 80
    ['Every 3 Months', 'House Washing', 8000],
    // 40 + 10 + 40 = 90
    ['Every 3 Months', 'Pressure Washing', 9000],
    // 40 + 20 + 10 = 70
    ['Every 6 Months', 'Roof Cleaning', 7000],
    // 40 + 20 + 20 = 80
    ['Every 6 Months', 'Gutter Cleaning', 8000],
    // 40 + 20 + 30 = 90
    ['Every 6 Months', 'House Washing', 9000],
    // 40 + 20 + 40 = 100
    ['Every 6 Months', 'Pressure Washing', 10000],
    // 40 + 30 + 10 = 80
    ['One-Time', 'Roof Cleaning', 8000],
    // 40 + 30 + 20 = 90
    ['One-Time', 'Gutter Cleaning', 9000],
    // 40 + 30 + 30 = 100
    ['One-Time', 'House Washing', 10000],
    // 40 + 30 + 40 = 110
    ['One-Time', 'Pressure Washing', 11000],
  ] as const)('%s, %s = %i cents', (frequency, service, expected) => {
    const price = priceExterior({service, frequency})
    expect(price.totalCents).toBe(expected)
    expect(price.subtotalCents).toBe(expected)
    expect(price.tipCents + price.parkingCents + price.discountCents).toBe(0)
  })

  it('lists base, service and frequency', () => {
    expect(priceExterior({service: 'House Washing', frequency: 'Every 6 Months'})).toMatchObject({
      description: 'Exterior Cleaning – House Washing, Every 6 Months',
      lines: [
        {label: 'Base', cents: 4000},
        {label: 'Service: House Washing', cents: 3000},
        {label: 'Frequency: Every 6 Months', cents: 2000},
      ],
    })
  })

  it('is $40 with nothing chosen (live summary)', () => {
    expect(priceExterior({service: null, frequency: null}).totalCents).toBe(4000)
  })
})

describe('priceCarpet: (rooms + staircases) × rate + extras, by frequency', () => {
  it.each([
    // (2 rooms + 1 staircase) × 52 = 156; extras 25.78 + 41.24 + 41.24 + 8.25 = 116.51; 156 + 116.51 = 272.51
    ['One-Time', 27251],
    // 3 × 47 = 141; extras 23.20 + 37.12 + 37.12 + 7.42 = 104.86; 141 + 104.86 = 245.86
    ['Every 6 Months', 24586],
    // 3 × 44 = 132; extras 21.91 + 35.05 + 35.05 + 7.01 = 99.02; 132 + 99.02 = 231.02
    ['Every 3 Months', 23102],
  ] as const)('%s: 2 rooms, 1 staircase, one of each extra', (frequency, expected) => {
    const price = priceCarpet({
      frequency,
      rooms: 2,
      stairs: 1,
      extras: {'Pet, Food, Drink Stain': 1, HAZARD: 1, 'WINE STAIN REMOVAL': 1, HALLWAYS: 1},
    })
    expect(price.totalCents).toBe(expected)
    expect(price.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(expected)
  })

  it.each([
    // 1 room + 2 × extra
    ['One-Time', 'Pet, Food, Drink Stain', 10356], // 52 + 2×25.78 = 52 + 51.56 = 103.56
    ['One-Time', 'HAZARD', 13448], // 52 + 2×41.24 = 52 + 82.48 = 134.48
    ['One-Time', 'WINE STAIN REMOVAL', 13448], // 52 + 2×41.24 = 134.48
    ['One-Time', 'HALLWAYS', 6850], // 52 + 2×8.25 = 52 + 16.50 = 68.50
    ['Every 6 Months', 'Pet, Food, Drink Stain', 9340], // 47 + 2×23.20 = 47 + 46.40 = 93.40
    ['Every 6 Months', 'HAZARD', 12124], // 47 + 2×37.12 = 47 + 74.24 = 121.24
    ['Every 6 Months', 'WINE STAIN REMOVAL', 12124], // 47 + 2×37.12 = 121.24
    ['Every 6 Months', 'HALLWAYS', 6184], // 47 + 2×7.42 = 47 + 14.84 = 61.84
    ['Every 3 Months', 'Pet, Food, Drink Stain', 8782], // 44 + 2×21.91 = 44 + 43.82 = 87.82
    ['Every 3 Months', 'HAZARD', 11410], // 44 + 2×35.05 = 44 + 70.10 = 114.10
    ['Every 3 Months', 'WINE STAIN REMOVAL', 11410], // 44 + 2×35.05 = 114.10
    ['Every 3 Months', 'HALLWAYS', 5802], // 44 + 2×7.01 = 44 + 14.02 = 58.02
  ] as const)('%s: 1 room and 2 × %s', (frequency, extra, expected) => {
    expect(priceCarpet({frequency, rooms: 1, stairs: 0, extras: {[extra]: 2}}).totalCents).toBe(expected)
  })

  it.each([
    // 10 rooms + 5 staircases = 15 × 52 = 780
    ['One-Time', 78000],
    // 15 × 47 = 705
    ['Every 6 Months', 70500],
    // 15 × 44 = 660
    ['Every 3 Months', 66000],
  ] as const)('%s: the most rooms and staircases', (frequency, expected) => {
    expect(priceCarpet({frequency, rooms: 10, stairs: 5}).totalCents).toBe(expected)
  })

  it('lists rooms, staircases and extras', () => {
    expect(priceCarpet({frequency: 'Every 3 Months', rooms: 2, stairs: 1, extras: {HALLWAYS: 3}})).toMatchObject({
      description: 'Carpet Cleaning – Every 3 Months',
      lines: [
        {label: 'Rooms: 2 × $44.00', cents: 8800},
        {label: 'Staircases: 1 × $44.00', cents: 4400},
        {label: 'HALLWAYS: 3 × $7.01', cents: 2103},
      ],
      // 88 + 44 + 21.03 = 153.03
      totalCents: 15303,
    })
  })

  it('refuses out-of-range counts', () => {
    expect(() => priceCarpet({frequency: 'One-Time', rooms: 11, stairs: 0})).toThrow(RangeError)
    expect(() => priceCarpet({frequency: 'One-Time', rooms: 1, stairs: 6})).toThrow(RangeError)
    expect(() => priceCarpet({frequency: 'One-Time', rooms: 1, stairs: 0, extras: {HAZARD: 11}})).toThrow(RangeError)
  })
})

describe('priceCarpet: coupons (percent of the total, rounded to the cent)', () => {
  it('save10 rounds a half cent of discount up', () => {
    // 1 room 52 + 1 HALLWAYS 8.25 = 60.25; 10 % = 6.025 → 6.03; 60.25 − 6.03 = 54.22
    const price = priceCarpet({frequency: 'One-Time', rooms: 1, stairs: 0, extras: {HALLWAYS: 1}, coupon: 'save10'})
    expect(price.discountCents).toBe(603)
    expect(price.coupon).toEqual({code: 'save10', label: '10 % (\u2212$6.03)'})
    expect(price.totalCents).toBe(5422)
  })

  it('save20 rounds to the nearest cent', () => {
    // 1 room 52 + 1 Pet, Food, Drink Stain 25.78 = 77.78; 20 % = 15.556 → 15.56; 77.78 − 15.56 = 62.22
    const price = priceCarpet({frequency: 'One-Time', rooms: 1, stairs: 0, extras: {'Pet, Food, Drink Stain': 1}, coupon: 'SAVE20 '})
    expect(price.discountCents).toBe(1556)
    expect(price.coupon).toEqual({code: 'save20', label: '20 % (\u2212$15.56)'})
    expect(price.totalCents).toBe(6222)
  })

  it('save10 on a larger total', () => {
    // 272.51 (One-Time, 2 rooms, 1 staircase, one of each extra); 10 % = 27.251 → 27.25; 272.51 − 27.25 = 245.26
    const price = priceCarpet({
      frequency: 'One-Time',
      rooms: 2,
      stairs: 1,
      extras: {'Pet, Food, Drink Stain': 1, HAZARD: 1, 'WINE STAIN REMOVAL': 1, HALLWAYS: 1},
      coupon: 'save10',
    })
    expect(price.totalCents).toBe(24526)
  })

  it('save20 on Every 3 Months', () => {
    // 3 staircases × 44 = 132; 20 % = 26.40; 132 − 26.40 = 105.60
    expect(priceCarpet({frequency: 'Every 3 Months', rooms: 0, stairs: 3, coupon: 'save20'}).totalCents).toBe(10560)
  })

  it('refuses the house-only coupon flat5', () => {
    expect(() => priceCarpet({frequency: 'One-Time', rooms: 1, stairs: 0, coupon: 'flat5'})).toThrow(/Invalid coupon code/)
  })
})

describe('priceCommercial: base 40 + sub-service', () => {
  it.each([
    ['Construction Final Clean', 5000], // 40 + 10 = 50
    ['Corporate Office Cleaning', 6000], // 40 + 20 = 60
    ['Retail Spaces Cleaning', 7000], // 40 + 30 = 70
    ['VRBO and AIRBNB Cleaning', 8000], // 40 + 40 = 80
  ] as const)('%s = %i cents', (subService, expected) => {
    const price = priceCommercial({subService})
    expect(price.totalCents).toBe(expected)
    expect(price.description).toBe(`Commercial Cleaning – ${subService}`)
  })

  it('is $40 with no sub-service (live summary)', () => {
    expect(priceCommercial({subService: null}).totalCents).toBe(4000)
  })
})

describe('priceBooking prices a validated request, whatever amount was sent', () => {
  const {bookingRequestSchema} = createBookingSchemas(() => new Date('2025-06-15T18:00:00Z'))
  const customer = {
    idempotencyKey: '7b0e1d0c-6a5e-4c41-9a57-2f3f4b0f8e11',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '(425) 555-0142',
    address: '200 Mill Ave S, Renton, WA 98057',
    arrivalWindow: '08:00-10:00',
  }

  it('house', () => {
    const request = bookingRequestSchema.parse({
      ...customer,
      industry: 'house',
      location: 'King County',
      service: 'Regular Cleaning',
      frequency: 'Monthly',
      ...allCounts,
      instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
      date: '2025-06-20',
      tip: '10%',
      parkingFee: '$5',
      coupon: 'Save10',
      amount: 1,
      totalCents: 1,
      discount: 99999,
    })
    // 274.23 + round(27.423) 27.42 + 5 − 10 = 296.65
    expect(priceBooking(request).totalCents).toBe(29665)
  })

  it('exterior: tip and parking are recorded, not priced', () => {
    const request = bookingRequestSchema.parse({
      ...customer,
      industry: 'exterior',
      service: 'Gutter Cleaning',
      frequency: 'One-Time',
      tip: '20%',
      parkingFee: 'Other',
      date: '2025-06-20',
      amount: 1,
    })
    // 40 + 30 + 20 = 90; the 20 % tip and Other parking add nothing
    expect(priceBooking(request).totalCents).toBe(9000)
  })

  it('carpet', () => {
    const request = bookingRequestSchema.parse({
      ...customer,
      industry: 'carpet',
      location: 'Snohomish County',
      frequency: 'Every 6 Months',
      rooms: 3,
      stairs: 0,
      extras: {HAZARD: 1},
      date: '2025-06-15',
      coupon: 'save20',
      amount: 1,
    })
    // 3 × 47 + 37.12 = 178.12; 20 % = 35.624 → 35.62; 178.12 − 35.62 = 142.50
    expect(priceBooking(request).totalCents).toBe(14250)
  })

  it('commercial', () => {
    const request = bookingRequestSchema.parse({
      ...customer,
      industry: 'commercial',
      subService: 'Retail Spaces Cleaning',
      frequency: 'Recurring',
      date: '2025-06-16',
      amount: 1,
    })
    // 40 + 30 = 70
    expect(priceBooking(request).totalCents).toBe(7000)
  })
})

describe('live summary previews', () => {
  it('prices a house form that has no customer details yet', () => {
    const values = {service: 'Deep Cleaning', frequency: '', ...oneBedOneBath, tip: '10%', parkingFee: '$5', firstName: ''}
    // 257.75 + round(25.775) 25.78 + 5 = 288.53
    expect(previewHousePrice(values)?.totalCents).toBe(28853)
  })

  it('is null until a house service is chosen', () => {
    expect(previewHousePrice({service: '', ...oneBedOneBath})).toBeNull()
    expect(previewHousePrice(undefined)).toBeNull()
  })

  it('ignores a coupon that is not valid', () => {
    // 154.65, "save99" ignored
    expect(previewHousePrice({service: 'Regular Cleaning', frequency: 'One-Time', ...oneBedOneBath, coupon: 'save99'})?.totalCents).toBe(
      15465,
    )
    // 154.65 − 5 = 149.65
    expect(previewHousePrice({service: 'Regular Cleaning', frequency: 'One-Time', ...oneBedOneBath, coupon: 'flat5'})?.totalCents).toBe(14965)
  })

  it('adds up what is chosen on the exterior and commercial forms', () => {
    expect(previewExteriorPrice({service: '', frequency: ''}).totalCents).toBe(4000) // 40
    expect(previewExteriorPrice({service: 'Roof Cleaning', frequency: ''}).totalCents).toBe(5000) // 40 + 10
    expect(previewCommercialPrice({subService: ''}).totalCents).toBe(4000) // 40
    expect(previewCommercialPrice({subService: 'VRBO and AIRBNB Cleaning'}).totalCents).toBe(8000) // 40 + 40
  })

  it('prices the carpet form once a frequency is chosen', () => {
    expect(previewCarpetPrice({frequency: '', rooms: 1, stairs: 0})).toBeNull()
    // 2 × 44 + 2 × 7.01 = 102.02; 10 % = 10.202 → 10.20; 102.02 − 10.20 = 91.82
    expect(previewCarpetPrice({frequency: 'Every 3 Months', rooms: 2, stairs: 0, extras: {HALLWAYS: 2}, coupon: 'save10'})?.totalCents).toBe(
      9182,
    )
  })
})

/**
 * The previews read the form's values without zod (so a booking screen prices before its schemas
 * load). This is how they read them with zod before: both must agree on any value a form can hold,
 * and on junk alike.
 */
describe('live summary previews read the form as the zod reading did', () => {
  const count = (range: {min: number; max: number}) => z.number().int().min(range.min).max(range.max)
  const extras = <const K extends string>(names: readonly K[]) =>
    z.partialRecord(z.enum(names as unknown as [K, ...K[]]), count({min: 0, max: EXTRA_COUNT_MAX})).optional()
  const coupon = (industry: 'house' | 'carpet') =>
    z
      .unknown()
      .optional()
      .transform((code) => (typeof code === 'string' && applyCoupon(industry, code, 0).ok ? code : null))
  const choice = <const T extends readonly [string, ...string[]]>(options: T) =>
    z.union([z.enum(options), z.literal(''), z.null(), z.undefined()]).transform((value): T[number] | null => value || null)
  const houseReading = z.object({
    service: z.enum(HOUSE_SERVICES),
    frequency: choice(HOUSE_FREQUENCIES).catch(null),
    bedrooms: count(HOUSE_COUNTS.bedrooms),
    bathrooms: count(HOUSE_COUNTS.bathrooms),
    halfBaths: count(HOUSE_COUNTS.halfBaths),
    dens: count(HOUSE_COUNTS.dens),
    hours: count(HOUSE_HOURS).catch(0),
    minutes: z.literal(HOUSE_MINUTE_OPTIONS).catch(0),
    extras: extras(HOUSE_EXTRAS).catch(undefined),
    tip: z.enum(HOUSE_TIP_OPTIONS).catch('0%'),
    parkingFee: z.enum(HOUSE_PARKING_OPTIONS).catch('$0'),
    coupon: coupon('house'),
  })
  const exteriorReading = z.object({service: choice(EXTERIOR_SERVICES).catch(null), frequency: choice(EXTERIOR_FREQUENCIES).catch(null)})
  const carpetReading = z.object({
    frequency: z.enum(CARPET_FREQUENCIES),
    rooms: count(CARPET_COUNTS.rooms),
    stairs: count(CARPET_COUNTS.stairs),
    extras: extras(CARPET_EXTRAS).catch(undefined),
    coupon: coupon('carpet'),
  })
  const commercialReading = z.object({subService: choice(COMMERCIAL_SUB_SERVICES).catch(null)})

  const reference = {
    house: (values: unknown) => {
      const parsed = houseReading.safeParse(values)
      return parsed.success ? priceHouse(parsed.data) : null
    },
    exterior: (values: unknown) => {
      const parsed = exteriorReading.safeParse(values)
      return priceExterior(parsed.success ? parsed.data : {service: null, frequency: null})
    },
    carpet: (values: unknown) => {
      const parsed = carpetReading.safeParse(values)
      return parsed.success ? priceCarpet(parsed.data) : null
    },
    commercial: (values: unknown) => {
      const parsed = commercialReading.safeParse(values)
      return priceCommercial(parsed.success ? parsed.data : {subService: null})
    },
  }

  // What a form can hold, near misses and junk: every option, '' and null, counts in and out of
  // range, fractions, NaN, numbers as text, extras with known and unknown names.
  const strings = [
    ...HOUSE_SERVICES, ...HOUSE_FREQUENCIES, ...HOUSE_TIP_OPTIONS, ...HOUSE_PARKING_OPTIONS, ...EXTERIOR_SERVICES,
    ...EXTERIOR_FREQUENCIES, ...CARPET_FREQUENCIES, ...COMMERCIAL_SUB_SERVICES, 'flat5', 'save10', 'FLAT5', 'save99',
    '', ' ', 'Deep cleaning', '1', '15',
  ]
  const scalar = fc.oneof(
    fc.constantFrom(...strings),
    fc.integer({min: -2, max: 16}),
    fc.constantFrom(0.5, 1.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53),
    fc.constantFrom(null, undefined, true, false),
    fc.string({maxLength: 4}),
  )
  const extrasValue = fc.oneof(
    fc.dictionary(fc.constantFrom(...HOUSE_EXTRAS, ...CARPET_EXTRAS, 'Windows', '__proto__'), scalar, {maxKeys: 4}),
    scalar,
    fc.constant([1, 2]),
  )
  const formValues = (keys: readonly string[]) =>
    fc.oneof(
      {weight: 8, arbitrary: fc.record(Object.fromEntries(keys.map((key) => [key, key === 'extras' ? extrasValue : scalar])), {requiredKeys: []})},
      {weight: 1, arbitrary: fc.oneof(scalar, fc.constant([]))},
    )
  const houseKeys = ['service', 'frequency', 'bedrooms', 'bathrooms', 'halfBaths', 'dens', 'hours', 'minutes', 'extras', 'tip', 'parkingFee', 'coupon']
  // Mostly forms that can be priced, so the optional fields are exercised too.
  const pricedHouse = fc.record({
    service: fc.constantFrom(...HOUSE_SERVICES),
    frequency: scalar,
    bedrooms: fc.integer({min: 1, max: 7}),
    bathrooms: fc.integer({min: 1, max: 5}),
    halfBaths: fc.integer({min: 0, max: 4}),
    dens: fc.integer({min: 0, max: 5}),
    hours: scalar,
    minutes: fc.oneof(fc.constantFrom(...HOUSE_MINUTE_OPTIONS), scalar),
    extras: fc.oneof(fc.dictionary(fc.constantFrom(...HOUSE_EXTRAS), fc.integer({min: 0, max: 10}), {maxKeys: 5}), extrasValue),
    tip: scalar,
    parkingFee: scalar,
    coupon: scalar,
  })
  const pricedCarpet = fc.record({
    frequency: fc.constantFrom(...CARPET_FREQUENCIES),
    rooms: fc.integer({min: 0, max: 10}),
    stairs: fc.integer({min: 0, max: 5}),
    extras: fc.oneof(fc.dictionary(fc.constantFrom(...CARPET_EXTRAS), fc.integer({min: 0, max: 10}), {maxKeys: 4}), extrasValue),
    coupon: scalar,
  })

  /** Both readings price `values` alike, for every generated value (fixed seed). */
  function agree(arbitrary: fc.Arbitrary<unknown>, preview: (values: unknown) => unknown, zodReading: (values: unknown) => unknown, numRuns: number) {
    fc.assert(
      fc.property(arbitrary, (values) => {
        expect(preview(values)).toEqual(zodReading(values))
      }),
      {seed: 8, numRuns},
    )
  }

  it('the house preview', () => agree(fc.oneof(formValues(houseKeys), pricedHouse), previewHousePrice, reference.house, 2000))
  it('the exterior preview', () => agree(formValues(['service', 'frequency']), previewExteriorPrice, reference.exterior, 2000))
  it('the carpet preview', () => agree(fc.oneof(formValues(['frequency', 'rooms', 'stairs', 'extras', 'coupon']), pricedCarpet), previewCarpetPrice, reference.carpet, 2000))
  it('the commercial preview', () => agree(formValues(['subService']), previewCommercialPrice, reference.commercial, 1000))
})
