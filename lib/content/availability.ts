import type {AvailabilityQueryResult} from '@/sanity.types'
import {WEEKDAYS, type AvailabilityRules, type CrewHours, type Weekday} from '@/lib/booking/availability'
import type {Present} from './present'

type Crews = Present<AvailabilityQueryResult>['crews']

/** One crew of the document as the rules have it; `capacity` absent (the estimate visits) is one visit, never counted. */
function toCrewHours(crew: Crews[keyof Crews]): CrewHours {
  return {
    workingDays: crew.workingDays.filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day)),
    opensAt: crew.opensAt,
    closesAt: crew.closesAt,
    windows: crew.windows.map((window) => ({start: window.start, end: window.end, capacity: 'capacity' in window ? window.capacity : 1})),
  }
}

/** The Availability document (availabilityQuery) as the booking rules of lib/booking/availability.ts. */
export function toAvailabilityRules(document: Present<AvailabilityQueryResult>): AvailabilityRules {
  return {
    crews: {
      indoor: toCrewHours(document.crews.indoor),
      exterior: toCrewHours(document.crews.exterior),
      commercial: toCrewHours(document.crews.commercial),
      estimate: toCrewHours(document.crews.estimate),
    },
    closedDates: document.closedDates,
    leadDays: document.leadDays,
    leadCutoff: document.leadCutoff,
    horizonDays: document.horizonDays,
  }
}
