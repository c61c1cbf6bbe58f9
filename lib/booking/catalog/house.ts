/** The house cleaning form's options (/house_cleaning). Option values are the form's exact texts. */
import {DEFAULT_LOCATION, zeroCounts, type CountRange} from './common.ts'

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

/** The form's starting values (react-hook-form `defaultValues`; selects left unchosen start as ''). */
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
