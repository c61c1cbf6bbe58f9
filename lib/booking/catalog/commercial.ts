/** The commercial cleaning form's options (/commercial_cleaning). Option values are the form's exact texts. */
import {DEFAULT_LOCATION} from './common.ts'

/** Sub-services, names exactly as the price list writes them. */
export const COMMERCIAL_SUB_SERVICES = [
  'Construction Final Clean',
  'Corporate Office Cleaning',
  'Retail Spaces Cleaning',
  'VRBO and AIRBNB Cleaning',
] as const
export type CommercialSubService = (typeof COMMERCIAL_SUB_SERVICES)[number]

export const COMMERCIAL_FREQUENCIES = ['Single Deep Cleaning', 'Recurring', 'One-Time'] as const
export type CommercialFrequency = (typeof COMMERCIAL_FREQUENCIES)[number]

/** Construction Final Clean is One-Time only; the other three are Single Deep Cleaning or Recurring. */
export const COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE = {
  'Construction Final Clean': ['One-Time'],
  'Corporate Office Cleaning': ['Single Deep Cleaning', 'Recurring'],
  'Retail Spaces Cleaning': ['Single Deep Cleaning', 'Recurring'],
  'VRBO and AIRBNB Cleaning': ['Single Deep Cleaning', 'Recurring'],
} as const satisfies Record<CommercialSubService, readonly CommercialFrequency[]>

/** The frequencies offered for a sub-service (none until one is chosen). */
export function commercialFrequenciesFor(subService: CommercialSubService | '' | null | undefined): readonly CommercialFrequency[] {
  return subService ? COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE[subService] : []
}

/** The form's starting values (react-hook-form `defaultValues`; selects left unchosen start as ''). */
export const COMMERCIAL_DEFAULTS = {location: DEFAULT_LOCATION} as const
