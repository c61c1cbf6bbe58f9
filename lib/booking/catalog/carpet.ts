/** The carpet cleaning form's options (/carpet_cleaning). Option values are the form's exact texts. */
import {DEFAULT_LOCATION, zeroCounts, type CountRange} from './common.ts'

/** In the order of the rate table. */
export const CARPET_FREQUENCIES = ['One-Time', 'Every 6 Months', 'Every 3 Months'] as const
export type CarpetFrequency = (typeof CARPET_FREQUENCIES)[number]

export const CARPET_COUNTS = {
  rooms: {label: 'Rooms', min: 0, max: 10, default: 0},
  stairs: {label: 'Staircases', min: 0, max: 5, default: 0},
} as const satisfies Record<string, CountRange>
export type CarpetCountField = keyof typeof CARPET_COUNTS

/** Carpet extras, names exactly as the business writes them; counted per unit (0 to EXTRA_COUNT_MAX). */
export const CARPET_EXTRAS = ['Pet, Food, Drink Stain', 'HAZARD', 'WINE STAIN REMOVAL', 'HALLWAYS'] as const
export type CarpetExtra = (typeof CARPET_EXTRAS)[number]

/** The form's starting values (react-hook-form `defaultValues`; selects left unchosen start as ''). */
export const CARPET_DEFAULTS = {
  location: DEFAULT_LOCATION,
  rooms: CARPET_COUNTS.rooms.default,
  stairs: CARPET_COUNTS.stairs.default,
  extras: zeroCounts(CARPET_EXTRAS),
} as const
