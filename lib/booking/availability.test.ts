import {describe, expect, it} from 'vitest'
import {toAvailabilityRules} from '../content/availability'
import {queryLocalDataset} from '../content/local-dataset'
import {present} from '../content/present'
import {availabilityQuery} from '../content/queries'
import {
  addDays,
  canReschedule,
  checkSlot,
  dateRefusal,
  earliestBookableDate,
  latestBookableDate,
  offeredDays,
  rulesProblems,
  SERVICE_FAMILY,
  slotKey,
  weekdayOf,
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
    expect(dateRefusal(RULES, '2026-12-02', renton('2026-12-01 17:00'))).toBe('dateTooSoon')
    expect(dateRefusal(RULES, '2026-12-01', renton('2026-12-01 07:00'))).toBe('dateTooSoon')
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
    expect(dateRefusal(RULES, '2027-01-29', now)).toBeNull() // a Friday
    expect(dateRefusal(RULES, '2027-01-30', now)).toBeNull() // a Saturday
    expect(dateRefusal(RULES, '2027-02-01', now)).toBe('dateTooFar')
    const days = offeredDays(RULES, 'indoor', now, new Map())
    expect(days.at(-1)?.date).toBe('2027-01-30')
    expect(days[0].date).toBe('2026-12-02')
  })
})

describe('closed days', () => {
  const now = renton('2026-11-20 09:00')

  it('refuses Sundays and the holidays, and never offers them', () => {
    expect(weekdayOf('2026-11-29')).toBe('sunday')
    expect(dateRefusal(RULES, '2026-11-29', now)).toBe('dateClosed')
    expect(dateRefusal(RULES, '2026-11-26', now)).toBe('dateClosed') // Thanksgiving, a Thursday
    expect(dateRefusal(RULES, '2026-12-25', now)).toBe('dateClosed')
    expect(dateRefusal(RULES, '2026-11-27', now)).toBeNull()
    const offered = offeredDays(RULES, 'indoor', now, new Map()).map((day) => day.date)
    expect(offered).not.toContain('2026-11-26')
    expect(offered).not.toContain('2026-11-29')
    expect(offered).toContain('2026-11-27')
    expect(offered.every((date) => weekdayOf(date) !== 'sunday')).toBe(true)
  })

  it('refuses dates that are not dates', () => {
    expect(dateRefusal(RULES, '2026-02-30', now)).toBe('dateInvalid')
    expect(dateRefusal(RULES, 'tomorrow', now)).toBe('dateInvalid')
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
    expect(offeredDays(RULES, 'commercial', now, new Map())[0].windows.map((window) => window.window)).toEqual(['08:00-10:00', '12:00-14:00', '14:00-16:00'])
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

describe('the rules themselves', () => {
  it('are sound as the local dataset has them', () => {
    expect(rulesProblems(RULES)).toEqual([])
  })

  it('refuse windows outside the working day, overlapping or backwards, and negative capacities', () => {
    const broken: AvailabilityRules = {
      ...RULES,
      windows: [
        {start: '07:00', end: '09:00', capacity: {indoor: 1, exterior: 1, commercial: 1}},
        {start: '08:30', end: '10:00', capacity: {indoor: -1, exterior: 1, commercial: 1.5}},
        {start: '15:00', end: '14:00', capacity: {indoor: 1, exterior: 1, commercial: 1}},
      ],
    }
    expect(rulesProblems(broken)).toEqual([
      'The window 07:00-09:00 must lie inside the working day (08:00–16:00).',
      'The window 07:00-09:00 overlaps 08:30-10:00.',
      'The window 08:30-10:00: the indoor capacity must be a whole number, 0 or more.',
      'The window 08:30-10:00: the commercial capacity must be a whole number, 0 or more.',
      'The window 15:00-14:00 must start before it ends (times as HH:MM).',
    ])
  })
})

describe('the local dataset', () => {
  it('holds sound rules: Mon–Sat, four 2-hour windows from 8 am, Thanksgiving, Christmas and New Year closed', async () => {
    const rules = toAvailabilityRules(present(await queryLocalDataset(availabilityQuery), 'Availability'))
    expect(rulesProblems(rules)).toEqual([])
    expect(rules.workingDays).not.toContain('sunday')
    expect(rules.windows.map((window) => `${window.start}-${window.end}`)).toEqual(['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'])
    expect(rules.closedDates).toEqual(expect.arrayContaining(['2026-11-26', '2026-12-25', '2027-01-01']))
    expect(dateRefusal(rules, '2026-11-26', renton('2026-11-20 09:00'))).toBe('dateClosed')
  })
})
