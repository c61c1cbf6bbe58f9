/**
 * Every option list of the four booking forms,
 * as typed `as const` arrays. Option values are the forms' exact texts, kept as the business has always written them: they are what the form
 * shows, what the schemas accept and what is stored. Prices live in `pricing.ts`, coupons in
 * `coupons.ts`. Plain TypeScript: shared by the browser forms and the server.
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

// ---------------------------------------------------------------------------------------------
// House cleaning (/house_cleaning)
// ---------------------------------------------------------------------------------------------

export const HOUSE_SERVICES = ['Regular Cleaning', 'Move Out & Move In', 'Deep Cleaning', 'Post Construction'] as const
export type HouseService = (typeof HOUSE_SERVICES)[number]

/** Asked only for Regular Cleaning. */
export const HOUSE_FREQUENCIES = ['Weekly', 'Every Other Week', 'Monthly', 'One-Time'] as const
export type HouseFrequency = (typeof HOUSE_FREQUENCIES)[number]

/**
 * Room counts: what the label says is what is priced (the selectors of the earlier forms had 7, 5,
 * 5 and 6 entries): bedrooms 1–7, bathrooms 1–5, half baths 0–4, dens 0–5; defaults 1, 1, 0, 0.
 */
export const HOUSE_COUNTS = {
  bedrooms: {label: 'Bedrooms', min: 1, max: 7, default: 1},
  bathrooms: {label: 'Bathrooms', min: 1, max: 5, default: 1},
  halfBaths: {label: 'Half baths', min: 0, max: 4, default: 0},
  dens: {label: 'Dens', min: 0, max: 5, default: 0},
} as const satisfies Record<string, CountRange>
export type HouseCountField = keyof typeof HOUSE_COUNTS

/** Time Required (Post Construction only): hours 0–12 and minutes 0/15/30/45. */
export const HOUSE_HOURS = {label: 'Hours', min: 0, max: 12, default: 0} as const satisfies CountRange
export const HOUSE_HOUR_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const
export type HouseHours = (typeof HOUSE_HOUR_OPTIONS)[number]
export const HOUSE_MINUTE_OPTIONS = [0, 15, 30, 45] as const
export type HouseMinutes = (typeof HOUSE_MINUTE_OPTIONS)[number]

/** Select Extras (With Count): a stepper from 0 to EXTRA_COUNT_MAX each, priced at $0. */
export const HOUSE_EXTRAS = ['Extra Heavy Duty', 'Blinds', 'Interior Windows', 'Oven', 'Garage'] as const
export type HouseExtra = (typeof HOUSE_EXTRAS)[number]

/**
 * Instructions for Providers: three questions, all to be answered. `id` is the form
 * field (`instructions.<id>`); storage keys the answers by the question text, see
 * `houseInstructionsByQuestion` in schemas.ts.
 */
export const HOUSE_INSTRUCTION_QUESTIONS = [
  {
    id: 'howClean',
    question: 'How Clean Is Your Home?',
    options: ['Very Dirty', 'Needs Extra Attention', 'Mostly Clean', 'Regularly Cleaned and Maintained', 'Almost Spotless'],
  },
  {
    id: 'getInside',
    question: 'How Will We Get Inside?',
    options: ['I will be Home', 'leave the key', 'provide an access code', 'Other'],
  },
  {
    id: 'whereToPark',
    question: 'Where Can We Park?',
    options: ['Park in my Driveway', 'Paid Parking Available Nearby', 'Street Parking', 'Garage Parking'],
  },
] as const
export type HouseInstructionId = (typeof HOUSE_INSTRUCTION_QUESTIONS)[number]['id']
export type HouseInstructionQuestion = (typeof HOUSE_INSTRUCTION_QUESTIONS)[number]['question']
export const HOW_CLEAN_OPTIONS = HOUSE_INSTRUCTION_QUESTIONS[0].options
export const GET_INSIDE_OPTIONS = HOUSE_INSTRUCTION_QUESTIONS[1].options
export const WHERE_TO_PARK_OPTIONS = HOUSE_INSTRUCTION_QUESTIONS[2].options

/** Tips & Parking (Optional). The values are the texts stored (tip "10%", parking "$5"). */
export const HOUSE_TIP_OPTIONS = ['0%', '10%', '15%', '20%'] as const
export type HouseTip = (typeof HOUSE_TIP_OPTIONS)[number]
export const HOUSE_TIP_PERCENT = {'0%': 0, '10%': 10, '15%': 15, '20%': 20} as const satisfies Record<HouseTip, number>

export const HOUSE_PARKING_OPTIONS = ['$0', '$5', '$10', '$20'] as const
export type HouseParking = (typeof HOUSE_PARKING_OPTIONS)[number]
/** Parking fee in cents, added to the house total. */
export const HOUSE_PARKING_CENTS = {$0: 0, $5: 500, $10: 1000, $20: 2000} as const satisfies Record<HouseParking, number>

// ---------------------------------------------------------------------------------------------
// Exterior cleaning (/exterior_cleaning)
// ---------------------------------------------------------------------------------------------

export const EXTERIOR_SERVICES = ['Roof Cleaning', 'Gutter Cleaning', 'House Washing', 'Pressure Washing'] as const
export type ExteriorService = (typeof EXTERIOR_SERVICES)[number]

export const EXTERIOR_FREQUENCIES = ['Every 3 Months', 'Every 6 Months', 'One-Time'] as const
export type ExteriorFrequency = (typeof EXTERIOR_FREQUENCIES)[number]

/**
 * Key information buttons of the exterior form (texts exactly as the business wrote them); the carpet
 * form's key information uses the same choices.
 */
export const KEY_INFO_OPTIONS = ['Someone Will Be At Home', 'I Will Hide The Keys', 'leave key', 'access code', 'Other'] as const
export type KeyInfo = (typeof KEY_INFO_OPTIONS)[number]

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

// ---------------------------------------------------------------------------------------------
// Carpet cleaning (/carpet_cleaning)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Commercial cleaning (/commercial_cleaning)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Form defaults (react-hook-form `defaultValues`; the idempotency key is added by the form with
// crypto.randomUUID(), and selects left unchosen start as '')
// ---------------------------------------------------------------------------------------------

/** {name: 0} for every extra. */
export function zeroCounts<const K extends string>(names: readonly K[]): Record<K, number> {
  return Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>
}

export const HOUSE_DEFAULTS = {
  location: DEFAULT_LOCATION,
  bedrooms: HOUSE_COUNTS.bedrooms.default,
  bathrooms: HOUSE_COUNTS.bathrooms.default,
  halfBaths: HOUSE_COUNTS.halfBaths.default,
  dens: HOUSE_COUNTS.dens.default,
  hours: 0,
  minutes: 0,
  extras: zeroCounts(HOUSE_EXTRAS),
  tip: '0%',
  parkingFee: '$0',
} as const

export const EXTERIOR_DEFAULTS = {tip: '0%', parkingFee: '$0'} as const

export const CARPET_DEFAULTS = {
  location: DEFAULT_LOCATION,
  rooms: CARPET_COUNTS.rooms.default,
  stairs: CARPET_COUNTS.stairs.default,
  extras: zeroCounts(CARPET_EXTRAS),
} as const

export const COMMERCIAL_DEFAULTS = {location: DEFAULT_LOCATION} as const

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
