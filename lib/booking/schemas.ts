/**
 * The booking request schemas (zod 4), shared by the browser forms (react-hook-form with
 * `zodResolver`) and the server route, which re-validates every request with the same schemas.
 *
 * - Messages come from `message(key, values)` (./message-keys.ts): the browser builds the schemas with
 *   the content's texts (the forms' messages, word for word), the server
 *   with references ("countInvalid?label=Bedrooms&min=1&max=7"), which it answers. Each issue
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
import {messageReference, type BookingMessage} from './message-keys'
import {isCalendarDate, systemClock, TEXT_LIMITS, todayInCompanyTimeZone, type Clock} from './rules'

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
function text(m: BookingMessage, typeError: string, multiline = false) {
  return formText({typeError, unreadable: m('unreadableCharacters')}, {multiline})
}

/** The field names that the length and character messages put in ("First name … the first name"). */
const TEXT_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  address: 'Address',
  notes: 'Notes',
  coupon: 'Coupon code',
} as const

function tooLong(m: BookingMessage, label: string, max: number): string {
  return m('tooLong', {label, max})
}

/** A required single-line text: trimmed, non-empty, at most `max` characters, no control characters. */
function requiredText(m: BookingMessage, required: string, label: string, max: number) {
  return text(m, required)
    .trim()
    .min(1, {error: required})
    .max(max, {error: tooLong(m, label, max), ...whileValid})
    .refine((value) => !hasControlCharacters(value, false), {error: m('unsupportedCharacters', {field: label.toLowerCase()}), ...whileValid})
}

function emailField(m: BookingMessage) {
  const required = m('emailRequired')
  return text(m, required)
    .trim()
    .min(1, {error: required})
    .max(TEXT_LIMITS.email, {error: tooLong(m, TEXT_FIELD_LABELS.email, TEXT_LIMITS.email), ...whileValid})
    .regex(z.regexes.email, {error: m('emailInvalid'), ...whileValid})
}

function phoneField(m: BookingMessage) {
  const required = m('phoneRequired')
  const invalid = m('phoneInvalid')
  return text(m, required)
    .trim()
    .min(1, {error: required})
    .max(TEXT_LIMITS.phone, {error: invalid, ...whileValid})
    .refine((value) => normalizePhone(value) !== null, {error: invalid, ...whileValid})
    .transform((value) => normalizePhone(value) as string)
}

function dateField(m: BookingMessage, clock: Clock) {
  const required = m('dateRequired')
  return text(m, required)
    .trim()
    .min(1, {error: required})
    .refine(isCalendarDate, {error: m('dateInvalid'), ...whileValid})
    .refine((value) => value >= todayInCompanyTimeZone(clock()), {error: m('datePast'), ...whileValid})
}

/**
 * The arrival window, 'HH:MM-HH:MM' (lib/booking/availability.ts `windowId`), required on every
 * form: a customer never pays without saying when. Whether the business offers it on the date is the booking
 * flow's to check (the rules are content), and whether it has room the database's.
 */
function arrivalWindowField(m: BookingMessage) {
  const error = m('windowRequired')
  return text(m, error)
    .trim()
    .min(1, {error})
    .refine((value) => ARRIVAL_WINDOW.test(value), {error: m('windowUnknown'), ...whileValid})
}

const ARRIVAL_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/

/** Optional notes: trimmed, at most 2000 characters; missing or null becomes ''. */
function notesField(m: BookingMessage) {
  const label = TEXT_FIELD_LABELS.notes
  return text(m, m('notesInvalid'), true)
    .trim()
    .max(TEXT_LIMITS.notes, {error: tooLong(m, label, TEXT_LIMITS.notes)})
    .refine((value) => !hasControlCharacters(value, true), {error: m('unsupportedCharacters', {field: label.toLowerCase()}), ...whileValid})
    .nullish()
    .transform((value) => value ?? '')
}

/** A whole number within `range`; out-of-range values are refused, never clamped. */
function countField(m: BookingMessage, range: Pick<CountRange, 'label' | 'min' | 'max'>) {
  const error = m('countInvalid', {label: range.label, min: range.min, max: range.max})
  return z
    .number({error})
    // Not `.int()`: zod always aborts its issue (`continue: false`), which would skip the cross-field rules.
    .refine(Number.isInteger, {error})
    .min(range.min, {error, ...whileValid})
    .max(range.max, {error, ...whileValid})
}

/** `{[name]: count}` for every extra, each 0…EXTRA_COUNT_MAX (missing = 0); unknown names refused. */
function extrasField<const K extends string>(m: BookingMessage, names: readonly K[]) {
  const shape = Object.fromEntries(
    names.map((name) => [name, countField(m, {label: `${name} count`, min: 0, max: EXTRA_COUNT_MAX}).default(0)]),
  ) as Record<K, z.ZodDefault<ReturnType<typeof countField>>>
  const extras = z.strictObject(shape, {error: m('extrasInvalid')})
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
function couponField<const I extends 'house' | 'carpet'>(m: BookingMessage, industry: I) {
  const invalid = m('couponInvalid')
  return text(m, invalid)
    .trim()
    .max(TEXT_LIMITS.coupon, {error: tooLong(m, TEXT_FIELD_LABELS.coupon, TEXT_LIMITS.coupon)})
    .refine((code) => code === '' || findCoupon(industry, code) !== null, {error: invalid, ...whileValid})
    .nullish()
    .transform((code): keyof (typeof COUPONS)[I] | null => (code ? (normalizeCouponCode(code) as keyof (typeof COUPONS)[I]) : null))
}

/** The exterior and commercial forms have no coupon: any code sent is refused. Output null. */
function noCouponField(m: BookingMessage) {
  return z
    .union([z.literal(''), z.null()], {error: m('couponInvalid')})
    .optional()
    .transform((): null => null)
}

function idempotencyKeyField(m: BookingMessage) {
  return z.uuid({error: m('requestInvalid')})
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

function customerFields(m: BookingMessage) {
  return {
    firstName: requiredText(m, m('firstNameRequired'), TEXT_FIELD_LABELS.firstName, TEXT_LIMITS.name),
    lastName: requiredText(m, m('lastNameRequired'), TEXT_FIELD_LABELS.lastName, TEXT_LIMITS.name),
    email: emailField(m),
    phone: phoneField(m),
    address: requiredText(m, m('addressRequired'), TEXT_FIELD_LABELS.address, TEXT_LIMITS.address),
    // The consent to text messages, given only by ticking the box (unticked: none).
    smsConsent: z.boolean({error: m('requestInvalid')}).default(false),
  }
}

/** The three instruction questions, each answered from its list; missing = every question unanswered. */
function instructionsField(m: BookingMessage) {
  const [howClean, getInside, whereToPark] = HOUSE_INSTRUCTION_QUESTIONS
  const missing = (question: HouseInstructionQuestion) => m('answerMissing', {question})
  const instructions = z.object(
    {
      howClean: z.enum(HOW_CLEAN_OPTIONS, {error: missing(howClean.question)}),
      getInside: z.enum(GET_INSIDE_OPTIONS, {error: missing(getInside.question)}),
      whereToPark: z.enum(WHERE_TO_PARK_OPTIONS, {error: missing(whereToPark.question)}),
    },
    {error: missing(howClean.question)},
  )
  // Missing instructions parse as {}, so each question reports its own 'Missing answer for: …'.
  return instructions.prefault({} as z.input<typeof instructions>)
}

function houseSchema(m: BookingMessage, clock: Clock) {
  const frequencyRequired = m('frequencyRequired')
  return z
    .object({
      industry: z.literal('house'),
      idempotencyKey: idempotencyKeyField(m),
      location: z.enum(LOCATIONS, {error: m('locationRequired')}),
      service: z.enum(HOUSE_SERVICES, {error: m('serviceRequired')}),
      /** Required for Regular Cleaning only (checked below). */
      frequency: z.union([z.literal(''), z.enum(HOUSE_FREQUENCIES)], {error: frequencyRequired}).nullish(),
      bedrooms: countField(m, HOUSE_COUNTS.bedrooms),
      bathrooms: countField(m, HOUSE_COUNTS.bathrooms),
      halfBaths: countField(m, HOUSE_COUNTS.halfBaths),
      dens: countField(m, HOUSE_COUNTS.dens),
      /** Time Required, Post Construction only: more than 0 minutes in all (checked below). */
      hours: countField(m, HOUSE_HOURS).default(0),
      minutes: z.literal(HOUSE_MINUTE_OPTIONS, {error: m('minutesInvalid')}).default(0),
      extras: extrasField(m, HOUSE_EXTRAS),
      instructions: instructionsField(m),
      date: dateField(m, clock),
      arrivalWindow: arrivalWindowField(m),
      tip: z.enum(HOUSE_TIP_OPTIONS, {error: m('tipInvalid')}).default('0%'),
      parkingFee: z.enum(HOUSE_PARKING_OPTIONS, {error: m('parkingInvalid')}).default('$0'),
      ...customerFields(m),
      notes: notesField(m),
      coupon: couponField(m, 'house'),
    })
    .superRefine((value, ctx) => {
      const service = read(value, 'service')
      const frequency = read(value, 'frequency')
      if (service === 'Regular Cleaning' && (frequency === '' || frequency == null)) {
        ctx.addIssue({code: 'custom', path: ['frequency'], message: frequencyRequired})
      }
      const hours = read(value, 'hours') ?? 0
      const minutes = read(value, 'minutes') ?? 0
      if (service === 'Post Construction' && isWholeNumber(hours) && isWholeNumber(minutes) && hours * 60 + minutes <= 0) {
        ctx.addIssue({code: 'custom', path: ['hours'], message: m('timeRequired')})
      }
    }, always)
    .transform((value) => ({
      ...value,
      frequency: value.service === 'Regular Cleaning' ? value.frequency || null : null,
      hours: value.service === 'Post Construction' ? value.hours : 0,
      minutes: value.service === 'Post Construction' ? value.minutes : (0 as const),
    }))
}

function exteriorSchema(m: BookingMessage, clock: Clock) {
  return z.object({
    industry: z.literal('exterior'),
    idempotencyKey: idempotencyKeyField(m),
    service: z.enum(EXTERIOR_SERVICES, {error: m('serviceRequired')}),
    frequency: z.enum(EXTERIOR_FREQUENCIES, {error: m('frequencyRequired')}),
    /** Recorded but not priced. */
    tip: z.enum(EXTERIOR_TIP_OPTIONS, {error: m('tipInvalid')}).default('0%'),
    /** Recorded but not priced. */
    parkingFee: z.enum(EXTERIOR_PARKING_OPTIONS, {error: m('parkingInvalid')}).default('$0'),
    keyInfo: optionalChoice(KEY_INFO_OPTIONS, m('keyInfoInvalid')),
    date: dateField(m, clock),
    arrivalWindow: arrivalWindowField(m),
    ...customerFields(m),
    notes: notesField(m),
    coupon: noCouponField(m),
  })
}

function carpetSchema(m: BookingMessage, clock: Clock) {
  return z
    .object({
      industry: z.literal('carpet'),
      idempotencyKey: idempotencyKeyField(m),
      location: z.enum(LOCATIONS, {error: m('locationRequired')}),
      frequency: z.enum(CARPET_FREQUENCIES, {error: m('frequencyRequired')}),
      rooms: countField(m, CARPET_COUNTS.rooms),
      stairs: countField(m, CARPET_COUNTS.stairs),
      extras: extrasField(m, CARPET_EXTRAS),
      date: dateField(m, clock),
      arrivalWindow: arrivalWindowField(m),
      ...customerFields(m),
      keyInfo: optionalChoice(KEY_INFO_OPTIONS, m('keyInfoInvalid')),
      notes: notesField(m),
      coupon: couponField(m, 'carpet'),
    })
    .superRefine((value, ctx) => {
      const rooms = read(value, 'rooms')
      const stairs = read(value, 'stairs')
      if (isWholeNumber(rooms) && isWholeNumber(stairs) && rooms + stairs < 1) {
        ctx.addIssue({code: 'custom', path: ['rooms'], message: m('roomsRequired')})
      }
    }, always)
}

function commercialSchema(m: BookingMessage, clock: Clock) {
  return z
    .object({
      industry: z.literal('commercial'),
      idempotencyKey: idempotencyKeyField(m),
      /** Optional; missing or '' = Snohomish County. */
      location: z
        .union([z.literal(''), z.enum(LOCATIONS)], {error: m('locationRequired')})
        .nullish()
        .transform((value) => value || DEFAULT_LOCATION),
      subService: z.enum(COMMERCIAL_SUB_SERVICES, {error: m('serviceRequired')}),
      frequency: z.enum(COMMERCIAL_FREQUENCIES, {error: m('frequencyRequired')}),
      date: dateField(m, clock),
      arrivalWindow: arrivalWindowField(m),
      ...customerFields(m),
      notes: notesField(m),
      coupon: noCouponField(m),
    })
    .superRefine((value, ctx) => {
      const subService = read(value, 'subService') as CommercialSubService
      const frequency = read(value, 'frequency') as CommercialFrequency
      if (!COMMERCIAL_SUB_SERVICES.includes(subService) || !COMMERCIAL_FREQUENCIES.includes(frequency)) return
      const offered: readonly string[] = COMMERCIAL_FREQUENCIES_BY_SUB_SERVICE[subService]
      if (!offered.includes(frequency)) {
        // "Please choose One-Time for Construction Final Clean."
        ctx.addIssue({code: 'custom', path: ['frequency'], message: m('frequencyNotOffered', {frequencies: offered.join(' or '), service: subService})})
      }
    }, always)
}

const SCHEMA_BUILDERS = {
  house: houseSchema,
  exterior: exteriorSchema,
  carpet: carpetSchema,
  commercial: commercialSchema,
} as const

/** One form's schema, worded by `message` (the browser: the content's texts; ./message-keys.ts). */
export function createBookingSchema<I extends Industry>(industry: I, message: BookingMessage, clock: Clock = systemClock): ReturnType<(typeof SCHEMA_BUILDERS)[I]> {
  return SCHEMA_BUILDERS[industry](message, clock) as ReturnType<(typeof SCHEMA_BUILDERS)[I]>
}

/**
 * All booking schemas as the server runs them, with "today" taken from `clock` (tests pass a fixed
 * clock; the exported schemas below use the system clock) and messages worded by `message`
 * (by default references, which the server answers).
 */
export function createBookingSchemas(clock: Clock = systemClock, message: BookingMessage = messageReference) {
  const houseBookingSchema = houseSchema(message, clock)
  const exteriorBookingSchema = exteriorSchema(message, clock)
  const carpetBookingSchema = carpetSchema(message, clock)
  const commercialBookingSchema = commercialSchema(message, clock)
  const bookingRequestSchema = z.discriminatedUnion(
    'industry',
    [houseBookingSchema, exteriorBookingSchema, carpetBookingSchema, commercialBookingSchema],
    {error: message('unknownForm')},
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

// ---------------------------------------------------------------------------------------------
// Helpers for the server and storage
// ---------------------------------------------------------------------------------------------

/**
 * One message per field path ("firstName", "instructions.howClean", "extras.Blinds"; "" for the
 * whole request), the first issue of each path, in the order zod reports them. The route handler
 * answers these (references) so the form can show each next to its field.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (!(path in messages)) messages[path] = issue.message
  }
  return messages
}

/** The house instructions keyed by question text, as they are stored. */
export function houseInstructionsByQuestion(instructions: HouseBooking['instructions']): Record<HouseInstructionQuestion, string> {
  const [howClean, getInside, whereToPark] = HOUSE_INSTRUCTION_QUESTIONS
  return {
    [howClean.question]: instructions.howClean,
    [getInside.question]: instructions.getInside,
    [whereToPark.question]: instructions.whereToPark,
  } as Record<HouseInstructionQuestion, string>
}
