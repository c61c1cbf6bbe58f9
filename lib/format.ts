/** Small, framework-free formatting helpers shared by server and client code. */

/**
 * A `tel:` link for a North American phone number as people write it ("(425) 555-0142",
 * "425.555.0142", "+1 425 555 0142"): digits only, with the +1 country code.
 * Numbers that are not 10 digits (or 11 starting with 1) keep their digits as written.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `tel:+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`
}

/** A `mailto:` link for an e-mail address. */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`
}

export type PostalAddress = {
  street: string
  city: string
  region: string
  postalCode: string
  country: string
}

/** An address as display lines: ["123 Main St", "Renton, WA 98057"]. The country is left out. */
export function addressLines(address: PostalAddress): string[] {
  const locality = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  return [address.street, locality].filter(Boolean)
}

/** The company's time zone: dates are shown as a visitor in Renton would read them. */
export const COMPANY_TIME_ZONE = 'America/Los_Angeles'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * A date in en-US long form ("January 21, 2025"), in the company's time zone. A calendar date
 * ("2025-01-21", Sanity's `date` type) is shown as that day, never shifted by the time zone; a
 * date-time is converted to Pacific time first.
 */
export function formatDate(value: string): string {
  const dateOnly = DATE_ONLY.exec(value)
  // Noon UTC of a calendar date is the same calendar day in every US time zone.
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]), 12))
    : new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${value}`)
  return new Intl.DateTimeFormat('en-US', {dateStyle: 'long', timeZone: COMPANY_TIME_ZONE}).format(date)
}

/** The weekday of a calendar date ("2025-01-21" → "Tuesday"), as formatDate reads the day. */
export function formatWeekday(date: string): string {
  if (!DATE_ONLY.test(date)) throw new RangeError(`Not a calendar date: ${date}`)
  return new Intl.DateTimeFormat('en-US', {weekday: 'long', timeZone: 'UTC'}).format(new Date(`${date}T12:00:00Z`))
}

/** +1 (425) 555-0142 style for ten digits ("4255550142" → "(425) 555-0142"); anything else as given. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '')
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value
}

/** A moment as the company's wall clock shows it: "December 1, 2026 at 10:30 AM". */
export function formatCompanyDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return new Intl.DateTimeFormat('en-US', {dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE}).format(date)
}

/** A time of day on the company's clock ('8:12 AM'). */
export function formatCompanyTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return new Intl.DateTimeFormat('en-US', {timeStyle: 'short', timeZone: COMPANY_TIME_ZONE}).format(date)
}

/**
 * A content text with its {placeholders} filled in, e.g. "{hourlyRate}" with the price list's rate:
 * prices in a sentence come from the code, never typed by an editor. Unknown names stay as written.
 */
export function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
