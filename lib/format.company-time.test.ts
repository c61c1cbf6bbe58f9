import {describe, expect, it} from 'vitest'
import {companyLocalNow, companyLocalTimeToDate} from './company-time'
import {formatCompanyDateTime, formatPhone} from './format'

/**
 * Wall-clock times in Renton (America/Los_Angeles) as the appointment form's
 * <input type="datetime-local"> gives them, and how e-mails show times and phone numbers. The
 * 2027 daylight-saving changes: Sunday 14 March, 02:00 PST → 03:00 PDT (10:00 UTC), and Sunday
 * 7 November, 02:00 PDT → 01:00 PST (09:00 UTC).
 */

function iso(local: string): string | undefined {
  return companyLocalTimeToDate(local)?.toISOString()
}

/** Each wall time read as the given UTC instant. */
function expectInstants(cases: [local: string, instant: string][]): void {
  for (const [local, instant] of cases) expect(iso(local), local).toBe(instant)
}

/** An instant as Renton's wall clock shows it, by Intl (independently of the code under test). */
function rentonWall(instant: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(instant)
    .replace(' ', 'T')
}

describe('companyLocalTimeToDate', () => {
  it('reads winter times as PST (UTC−8) and summer times as PDT (UTC−7)', () => {
    expectInstants([
      ['2027-01-15T09:00', '2027-01-15T17:00:00.000Z'],
      ['2027-07-04T09:15', '2027-07-04T16:15:00.000Z'],
      ['2026-12-31T23:30', '2027-01-01T07:30:00.000Z'],
      ['2028-02-29T10:00', '2028-02-29T18:00:00.000Z'],
      ['2027-06-01T10:30:45', '2027-06-01T17:30:45.000Z'],
    ])
  })

  it('knows the spring change: 01:59 PST is one minute before 03:00 PDT', () => {
    expectInstants([
      ['2027-03-14T01:59', '2027-03-14T09:59:00.000Z'],
      ['2027-03-14T03:00', '2027-03-14T10:00:00.000Z'],
      ['2027-03-13T02:30', '2027-03-13T10:30:00.000Z'], // the day before: PST
      ['2027-03-15T02:30', '2027-03-15T09:30:00.000Z'], // the day after: PDT
    ])
  })

  // The spring change skips 02:00–02:59: a time in it is read as the hour after, never the hour before
  // (which would show the business 1:30 AM and refuse the time as past at 01:45).
  it('counts a time skipped by the spring change as the hour after (02:30 → 03:30 PDT)', () => {
    expectInstants([
      ['2027-03-14T02:00', '2027-03-14T10:00:00.000Z'],
      ['2027-03-14T02:30', '2027-03-14T10:30:00.000Z'],
    ])
  })

  it('knows the fall change: the repeated hour is read the first time round (PDT), 02:00 is PST', () => {
    expectInstants([
      ['2027-11-07T00:59', '2027-11-07T07:59:00.000Z'],
      ['2027-11-07T01:00', '2027-11-07T08:00:00.000Z'],
      ['2027-11-07T01:30', '2027-11-07T08:30:00.000Z'],
      ['2027-11-07T02:00', '2027-11-07T10:00:00.000Z'],
      ['2027-11-08T01:30', '2027-11-08T09:30:00.000Z'],
    ])
  })

  it('gives back every existing wall time of both change weekends, every quarter hour', () => {
    const checked: string[] = []
    for (const day of ['2027-03-13', '2027-03-14', '2027-03-15', '2027-11-06', '2027-11-07', '2027-11-08']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const local = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
        if (day === '2027-03-14' && local >= '2027-03-14T02:00' && local < '2027-03-14T03:00') continue // never happens
        const instant = companyLocalTimeToDate(local)
        expect(instant, local).not.toBeNull()
        expect(rentonWall(instant as Date), local).toBe(local)
        checked.push(local)
      }
    }
    expect(checked).toHaveLength(6 * 96 - 4)
  })

  it.each([
    '2027-02-29T10:00', // not a leap year
    '2027-04-31T10:00',
    '2027-13-01T00:00',
    '2027-00-10T00:00',
    '2027-01-00T00:00',
    '2027-01-01T24:00',
    '2027-01-01T10:60',
    '2027-01-01T10:30:60',
    '2027-01-01',
    '2027-01-01 10:00',
    '2027-1-01T10:00',
    '2027-01-01T10:00Z',
    '2027-01-01T10:00-08:00',
    '',
    'tomorrow',
  ])('is null for %j, which is not a date and time', (local) => {
    expect(companyLocalTimeToDate(local)).toBeNull()
  })
})

describe('companyLocalNow', () => {
  it("reads Renton's wall clock at an instant, either side of both changes (the office's today and the schedule's)", () => {
    const cases: [instant: string, wall: string][] = [
      ['2027-01-01T07:30:00Z', '2026-12-31T23:30'],
      ['2027-03-14T09:59:00Z', '2027-03-14T01:59'],
      ['2027-03-14T10:00:00Z', '2027-03-14T03:00'],
      // Both 01:30s of the fall change, then 01:00 PST.
      ['2027-11-07T08:30:00Z', '2027-11-07T01:30'],
      ['2027-11-07T09:30:00Z', '2027-11-07T01:30'],
      ['2027-11-07T10:00:00Z', '2027-11-07T02:00'],
    ]
    for (const [instant, wall] of cases) expect(companyLocalNow(new Date(instant)), instant).toBe(wall)
  })

  it('gives back the wall time each quarter hour of both change weekends is read from', () => {
    for (const day of ['2027-03-14', '2027-11-07']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const local = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
        const instant = companyLocalTimeToDate(local) as Date
        expect(companyLocalNow(instant), local).toBe(rentonWall(instant))
      }
    }
  })
})

describe('formatCompanyDateTime', () => {
  it("shows an instant as Renton's wall clock", () => {
    const cases: [instant: Date | string, shown: RegExp][] = [
      [new Date('2027-07-04T16:15:00Z'), /^July 4, 2027 at 9:15\sAM$/],
      ['2027-01-01T07:30:00.000Z', /^December 31, 2026 at 11:30\sPM$/],
      ['2027-03-14T10:00:00Z', /^March 14, 2027 at 3:00\sAM$/],
      // Both 01:30s of the fall change.
      ['2027-11-07T08:30:00Z', /^November 7, 2027 at 1:30\sAM$/],
      ['2027-11-07T09:30:00Z', /^November 7, 2027 at 1:30\sAM$/],
    ]
    for (const [instant, shown] of cases) expect(formatCompanyDateTime(instant), String(instant)).toMatch(shown)
  })
})

describe('formatPhone', () => {
  it.each([
    ['4255550142', '(425) 555-0142'],
    ['425.555.0142', '(425) 555-0142'],
    ['(425) 555-0142', '(425) 555-0142'],
    [' 206 555 0199 ', '(206) 555-0199'],
  ])('writes ten digits as (425) 555-0142, however they were typed: %j → %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown)
  })

  it.each(['+1 425 555 0142', '555-0142', '', 'call the office'])('leaves anything else as given: %j', (typed) => {
    expect(formatPhone(typed)).toBe(typed)
  })
})
