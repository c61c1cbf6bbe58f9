/**
 * When the estimate crew can come to look at a job (the in-home estimate request of /appointment):
 * the days and arrival windows offered, and the check the server makes on the day and window asked
 * for. Plain TypeScript over the Availability document's rules (lib/booking/availability.ts); the
 * office calls to confirm the time, so no place is held or counted here.
 */
import {
  addDays,
  earliestBookableDate,
  isOpenDay,
  latestBookableDate,
  windowId,
  windowStartsAt,
  type ArrivalWindow,
  type AvailabilityRules,
} from '../booking/availability'

/** One day the estimate crew can come, with its windows ('HH:MM-HH:MM'). */
export type EstimateVisitDay = {date: string; windows: {window: string; start: string; end: string}[]}
export type EstimateVisitOffer = {earliest: string; latest: string; days: EstimateVisitDay[]}

/**
 * The windows the estimate crew works. Until the Availability document has a crew of its own for
 * estimates, every arrival window of the shared working day (the visit is short and the office
 * confirms it by phone).
 */
export function estimateWindows(rules: AvailabilityRules): ArrivalWindow[] {
  return [...rules.windows].sort((a, b) => (a.start < b.start ? -1 : 1))
}

/** The days and windows the form offers now: open days from the earliest to the latest bookable day. */
export function estimateVisitOffer(rules: AvailabilityRules, now: Date): EstimateVisitOffer {
  const earliest = earliestBookableDate(rules, now)
  const latest = latestBookableDate(rules, now)
  const windows = estimateWindows(rules)
  const days: EstimateVisitDay[] = []
  for (let date = earliest; date <= latest; date = addDays(date, 1)) {
    if (!isOpenDay(rules, date)) continue
    const offered = windows
      .filter((window) => windowStartsAt(date, window).getTime() > now.getTime())
      .map((window) => ({window: windowId(window), start: window.start, end: window.end}))
    if (offered.length > 0) days.push({date, windows: offered})
  }
  return {earliest, latest, days}
}

/** Whether the estimate crew offers `window` on `date` now; the visit's start when it does. */
export function checkEstimateVisit(rules: AvailabilityRules, date: string, window: string, now: Date): {ok: true; startsAt: Date} | {ok: false; field: 'visitDate' | 'visitWindow'} {
  const day = estimateVisitOffer(rules, now).days.find((candidate) => candidate.date === date)
  if (!day) return {ok: false, field: 'visitDate'}
  const chosen = day.windows.find((candidate) => candidate.window === window)
  if (!chosen) return {ok: false, field: 'visitWindow'}
  return {ok: true, startsAt: windowStartsAt(date, chosen)}
}
