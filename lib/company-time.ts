/**
 * Company time: Renton's wall clock (America/Los_Angeles) and the instants it names, across
 * daylight-saving changes, with @date-fns/tz doing the arithmetic (the words are Intl's, in
 * ./format.ts). A module of its own so that the browser, which needs only ./format.ts, does not
 * load the library: a bundler keeps a package's import that does not say it is free of side effects.
 */
import {TZDateMini} from '@date-fns/tz'
import {COMPANY_TIME_ZONE} from './format'

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * The moment a wall-clock time in the company's time zone names ('2026-12-01T10:30', as an
 * `<input type="datetime-local">` gives it), across daylight-saving changes; null when the text is
 * not a real date and time. @date-fns/tz does the arithmetic: a time skipped by the spring change
 * counts as the hour after, the hour repeated in the fall is read the first time round.
 */
export function companyLocalTimeToDate(local: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local)
  if (!match) return null
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0))
  // A real calendar day and time: the library, like Date, would roll "February 30" over into March.
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null
  }
  return new Date(new TZDateMini(year, month - 1, day, hour, minute, second, COMPANY_TIME_ZONE).getTime())
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** The company's wall-clock time now as 'YYYY-MM-DDTHH:mm' (an `<input type="datetime-local">` value). */
export function companyLocalNow(now: Date = new Date()): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid time value')
  // The date's getters read Renton's wall clock at that moment.
  const wall = new TZDateMini(now.getTime(), COMPANY_TIME_ZONE)
  return `${wall.getFullYear()}-${twoDigits(wall.getMonth() + 1)}-${twoDigits(wall.getDate())}T${twoDigits(wall.getHours())}:${twoDigits(wall.getMinutes())}`
}
