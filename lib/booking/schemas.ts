/**
 * The booking request schemas (zod 4), shared by the browser forms (react-hook-form with
 * `zodResolver`) and the server route, which re-validates every request with the same schemas.
 *
 * - Messages are the spec's word for word (§5, decisions.md "Validation beyond the spec"); each issue
 *   is reported on the field it belongs to (react-hook-form paths: `firstName`, `extras.Blinds`,
 *   `instructions.howClean`), and cross-field rules still run when other fields are invalid, so a form
 *   shows every message at once.
 * - Amounts are never part of a request: unknown keys (`amount`, `total`, `discount`, …) are stripped;
 *   the server computes the price from the validated values (pricing.ts).
 * - Output is normalised and can be parsed again unchanged: text in Unicode NFC (a lone surrogate is
 *   refused, ../form-input.ts `formText`) and trimmed, phone as 10 digits, coupon
 *   as its canonical lower-case code or null, optional choices as null, extras with every name,
 *   house frequency null unless Regular Cleaning, house hours/minutes 0 unless Post Construction.
 * - Dates must be today or later in America/Los_Angeles; "today" comes from an injectable clock
 *   (`createBookingSchemas(clock)`); the exported schemas use the system clock at parse time.
 */
import * as z from 'zod'
import {formText, hasControlCharacters, normalizePhone} from '../form-input'
import {
  CARPET_COUNTS,
  CARPET_EXTRAS,
  CARPET_FREQUENCIES,
  COMMERCIAL_FREQUENCIES,
  COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE,
  COMMERCIAL_SUB_SERVICES,
  DEFAULT_LOCATION,
  EXTERIOR_FREQUENCIES,
  EXTERIOR_PARKING_OPTIONS,
  EXTERIOR_SERVICES,
  EXTERIOR_TIP_OPTIONS,
  EXTRA_COUNT_MAX,
  GET_INSIDE_OPTIONS,
  HOUSE_COUNTS,
  HOUSE_EXTRAS,
  HOUSE_FREQUENCIES,
  HOUSE_HOURS,
  HOUSE_INSTRUCTION_QUESTIONS,
  HOUSE_MINUTE_OPTIONS,
  HOUSE_PARKING_OPTIONS,
  HOUSE_SERVICES,
  HOUSE_TIP_OPTIONS,
  HOW_CLEAN_OPTIONS,
  KEY_INFO_OPTIONS,
  LOCATIONS,
  WHERE_TO_PARK_OPTIONS,
  type CommercialFrequency,
  type CommercialSubService,
  type CountRange,
  type HouseInstructionQuestion,
  type Industry,
} from './catalog'
import {COUPONS, findCoupon, normalizeCouponCode} from './coupons'
import {
  countMessage,
  DATE_INVALID_MESSAGE,
  DATE_PAST_MESSAGE,
  INVALID_COUPON_MESSAGE,
  isCalendarDate,
  PHONE_MESSAGE,
  REQUEST_INVALID_MESSAGE,
  systemClock,
  TEXT_LIMITS,
  todayInCompanyTimeZone,
  UNKNOWN_INDUSTRY_MESSAGE,
  UNREADABLE_TEXT_MESSAGE,
  type Clock,
} from './rules' // limits, shared messages, clock and dates (no zod, for the browser's first paint)

// ---------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------

export {normalizePhone}

// ---------------------------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------------------------

/**
 * Runs a check only while its field has no issue yet: the fields' stand-in for `abort: true`. An
 * aborting check's issue (`continue: false`) would also stop zod from running the object's cross-field
 * rules, even with `when` (zod skips `when` checks once any issue is explicitly aborted).
 */
const whileValid = {when: (payload: z.core.ParsePayload) => payload.issues.length === 0}

/** Every text field starts here: NFC, no lone surrogates (../form-input.ts); `typeError` when not a string. */
function text(typeError: string) {
  return formText({typeError, unreadable: UNREADABLE_TEXT_MESSAGE})
}

interface TextMessages {
  /** Shown when missing, blank or whitespace only. */
  required: string
  /** Capitalised field name used in the length and character messages ("First name"). */
  label: string
  max: number
}

/** A required single-line text: trimmed, non-empty, at most `max` characters, no control characters. */
function requiredText({required, label, max}: TextMessages) {
  return text(required)
    .trim()
    .min(1, {error: required})
    .max(max, {error: `${label} must be at most ${max} characters.`, ...whileValid})
    .refine((value) => !hasControlCharacters(value, false), {
      error: `Please remove unsupported characters from the ${label.toLowerCase()}.`,
      ...whileValid,
    })
}

function emailField(messages: {required: string; invalid: string}) {
  return text(messages.required)
    .trim()
    .min(1, {error: messages.required})
    .max(TEXT_LIMITS.email, {error: `Email must be at most ${TEXT_LIMITS.email} characters.`, ...whileValid})
    .regex(z.regexes.email, {error: messages.invalid, ...whileValid})
}

function phoneField(required: string) {
  return text(required)
    .trim()
    .min(1, {error: required})
    .max(TEXT_LIMITS.phone, {error: PHONE_MESSAGE, ...whileValid})
    .refine((value) => normalizePhone(value) !== null, {error: PHONE_MESSAGE, ...whileValid})
    .transform((value) => normalizePhone(value) as string)
}

function dateField(required: string, clock: Clock) {
  return text(required)
    .trim()
    .min(1, {error: required})
    .refine(isCalendarDate, {error: DATE_INVALID_MESSAGE, ...whileValid})
    .refine((value) => value >= todayInCompanyTimeZone(clock()), {error: DATE_PAST_MESSAGE, ...whileValid})
}

/** Optional notes: trimmed, at most 2000 characters; missing or null becomes ''. */
function notesField() {
  return text('Please enter your notes as text.')
    .trim()
    .max(TEXT_LIMITS.notes, {error: `Notes must be at most ${TEXT_LIMITS.notes} characters.`})
    .refine((value) => !hasControlCharacters(value, true), {error: 'Please remove unsupported characters from the notes.', ...whileValid})
    .nullish()
    .transform((value) => value ?? '')
}

/** A whole number within `range`; out-of-range values are refused, never clamped. */
function countField(range: Pick<CountRange, 'label' | 'min' | 'max'>) {
  const error = countMessage(range)
  return z
    .number({error})
    // Not `.int()`: zod always aborts its issue (`continue: false`), which would skip the cross-field rules.
    .refine(Number.isInteger, {error})
    .min(range.min, {error, ...whileValid})
    .max(range.max, {error, ...whileValid})
}

/** `{[name]: count}` for every extra, each 0…EXTRA_COUNT_MAX (missing = 0); unknown names refused. */
function extrasField<const K extends string>(names: readonly K[]) {
  const shape = Object.fromEntries(
    names.map((name) => [name, countField({label: `${name} count`, min: 0, max: EXTRA_COUNT_MAX}).default(0)]),
  ) as Record<K, z.ZodDefault<ReturnType<typeof countField>>>
  const extras = z.strictObject(shape, {error: 'Please choose extras from the list.'})
  // Missing extras parse as {} (every count 0); prefault runs the default through the schema.
  return extras.prefault({} as z.input<typeof extras>)
}

/** A choice from a list, '' or missing = not chosen: output the choice or null. */
function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, error: string) {
  return z
    .union([z.literal(''), z.enum(options)], {error})
    .nullish()
    .transform((value): T[number] | null => value || null)
}

/** Coupon field of the house and carpet forms: '' or missing = none; unknown codes refused. */
function couponField<const I extends 'house' | 'carpet'>(industry: I) {
  return text(INVALID_COUPON_MESSAGE)
    .trim()
    .max(TEXT_LIMITS.coupon, {error: `Coupon code must be at most ${TEXT_LIMITS.coupon} characters.`})
    .refine((code) => code === '' || findCoupon(industry, code) !== null, {error: INVALID_COUPON_MESSAGE, ...whileValid})
    .nullish()
    .transform((code): keyof (typeof COUPONS)[I] | null => (code ? (normalizeCouponCode(code) as keyof (typeof COUPONS)[I]) : null))
}

/** The exterior and commercial forms have no coupon: any code sent is refused. Output null. */
function noCouponField() {
  return z
    .union([z.literal(''), z.null()], {error: INVALID_COUPON_MESSAGE})
    .optional()
    .transform((): null => null)
}

function idempotencyKeyField() {
  return z.uuid({error: REQUEST_INVALID_MESSAGE})
}

/** Reads a property of a possibly malformed object (cross-field rules run even when fields fail). */
function read(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value)
}

const always = {when: () => true}

// ---------------------------------------------------------------------------------------------
// The four forms
// ---------------------------------------------------------------------------------------------

/** House form, spec §5: 'Please fill out the {field name}'. */
const HOUSE_REQUIRED = {
  firstName: 'Please fill out the first name',
  lastName: 'Please fill out the last name',
  email: 'Please fill out the email',
  phone: 'Please fill out the phone number',
  address: 'Please fill out the address',
  date: 'Please fill out the date',
} as const

/** Exterior form, spec §5, also used by the carpet form (decisions.md: "in the style of the exterior form"). */
const EXTERIOR_MESSAGES = {
  service: 'Please select a service.',
  frequency: 'Please select a frequency.',
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  phone: 'Please enter your phone number.',
  address: 'Please enter your address.',
} as const

/** Commercial form, spec §5: 'Please fill out the {field} field.' with the field's human name. */
const COMMERCIAL_REQUIRED = {
  subService: 'Please fill out the service field.',
  frequency: 'Please fill out the frequency field.',
  date: 'Please fill out the date field.',
  firstName: 'Please fill out the first name field.',
  lastName: 'Please fill out the last name field.',
  email: 'Please fill out the email field.',
  phone: 'Please fill out the phone number field.',
  address: 'Please fill out the address field.',
} as const

function missingAnswer(question: HouseInstructionQuestion): string {
  return `Missing answer for: ${question}`
}

/** "Please choose One-Time for Construction Final Clean." */
export function commercialFrequencyMessage(subService: CommercialSubService): string {
  return `Please choose ${COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE[subService].join(' or ')} for ${subService}.`
}

function customerFields(messages: {firstName: string; lastName: string; email: string; emailInvalid: string; phone: string; address: string}) {
  return {
    firstName: requiredText({required: messages.firstName, label: 'First name', max: TEXT_LIMITS.name}),
    lastName: requiredText({required: messages.lastName, label: 'Last name', max: TEXT_LIMITS.name}),
    email: emailField({required: messages.email, invalid: messages.emailInvalid}),
    phone: phoneField(messages.phone),
    address: requiredText({required: messages.address, label: 'Address', max: TEXT_LIMITS.address}),
  }
}

/** The three instruction questions, each answered from its list; missing = every question unanswered. */
function instructionsField() {
  const [howClean, getInside, whereToPark] = HOUSE_INSTRUCTION_QUESTIONS
  const instructions = z.object(
    {
      howClean: z.enum(HOW_CLEAN_OPTIONS, {error: missingAnswer(howClean.question)}),
      getInside: z.enum(GET_INSIDE_OPTIONS, {error: missingAnswer(getInside.question)}),
      whereToPark: z.enum(WHERE_TO_PARK_OPTIONS, {error: missingAnswer(whereToPark.question)}),
    },
    {error: missingAnswer(howClean.question)},
  )
  // Missing instructions parse as {}, so each question reports its own 'Missing answer for: …'.
  return instructions.prefault({} as z.input<typeof instructions>)
}

function houseSchema(clock: Clock) {
  return z
    .object({
      industry: z.literal('house'),
      idempotencyKey: idempotencyKeyField(),
      location: z.enum(LOCATIONS, {error: 'Please select a location'}),
      service: z.enum(HOUSE_SERVICES, {error: 'Please select a service'}),
      /** Required for Regular Cleaning only (checked below). */
      frequency: z.union([z.literal(''), z.enum(HOUSE_FREQUENCIES)], {error: 'Please select a cleaning frequency'}).nullish(),
      bedrooms: countField(HOUSE_COUNTS.bedrooms),
      bathrooms: countField(HOUSE_COUNTS.bathrooms),
      halfBaths: countField(HOUSE_COUNTS.halfBaths),
      dens: countField(HOUSE_COUNTS.dens),
      /** Time Required, Post Construction only: more than 0 minutes in all (checked below). */
      hours: countField(HOUSE_HOURS).default(0),
      minutes: z.literal(HOUSE_MINUTE_OPTIONS, {error: 'Minutes must be 0, 15, 30 or 45.'}).default(0),
      extras: extrasField(HOUSE_EXTRAS),
      instructions: instructionsField(),
      date: dateField(HOUSE_REQUIRED.date, clock),
      tip: z.enum(HOUSE_TIP_OPTIONS, {error: 'Please choose a tip from the list.'}).default('0%'),
      parkingFee: z.enum(HOUSE_PARKING_OPTIONS, {error: 'Please choose a parking fee from the list.'}).default('$0'),
      ...customerFields({...HOUSE_REQUIRED, emailInvalid: 'Invalid email format'}),
      notes: notesField(),
      coupon: couponField('house'),
    })
    .superRefine((value, ctx) => {
      const service = read(value, 'service')
      const frequency = read(value, 'frequency')
      if (service === 'Regular Cleaning' && (frequency === '' || frequency == null)) {
        ctx.addIssue({code: 'custom', path: ['frequency'], message: 'Please select a cleaning frequency'})
      }
      const hours = read(value, 'hours') ?? 0
      const minutes = read(value, 'minutes') ?? 0
      if (service === 'Post Construction' && isWholeNumber(hours) && isWholeNumber(minutes) && hours * 60 + minutes <= 0) {
        ctx.addIssue({code: 'custom', path: ['hours'], message: 'Please select the time required for Post Construction.'})
      }
    }, always)
    .transform((value) => ({
      ...value,
      frequency: value.service === 'Regular Cleaning' ? value.frequency || null : null,
      hours: value.service === 'Post Construction' ? value.hours : 0,
      minutes: value.service === 'Post Construction' ? value.minutes : (0 as const),
    }))
}

function exteriorSchema() {
  return z.object({
    industry: z.literal('exterior'),
    idempotencyKey: idempotencyKeyField(),
    service: z.enum(EXTERIOR_SERVICES, {error: EXTERIOR_MESSAGES.service}),
    frequency: z.enum(EXTERIOR_FREQUENCIES, {error: EXTERIOR_MESSAGES.frequency}),
    /** Recorded but not priced (spec §9). */
    tip: z.enum(EXTERIOR_TIP_OPTIONS, {error: 'Please choose a tip from the list.'}).default('0%'),
    /** Recorded but not priced (spec §9). */
    parkingFee: z.enum(EXTERIOR_PARKING_OPTIONS, {error: 'Please choose a parking option from the list.'}).default('$0'),
    keyInfo: optionalChoice(KEY_INFO_OPTIONS, 'Please choose a key information option from the list.'),
    ...customerFields(EXTERIOR_MESSAGES),
    notes: notesField(),
    coupon: noCouponField(),
  })
}

function carpetSchema(clock: Clock) {
  return z
    .object({
      industry: z.literal('carpet'),
      idempotencyKey: idempotencyKeyField(),
      location: z.enum(LOCATIONS, {error: 'Please select a location.'}),
      frequency: z.enum(CARPET_FREQUENCIES, {error: EXTERIOR_MESSAGES.frequency}),
      rooms: countField(CARPET_COUNTS.rooms),
      stairs: countField(CARPET_COUNTS.stairs),
      extras: extrasField(CARPET_EXTRAS),
      date: dateField('Please select a date.', clock),
      ...customerFields(EXTERIOR_MESSAGES),
      keyInfo: optionalChoice(KEY_INFO_OPTIONS, 'Please choose a key information option from the list.'),
      notes: notesField(),
      coupon: couponField('carpet'),
    })
    .superRefine((value, ctx) => {
      const rooms = read(value, 'rooms')
      const stairs = read(value, 'stairs')
      if (isWholeNumber(rooms) && isWholeNumber(stairs) && rooms + stairs < 1) {
        ctx.addIssue({code: 'custom', path: ['rooms'], message: 'Please add at least one room or staircase.'})
      }
    }, always)
}

function commercialSchema(clock: Clock) {
  return z
    .object({
      industry: z.literal('commercial'),
      idempotencyKey: idempotencyKeyField(),
      /** Optional (spec §5); missing or '' = Snohomish County. */
      location: z
        .union([z.literal(''), z.enum(LOCATIONS)], {error: 'Please select a location.'})
        .nullish()
        .transform((value) => value || DEFAULT_LOCATION),
      subService: z.enum(COMMERCIAL_SUB_SERVICES, {error: COMMERCIAL_REQUIRED.subService}),
      frequency: z.enum(COMMERCIAL_FREQUENCIES, {error: COMMERCIAL_REQUIRED.frequency}),
      date: dateField(COMMERCIAL_REQUIRED.date, clock),
      ...customerFields({...COMMERCIAL_REQUIRED, emailInvalid: 'Please enter a valid email address.'}),
      notes: notesField(),
      coupon: noCouponField(),
    })
    .superRefine((value, ctx) => {
      const subService = read(value, 'subService') as CommercialSubService
      const frequency = read(value, 'frequency') as CommercialFrequency
      if (!COMMERCIAL_SUB_SERVICES.includes(subService) || !COMMERCIAL_FREQUENCIES.includes(frequency)) return
      if (!(COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE[subService] as readonly string[]).includes(frequency)) {
        ctx.addIssue({code: 'custom', path: ['frequency'], message: commercialFrequencyMessage(subService)})
      }
    }, always)
}

/**
 * All booking schemas, with "today" taken from `clock` (tests pass a fixed clock; the app uses the
 * exported schemas below, built with the system clock).
 */
export function createBookingSchemas(clock: Clock = systemClock) {
  const houseBookingSchema = houseSchema(clock)
  const exteriorBookingSchema = exteriorSchema()
  const carpetBookingSchema = carpetSchema(clock)
  const commercialBookingSchema = commercialSchema(clock)
  const bookingRequestSchema = z.discriminatedUnion(
    'industry',
    [houseBookingSchema, exteriorBookingSchema, carpetBookingSchema, commercialBookingSchema],
    {error: UNKNOWN_INDUSTRY_MESSAGE},
  )
  return {houseBookingSchema, exteriorBookingSchema, carpetBookingSchema, commercialBookingSchema, bookingRequestSchema}
}

const defaultSchemas = createBookingSchemas()
export const {houseBookingSchema, exteriorBookingSchema, carpetBookingSchema, commercialBookingSchema, bookingRequestSchema} =
  defaultSchemas

/** What a form holds / a client sends (react-hook-form's field values). */
export type HouseBookingInput = z.input<typeof houseBookingSchema>
export type ExteriorBookingInput = z.input<typeof exteriorBookingSchema>
export type CarpetBookingInput = z.input<typeof carpetBookingSchema>
export type CommercialBookingInput = z.input<typeof commercialBookingSchema>
export type BookingRequestInput = z.input<typeof bookingRequestSchema>

/** Validated, normalised values (what the server prices and stores). */
export type HouseBooking = z.output<typeof houseBookingSchema>
export type ExteriorBooking = z.output<typeof exteriorBookingSchema>
export type CarpetBooking = z.output<typeof carpetBookingSchema>
export type CommercialBooking = z.output<typeof commercialBookingSchema>
export type BookingRequest = z.output<typeof bookingRequestSchema>

export type BookingSchemas = ReturnType<typeof createBookingSchemas>

/** The schema of one industry's form. */
export function bookingSchemaFor<I extends Industry>(industry: I, schemas: BookingSchemas = defaultSchemas) {
  const byIndustry = {
    house: schemas.houseBookingSchema,
    exterior: schemas.exteriorBookingSchema,
    carpet: schemas.carpetBookingSchema,
    commercial: schemas.commercialBookingSchema,
  } as const
  return byIndustry[industry]
}

// ---------------------------------------------------------------------------------------------
// Helpers for the server and storage
// ---------------------------------------------------------------------------------------------

/**
 * One message per field path ("firstName", "instructions.howClean", "extras.Blinds"; "" for the
 * whole request), the first issue of each path, in the order zod reports them. The route handler
 * answers these so the form can show each next to its field.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (!(path in messages)) messages[path] = issue.message
  }
  return messages
}

/** The house instructions keyed by question text, as the spec stores them (§3). */
export function houseInstructionsByQuestion(instructions: HouseBooking['instructions']): Record<HouseInstructionQuestion, string> {
  const [howClean, getInside, whereToPark] = HOUSE_INSTRUCTION_QUESTIONS
  return {
    [howClean.question]: instructions.howClean,
    [getInside.question]: instructions.getInside,
    [whereToPark.question]: instructions.whereToPark,
  } as Record<HouseInstructionQuestion, string>
}
