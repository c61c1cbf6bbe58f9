import {describe, expect, it} from 'vitest'
import {companyLocalNow, companyLocalTimeToDate} from '../company-time'
import {inQuietHours, sendableAt} from './quiet-hours'
import {reminderDueAt} from './reminders'
import {toE164} from './phone'

/** Quiet hours (9 pm – 8 am Renton time) and when a reminder goes, on the company's wall clock across daylight-saving changes. */

const at = (local: string) => companyLocalTimeToDate(local) as Date
const local = (date: Date) => companyLocalNow(date)

describe('quiet hours', () => {
  it('21:00 up to 08:00 company time is quiet; 08:00 to 20:59 is not', () => {
    expect(['2031-03-21T20:59', '2031-03-21T08:00', '2031-03-21T12:00'].map((time) => inQuietHours(at(time)))).toEqual([false, false, false])
    expect(['2031-03-21T21:00', '2031-03-21T23:59', '2031-03-22T00:00', '2031-03-22T07:59'].map((time) => inQuietHours(at(time)))).toEqual([true, true, true, true])
  })

  it('a text due at 22:00 goes at 08:00 the next day, one due at 06:30 at 08:00 that day, one due at 10:00 at 10:00', () => {
    const cases: [due: string, sent: string][] = [
      ['2031-03-21T22:00', '2031-03-22T08:00'],
      ['2031-03-22T06:30', '2031-03-22T08:00'],
      ['2031-03-22T10:00', '2031-03-22T10:00'],
      // The month's and the year's last nights.
      ['2031-03-31T23:00', '2031-04-01T08:00'],
      ['2031-12-31T21:30', '2032-01-01T08:00'],
    ]
    for (const [due, sent] of cases) expect(local(sendableAt(at(due))), due).toBe(sent)
  })

  it('across the daylight-saving changes: 8 am is 8 am on the wall clock (15:00 UTC in summer, 16:00 UTC in winter)', () => {
    // Spring forward: the night of Sat 8 → Sun 9 March 2031.
    expect(sendableAt(at('2031-03-08T22:00')).toISOString()).toBe('2031-03-09T15:00:00.000Z')
    // Fall back: the night of Sat 1 → Sun 2 November 2031.
    expect(sendableAt(at('2031-11-01T22:00')).toISOString()).toBe('2031-11-02T16:00:00.000Z')
  })
})

describe("a reminder's due time", () => {
  const visit = (date: string, start: string) => ({date, windowStartsAt: at(`${date}T${start}`).toISOString()})

  it('6 pm the day before; at once when booked later; 8 am when booked overnight; none when it could only go once the window began', () => {
    expect(local(reminderDueAt(visit('2031-03-22', '10:00'), at('2031-03-15T09:00')) as Date)).toBe('2031-03-21T18:00')
    expect(local(reminderDueAt(visit('2031-03-22', '10:00'), at('2031-03-21T19:30')) as Date)).toBe('2031-03-21T19:30')
    expect(local(reminderDueAt(visit('2031-03-22', '10:00'), at('2031-03-21T23:15')) as Date)).toBe('2031-03-22T08:00')
    expect(reminderDueAt(visit('2031-03-22', '08:00'), at('2031-03-21T23:15'))).toBeNull()
    expect(reminderDueAt({date: null, windowStartsAt: null}, at('2031-03-21T09:00'))).toBeNull()
  })
})

describe('phone numbers for texts (E.164)', () => {
  it.each([
    ['(425) 555-0142', '+14255550142'],
    ['425.555.0142', '+14255550142'],
    ['1 425 555 0142', '+14255550142'],
    ['+14255550142', '+14255550142'],
    ['555-0142', null],
    ['125 555 0142', null],
  ])('a US number of 10 digits gets +1; E.164 stays; anything else is no number: %j → %j', (typed, number) => {
    expect(toE164(typed)).toBe(number)
  })
})
