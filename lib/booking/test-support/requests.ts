import {randomUUID} from 'node:crypto'

/**
 * Booking requests as the four forms send them (react-hook-form values, JSON), for a clock fixed at
 * FIXED_NOW. Each total is worked out by hand beside it.
 */

/** 2030-01-15 10:00 in Renton. */
export const FIXED_NOW = new Date('2030-01-15T18:00:00Z')
export const fixedClock = (): Date => new Date(FIXED_NOW)
export const ORIGIN = 'https://cedar-river.example'

/**
 * Regular Cleaning, Weekly, 2 bedrooms, 1 bathroom: 81.20 + 2 × 15.46 + 19.33 = 131.45;
 * tip 10 % = 13.145 → 13.15 (halves up); parking $5; save10 = $10 off → 131.45 + 13.15 + 5 − 10 = 139.60.
 */
export const HOUSE_TOTAL_CENTS = 13_960

export function houseRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    industry: 'house',
    idempotencyKey: randomUUID(),
    location: 'King County',
    service: 'Regular Cleaning',
    frequency: 'Weekly',
    bedrooms: 2,
    bathrooms: 1,
    halfBaths: 0,
    dens: 0,
    hours: 0,
    minutes: 0,
    extras: {'Extra Heavy Duty': 0, Blinds: 1, 'Interior Windows': 0, Oven: 0, Garage: 0},
    instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
    date: '2030-02-01',
    arrivalWindow: '08:00-10:00',
    tip: '10%',
    parkingFee: '$5',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.lovelace@example.com',
    phone: '(425) 555-0142',
    address: '1200 Lake Washington Blvd N, Renton, WA 98056',
    notes: 'Side door, the dog is friendly',
    coupon: ' SAVE10 ',
    ...overrides,
  }
}

/** Corporate Office Cleaning: $40 + $20 = $60.00. */
export const COMMERCIAL_TOTAL_CENTS = 6_000

export function commercialRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    industry: 'commercial',
    idempotencyKey: randomUUID(),
    location: 'Snohomish County',
    subService: 'Corporate Office Cleaning',
    frequency: 'Recurring',
    date: '2030-03-04',
    arrivalWindow: '08:00-10:00',
    firstName: 'Lin',
    lastName: 'Park',
    email: 'facilities@example.com',
    phone: '425-555-0123',
    address: '400 SW 7th St, Renton, WA 98057',
    notes: 'Loading dock entrance',
    ...overrides,
  }
}

/**
 * Every 6 Months: (2 rooms + 1 staircase) × $47 = $141; 2 × HALLWAYS $7.42 = $14.84 → $155.84;
 * save20 = 20 % of 15584 = 3116.8 → 3117 → $124.67.
 */
export const CARPET_TOTAL_CENTS = 12_467

export function carpetRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    industry: 'carpet',
    idempotencyKey: randomUUID(),
    location: 'King County',
    frequency: 'Every 6 Months',
    rooms: 2,
    stairs: 1,
    extras: {'Pet, Food, Drink Stain': 0, HAZARD: 0, 'WINE STAIN REMOVAL': 0, HALLWAYS: 2},
    date: '2030-02-11',
    arrivalWindow: '08:00-10:00',
    firstName: 'Björn',
    lastName: 'Nguyen-Smith',
    email: 'bjorn@example.org',
    phone: '206.555.0199',
    address: '88 Main Ave S, Kent, WA 98032',
    keyInfo: 'I Will Hide The Keys',
    notes: '',
    coupon: 'save20',
    ...overrides,
  }
}

/** The customer of the exterior examples, as the form takes them and as the booking stores them. */
export const EXTERIOR_CUSTOMER = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.net',
  phone: '+1 425 555 0100',
  address: '5 Cedar Ln, Everett, WA 98201',
  notes: 'Moss on the north side',
}

/** Gutter Cleaning, One-Time: $40 + $20 + $30 = $90.00 (tip and parking recorded, not priced). */
export const EXTERIOR_TOTAL_CENTS = 9_000

export function exteriorRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    industry: 'exterior',
    idempotencyKey: randomUUID(),
    service: 'Gutter Cleaning',
    frequency: 'One-Time',
    tip: '15%',
    parkingFee: 'Other',
    keyInfo: 'Someone Will Be At Home',
    date: '2030-02-05',
    arrivalWindow: '08:00-10:00',
    ...EXTERIOR_CUSTOMER,
    ...overrides,
  }
}
