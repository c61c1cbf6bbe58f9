/**
 * When the crews can come: the business's availability rules (edited in the Studio's Availability
 * document, read by lib/content) and what they allow. Each crew has its own working days, hours and
 * arrival windows (the commercial crew cleans offices early, late and on weekends; the house crews
 * do not); the holidays, the lead time and the horizon are the business's, shared by all. Plain
 * TypeScript, no I/O: the server checks a booking's date and arrival window with these, the
 * availability endpoint offers what they allow, and the database alone counts the places taken
 * (supabase/migrations: a window's capacity is enforced there, under a lock, so two servers can
 * never both sell the last place).
 *
 * Every date is a calendar date in the company's time zone (America/Los_Angeles), 'YYYY-MM-DD';
 * every time a wall-clock time there, 'HH:MM'. A window's start is turned into an instant with the
 * offset of its own day, so the windows stay at 8–10 across daylight-saving changes.
 */
import {companyLocalNow, companyLocalTimeToDate} from '../company-time'
import type {Industry} from './catalog'

/** The crews that take bookings: house and carpet cleaning share the indoor crews; exterior and commercial have their own. */
export const SERVICE_FAMILIES = ['indoor', 'exterior', 'commercial'] as const
export type ServiceFamily = (typeof SERVICE_FAMILIES)[number]

export const SERVICE_FAMILY: Record<Industry, ServiceFamily> = {house: 'indoor', carpet: 'indoor', exterior: 'exterior', commercial: 'commercial'}

/**
 * Every crew with hours of its own: the three booking crews, and the estimate visits (/appointment),
 * which the site offers but never counts: the office confirms each visit by phone.
 */
export const CREWS = [...SERVICE_FAMILIES, 'estimate'] as const
export type Crew = (typeof CREWS)[number]

/** How the Studio and the rules' problems name each crew (editors read these). */
export const CREW_NAMES: Record<Crew, string> = {
  indoor: 'House and carpet crews',
  exterior: 'Exterior crews',
  commercial: 'Commercial crews',
  estimate: 'Estimate visits',
}

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export type ArrivalWindow = {
  /** 'HH:MM', the earliest arrival. */
  start: string
  /** 'HH:MM', the latest arrival. */
  end: string
  /**
   * How many bookings the window takes (0: not offered); the database counts them. The estimate
   * visits are not counted: their windows hold 1, one visit the office then confirms by phone.
   */
  capacity: number
}

/** One crew's week: the days it works, its working day, and its arrival windows inside it. */
export type CrewHours = {
  workingDays: readonly Weekday[]
  /** 'HH:MM': the crew's working day; every window lies inside it. */
  opensAt: string
  closesAt: string
  windows: readonly ArrivalWindow[]
}

export type AvailabilityRules = {
  /** Each crew's own days, hours and windows (the commercial crew works evenings and weekends). */
  crews: Readonly<Record<Crew, CrewHours>>
  /** Days the whole business is closed although a working day (holidays), 'YYYY-MM-DD'. */
  closedDates: readonly string[]
  /** The earliest bookable day is today plus this many days… */
  leadDays: number
  /** …and one more once the company's clock has passed this time ('HH:MM'), e.g. '17:00'. */
  leadCutoff: string
  /** The last bookable day is today plus this many days. */
  horizonDays: number
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** '08:00-10:00': how a window is named in requests, storage and the availability answer. */
export function windowId(window: Pick<ArrivalWindow, 'start' | 'end'>): string {
  return `${window.start}-${window.end}`
}

export function isTime(value: string): boolean {
  return TIME.test(value)
}

function minutes(time: string): number {
  const match = TIME.exec(time)
  if (!match) throw new RangeError(`Not a time: ${time}`)
  return Number(match[1]) * 60 + Number(match[2])
}

function utcDay(date: string): Date {
  const match = DATE.exec(date)
  if (!match) throw new RangeError(`Not a date: ${date}`)
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const day = utcDay(date)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[utcDay(date).getUTCDay()]
}

/**
 * Problems with the rules themselves (what the Studio refuses): the shared lead time, cut-off and
 * horizon, then each crew's own (named with the crew): no working day, a working day that does not
 * open before it closes, windows outside it, ending before they start, overlapping or repeated,
 * negative or fractional capacities, no window offered at all. Empty when the rules are sound.
 */
export function rulesProblems(rules: AvailabilityRules): string[] {
  const problems: string[] = []
  if (!isTime(rules.leadCutoff)) problems.push('The cut-off must be a time (HH:MM).')
  if (!Number.isInteger(rules.leadDays) || rules.leadDays < 0) problems.push('The lead time must be a whole number of days, 0 or more.')
  if (!Number.isInteger(rules.horizonDays) || rules.horizonDays < rules.leadDays) problems.push('The booking horizon must be a whole number of days, at least the lead time.')
  for (const crew of CREWS) problems.push(...crewProblems(crew, rules.crews[crew]).map((problem) => `${CREW_NAMES[crew]}: ${problem}`))
  return problems
}

/** One crew's problems (rulesProblems names the crew before each). */
function crewProblems(crew: Crew, hours: CrewHours): string[] {
  const problems: string[] = []
  if (hours.workingDays.length === 0) problems.push('choose at least one working day.')
  if (!isTime(hours.opensAt) || !isTime(hours.closesAt) || minutes(hours.opensAt) >= minutes(hours.closesAt)) {
    problems.push('the working day must open before it closes (times as HH:MM).')
    return problems
  }
  const sorted = [...hours.windows].sort((a, b) => (a.start < b.start ? -1 : 1))
  sorted.forEach((window, index) => {
    const name = `the window ${windowId(window)}`
    if (!isTime(window.start) || !isTime(window.end) || minutes(window.start) >= minutes(window.end)) {
      problems.push(`${name} must start before it ends (times as HH:MM).`)
      return
    }
    if (minutes(window.start) < minutes(hours.opensAt) || minutes(window.end) > minutes(hours.closesAt)) {
      problems.push(`${name} must lie inside the working day (${hours.opensAt}–${hours.closesAt}).`)
    }
    const next = sorted[index + 1]
    if (next && isTime(next.start) && minutes(next.start) < minutes(window.end)) problems.push(`${name} overlaps ${windowId(next)}.`)
    if (crew !== 'estimate' && (!Number.isInteger(window.capacity) || window.capacity < 0)) problems.push(`${name}: the places must be a whole number, 0 or more.`)
  })
  if (!hours.windows.some((window) => window.capacity > 0)) problems.push('offer at least one arrival window.')
  return problems
}

/** Today in the company's time zone, and the wall-clock time there. */
function companyToday(now: Date): {date: string; time: string} {
  const [date, time] = companyLocalNow(now).split('T')
  return {date, time}
}

/** The first day a customer can book now (lead time and its evening cut-off). */
export function earliestBookableDate(rules: AvailabilityRules, now: Date): string {
  const today = companyToday(now)
  return addDays(today.date, rules.leadDays + (today.time >= rules.leadCutoff ? 1 : 0))
}

/** The last day a customer can book now. */
export function latestBookableDate(rules: AvailabilityRules, now: Date): string {
  return addDays(companyToday(now).date, rules.horizonDays)
}

/** Why a date cannot be booked; the keys are the booking forms' messages. */
export type DateRefusal = 'dateInvalid' | 'dateTooSoon' | 'dateTooFar' | 'dateClosed'

/** Whether `crew` works on `date` (one of its working days, and not a closed date). */
export function isOpenDay(rules: AvailabilityRules, crew: Crew, date: string): boolean {
  return rules.crews[crew].workingDays.includes(weekdayOf(date)) && !rules.closedDates.includes(date)
}

/** Why `crew` cannot be asked for on `date` now, or null: the shared lead time and horizon, then the crew's days. */
export function dateRefusal(rules: AvailabilityRules, crew: Crew, date: string, now: Date): DateRefusal | null {
  if (!DATE.test(date) || utcDay(date).toISOString().slice(0, 10) !== date) return 'dateInvalid'
  if (date < earliestBookableDate(rules, now)) return 'dateTooSoon'
  if (date > latestBookableDate(rules, now)) return 'dateTooFar'
  if (!isOpenDay(rules, crew, date)) return 'dateClosed'
  return null
}

/** The windows a crew works on any of its open days (with places), in the day's order. */
export function crewWindows(rules: AvailabilityRules, crew: Crew): ArrivalWindow[] {
  return [...rules.crews[crew].windows].filter((window) => window.capacity > 0).sort((a, b) => (a.start < b.start ? -1 : 1))
}

/** The moment a window starts on a date (its wall-clock start in Renton, daylight saving included). */
export function windowStartsAt(date: string, window: Pick<ArrivalWindow, 'start'>): Date {
  const instant = companyLocalTimeToDate(`${date}T${window.start}`)
  if (!instant) throw new RangeError(`Not a date and time: ${date}T${window.start}`)
  return instant
}

/** Why a date and window cannot be asked for: the booking forms' (and the estimate form's) message keys. */
export type SlotRefusal = DateRefusal | 'windowUnknown'

/**
 * Whether `crew` may be asked for on `date` in `window` now, by the rules alone: the window, and
 * when it starts.
 */
function crewSlot(rules: AvailabilityRules, crew: Crew, date: string, window: string, now: Date): {ok: true; window: ArrivalWindow; startsAt: Date} | {ok: false; reason: SlotRefusal} {
  const refusal = dateRefusal(rules, crew, date, now)
  if (refusal) return {ok: false, reason: refusal}
  const found = crewWindows(rules, crew).find((candidate) => windowId(candidate) === window)
  if (!found) return {ok: false, reason: 'windowUnknown'}
  const startsAt = windowStartsAt(date, found)
  // With no lead time, today's windows that have begun are gone.
  if (startsAt.getTime() <= now.getTime()) return {ok: false, reason: 'dateTooSoon'}
  return {ok: true, window: found, startsAt}
}

/** A slot a booking can hold: a date, one of its crew's windows, and that window's capacity. */
export type Slot = {
  family: ServiceFamily
  date: string
  window: string
  capacity: number
  startsAt: Date
}

export type SlotCheck = {ok: true; slot: Slot} | {ok: false; reason: SlotRefusal}

/**
 * Whether a booking of `industry` may ask for `date` and `window` now, by its crew's rules alone;
 * whether the window still has room is the database's to say (it counts the places taken under a lock).
 */
export function checkSlot(rules: AvailabilityRules, industry: Industry, date: string, window: string, now: Date): SlotCheck {
  const family = SERVICE_FAMILY[industry]
  const check = crewSlot(rules, family, date, window, now)
  if (!check.ok) return check
  return {ok: true, slot: {family, date, window, capacity: check.window.capacity, startsAt: check.startsAt}}
}

/** An estimate visit the customer may ask for: nothing is held, the office confirms it by phone. */
export type EstimateVisit = {date: string; window: string; startsAt: Date}

export type EstimateVisitCheck = {ok: true; visit: EstimateVisit} | {ok: false; reason: SlotRefusal}

/** Whether an in-home estimate may be asked for on `date` in `window` now, by the estimate crew's rules. */
export function checkEstimateVisit(rules: AvailabilityRules, date: string, window: string, now: Date): EstimateVisitCheck {
  const check = crewSlot(rules, 'estimate', date, window, now)
  if (!check.ok) return check
  return {ok: true, visit: {date, window, startsAt: check.startsAt}}
}

/** One bookable day as the form offers it: each window of the crew with the places left. */
export type OfferedDay = {date: string; windows: {window: string; start: string; end: string; left: number}[]}

/**
 * The days and windows a crew can be asked for now: its open days from the earliest to the latest
 * bookable day, each window with its capacity less `taken` (places held or paid, by
 * `${date} ${window}`; an empty map for the estimate visits, which nothing counts). Days whose
 * windows are all full are left out.
 */
export function offeredDays(rules: AvailabilityRules, crew: Crew, now: Date, taken: ReadonlyMap<string, number>): OfferedDay[] {
  const windows = crewWindows(rules, crew)
  const days: OfferedDay[] = []
  const last = latestBookableDate(rules, now)
  const today = companyToday(now).date
  for (let date = earliestBookableDate(rules, now); date <= last; date = addDays(date, 1)) {
    if (!isOpenDay(rules, crew, date)) continue
    // Only today's windows can have begun (with no lead time); later days' are all ahead.
    const begun = (window: Pick<ArrivalWindow, 'start'>) => date === today && windowStartsAt(date, window).getTime() <= now.getTime()
    const offered = windows
      .map((window) => ({
        window: windowId(window),
        start: window.start,
        end: window.end,
        left: window.capacity - (taken.get(slotKey(date, windowId(window))) ?? 0),
      }))
      .filter((window) => window.left > 0 && !begun(window))
    if (offered.length > 0) days.push({date, windows: offered})
  }
  return days
}

/** How `offeredDays` finds the places taken in a window. */
export function slotKey(date: string, window: string): string {
  return `${date} ${window}`
}

/** The notice for a change: a booking can be moved until 24 hours before its window starts. */
export const RESCHEDULE_NOTICE_HOURS = 24

export function canReschedule(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() > RESCHEDULE_NOTICE_HOURS * 60 * 60 * 1000
}
