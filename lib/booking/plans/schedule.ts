/**
 * When a plan's visits come, and where a visit goes when its own window is full. Plain
 * TypeScript, no I/O: the database alone decides whether a
 * window still has a place (add_plan_visit tries the candidates in order under the window's lock).
 *
 * - Weekly: every 7 days from the first visit; every other week: every 14.
 * - Monthly, every 3 and every 6 months: the same weekday of the same week of the month as the
 *   first visit (the 2nd Tuesday → the 2nd Tuesday), every 1, 3 or 6 months; a first visit in a
 *   month's 5th week → the last such weekday (what calendars call FREQ=MONTHLY;BYDAY=-1TU).
 * - Visits are generated up to the booking horizon (today + the rules' horizonDays).
 * - A visit whose window is full, closed (a holiday) or no longer offered is placed in the nearest
 *   free window of that calendar week (Sunday to Saturday): the same day's other windows nearest in
 *   time, then the other days, nearest first.
 */
import {addDays, crewWindows, earliestBookableDate, isOpenDay, latestBookableDate, weekdayOf, WEEKDAYS, windowId, windowStartsAt, type AvailabilityRules, type ServiceFamily} from '../availability'
import type {Cadence} from './plan'
import type {PlanSettings} from './settings'

/** Calendar-date arithmetic in UTC: a date here is a day of the company's calendar, never an instant. */
function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`)
}

function iso(day: Date): string {
  return day.toISOString().slice(0, 10)
}

function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000)
}

const MONTHS: Partial<Record<Cadence, number>> = {monthly: 1, every_3_months: 3, every_6_months: 6}
const DAYS: Partial<Record<Cadence, number>> = {weekly: 7, every_other_week: 14}

/** Which week of its month a date is in (1–5) and its weekday (0 = Sunday). */
export function weekOfMonth(date: string): {week: number; weekday: number} {
  const day = utc(date)
  return {week: Math.ceil(day.getUTCDate() / 7), weekday: day.getUTCDay()}
}

/** The `week`-th `weekday` of a month (year, month 0–11); week 5 means the last one. */
function nthWeekday(year: number, month: number, weekday: number, week: number): string {
  if (week >= 5) {
    const last = new Date(Date.UTC(year, month + 1, 0))
    last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7))
    return iso(last)
  }
  const first = new Date(Date.UTC(year, month, 1))
  first.setUTCDate(1 + ((weekday - first.getUTCDay() + 7) % 7) + (week - 1) * 7)
  return iso(first)
}

/** The date of a plan's `visit`-th visit (1: the first, the anchor). */
export function visitDate(anchorDate: string, cadence: Cadence, visit: number): string {
  if (!Number.isInteger(visit) || visit < 1) throw new RangeError(`Not a visit number: ${visit}`)
  const days = DAYS[cadence]
  if (days) return addDays(anchorDate, days * (visit - 1))
  const months = MONTHS[cadence] as number
  const anchor = utc(anchorDate)
  const {week, weekday} = weekOfMonth(anchorDate)
  const index = anchor.getUTCMonth() + months * (visit - 1)
  return nthWeekday(anchor.getUTCFullYear() + Math.floor(index / 12), index % 12, weekday, week)
}

/** One visit the plan's cadence brings: its number (2, 3 …) and date. */
export type ScheduledDate = {visit: number; date: string}

/**
 * The plan's visits after `after` (exclusive, e.g. the date generated through) up to `through`
 * (inclusive, the horizon), the first visit never included.
 */
export function visitDatesBetween(plan: {anchorDate: string; cadence: Cadence}, after: string, through: string): ScheduledDate[] {
  const dates: ScheduledDate[] = []
  // Start near `after` rather than at the anchor: a plan may be years old.
  const days = DAYS[plan.cadence]
  const months = MONTHS[plan.cadence]
  let visit = 2
  if (days) visit = Math.max(2, Math.floor(daysBetween(plan.anchorDate, after) / days) + 1)
  else if (months) visit = Math.max(2, Math.floor(daysBetween(plan.anchorDate, after) / (31 * months)))
  for (; ; visit += 1) {
    const date = visitDate(plan.anchorDate, plan.cadence, visit)
    if (date > through) break
    if (date > after) dates.push({visit, date})
  }
  return dates
}

/** The last day visits are generated for now: the rules' booking horizon. */
export function planHorizon(rules: AvailabilityRules, now: Date): string {
  return latestBookableDate(rules, now)
}

/** A window a visit may be placed in, with what the database needs to place it there. */
export type VisitCandidate = {
  date: string
  /** 'HH:MM-HH:MM'. */
  window: string
  /** When the window starts (ISO 8601, from its wall-clock start in Renton). */
  windowStartsAt: string
  /** The window's places (the rules'); the database counts those taken. */
  capacity: number
  /** When the visit is charged: the window's start less the charge lead (ISO 8601). */
  chargeDueAt: string
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/**
 * Where the visit of `date` may go, in the order to try: the plan's own window that day, then the
 * same day's other windows nearest in time (the earlier on a tie), then the other days of that
 * calendar week nearest first (the earlier on a tie), each with its windows in the same order. Only
 * windows the crew's rules offer on that day (open, not closed, capacity above 0) and that are not
 * sooner than a customer could book now (the lead time: the office plans the days before).
 */
export function visitCandidates(
  plan: {serviceFamily: ServiceFamily; arrivalWindow: string},
  date: string,
  rules: AvailabilityRules,
  settings: Pick<PlanSettings, 'chargeLeadHours'>,
  now: Date,
): VisitCandidate[] {
  const windows = crewWindows(rules, plan.serviceFamily)
  const own = plan.arrivalWindow.split('-')[0] ?? '00:00'
  const byTime = [...windows].sort((a, b) => {
    if (windowId(a) === plan.arrivalWindow) return -1
    if (windowId(b) === plan.arrivalWindow) return 1
    const distance = Math.abs(minutesOf(a.start) - minutesOf(own)) - Math.abs(minutesOf(b.start) - minutesOf(own))
    return distance !== 0 ? distance : minutesOf(a.start) - minutesOf(b.start)
  })
  const weekStart = addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)))
  const days = Array.from({length: 7}, (_, index) => addDays(weekStart, index)).sort((a, b) => {
    const distance = Math.abs(daysBetween(date, a)) - Math.abs(daysBetween(date, b))
    return distance !== 0 ? distance : a < b ? -1 : 1
  })
  const earliest = earliestBookableDate(rules, now)
  const lead = settings.chargeLeadHours * 3_600_000
  const candidates: VisitCandidate[] = []
  for (const day of days) {
    if (day < earliest || !isOpenDay(rules, plan.serviceFamily, day)) continue
    for (const window of byTime) {
      const startsAt = windowStartsAt(day, window)
      if (startsAt.getTime() <= now.getTime()) continue
      candidates.push({
        date: day,
        window: windowId(window),
        windowStartsAt: startsAt.toISOString(),
        capacity: window.capacity,
        chargeDueAt: new Date(startsAt.getTime() - lead).toISOString(),
      })
    }
  }
  return candidates
}

/**
 * Where a visit would go by the places taken now (`taken`, by `${date} ${window}`, as
 * availability.ts `slotKey`): the first candidate with a place left, or null (no free window that
 * week). What the confirmation shows before the visits are stored; the database decides when storing.
 */
export function likelyPlacement(candidates: readonly VisitCandidate[], taken: ReadonlyMap<string, number>): VisitCandidate | null {
  return candidates.find((candidate) => (taken.get(`${candidate.date} ${candidate.window}`) ?? 0) < candidate.capacity) ?? null
}
