import {describe, expect, it} from 'vitest'
import {TEST_AVAILABILITY} from '../test-support/availability'
import {likelyPlacement, planHorizon, visitCandidates, visitDate, visitDatesBetween, weekOfMonth} from './schedule'

const SETTINGS = {chargeLeadHours: 48}
// A Monday morning in Renton, well before the December visits below.
const NOW = new Date('2026-11-30T17:00:00Z')

describe('a plan’s visit dates', () => {
  it('weekly: every 7 days from the first visit, on its weekday', () => {
    expect(visitDatesBetween({anchorDate: '2026-12-01', cadence: 'weekly'}, '2026-12-01', '2026-12-31')).toEqual([
      {visit: 2, date: '2026-12-08'},
      {visit: 3, date: '2026-12-15'},
      {visit: 4, date: '2026-12-22'},
      {visit: 5, date: '2026-12-29'},
    ])
  })

  it('every other week: every 14 days', () => {
    expect(visitDatesBetween({anchorDate: '2026-12-01', cadence: 'every_other_week'}, '2026-12-01', '2027-01-31').map((v) => v.date)).toEqual([
      '2026-12-15',
      '2026-12-29',
      '2027-01-12',
      '2027-01-26',
    ])
  })

  it('monthly: the same weekday of the same week of the month (2nd Tuesday → 2nd Tuesday)', () => {
    expect(weekOfMonth('2026-12-08')).toEqual({week: 2, weekday: 2})
    expect(visitDatesBetween({anchorDate: '2026-12-08', cadence: 'monthly'}, '2026-12-08', '2027-04-30').map((v) => v.date)).toEqual([
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
      '2027-04-13',
    ])
  })

  it('a first visit in the 5th week of its month comes back on the last such weekday', () => {
    // 29 December 2026 is the 5th Tuesday; January, February and March 2027 have 4, 4 and 5 of them.
    expect(visitDatesBetween({anchorDate: '2026-12-29', cadence: 'monthly'}, '2026-12-29', '2027-03-31').map((v) => v.date)).toEqual([
      '2027-01-26',
      '2027-02-23',
      '2027-03-30',
    ])
  })

  it('every 3 and every 6 months: the same week and weekday 3 or 6 months on, across the year', () => {
    expect(visitDatesBetween({anchorDate: '2026-12-08', cadence: 'every_3_months'}, '2026-12-08', '2027-12-31').map((v) => v.date)).toEqual([
      '2027-03-09',
      '2027-06-08',
      '2027-09-14',
      '2027-12-14',
    ])
    expect(visitDate('2026-12-29', 'every_6_months', 2)).toBe('2027-06-29')
    expect(visitDate('2026-12-08', 'every_6_months', 3)).toBe('2027-12-14')
  })

  it('starts after the date generated through, also for an old plan, and never repeats the first visit', () => {
    const plan = {anchorDate: '2024-01-02', cadence: 'weekly' as const}
    expect(visitDatesBetween(plan, '2026-12-01', '2026-12-15')).toEqual([
      {visit: 154, date: '2026-12-08'},
      {visit: 155, date: '2026-12-15'},
    ])
    expect(visitDatesBetween({anchorDate: '2026-12-08', cadence: 'monthly'}, '2026-12-01', '2027-01-12')).toEqual([{visit: 2, date: '2027-01-12'}])
    expect(visitDatesBetween({anchorDate: '2025-03-11', cadence: 'every_3_months'}, '2026-11-30', '2027-03-31')).toEqual([
      {visit: 8, date: '2026-12-08'},
      {visit: 9, date: '2027-03-09'},
    ])
  })

  it('goes as far as the booking horizon: today + the rules’ horizonDays in Renton', () => {
    // 1 December 2026 at 7:30 UTC is still 30 November in Renton.
    expect(planHorizon(TEST_AVAILABILITY, new Date('2026-12-01T07:30:00Z'))).toBe('2027-01-29')
    expect(planHorizon(TEST_AVAILABILITY, new Date('2026-12-01T08:30:00Z'))).toBe('2027-01-30')
  })
})

describe('where a visit goes', () => {
  const house = {serviceFamily: 'indoor' as const, arrivalWindow: '10:00-12:00'}

  it('its own window first, then that day’s other windows nearest in time, then the week’s other days nearest first', () => {
    const candidates = visitCandidates(house, '2026-12-09', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(candidates.slice(0, 8).map((c) => `${c.date} ${c.window}`)).toEqual([
      '2026-12-09 10:00-12:00',
      '2026-12-09 08:00-10:00',
      '2026-12-09 12:00-14:00',
      '2026-12-09 14:00-16:00',
      '2026-12-08 10:00-12:00',
      '2026-12-08 08:00-10:00',
      '2026-12-08 12:00-14:00',
      '2026-12-08 14:00-16:00',
    ])
    // Wednesday's week: Tue and Thu (1 day), Mon and Fri (2), Sat (3); Sunday is no working day.
    expect([...new Set(candidates.map((c) => c.date))]).toEqual(['2026-12-09', '2026-12-08', '2026-12-10', '2026-12-07', '2026-12-11', '2026-12-12'])
  })

  it('each candidate says when its window starts in Renton, its places, and when it is charged (48 h before)', () => {
    const [own] = visitCandidates(house, '2026-12-09', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(own).toEqual({
      date: '2026-12-09',
      window: '10:00-12:00',
      windowStartsAt: '2026-12-09T18:00:00.000Z',
      capacity: 3,
      chargeDueAt: '2026-12-07T18:00:00.000Z',
    })
    // Summer time: 10 am in Renton is 17:00 UTC.
    const [july] = visitCandidates(house, '2027-07-07', TEST_AVAILABILITY, {chargeLeadHours: 24}, NOW)
    expect(july).toMatchObject({windowStartsAt: '2027-07-07T17:00:00.000Z', chargeDueAt: '2027-07-06T17:00:00.000Z'})
  })

  it('a visit on a closed date (Christmas) is placed like a full window: the week’s other days only', () => {
    const candidates = visitCandidates({serviceFamily: 'indoor', arrivalWindow: '08:00-10:00'}, '2026-12-25', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(candidates.some((c) => c.date === '2026-12-25')).toBe(false)
    expect([...new Set(candidates.map((c) => c.date))]).toEqual(['2026-12-24', '2026-12-26', '2026-12-23', '2026-12-22', '2026-12-21'])
    expect(candidates[0]).toMatchObject({date: '2026-12-24', window: '08:00-10:00'})
  })

  it('only windows the crew offers that day: none with 0 places, none of another crew’s, none sooner than the lead time', () => {
    const exterior = visitCandidates({serviceFamily: 'exterior', arrivalWindow: '12:00-14:00'}, '2026-12-09', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(exterior.some((c) => c.window === '14:00-16:00')).toBe(false)
    const commercial = visitCandidates({serviceFamily: 'commercial', arrivalWindow: '08:00-10:00'}, '2026-12-06', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(commercial.slice(0, 3).map((c) => c.window)).toEqual(['08:00-10:00', '06:00-08:00', '12:00-14:00'])
    expect(commercial.some((c) => c.window === '10:00-12:00')).toBe(false)
    // Monday 30 November, 9 am: Tuesday 1 December is the earliest day (lead 1 day); Sunday–Monday are gone.
    const thisWeek = visitCandidates(house, '2026-12-02', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(thisWeek.every((c) => c.date >= '2026-12-01')).toBe(true)
    expect(thisWeek.map((c) => c.date)).toContain('2026-12-01')
  })

  it('the likely placement is the first candidate with a place left by the counts now, or none', () => {
    const candidates = visitCandidates(house, '2026-12-09', TEST_AVAILABILITY, SETTINGS, NOW)
    expect(likelyPlacement(candidates, new Map())?.window).toBe('10:00-12:00')
    const ownFull = new Map([['2026-12-09 10:00-12:00', 3]])
    expect(likelyPlacement(candidates, ownFull)).toMatchObject({date: '2026-12-09', window: '08:00-10:00'})
    const weekFull = new Map(candidates.map((c) => [`${c.date} ${c.window}`, c.capacity]))
    expect(likelyPlacement(candidates, weekFull)).toBeNull()
  })
})
