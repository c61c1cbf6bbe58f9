/** The exterior cleaning form's options (/exterior_cleaning). Option values are the form's exact texts. */
import {HOUSE_PARKING_OPTIONS, HOUSE_TIP_OPTIONS} from './common.ts'

export const EXTERIOR_SERVICES = ['Roof Cleaning', 'Gutter Cleaning', 'House Washing', 'Pressure Washing'] as const
export type ExteriorService = (typeof EXTERIOR_SERVICES)[number]

export const EXTERIOR_FREQUENCIES = ['Every 3 Months', 'Every 6 Months', 'One-Time'] as const
export type ExteriorFrequency = (typeof EXTERIOR_FREQUENCIES)[number]

/**
 * Exterior tips and parking: the house choices plus an Other option. Tips and parking offer
 * an Other option but are not priced, so they are RECORDED BUT UNPRICED choices: stored with
 * the booking, never added to the exterior amount (priceExterior ignores them; the summary should
 * say so: the exterior form's "Help under tips and parking" in the Studio).
 */
export const EXTERIOR_TIP_OPTIONS = [...HOUSE_TIP_OPTIONS, 'Other'] as const
export type ExteriorTip = (typeof EXTERIOR_TIP_OPTIONS)[number]
export const EXTERIOR_PARKING_OPTIONS = [...HOUSE_PARKING_OPTIONS, 'Other'] as const
export type ExteriorParking = (typeof EXTERIOR_PARKING_OPTIONS)[number]

/** The form's starting values (react-hook-form `defaultValues`; selects left unchosen start as ''). */
export const EXTERIOR_DEFAULTS = {tip: '0%', parkingFee: '$0'} as const
