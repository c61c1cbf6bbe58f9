import {describe, expect, it} from 'vitest'
import {
  CARPET_COUNTS,
  CARPET_DEFAULTS,
  COMMERCIAL_DEFAULTS,
  HOUSE_DEFAULTS,
  CARPET_EXTRAS,
  CARPET_FREQUENCIES,
  COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE,
  COMMERCIAL_SUB_SERVICES,
  commercialFrequenciesFor,
  DEFAULT_LOCATION,
  EXTERIOR_FREQUENCIES,
  EXTERIOR_PARKING_OPTIONS,
  EXTERIOR_SERVICES,
  EXTERIOR_TIP_OPTIONS,
  HOUSE_COUNTS,
  HOUSE_EXTRAS,
  HOUSE_FREQUENCIES,
  HOUSE_HOUR_OPTIONS,
  HOUSE_INSTRUCTION_QUESTIONS,
  HOUSE_MINUTE_OPTIONS,
  HOUSE_PARKING_CENTS,
  HOUSE_PARKING_OPTIONS,
  HOUSE_SERVICES,
  HOUSE_TIP_OPTIONS,
  HOUSE_TIP_PERCENT,
  INDUSTRIES,
  INDUSTRY_NAMES,
  KEY_INFO_OPTIONS,
  LOCATIONS,
} from './catalog'

describe('catalog: option lists exactly as the forms and the price list write them', () => {
  it('industries and locations', () => {
    expect(INDUSTRIES).toEqual(['house', 'exterior', 'carpet', 'commercial'])
    expect(INDUSTRY_NAMES).toEqual({
      house: 'House Cleaning',
      exterior: 'Exterior Cleaning',
      carpet: 'Carpet Cleaning',
      commercial: 'Commercial Cleaning',
    })
    expect(LOCATIONS).toEqual(['Snohomish County', 'King County'])
    expect(DEFAULT_LOCATION).toBe('Snohomish County')
  })

  it('house', () => {
    expect(HOUSE_SERVICES).toEqual(['Regular Cleaning', 'Move Out & Move In', 'Deep Cleaning', 'Post Construction'])
    expect(HOUSE_FREQUENCIES).toEqual(['Weekly', 'Every Other Week', 'Monthly', 'One-Time'])
    expect(HOUSE_COUNTS).toEqual({
      bedrooms: {label: 'Bedrooms', min: 1, max: 7, default: 1},
      bathrooms: {label: 'Bathrooms', min: 1, max: 5, default: 1},
      halfBaths: {label: 'Half baths', min: 0, max: 4, default: 0},
      dens: {label: 'Dens', min: 0, max: 5, default: 0},
    })
    // The selectors have 7, 5, 5 and 6 entries.
    expect(Object.values(HOUSE_COUNTS).map((range) => range.max - range.min + 1)).toEqual([7, 5, 5, 6])
    expect(HOUSE_HOUR_OPTIONS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(HOUSE_MINUTE_OPTIONS).toEqual([0, 15, 30, 45])
    expect(HOUSE_EXTRAS).toEqual(['Extra Heavy Duty', 'Blinds', 'Interior Windows', 'Oven', 'Garage'])
    expect(HOUSE_TIP_OPTIONS).toEqual(['0%', '10%', '15%', '20%'])
    expect(HOUSE_TIP_PERCENT).toEqual({'0%': 0, '10%': 10, '15%': 15, '20%': 20})
    expect(HOUSE_PARKING_OPTIONS).toEqual(['$0', '$5', '$10', '$20'])
    expect(HOUSE_PARKING_CENTS).toEqual({$0: 0, $5: 500, $10: 1000, $20: 2000})
    expect(HOUSE_INSTRUCTION_QUESTIONS).toEqual([
      {
        id: 'howClean',
        question: 'How Clean Is Your Home?',
        options: ['Very Dirty', 'Needs Extra Attention', 'Mostly Clean', 'Regularly Cleaned and Maintained', 'Almost Spotless'],
      },
      {id: 'getInside', question: 'How Will We Get Inside?', options: ['I will be Home', 'leave the key', 'provide an access code', 'Other']},
      {
        id: 'whereToPark',
        question: 'Where Can We Park?',
        options: ['Park in my Driveway', 'Paid Parking Available Nearby', 'Street Parking', 'Garage Parking'],
      },
    ])
  })

  it('exterior', () => {
    expect(EXTERIOR_SERVICES).toEqual(['Roof Cleaning', 'Gutter Cleaning', 'House Washing', 'Pressure Washing'])
    expect(EXTERIOR_FREQUENCIES).toEqual(['Every 3 Months', 'Every 6 Months', 'One-Time'])
    expect(KEY_INFO_OPTIONS).toEqual(['Someone Will Be At Home', 'I Will Hide The Keys', 'leave key', 'access code', 'Other'])
    expect(EXTERIOR_TIP_OPTIONS).toEqual(['0%', '10%', '15%', '20%', 'Other'])
    expect(EXTERIOR_PARKING_OPTIONS).toEqual(['$0', '$5', '$10', '$20', 'Other'])
  })

  it('carpet', () => {
    expect(CARPET_FREQUENCIES).toEqual(['One-Time', 'Every 6 Months', 'Every 3 Months'])
    expect(CARPET_COUNTS).toEqual({
      rooms: {label: 'Rooms', min: 0, max: 10, default: 0},
      stairs: {label: 'Staircases', min: 0, max: 5, default: 0},
    })
    expect(CARPET_EXTRAS).toEqual(['Pet, Food, Drink Stain', 'HAZARD', 'WINE STAIN REMOVAL', 'HALLWAYS'])
  })

  it('commercial', () => {
    expect(COMMERCIAL_SUB_SERVICES).toEqual([
      'Construction Final Clean',
      'Corporate Office Cleaning',
      'Retail Spaces Cleaning',
      'VRBO and AIRBNB Cleaning',
    ])
    expect(COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE).toEqual({
      'Construction Final Clean': ['One-Time'],
      'Corporate Office Cleaning': ['Single Deep Cleaning', 'Recurring'],
      'Retail Spaces Cleaning': ['Single Deep Cleaning', 'Recurring'],
      'VRBO and AIRBNB Cleaning': ['Single Deep Cleaning', 'Recurring'],
    })
    expect(commercialFrequenciesFor('')).toEqual([])
    expect(commercialFrequenciesFor('Construction Final Clean')).toEqual(['One-Time'])
  })
})

describe('catalog: form defaults', () => {
  it('start at 1 bedroom, 1 bathroom, 0 half baths, 0 dens, no extras, no tip, $0 parking, Snohomish County', () => {
    expect(HOUSE_DEFAULTS).toEqual({
      location: 'Snohomish County',
      bedrooms: 1,
      bathrooms: 1,
      halfBaths: 0,
      dens: 0,
      hours: 0,
      minutes: 0,
      extras: {'Extra Heavy Duty': 0, Blinds: 0, 'Interior Windows': 0, Oven: 0, Garage: 0},
      tip: '0%',
      parkingFee: '$0',
    })
    expect(CARPET_DEFAULTS).toEqual({
      location: 'Snohomish County',
      rooms: 0,
      stairs: 0,
      extras: {'Pet, Food, Drink Stain': 0, HAZARD: 0, 'WINE STAIN REMOVAL': 0, HALLWAYS: 0},
    })
    expect(COMMERCIAL_DEFAULTS).toEqual({location: 'Snohomish County'})
  })
})
