/**
 * What the confirmation of a plan's first visit adds: a
 * paragraph about the plan, a table of its next visits, how to change it, and one calendar event
 * per visit. Plain TypeScript; the words are the E-mails document's (planConfirmation).
 */
import {arrivalWindowLabel, slotLabel, windowTimes} from '../booking/arrival-window'
import {formatDate, formatWeekday} from '../format'
import type {CustomerCalendarEvent} from '../calendar-file'
import type {EmailView, PlanWording} from './view'
import type {BookingPaidFacts, PlanSummaryFacts} from './queue'
import {fillTokens} from './tokens'

/**
 * A plan as its first confirmation tells it (BookingPaidFacts.plan). A visit's `id`, when
 * the facts carry it, is its booking's: its calendar event then has the UID a later move replaces.
 */
export type PlanFacts = Omit<PlanSummaryFacts, 'visits'> & {visits: (PlanSummaryFacts['visits'][number] & {id?: string})[]}


/** The plan of a confirmation, if it confirms a plan's first visit. */
export function planOf(facts: BookingPaidFacts): PlanFacts | null {
  return facts.plan ?? null
}

/** The {tokens} of the plan's wording. */
export function planValues(facts: BookingPaidFacts, plan: PlanFacts, common: {companyName: string; phone: string}): Record<string, string> {
  return {
    ...common,
    firstName: facts.customer.firstName,
    frequency: plan.frequency,
    weekday: facts.date ? formatWeekday(facts.date) : '',
    window: arrivalWindowLabel(plan.arrivalWindow),
  }
}

/** The plan's paragraph, its table (the frequency, the window, each next visit) and the changes' sentence. */
export function planView(facts: BookingPaidFacts, plan: PlanFacts, wording: PlanWording, common: {companyName: string; phone: string}) {
  const values = planValues(facts, plan, common)
  const section: EmailView['sections'][number] = {
    heading: wording.heading,
    rows: [
      {label: 'Frequency', value: plan.frequency},
      {label: 'Arrival window', value: values.window},
      // The first visit is this booking (the table above); the next ones are numbered from 2.
      ...plan.visits.map((visit, index) => ({label: fillTokens(wording.visitLabel, {number: String(index + 2)}), value: slotLabel(visit.date, visit.window)})),
    ],
  }
  return {paragraph: fillTokens(wording.intro, values), section, changes: fillTokens(wording.changes, values)}
}

/**
 * The calendar events of the plan's next visits, one per visit rather than a recurrence rule: each
 * visit is a booking of its own, skipped or moved on its own (or placed in another window of its
 * week), and the visits exist only up to the booking horizon. A visit named by its booking (`id`)
 * gets the UID a move of that booking sends (`<booking id>@host`, a higher sequence), so the
 * calendar replaces exactly that event; without it, a UID of the plan's first booking and the day.
 */
export function planCalendarEvents(
  facts: BookingPaidFacts,
  plan: PlanFacts,
  first: CustomerCalendarEvent,
  host: string,
  description: (date: string) => string,
): CustomerCalendarEvent[] {
  return plan.visits.map((visit) => ({
    ...first,
    uid: `${visit.id ?? `${facts.id}-${visit.date}`}@${host}`,
    date: visit.date,
    window: windowTimes(visit.window, visit.windowStartsAt),
    description: description(formatDate(visit.date)),
  }))
}
