import {randomUUID} from 'node:crypto'
import {documentsOfType} from './dataset'

/** Days the business is closed besides Sundays: the closed dates of the test dataset's Availability document. */
export function closedDates(): string[] {
  return documentsOfType<{closedDates: {date: string}[]}>('availability')[0].closedDates.map((closed) => closed.date)
}

/**
 * A bookable date about `days` ahead (YYYY-MM-DD): the first day from then that the business works
 * (Monday to Saturday, not a holiday). With `days` ≥ 3 it is past the lead time, and ≤ 55 within the
 * 60 days one can book ahead.
 */
export function futureDate(days = 30): string {
  const closed = closedDates()
  for (let ahead = days; ; ahead++) {
    const date = new Date(Date.now() + ahead * 24 * 60 * 60 * 1000)
    const text = date.toISOString().slice(0, 10)
    if (date.getUTCDay() !== 0 && !closed.includes(text)) return text
  }
}

/** The arrival window the API-made bookings ask for (every crew works it). */
export const ARRIVAL_WINDOW = '08:00-10:00'
export const ARRIVAL_WINDOW_LABEL = '8:00 AM – 10:00 AM'

/** '2030-03-04' → 'March 4, 2030', as the pages show a calendar date. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {dateStyle: 'long', timeZone: 'UTC'}).format(new Date(`${date}T12:00:00Z`))
}

export const COMMERCIAL_CUSTOMER = {
  firstName: 'Rosalind',
  lastName: 'Quigley',
  email: 'rosalind.quigley@example.com',
  phone: '(425) 555-0177',
  address: '77 Logan Ave S, Renton, WA 98057',
  notes: 'Badge at reception',
} as const

/**
 * The smallest booking a customer can make: the commercial form (sub-service, frequency, date,
 * customer details). Corporate Office Cleaning: $40 base + $20 = $60.00.
 */
export function commercialBooking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    industry: 'commercial',
    idempotencyKey: randomUUID(),
    subService: 'Corporate Office Cleaning',
    frequency: 'Single Deep Cleaning',
    date: futureDate(),
    arrivalWindow: ARRIVAL_WINDOW,
    ...COMMERCIAL_CUSTOMER,
    ...overrides,
  }
}
/**
 * A Deep Cleaning asked for by hand, as the house form sends it: 3 bedrooms, 2 bathrooms, 1 half
 * bath, an oven, tip 15 %, parking $10 (with save10: $412.92, worked out in booking-house.spec.ts).
 */
export function houseBooking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    industry: 'house',
    idempotencyKey: randomUUID(),
    location: 'King County',
    service: 'Deep Cleaning',
    bedrooms: 3,
    bathrooms: 2,
    halfBaths: 1,
    dens: 0,
    extras: {Oven: 1},
    instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
    date: futureDate(),
    arrivalWindow: ARRIVAL_WINDOW,
    tip: '15%',
    parkingFee: '$10',
    ...COMMERCIAL_CUSTOMER,
    ...overrides,
  }
}

export const COMMERCIAL_SERVICE = 'Commercial Cleaning – Corporate Office Cleaning'
export const COMMERCIAL_TOTAL = '$60.00'
