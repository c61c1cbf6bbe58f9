/**
 * Every option list of the four booking forms,
 * as typed `as const` arrays. Option values are the forms' exact texts, kept as the business has always written them: they are what the form
 * shows, what the schemas accept and what is stored. Prices live in `pricing.ts`, coupons in
 * `coupons.ts`. Plain TypeScript: shared by the browser forms and the server.
 * The lists live in catalog/ (what all forms share, then one module per form, which is all a
 * booking screen's code imports); this module gathers them for the server, the Studio and the tests.
 */

// With their .ts extension: the booking store's processes load this module in Node itself.
export * from './catalog/common.ts'
export * from './catalog/house.ts'
export * from './catalog/exterior.ts'
export * from './catalog/carpet.ts'
export * from './catalog/commercial.ts'

import {INDUSTRY_NAMES, INDUSTRY_PATHS} from './catalog/common.ts'
import {EXTERIOR_SERVICES} from './catalog/exterior.ts'
import {HOUSE_SERVICES} from './catalog/house.ts'
import {COMMERCIAL_SUB_SERVICES} from './catalog/commercial.ts'

// ---------------------------------------------------------------------------------------------
// Bookable services: what a service page or a home page card can lead to and price ("from $X").
// The content names one by its id (a service page's `bookingService`, a card's `pricedServices`);
// its starting price comes from pricing.ts (`startingPriceCents`), never from the content.
// ---------------------------------------------------------------------------------------------

export const BOOKABLE_SERVICES = [
  ...HOUSE_SERVICES.map((service) => ({id: `house:${service}`, industry: 'house', service}) as const),
  {id: `carpet:${INDUSTRY_NAMES.carpet}`, industry: 'carpet', service: INDUSTRY_NAMES.carpet} as const,
  ...EXTERIOR_SERVICES.map((service) => ({id: `exterior:${service}`, industry: 'exterior', service}) as const),
  ...COMMERCIAL_SUB_SERVICES.map((service) => ({id: `commercial:${service}`, industry: 'commercial', service}) as const),
]
export type BookableService = (typeof BOOKABLE_SERVICES)[number]
export type BookableServiceId = BookableService['id']

/** The bookable service with this id, or null. */
export function findBookableService(id: string | null | undefined): BookableService | null {
  return BOOKABLE_SERVICES.find((entry) => entry.id === id) ?? null
}

/**
 * The booking screen of a bookable service, with the service chosen in advance: the house and
 * exterior forms' `service`, the commercial form's `subService` (`/exterior_cleaning?service=Roof+Cleaning`);
 * the carpet form has one service, so its screen as it is.
 */
export function bookableServiceHref(entry: BookableService): string {
  if (entry.industry === 'carpet') return INDUSTRY_PATHS.carpet
  const field = entry.industry === 'commercial' ? 'subService' : 'service'
  return `${INDUSTRY_PATHS[entry.industry]}?${new URLSearchParams({[field]: entry.service})}`
}
