/**
 * The booking rules the browser needs before the booking schemas have loaded (they load on the
 * form's first use, components/booking/shared/useBookingForm.ts): text limits and "today" in the
 * company's time zone. Plain TypeScript without zod; schemas.ts builds on these.
 */
import {COMPANY_TIME_ZONE} from '../format'
import {COUPON_MAX_LENGTH} from './coupons'

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** Maximum lengths of the text fields (after trimming). */
export const TEXT_LIMITS = {name: 60, email: 254, address: 200, notes: 2000, coupon: COUPON_MAX_LENGTH, phone: 40} as const

// ---------------------------------------------------------------------------------------------
// Clock and dates
// ---------------------------------------------------------------------------------------------

/** Returns "now"; injected so that "today" is deterministic in tests. */
export type Clock = () => Date
export const systemClock: Clock = () => new Date()

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today's date in the company's time zone (America/Los_Angeles) as YYYY-MM-DD, e.g. for `<input min>`. */
export function todayInCompanyTimeZone(now: Date = new Date()): string {
  const parts = Object.fromEntries(dateParts.formatToParts(now).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** A real calendar date written YYYY-MM-DD ("2025-02-30" is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
