import * as z from 'zod'

/**
 * What the office accepts as typed text and as a date, from a form or from the address bar. The
 * database refuses a NUL in text and a year 0 in a date with an error (a 500 if it got that far),
 * and no one types a control character on purpose: both are refused here, before any work, with a
 * message naming the field. Plain TypeScript.
 */

/** The years a date in the office may name: far enough either way for any booking, and what PostgreSQL and the calendar code agree on. */
export const OFFICE_YEARS = {first: 1900, last: 2200} as const

/** Control characters (C0, DEL, C1); a multi-line text may hold line breaks and tabs. */
const CONTROL = /\p{Cc}/u
const CONTROL_BUT_LINES = /[^\P{Cc}\n\r\t]/u

export const INPUT_MESSAGES = {
  control: 'must not contain control characters',
  unreadable: 'is not readable text',
  date: `must be a date YYYY-MM-DD between the years ${OFFICE_YEARS.first} and ${OFFICE_YEARS.last}`,
  uuid: 'is not an id the office knows',
  slug: 'is not one the office knows',
} as const

/** Why `value` cannot be office text ('control' or 'unreadable' (a lone surrogate)), or null. */
export function textProblem(value: string, options: {multiline?: boolean} = {}): 'control' | 'unreadable' | null {
  if (!value.isWellFormed()) return 'unreadable'
  return (options.multiline ? CONTROL_BUT_LINES : CONTROL).test(value) ? 'control' : null
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `value` is a real calendar date 'YYYY-MM-DD' in the office's years. */
export function isOfficeDate(value: string | null | undefined): value is string {
  const parts = value ? DATE.exec(value) : null
  if (!parts) return false
  const year = Number(parts[1])
  if (year < OFFICE_YEARS.first || year > OFFICE_YEARS.last) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/** One line of text (a search, a subject, an e-mail address, a name): no control character at all. */
export function officeLine() {
  return z
    .string()
    .refine((value) => value.isWellFormed(), INPUT_MESSAGES.unreadable)
    .refine((value) => !CONTROL.test(value), INPUT_MESSAGES.control)
}

/** Several lines (a note, a message): line breaks and tabs allowed, no other control character. */
export function officeLines() {
  return z
    .string()
    .refine((value) => value.isWellFormed(), INPUT_MESSAGES.unreadable)
    .refine((value) => !CONTROL_BUT_LINES.test(value), INPUT_MESSAGES.control)
}

/** A form field that may be missing: '' then, as the office's forms read an empty field. */
export function optionalField<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess((value) => value ?? '', schema)
}

/** A date 'YYYY-MM-DD' in the office's years. */
export function officeDate() {
  return z.string().refine(isOfficeDate, INPUT_MESSAGES.date)
}

/** A route's id segment: a UUID. */
export function officeUuid() {
  return z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, INPUT_MESSAGES.uuid)
}

/** A route's name segment (a crew, a lead kind): plain lower-case letters and hyphens. */
export function officeSlug() {
  return z.string().regex(/^[a-z][a-z-]{0,39}$/, INPUT_MESSAGES.slug)
}

/** The first refused field of a zod error, as the office names it to whoever sent it. */
export function refusedField(error: z.ZodError): {field: string; message: string} {
  const issue = error.issues[0]
  const field = issue && issue.path.length > 0 ? String(issue.path[0]) : 'form'
  return {field, message: issue?.message ?? INPUT_MESSAGES.unreadable}
}

/**
 * An address-bar parameter the page refuses (a search with a control character, a date out of the
 * office's years): its name and why, said on the page above what it shows instead.
 */
export type RefusedParameter = {field: string; message: string}

/** The first of `params`' text parameters holding a control character, or null. */
export function refusedText(params: Record<string, string | null | undefined>): RefusedParameter | null {
  for (const [field, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue
    const problem = textProblem(value)
    if (problem) return {field, message: INPUT_MESSAGES[problem]}
  }
  return null
}

/** The first of `params`' date parameters that is given but not an office date, or null. */
export function refusedDate(params: Record<string, string | null | undefined>): RefusedParameter | null {
  for (const [field, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue
    if (!isOfficeDate(value)) return {field, message: INPUT_MESSAGES.date}
  }
  return null
}

/** A posted form as a domain action reads it: the route's checked fields, or FormData (tests). */
export type PostedForm = {get(name: string): unknown} | Readonly<Record<string, unknown>>

/** One posted field's text ('' when absent or not text). */
export function postedText(form: PostedForm, name: string): string {
  const value = typeof form.get === 'function' ? (form as {get(name: string): unknown}).get(name) : (form as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : ''
}

/** The segments of a route under …/[id]/: a UUID. */
export const officeUuidParams = z.object({id: officeUuid()})
