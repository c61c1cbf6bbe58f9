import {describe, expect, it} from 'vitest'
import {toAvailabilityRules} from '../content/availability'
import {queryLocalDataset} from '../content/local-dataset'
import {present} from '../content/present'
import {availabilityQuery} from '../content/queries'
import {
  addDays,
  canReschedule,
  checkEstimateVisit,
  checkSlot,
  dateRefusal,
  earliestBookableDate,
  latestBookableDate,
  offeredDays,
  rulesProblems,
  SERVICE_FAMILY,
  slotKey,
  weekdayOf,
  windowId,
  windowStartsAt,
  type AvailabilityRules,
} from './availability'
import {TEST_AVAILABILITY} from './test-support/availability'

const RULES = TEST_AVAILABILITY

/** A moment given as Renton's wall clock. */
const renton = (local: string) => {
  const [date, time] = local.split(' ')
  return windowStartsAt(date, {start: time})
}

describe('the lead time and its evening cut-off', () => {
  it('offers tomorrow until 4:59 pm, the day after from 5 pm, in Renton', () => {
    expect(earliestBookableDate(RULES, renton('2026-12-01 16:59'))).toBe('2026-12-02')
    expect(earliestBookableDate(RULES, renton('2026-12-01 17:00'))).toBe('2026-12-03')
    // 00:30 UTC on Dec 2 is still 4:30 pm on Dec 1 in Renton.
    expect(earliestBookableDate(RULES, new Date('2026-12-02T00:30:00Z'))).toBe('2026-12-02')
    expect(dateRefusal(RULES, 'indoor', '2026-12-02', renton('2026-12-01 17:00'))).toBe('dateTooSoon')
    expect(dateRefusal(RULES, 'indoor', '2026-12-01', renton('2026-12-01 07:00'))).toBe('dateTooSoon')
  })

  it('with no lead time, offers only the windows of today that have not begun', () => {
    const sameDay = {...RULES, leadDays: 0, leadCutoff: '23:59'}
    const now = renton('2026-12-01 10:30')
    const today = offeredDays(sameDay, 'indoor', now, new Map())[0]
    expect(today.date).toBe('2026-12-01')
    expect(today.windows.map((window) => window.window)).toEqual(['12:00-14:00', '14:00-16:00'])
    expect(checkSlot(sameDay, 'house', '2026-12-01', '10:00-12:00', now)).toEqual({ok: false, reason: 'dateTooSoon'})
    expect(checkSlot(sameDay, 'house', '2026-12-01', '12:00-14:00', now).ok).toBe(true)
  })
})

describe('the horizon', () => {
  it('offers up to 60 days ahead and refuses the day after', () => {
    const now = renton('2026-12-01 09:00')
    expect(latestBookableDate(RULES, now)).toBe('2027-01-30')
    expect(dateRefusal(RULES, 'indoor', '2027-01-29', now)).toBeNull() // a Friday
    expect(dateRefusal(RULES, 'indoor', '2027-01-30', now)).toBeNull() // a Saturday
    expect(dateRefusal(RULES, 'indoor', '2027-02-01', now)).toBe('dateTooFar')
    const days = offeredDays(RULES, 'indoor', now, new Map())
    expect(days.at(-1)?.date).toBe('2027-01-30')
    expect(days[0].date).toBe('2026-12-02')
  })
})

describe('closed days', () => {
  const now = renton('2026-11-20 09:00')

  it('refuses the house crews on Sundays and every crew on the holidays, and never offers them', () => {
    expect(weekdayOf('2026-11-29')).toBe('sunday')
    expect(dateRefusal(RULES, 'indoor', '2026-11-29', now)).toBe('dateClosed')
    expect(dateRefusal(RULES, 'indoor', '2026-11-26', now)).toBe('dateClosed') // Thanksgiving, a Thursday
    expect(dateRefusal(RULES, 'indoor', '2026-12-25', now)).toBe('dateClosed')
    expect(dateRefusal(RULES, 'indoor', '2026-11-27', now)).toBeNull()
    for (const crew of ['commercial', 'exterior', 'estimate'] as const) expect(dateRefusal(RULES, crew, '2026-11-26', now), crew).toBe('dateClosed')
    const offered = offeredDays(RULES, 'indoor', now, new Map()).map((day) => day.date)
    expect(offered).not.toContain('2026-11-26')
    expect(offered).not.toContain('2026-11-29')
    expect(offered).toContain('2026-11-27')
    expect(offered.every((date) => weekdayOf(date) !== 'sunday')).toBe(true)
    expect(offeredDays(RULES, 'commercial', now, new Map()).map((day) => day.date)).not.toContain('2026-11-26')
  })

  it('refuses dates that are not dates', () => {
    expect(dateRefusal(RULES, 'indoor', '2026-02-30', now)).toBe('dateInvalid')
    expect(dateRefusal(RULES, 'commercial', 'tomorrow', now)).toBe('dateInvalid')
  })
})

describe("the daylight-saving weekends of 2027 (March 14, November 7)", () => {
  it('keeps the 8 am window at 8 am Renton time on both sides of each change', () => {
    // PST is UTC−8, PDT UTC−7.
    expect(windowStartsAt('2027-03-13', {start: '08:00'}).toISOString()).toBe('2027-03-13T16:00:00.000Z')
    expect(windowStartsAt('2027-03-15', {start: '08:00'}).toISOString()).toBe('2027-03-15T15:00:00.000Z')
    expect(windowStartsAt('2027-11-06', {start: '08:00'}).toISOString()).toBe('2027-11-06T15:00:00.000Z')
    expect(windowStartsAt('2027-11-08', {start: '08:00'}).toISOString()).toBe('2027-11-08T16:00:00.000Z')
  })

  it('counts the cut-off on the company clock: 5 pm PDT and 5 pm PST are different UTC hours', () => {
    expect(earliestBookableDate(RULES, new Date('2027-03-15T23:59:00Z'))).toBe('2027-03-16') // 4:59 pm PDT
    expect(earliestBookableDate(RULES, new Date('2027-03-16T00:00:00Z'))).toBe('2027-03-17') // 5:00 pm PDT
    expect(earliestBookableDate(RULES, new Date('2027-11-09T00:59:00Z'))).toBe('2027-11-09') // 4:59 pm PST
    expect(earliestBookableDate(RULES, new Date('2027-11-09T01:00:00Z'))).toBe('2027-11-10') // 5:00 pm PST
  })

  it('the 24-hour notice counts real hours across the change', () => {
    // Monday March 15, 8 am PDT; Sunday March 14 had 23 hours.
    const start = windowStartsAt('2027-03-15', {start: '08:00'})
    expect(canReschedule(start, new Date('2027-03-14T14:59:00Z'))).toBe(true) // 7:59 am PDT Sunday: 24 h 1 min
    expect(canReschedule(start, new Date('2027-03-14T15:00:00Z'))).toBe(false) // 8:00 am PDT: exactly 24 h
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14')
    expect(addDays('2027-11-06', 2)).toBe('2027-11-08')
  })
})

describe('capacity by crew', () => {
  const now = renton('2026-12-01 09:00')

  it('house and carpet share the indoor crews: places taken by either leave fewer for both', () => {
    expect(SERVICE_FAMILY.house).toBe(SERVICE_FAMILY.carpet)
    expect(SERVICE_FAMILY.exterior).not.toBe(SERVICE_FAMILY.house)
    const taken = new Map([[slotKey('2026-12-02', '08:00-10:00'), 2]])
    const day = offeredDays(RULES, SERVICE_FAMILY.carpet, now, taken)[0]
    expect(day.windows[0]).toEqual({window: '08:00-10:00', start: '08:00', end: '10:00', left: 1})
    const full = new Map([[slotKey('2026-12-02', '08:00-10:00'), 3]])
    expect(offeredDays(RULES, SERVICE_FAMILY.house, now, full)[0].windows.map((window) => window.window)).toEqual(['10:00-12:00', '12:00-14:00', '14:00-16:00'])
  })

  it("offers a crew only its windows, and leaves out a day whose windows are all full", () => {
    expect(offeredDays(RULES, 'commercial', now, new Map())[0].windows.map((window) => window.window)).toEqual([
      '06:00-08:00',
      '08:00-10:00',
      '12:00-14:00',
      '14:00-16:00',
      '18:00-20:00',
      '20:00-22:00',
    ])
    expect(checkSlot(RULES, 'commercial', '2026-12-02', '10:00-12:00', now)).toEqual({ok: false, reason: 'windowUnknown'})
    expect(checkSlot(RULES, 'exterior', '2026-12-02', '07:00-09:00', now)).toEqual({ok: false, reason: 'windowUnknown'})
    const allTaken = new Map(['08:00-10:00', '10:00-12:00', '12:00-14:00'].map((window) => [slotKey('2026-12-02', window), 1]))
    expect(offeredDays(RULES, 'exterior', now, allTaken)[0].date).toBe('2026-12-03')
  })

  it('a slot carries its capacity and its start', () => {
    expect(checkSlot(RULES, 'carpet', '2026-12-02', '12:00-14:00', now)).toEqual({
      ok: true,
      slot: {family: 'indoor', date: '2026-12-02', window: '12:00-14:00', capacity: 2, startsAt: new Date('2026-12-02T20:00:00Z')},
    })
  })
})

describe('each crew its own days and hours', () => {
  const now = renton('2026-12-01 09:00') // a Tuesday
  const SUNDAY = '2026-12-06'
  const SATURDAY = '2026-12-05'

  it('offers the commercial crew before 8 am, until 10 pm, on Saturdays and on Sundays', () => {
    const days = offeredDays(RULES, 'commercial', now, new Map())
    const sunday = days.find((day) => day.date === SUNDAY)
    expect(sunday?.windows.map((window) => window.window)).toEqual(['06:00-08:00', '08:00-10:00', '12:00-14:00', '14:00-16:00', '18:00-20:00', '20:00-22:00'])
    expect(sunday?.windows[0]).toEqual({window: '06:00-08:00', start: '06:00', end: '08:00', left: 1})
    expect(sunday?.windows.at(-1)).toEqual({window: '20:00-22:00', start: '20:00', end: '22:00', left: 1})
    expect(days.map((day) => day.date)).toContain(SATURDAY)
    expect(days.filter((day) => weekdayOf(day.date) === 'sunday')).toHaveLength(8)
  })

  it('accepts a commercial booking at 6 am or 8 pm on a Sunday, starting at that hour in Renton', () => {
    expect(checkSlot(RULES, 'commercial', SUNDAY, '06:00-08:00', now)).toEqual({
      ok: true,
      slot: {family: 'commercial', date: SUNDAY, window: '06:00-08:00', capacity: 1, startsAt: new Date('2026-12-06T14:00:00Z')},
    })
    // 8 pm PST is 4 am UTC the next day.
    expect(checkSlot(RULES, 'commercial', SUNDAY, '20:00-22:00', now)).toEqual({
      ok: true,
      slot: {family: 'commercial', date: SUNDAY, window: '20:00-22:00', capacity: 1, startsAt: new Date('2026-12-07T04:00:00Z')},
    })
    expect(checkSlot(RULES, 'commercial', SATURDAY, '18:00-20:00', now)).toMatchObject({ok: true, slot: {capacity: 2}})
  })

  it('refuses a house or carpet booking on a Sunday, and the commercial hours to the house crews', () => {
    expect(checkSlot(RULES, 'house', SUNDAY, '08:00-10:00', now)).toEqual({ok: false, reason: 'dateClosed'})
    expect(checkSlot(RULES, 'carpet', SUNDAY, '08:00-10:00', now)).toEqual({ok: false, reason: 'dateClosed'})
    expect(checkSlot(RULES, 'exterior', SUNDAY, '08:00-10:00', now)).toEqual({ok: false, reason: 'dateClosed'})
    expect(checkSlot(RULES, 'house', '2026-12-02', '06:00-08:00', now)).toEqual({ok: false, reason: 'windowUnknown'})
    expect(checkSlot(RULES, 'house', '2026-12-02', '20:00-22:00', now)).toEqual({ok: false, reason: 'windowUnknown'})
    expect(offeredDays(RULES, 'indoor', now, new Map()).some((day) => day.date === SUNDAY)).toBe(false)
  })

  it('with no lead time, an evening window of today is still offered after the day crews have gone', () => {
    const sameDay = {...RULES, leadDays: 0, leadCutoff: '23:59'}
    const evening = renton('2026-12-01 19:30')
    expect(offeredDays(sameDay, 'commercial', evening, new Map())[0]).toEqual({
      date: '2026-12-01',
      windows: [{window: '20:00-22:00', start: '20:00', end: '22:00', left: 1}],
    })
    expect(offeredDays(sameDay, 'indoor', evening, new Map())[0].date).toBe('2026-12-02')
    expect(checkSlot(sameDay, 'commercial', '2026-12-01', '18:00-20:00', evening)).toEqual({ok: false, reason: 'dateTooSoon'})
  })
})

describe('the estimate visits', () => {
  const now = renton('2026-12-01 09:00')

  it('are offered on their own days and windows, one visit a window, none counted', () => {
    const days = offeredDays(RULES, 'estimate', now, new Map())
    expect(days[0]).toEqual({
      date: '2026-12-02',
      windows: ['09:00-11:00', '11:00-13:00', '13:00-15:00', '15:00-17:00'].map((window) => {
        const [start, end] = window.split('-')
        return {window, start, end, left: 1}
      }),
    })
    // Monday to Friday in the test rules: no Saturday, no Sunday, no holiday.
    expect(days.map((day) => weekdayOf(day.date)).filter((day) => day === 'saturday' || day === 'sunday')).toEqual([])
    expect(days.map((day) => day.date)).not.toContain('2026-12-25')
    expect(days.at(-1)?.date).toBe('2027-01-29')
  })

  it('accept a visit in one of their windows, and refuse with the booking forms\' reasons', () => {
    expect(checkEstimateVisit(RULES, '2026-12-02', '13:00-15:00', now)).toEqual({
      ok: true,
      visit: {date: '2026-12-02', window: '13:00-15:00', startsAt: new Date('2026-12-02T21:00:00Z')},
    })
    expect(checkEstimateVisit(RULES, '2026-12-05', '09:00-11:00', now)).toEqual({ok: false, reason: 'dateClosed'}) // a Saturday
    expect(checkEstimateVisit(RULES, '2026-12-25', '09:00-11:00', now)).toEqual({ok: false, reason: 'dateClosed'})
    expect(checkEstimateVisit(RULES, '2026-12-02', '08:00-10:00', now)).toEqual({ok: false, reason: 'windowUnknown'})
    expect(checkEstimateVisit(RULES, '2026-12-01', '13:00-15:00', now)).toEqual({ok: false, reason: 'dateTooSoon'})
    expect(checkEstimateVisit(RULES, '2027-02-01', '09:00-11:00', now)).toEqual({ok: false, reason: 'dateTooFar'})
    expect(checkEstimateVisit(RULES, 'soon', '09:00-11:00', now)).toEqual({ok: false, reason: 'dateInvalid'})
  })
})

describe('the rules themselves', () => {
  it('are sound as the tests have them', () => {
    expect(rulesProblems(RULES)).toEqual([])
  })

  it("refuse each crew's windows outside its working day, overlapping or backwards, and negative places, naming the crew", () => {
    const broken: AvailabilityRules = {
      ...RULES,
      crews: {
        ...RULES.crews,
        indoor: {
          ...RULES.crews.indoor,
          windows: [
            {start: '07:00', end: '09:00', capacity: 1},
            {start: '08:30', end: '10:00', capacity: -1},
            {start: '15:00', end: '14:00', capacity: 1},
          ],
        },
        commercial: {
          ...RULES.crews.commercial,
          windows: [
            {start: '05:00', end: '07:00', capacity: 1},
            {start: '21:00', end: '23:00', capacity: 1.5},
          ],
        },
        estimate: {...RULES.crews.estimate, windows: [{start: '09:00', end: '11:00', capacity: 1}, {start: '10:00', end: '12:00', capacity: 1}]},
      },
    }
    expect(rulesProblems(broken)).toEqual([
      'House and carpet crews: the window 07:00-09:00 must lie inside the working day (08:00–16:00).',
      'House and carpet crews: the window 07:00-09:00 overlaps 08:30-10:00.',
      'House and carpet crews: the window 08:30-10:00: the places must be a whole number, 0 or more.',
      'House and carpet crews: the window 15:00-14:00 must start before it ends (times as HH:MM).',
      'Commercial crews: the window 05:00-07:00 must lie inside the working day (06:00–22:00).',
      'Commercial crews: the window 21:00-23:00 must lie inside the working day (06:00–22:00).',
      'Commercial crews: the window 21:00-23:00: the places must be a whole number, 0 or more.',
      'Estimate visits: the window 09:00-11:00 overlaps 10:00-12:00.',
    ])
  })

  it("refuse a crew that works no day, closes before it opens or offers no window, and the shared lead time and horizon", () => {
    const broken: AvailabilityRules = {
      ...RULES,
      leadDays: 2,
      horizonDays: 1,
      leadCutoff: '5 pm',
      crews: {
        ...RULES.crews,
        exterior: {...RULES.crews.exterior, workingDays: [], windows: RULES.crews.exterior.windows.map((window) => ({...window, capacity: 0}))},
        commercial: {...RULES.crews.commercial, opensAt: '22:00', closesAt: '06:00'},
      },
    }
    expect(rulesProblems(broken)).toEqual([
      'The cut-off must be a time (HH:MM).',
      'The booking horizon must be a whole number of days, at least the lead time.',
      'Exterior crews: choose at least one working day.',
      'Exterior crews: offer at least one arrival window.',
      'Commercial crews: the working day must open before it closes (times as HH:MM).',
    ])
  })
})

describe('the local dataset', () => {
  it('holds sound rules: the house crews Mon–Sat 8–4, the commercial crew early, late and every day, estimates, the holidays closed', async () => {
    const rules = toAvailabilityRules(present(await queryLocalDataset(availabilityQuery), 'Availability'))
    expect(rulesProblems(rules)).toEqual([])
    const {indoor, exterior, commercial, estimate} = rules.crews
    expect(indoor.workingDays).not.toContain('sunday')
    expect(indoor.windows.map((window) => windowId(window))).toEqual(['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'])
    expect(exterior.workingDays).not.toContain('sunday')
    // What /corporate-office promises: early mornings, evenings and weekends.
    expect(commercial.workingDays).toEqual(expect.arrayContaining(['saturday', 'sunday']))
    expect(commercial.windows.some((window) => window.start < '08:00' && window.capacity > 0)).toBe(true)
    expect(commercial.windows.some((window) => window.end >= '20:00' && window.capacity > 0)).toBe(true)
    expect(estimate.windows.length).toBeGreaterThan(0)
    expect(rules.closedDates).toEqual(expect.arrayContaining(['2026-11-26', '2026-12-25', '2027-01-01']))
    expect(dateRefusal(rules, 'indoor', '2026-11-26', renton('2026-11-20 09:00'))).toBe('dateClosed')
    expect(checkSlot(rules, 'house', '2026-11-29', '08:00-10:00', renton('2026-11-20 09:00'))).toEqual({ok: false, reason: 'dateClosed'})
  })
})
