/**
 * The schemas of the forms that are not bookings: the quote request of the quote
 * landing pages, the contact message of the home and contact pages, and the request for a free
 * in-home estimate visit (/appointment).
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
  address: 200,
  service: 80,
  notes: 2000,
  pageTitle: 120,
} as const

/** The smallest and largest square footage taken (a typo such as 20000000 is caught). */
export const SQUARE_FOOTAGE_RANGE = {min: 1, max: 1_000_000} as const
/** How the estimate crew looks at the job: at the address, or a video walk-through with the customer. */
export const WALKTHROUGHS = ['in_person', 'video'] as const
export type Walkthrough = (typeof WALKTHROUGHS)[number]

/** Runs a check only while its field has no issue yet (the first problem of a field is the one shown). */
const whileValid = {when: (payload: z.core.ParsePayload) => payload.issues.length === 0}

/** Every text field starts here: NFC, no lone surrogates (../form-input.ts); `typeError` when not a string. */
function text(m: LeadMessages, typeError: string, multiline = false) {
  return formText({typeError, unreadable: m.unreadableCharacters}, {multiline})
}

function requiredText(m: LeadMessages, required: LeadMessageKey, max: number, options: {multiline?: boolean; min?: {length: number; key: LeadMessageKey}} = {}) {
  let schema = text(m, m[required], options.multiline).trim().min(1, {error: m[required]})
  if (options.min) schema = schema.min(options.min.length, {error: m[options.min.key], ...whileValid})
  return schema
    .max(max, {error: m.tooLong, ...whileValid})
    .refine((value) => !hasControlCharacters(value, options.multiline ?? false), {error: m.unsupportedCharacters, ...whileValid})
}

/** Optional text: '' or missing = null. */
function optionalText(m: LeadMessages, max: number, multiline = false) {
  return text(m, m.invalidRequest, multiline)
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
    // '2000<U+2028>sq ft' would pass as 2000: a line break is refused here as in every single-line field.
    .refine((value) => !hasControlCharacters(value, false), {error: m.unsupportedCharacters, ...whileValid})
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

/** A calendar date, 'YYYY-MM-DD' (whether the estimate crew comes that day is the server's to say). */
const VISIT_DATE = /^\d{4}-\d{2}-\d{2}$/
/** An arrival window as the availability offers it, 'HH:MM-HH:MM'. */
const VISIT_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/

function zipCodeField(m: LeadMessages) {
  return text(m, m.zipCodeRequired)
    .trim()
    .min(1, {error: m.zipCodeRequired})
    .regex(/^\d{5}(-\d{4})?$/, {error: m.zipCodeInvalid, ...whileValid})
}

export function createLeadSchemas(messages: LeadMessages) {
  const m = messages
  const quoteRequestSchema = z.object({
    submissionKey: submissionKeyField(m),
    firstName: requiredText(m, 'firstNameRequired', LEAD_LIMITS.name),
    lastName: requiredText(m, 'lastNameRequired', LEAD_LIMITS.name),
    phone: phoneField(m, m.phoneRequired, m.phoneInvalid),
    email: emailField(m),
    zipCode: zipCodeField(m),
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

  // The in-home estimate request of /appointment (the endpoint keeps its name).
  const appointmentSchema = z.object({
    submissionKey: submissionKeyField(m),
    fullName: requiredText(m, 'nameRequired', LEAD_LIMITS.fullName),
    phone: phoneField(m, m.phoneRequired, m.phoneInvalid),
    email: emailField(m),
    address: requiredText(m, 'addressRequired', LEAD_LIMITS.address),
    zipCode: zipCodeField(m),
    service: requiredText(m, 'serviceRequired', LEAD_LIMITS.service),
    visitDate: text(m, m.visitDateRequired).trim().min(1, {error: m.visitDateRequired}).regex(VISIT_DATE, {error: m.visitDateUnavailable, ...whileValid}),
    visitWindow: text(m, m.visitWindowRequired).trim().min(1, {error: m.visitWindowRequired}).regex(VISIT_WINDOW, {error: m.visitWindowUnavailable, ...whileValid}),
    walkthrough: choice(WALKTHROUGHS, m.walkthroughRequired),
    notes: optionalText(m, LEAD_LIMITS.notes, true),
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
