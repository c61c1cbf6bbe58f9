/**
 * The schemas of the forms that are not bookings (spec §3, §5): the quote request of the quote
 * landing pages, the contact message of the home and contact pages, and the appointment request.
 * Shared by the browser (react-hook-form with zodResolver) and the server, which validates every
 * request again with the same code.
 *
 * Messages are keys (`phoneInvalid`); `createLeadSchemas(messages)` puts each key's text in its place.
 * The browser builds the schemas with the texts of the content (the Forms document in the Studio),
 * the server with the keys themselves (`LEAD_MESSAGE_KEYS_AS_TEXT`), so its answer names each
 * problem by key and the form shows the content's text for it. Output is normalised: text in Unicode
 * NFC (a lone surrogate is refused with `unreadableCharacters`, ../form-input.ts `formText`) and
 * trimmed, phone as 10 digits, optional fields null.
 */
import * as z from 'zod'
import {companyLocalTimeToDate} from '../format'
import {formText, hasControlCharacters, normalizePhone} from '../form-input'
import type {LeadMessageKey, LeadMessages} from './message-keys'

export {isLeadMessageKey, LEAD_MESSAGE_KEYS, LEAD_MESSAGE_KEYS_AS_TEXT, type LeadMessageKey, type LeadMessages} from './message-keys'

/** Longest accepted input of each field (the forms set the same `maxLength`). */
export const LEAD_LIMITS = {
  name: 60,
  fullName: 100,
  email: 254,
  phone: 40,
  zipCode: 10,
  squareFootage: 20,
  desiredServices: 1000,
  heardAboutUs: 80,
  message: 4000,
  pageTitle: 120,
} as const

/** The smallest and largest square footage taken (a typo such as 20000000 is caught). */
export const SQUARE_FOOTAGE_RANGE = {min: 1, max: 1_000_000} as const
/** Patient name: at least 8 characters (spec §9). */
export const PATIENT_NAME_MIN = 8
/** How far ahead an appointment can be asked for. */
export const APPOINTMENT_HORIZON_DAYS = 730

export const GENDERS = ['male', 'female', 'private'] as const
export type Gender = (typeof GENDERS)[number]
export const PREFERRED_MODES = ['voice', 'video'] as const
export type PreferredMode = (typeof PREFERRED_MODES)[number]

/** Runs a check only while its field has no issue yet (the first problem of a field is the one shown). */
const whileValid = {when: (payload: z.core.ParsePayload) => payload.issues.length === 0}

/** Every text field starts here: NFC, no lone surrogates (../form-input.ts); `typeError` when not a string. */
function text(m: LeadMessages, typeError: string) {
  return formText({typeError, unreadable: m.unreadableCharacters})
}

function requiredText(m: LeadMessages, required: LeadMessageKey, max: number, options: {multiline?: boolean; min?: {length: number; key: LeadMessageKey}} = {}) {
  let schema = text(m, m[required]).trim().min(1, {error: m[required]})
  if (options.min) schema = schema.min(options.min.length, {error: m[options.min.key], ...whileValid})
  return schema
    .max(max, {error: m.tooLong, ...whileValid})
    .refine((value) => !hasControlCharacters(value, options.multiline ?? false), {error: m.unsupportedCharacters, ...whileValid})
}

/** Optional text: '' or missing = null. */
function optionalText(m: LeadMessages, max: number, multiline = false) {
  return text(m, m.invalidRequest)
    .trim()
    .max(max, {error: m.tooLong})
    .refine((value) => !hasControlCharacters(value, multiline), {error: m.unsupportedCharacters, ...whileValid})
    .nullish()
    .transform((value) => value || null)
}

function emailField(m: LeadMessages) {
  return text(m, m.emailRequired)
    .trim()
    .min(1, {error: m.emailRequired})
    .max(LEAD_LIMITS.email, {error: m.tooLong, ...whileValid})
    .regex(z.regexes.email, {error: m.emailInvalid, ...whileValid})
}

function phoneField(m: LeadMessages, required: string, invalid: string) {
  return text(m, required)
    .trim()
    .min(1, {error: required})
    .max(LEAD_LIMITS.phone, {error: invalid, ...whileValid})
    .refine((value) => normalizePhone(value) !== null, {error: invalid, ...whileValid})
    .transform((value) => normalizePhone(value) as string)
}

/** Whether a phone number as typed is not yet a valid one (empty counts as not yet typed). */
export function isPhoneTypedInvalid(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && normalizePhone(value) === null
}

function submissionKeyField(m: LeadMessages) {
  return z.uuid({error: m.invalidRequest})
}

/** The page a form was sent from: its path ('/roof-cleaning') and, for quote requests, its service. */
function pageField(m: LeadMessages) {
  return z.object(
    {
      path: z.string({error: m.invalidRequest}).regex(/^\/[A-Za-z0-9\-_/]{0,200}$/, {error: m.invalidRequest}),
      title: optionalText(m, LEAD_LIMITS.pageTitle),
    },
    {error: m.invalidRequest},
  )
}

/** '2,000' or '2000 sq ft' → 2000; '' → null. */
export function parseSquareFootage(value: string): number | null | 'invalid' {
  const text = value.trim().replace(/\s*(sq\.?\s*ft\.?|square\s+feet|sqft)$/i, '')
  if (text === '') return null
  if (!/^\d{1,3}(,\d{3})*$|^\d+$/.test(text)) return 'invalid'
  const number = Number(text.replaceAll(',', ''))
  return number >= SQUARE_FOOTAGE_RANGE.min && number <= SQUARE_FOOTAGE_RANGE.max ? number : 'invalid'
}

function squareFootageField(m: LeadMessages) {
  return text(m, m.squareFootageInvalid)
    .max(LEAD_LIMITS.squareFootage, {error: m.squareFootageInvalid})
    .nullish()
    .refine((value) => value == null || parseSquareFootage(value) !== 'invalid', {error: m.squareFootageInvalid, ...whileValid})
    .transform((value) => (value == null ? null : (parseSquareFootage(value) as number | null)))
}

/** A choice from a fixed list; anything else (including nothing) is `required`. */
function choice<const T extends readonly [string, ...string[]]>(options: T, required: string) {
  return z.enum(options, {error: required})
}

/** Returns "now"; injected so that "in the future" is deterministic in tests. */
export type Clock = () => Date

function appointmentTimeField(m: LeadMessages, clock: Clock) {
  return text(m, m.appointmentTimeRequired)
    .trim()
    .min(1, {error: m.appointmentTimeRequired})
    .refine((value) => companyLocalTimeToDate(value) !== null, {error: m.appointmentTimeInvalid, ...whileValid})
    .refine((value) => (companyLocalTimeToDate(value) as Date).getTime() > clock().getTime(), {error: m.appointmentTimePast, ...whileValid})
    .refine((value) => (companyLocalTimeToDate(value) as Date).getTime() <= clock().getTime() + APPOINTMENT_HORIZON_DAYS * 86_400_000, {
      error: m.appointmentTimeInvalid,
      ...whileValid,
    })
    // The minutes as typed (seconds dropped), and the moment they name in the company's time zone.
    .transform((value) => ({local: value.slice(0, 16), at: (companyLocalTimeToDate(value) as Date).toISOString()}))
}

export function createLeadSchemas(messages: LeadMessages, clock: Clock = () => new Date()) {
  const m = messages
  const quoteRequestSchema = z.object({
    submissionKey: submissionKeyField(m),
    firstName: requiredText(m, 'firstNameRequired', LEAD_LIMITS.name),
    lastName: requiredText(m, 'lastNameRequired', LEAD_LIMITS.name),
    phone: phoneField(m, m.phoneRequired, m.phoneInvalid),
    email: emailField(m),
    zipCode: text(m, m.zipCodeRequired)
      .trim()
      .min(1, {error: m.zipCodeRequired})
      .regex(/^\d{5}(-\d{4})?$/, {error: m.zipCodeInvalid, ...whileValid}),
    squareFootage: squareFootageField(m),
    desiredServices: optionalText(m, LEAD_LIMITS.desiredServices, true),
    heardAboutUs: optionalText(m, LEAD_LIMITS.heardAboutUs),
    termsAccepted: z.literal(true, {error: m.termsRequired}),
    page: pageField(m),
  }, {error: m.invalidRequest})

  const contactMessageSchema = z.object({
    submissionKey: submissionKeyField(m),
    name: requiredText(m, 'nameRequired', LEAD_LIMITS.fullName),
    email: emailField(m),
    phone: phoneField(m, m.phoneRequired, m.phoneInvalid),
    message: requiredText(m, 'messageRequired', LEAD_LIMITS.message, {multiline: true}),
    page: pageField(m),
  }, {error: m.invalidRequest})

  const appointmentSchema = z.object({
    submissionKey: submissionKeyField(m),
    patientName: requiredText(m, 'patientNameRequired', LEAD_LIMITS.fullName, {min: {length: PATIENT_NAME_MIN, key: 'patientNameTooShort'}}),
    patientPhone: phoneField(m, m.patientPhoneRequired, m.patientPhoneInvalid),
    patientGender: choice(GENDERS, m.patientGenderRequired),
    appointmentTime: appointmentTimeField(m, clock),
    preferredMode: choice(PREFERRED_MODES, m.preferredModeRequired),
    page: pageField(m),
  }, {error: m.invalidRequest})

  return {quoteRequestSchema, contactMessageSchema, appointmentSchema}
}

export type LeadSchemas = ReturnType<typeof createLeadSchemas>

/** The three kinds of lead, by their endpoint's name. */
export const LEAD_KINDS = ['quoteRequest', 'contactMessage', 'appointment'] as const
export type LeadKind = (typeof LEAD_KINDS)[number]

export type QuoteRequestInput = z.input<LeadSchemas['quoteRequestSchema']>
export type QuoteRequest = z.output<LeadSchemas['quoteRequestSchema']>
export type ContactMessageInput = z.input<LeadSchemas['contactMessageSchema']>
export type ContactMessage = z.output<LeadSchemas['contactMessageSchema']>
export type AppointmentInput = z.input<LeadSchemas['appointmentSchema']>
export type Appointment = z.output<LeadSchemas['appointmentSchema']>

export type LeadInput = {quoteRequest: QuoteRequestInput; contactMessage: ContactMessageInput; appointment: AppointmentInput}
export type Lead = {quoteRequest: QuoteRequest; contactMessage: ContactMessage; appointment: Appointment}

/** The schema of one kind of lead. */
export function leadSchemaFor<K extends LeadKind>(kind: K, schemas: LeadSchemas): LeadSchemas[`${K}Schema`] {
  return schemas[`${kind}Schema`]
}

/** The name of the hidden field people never see and bots fill in (the honeypot). */
export const HONEYPOT_FIELD = 'website'

/** One message key per field path ('phone', 'page.path'; '' for the whole request), the first of each. */
export function fieldMessageKeys(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (!(path in messages)) messages[path] = issue.message
  }
  return messages
}
