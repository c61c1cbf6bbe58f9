import type {AvailabilityRules} from '../availability'

/** Mon–Sat 8–4, four 2-hour windows, next day (the day after from 5 pm), 60 days ahead. */
export const TEST_AVAILABILITY: AvailabilityRules = {
  workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  opensAt: '08:00',
  closesAt: '16:00',
  windows: [
    {start: '08:00', end: '10:00', capacity: {indoor: 3, exterior: 1, commercial: 1}},
    {start: '10:00', end: '12:00', capacity: {indoor: 3, exterior: 1, commercial: 0}},
    {start: '12:00', end: '14:00', capacity: {indoor: 2, exterior: 1, commercial: 1}},
    {start: '14:00', end: '16:00', capacity: {indoor: 2, exterior: 0, commercial: 1}},
  ],
  closedDates: ['2026-11-26', '2026-12-25', '2027-01-01'],
  leadDays: 1,
  leadCutoff: '17:00',
  horizonDays: 60,
}

export const testAvailability = async (): Promise<AvailabilityRules> => TEST_AVAILABILITY

/**
 * The same days, with room for any number of bookings (100 a window): for tests of everything but
 * capacity, which book the same window again and again.
 */
export const ROOMY_AVAILABILITY: AvailabilityRules = {
  ...TEST_AVAILABILITY,
  windows: TEST_AVAILABILITY.windows.map((window) => ({
    ...window,
    capacity: {indoor: 100, exterior: 100, commercial: window.capacity.commercial === 0 ? 0 : 100},
  })),
}

export const roomyAvailability = async (): Promise<AvailabilityRules> => ROOMY_AVAILABILITY
