import {companyLocalNow, companyLocalTimeToDate} from '../company-time'

/**
 * No text between 9 pm and 8 am company time (Renton, America/Los_Angeles), as the FAQ promises:
 * a text due then goes at 8 am. Plain TypeScript on the company's wall clock, across daylight-saving
 * changes (../company-time.ts).
 */
export const QUIET_HOURS = {from: 21, until: 8} as const

function localHour(at: Date): number {
  return Number(companyLocalNow(at).slice(11, 13))
}

/** Whether `at` falls in quiet hours (21:00 up to 08:00 company time). */
export function inQuietHours(at: Date): boolean {
  const hour = localHour(at)
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until
}

/** The day after a 'YYYY-MM-DD' date. */
function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
}

const UNTIL = `T${String(QUIET_HOURS.until).padStart(2, '0')}:00`

/** The first moment at or after `due` outside quiet hours: `due` itself, or the next 08:00. */
export function sendableAt(due: Date): Date {
  if (!inQuietHours(due)) return due
  const today = companyLocalNow(due).slice(0, 10)
  const day = localHour(due) >= QUIET_HOURS.from ? nextDay(today) : today
  return companyLocalTimeToDate(`${day}${UNTIL}`) as Date
}

/** The company's date before 'YYYY-MM-DD'. */
export function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10)
}
