/**
 * What /office/calendars shows: each crew's row (its working address's facts, and the address just
 * made when its hand-over is still the crew's working address) and the outcome of the last action.
 */
import {CREW_NAMES} from '../../booking/availability'
import {calendarsPageOutcome, handedOverAddress} from './routes'
import {CALENDAR_CREWS, crewCalendarAddresses, isWorkingAddress, type CalendarCrew, type CrewCalendarAddress} from './rules'
import {crewCalendarWords as words} from './words'

export type CrewCalendarsView = {
  rows: {
    crew: CalendarCrew
    crewName: string
    working: {madeAt: string; madeBy: string; lastReadAt: string | null} | null
    newAddress: {https: string; webcal: string} | null
  }[]
  message: {text: string; problem: boolean} | null
}

export function crewCalendarsView(input: {
  addresses: readonly CrewCalendarAddress[]
  /** The hand-over cookie's value, if any. */
  handOver: string | undefined
  query: Record<string, string | string[] | undefined>
  siteUrl: string
}): CrewCalendarsView {
  const handed = handedOverAddress(input.handOver)
  const shown = handed && isWorkingAddress(input.addresses, handed.crew, handed.token) ? handed : null
  const outcome = calendarsPageOutcome(input.query)
  return {
    rows: CALENDAR_CREWS.map((crew) => {
      const working = input.addresses.find((address) => address.crew === crew)
      return {
        crew,
        crewName: CREW_NAMES[crew],
        working: working ? {madeAt: working.madeAt, madeBy: working.madeBy, lastReadAt: working.lastReadAt} : null,
        newAddress: shown?.crew === crew ? crewCalendarAddresses(input.siteUrl, shown.token) : null,
      }
    }),
    message: !outcome
      ? null
      : 'problem' in outcome
        ? {text: words.problem[outcome.problem], problem: true}
        : {text: words.done[outcome.done](CREW_NAMES[outcome.crew]), problem: false},
  }
}
