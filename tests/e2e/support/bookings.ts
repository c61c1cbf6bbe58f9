import {randomUUID} from 'node:crypto'

/** A date `days` ahead (YYYY-MM-DD): always "today or later" in the company's time zone. */
export function futureDate(days = 30): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

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
    ...COMMERCIAL_CUSTOMER,
    ...overrides,
  }
}
export const COMMERCIAL_SERVICE = 'Commercial Cleaning – Corporate Office Cleaning'
export const COMMERCIAL_TOTAL = '$60.00'
