/**
 * What every booking form shares: the industries, their names and screens, the service areas, the
 * extras' limit, the tip and parking choices and the key information buttons. Plain TypeScript,
 * shared by the browser forms and the server; each form's own options are in its industry's module
 * here, so a booking screen's code carries only its own form's (catalog.ts gathers them all).
 */

/** The four bookable industries (the `industry` discriminator of a booking request and record). */
export const INDUSTRIES = ['house', 'exterior', 'carpet', 'commercial'] as const
export type Industry = (typeof INDUSTRIES)[number]

/** Display names, as the summaries show them ("industry Exterior Cleaning"). */
export const INDUSTRY_NAMES = {
  house: 'House Cleaning',
  exterior: 'Exterior Cleaning',
  carpet: 'Carpet Cleaning',
  commercial: 'Commercial Cleaning',
} as const satisfies Record<Industry, string>

/** The booking screen of each industry. */
export const INDUSTRY_PATHS = {
  house: '/house_cleaning',
  exterior: '/exterior_cleaning',
  carpet: '/carpet_cleaning',
  commercial: '/commercial_cleaning',
} as const satisfies Record<Industry, string>

/** Service areas (house, carpet and commercial forms). */
export const LOCATIONS = ['Snohomish County', 'King County'] as const
export type Location = (typeof LOCATIONS)[number]
/** Pre-selected location (Snohomish County, on every form). */
export const DEFAULT_LOCATION: Location = 'Snohomish County'

/** Largest count of one extra (the count steppers of the house and carpet forms). */
export const EXTRA_COUNT_MAX = 10

/** An inclusive whole-number range with the form's default and the label used in messages. */
export interface CountRange {
  readonly label: string
  readonly min: number
  readonly max: number
  readonly default: number
}

/** Tips & Parking (Optional). The values are the texts stored (tip "10%", parking "$5"). */
export const HOUSE_TIP_OPTIONS = ['0%', '10%', '15%', '20%'] as const
export type HouseTip = (typeof HOUSE_TIP_OPTIONS)[number]
export const HOUSE_TIP_PERCENT = {'0%': 0, '10%': 10, '15%': 15, '20%': 20} as const satisfies Record<HouseTip, number>

export const HOUSE_PARKING_OPTIONS = ['$0', '$5', '$10', '$20'] as const
export type HouseParking = (typeof HOUSE_PARKING_OPTIONS)[number]
/** Parking fee in cents, added to the house total. */
export const HOUSE_PARKING_CENTS = {$0: 0, $5: 500, $10: 1000, $20: 2000} as const satisfies Record<HouseParking, number>


/**
 * Key information buttons of the exterior form (texts exactly as the business wrote them); the carpet
 * form's key information uses the same choices.
 */
export const KEY_INFO_OPTIONS = ['Someone Will Be At Home', 'I Will Hide The Keys', 'leave key', 'access code', 'Other'] as const
export type KeyInfo = (typeof KEY_INFO_OPTIONS)[number]

/** {name: 0} for every extra. */
export function zeroCounts<const K extends string>(names: readonly K[]): Record<K, number> {
  return Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>
}
