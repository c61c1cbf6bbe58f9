/**
 * Prices of the four booking forms, in integer cents.
 * The same functions compute the live summary in the browser and the amount the server charges; a
 * breakdown is what the summary shows, line by line, and `totalCents` is what is charged.
 *
 * Rounding (decided here, tested in pricing.test.ts):
 * - Post Construction: round(15465 × (hours × 60 + minutes) / 60) cents, halves up; with quarter
 *   hours the exact value ends in .00, .25, .50 or .75 cents: 2 h 30 min = 38662.5 → 38663 ($386.63),
 *   15 min = 3866.25 → 3866 ($38.66), 45 min = 11598.75 → 11599 ($115.99).
 * - House tip: round(subtotal × percent / 100), halves up.
 * - Carpet coupon: discount = round(total × percent / 100), halves up; total − discount is charged.
 * - House total = subtotal + tip + parking − discount, floored at 0 (the discount applied never
 *   exceeds subtotal + tip + parking, so the parts always add up to the total).
 *
 * The functions take validated values (schemas.ts); they throw on values the schemas refuse (an
 * out-of-range count, an unknown option or coupon) instead of pricing them. For a live summary of a
 * form that is still being filled in, use the `preview…Price` functions, which return null until the
 * fields that decide the price are valid.
 *
 * Each industry's prices are in pricing/<industry>.ts (what they share in pricing/common.ts), so a
 * booking screen's code carries only its own form's; this module gathers them for the server.
 */
import {HOUSE_COUNTS, HOUSE_FREQUENCIES} from './catalog/house'
import {CARPET_FREQUENCIES} from './catalog/carpet'
import {EXTERIOR_FREQUENCIES} from './catalog/exterior'
import type {BookableService} from './catalog'
import type {BookingRequest} from './schemas'
import type {PriceBreakdown} from './pricing/common'
import {priceCarpet} from './pricing/carpet'
import {priceCommercial} from './pricing/commercial'
import {priceExterior} from './pricing/exterior'
import {priceHouse} from './pricing/house'

export {
  MIN_CHARGE_CENTS,
  totalCents,
  type CarpetBreakdown,
  type CommercialBreakdown,
  type ExteriorBreakdown,
  type HouseBreakdown,
  type PriceBreakdown,
  type PriceLine,
} from './pricing/common'
export * from './pricing/house'
export * from './pricing/exterior'
export * from './pricing/carpet'
export * from './pricing/commercial'

// ---------------------------------------------------------------------------------------------
// Server: one validated request → its price
// ---------------------------------------------------------------------------------------------

/** The price of a validated booking request (bookingRequestSchema's output). */
export function priceBooking(booking: BookingRequest): PriceBreakdown {
  switch (booking.industry) {
    case 'house':
      return priceHouse(booking)
    case 'exterior':
      return priceExterior(booking)
    case 'carpet':
      return priceCarpet(booking)
    case 'commercial':
      return priceCommercial(booking)
  }
}

// ---------------------------------------------------------------------------------------------
// Starting prices ("from $X" on service pages and cards, "Book online" of quote landings)
// ---------------------------------------------------------------------------------------------

/** Post Construction is booked by the hour: its price is stated per hour, never as one visit's. */
export function pricedByTheHour(entry: BookableService): boolean {
  return entry.industry === 'house' && entry.service === 'Post Construction'
}

/**
 * The lowest price a bookable service can be booked for, coupons aside: its smallest valid booking
 * at its cheapest frequency (house: the fewest rooms the form allows, no extras, tip or parking;
 * carpet: one room or staircase; exterior and commercial as priced). For a service priced by the
 * hour (pricedByTheHour) the price of one hour, stated "per hour".
 */
export function startingPriceCents(entry: BookableService): number {
  switch (entry.industry) {
    case 'house': {
      const fewestRooms = {
        bedrooms: HOUSE_COUNTS.bedrooms.min,
        bathrooms: HOUSE_COUNTS.bathrooms.min,
        halfBaths: HOUSE_COUNTS.halfBaths.min,
        dens: HOUSE_COUNTS.dens.min,
      }
      if (entry.service === 'Post Construction') return priceHouse({service: entry.service, ...fewestRooms, hours: 1, minutes: 0}).totalCents
      const frequencies = entry.service === 'Regular Cleaning' ? HOUSE_FREQUENCIES : [null]
      return Math.min(...frequencies.map((frequency) => priceHouse({service: entry.service, frequency, ...fewestRooms}).totalCents))
    }
    case 'carpet':
      return Math.min(...CARPET_FREQUENCIES.map((frequency) => priceCarpet({frequency, rooms: 1, stairs: 0}).totalCents))
    case 'exterior':
      return Math.min(...EXTERIOR_FREQUENCIES.map((frequency) => priceExterior({service: entry.service, frequency}).totalCents))
    case 'commercial':
      return priceCommercial({subService: entry.service}).totalCents
  }
}

/**
 * "From $X" of a card naming several services: the cheapest of those booked by the visit (an
 * hourly rate is no visit's price), or the hourly rate when all are priced by the hour; null for none.
 */
export function cheapestStartingPrice(entries: readonly BookableService[]): {cents: number; perHour: boolean} | null {
  const byVisit = entries.filter((entry) => !pricedByTheHour(entry))
  const candidates = byVisit.length > 0 ? byVisit : entries
  if (candidates.length === 0) return null
  return {cents: Math.min(...candidates.map(startingPriceCents)), perHour: byVisit.length === 0}
}
