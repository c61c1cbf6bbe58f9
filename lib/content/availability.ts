import type {AvailabilityQueryResult} from '@/sanity.types'
import {WEEKDAYS, type AvailabilityRules, type Weekday} from '@/lib/booking/availability'
import type {Present} from './present'

/** The Availability document (availabilityQuery) as the booking rules of lib/booking/availability.ts. */
export function toAvailabilityRules(document: Present<AvailabilityQueryResult>): AvailabilityRules {
  return {
    workingDays: document.workingDays.filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day)),
    opensAt: document.opensAt,
    closesAt: document.closesAt,
    windows: document.windows.map((window) => ({
      start: window.start,
      end: window.end,
      capacity: {indoor: window.indoor, exterior: window.exterior, commercial: window.commercial},
    })),
    closedDates: document.closedDates,
    leadDays: document.leadDays,
    leadCutoff: document.leadCutoff,
    horizonDays: document.horizonDays,
  }
}
