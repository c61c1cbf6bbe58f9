import type {AvailabilityRules, CrewHours} from '../availability'

const MONDAY_TO_SATURDAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const

/** Mon–Sat 8–4 in four 2-hour windows, with these places (0: not offered). */
const eightToFour = (places: [number, number, number, number]): CrewHours => ({
  workingDays: MONDAY_TO_SATURDAY,
  opensAt: '08:00',
  closesAt: '16:00',
  windows: ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'].map((window, index) => {
    const [start, end] = window.split('-')
    return {start, end, capacity: places[index]}
  }),
})

/**
 * The house and exterior crews Mon–Sat 8–4 in four 2-hour windows; the commercial crew every day
 * from 6 am to 10 pm (not 10–12, nor 4–6 pm); estimate visits Mon–Fri 9–5. Next day (the day after
 * from 5 pm), 60 days ahead; Thanksgiving, Christmas and New Year closed.
 */
export const TEST_AVAILABILITY: AvailabilityRules = {
  crews: {
    indoor: eightToFour([3, 3, 2, 2]),
    exterior: eightToFour([1, 1, 1, 0]),
    commercial: {
      workingDays: ['sunday', ...MONDAY_TO_SATURDAY],
      opensAt: '06:00',
      closesAt: '22:00',
      windows: [
        {start: '06:00', end: '08:00', capacity: 1},
        {start: '08:00', end: '10:00', capacity: 1},
        {start: '10:00', end: '12:00', capacity: 0},
        {start: '12:00', end: '14:00', capacity: 1},
        {start: '14:00', end: '16:00', capacity: 1},
        {start: '18:00', end: '20:00', capacity: 2},
        {start: '20:00', end: '22:00', capacity: 1},
      ],
    },
    estimate: {
      workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      opensAt: '09:00',
      closesAt: '17:00',
      windows: [
        {start: '09:00', end: '11:00', capacity: 1},
        {start: '11:00', end: '13:00', capacity: 1},
        {start: '13:00', end: '15:00', capacity: 1},
        {start: '15:00', end: '17:00', capacity: 1},
      ],
    },
  },
  closedDates: ['2026-11-26', '2026-12-25', '2027-01-01'],
  leadDays: 1,
  leadCutoff: '17:00',
  horizonDays: 60,
}

export const testAvailability = async (): Promise<AvailabilityRules> => TEST_AVAILABILITY

/** Every window a crew offers with room for 100 bookings (those it does not offer stay at 0). */
const roomy = (hours: CrewHours): CrewHours => ({...hours, windows: hours.windows.map((window) => ({...window, capacity: window.capacity === 0 ? 0 : 100}))})

/**
 * The same days, with room for any number of bookings (100 a window): for tests of everything but
 * capacity, which book the same window again and again.
 */
export const ROOMY_AVAILABILITY: AvailabilityRules = {
  ...TEST_AVAILABILITY,
  crews: {
    indoor: roomy(TEST_AVAILABILITY.crews.indoor),
    exterior: roomy(TEST_AVAILABILITY.crews.exterior),
    commercial: roomy(TEST_AVAILABILITY.crews.commercial),
    estimate: TEST_AVAILABILITY.crews.estimate,
  },
}

export const roomyAvailability = async (): Promise<AvailabilityRules> => ROOMY_AVAILABILITY
