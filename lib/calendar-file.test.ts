import ICAL from 'ical.js'
import {describe, expect, it} from 'vitest'
import {customerCalendarFile, type CustomerCalendarEvent} from './calendar-file'

/** The customer's calendar file of a booking (RFC 5545), read back with ical.js as calendar programs read it. */

function event(overrides: Partial<CustomerCalendarEvent> = {}): CustomerCalendarEvent {
  return {
    uid: '6f1c2a9e-0b4d-4c1e-9a7f-3d2b1c0e9f8a@cedar-river.example',
    date: '2030-02-28',
    summary: 'House Cleaning – Deep Cleaning (Cedar River Cleaning Co.)',
    description: 'Booking 6F1C-2A9E. To reschedule or cancel, tell us at least 24 hours ahead: (425) 555-0142.',
    location: '1200 Lake Washington Blvd N, Renton, WA 98056',
    stamp: new Date('2030-02-20T18:30:15.678Z'),
    organizer: {name: 'Cedar River Cleaning Co.', email: 'hello@cedarrivercleaning.example'},
    ...overrides,
  }
}

function vevent(file: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(file))
  expect(calendar.name).toBe('vcalendar')
  const found = calendar.getFirstSubcomponent('vevent')
  if (!found) throw new Error('No VEVENT')
  return found
}

function dateOf(component: ICAL.Component, name: string): string {
  const value = component.getFirstPropertyValue(name) as ICAL.Time
  expect(value.isDate).toBe(true)
  return value.toString()
}

describe('customerCalendarFile', () => {
  it('is an all-day event on the booking date, with its summary, place, description, uid and organizer', () => {
    const file = customerCalendarFile(event())
    const e = vevent(file)
    expect(dateOf(e, 'dtstart')).toBe('2030-02-28')
    expect(dateOf(e, 'dtend')).toBe('2030-03-01')
    expect(e.getFirstPropertyValue('summary')).toBe('House Cleaning – Deep Cleaning (Cedar River Cleaning Co.)')
    expect(e.getFirstPropertyValue('location')).toBe('1200 Lake Washington Blvd N, Renton, WA 98056')
    expect(e.getFirstPropertyValue('description')).toBe(event().description)
    expect(e.getFirstPropertyValue('uid')).toBe('6f1c2a9e-0b4d-4c1e-9a7f-3d2b1c0e9f8a@cedar-river.example')
    expect((e.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe('2030-02-20T18:30:15.000Z')
    const organizer = e.getFirstProperty('organizer')
    // A URI's scheme is case-insensitive (RFC 3986 §3.1): the library writes MAILTO.
    expect(String(organizer?.getFirstValue()).replace(/^mailto:/i, 'mailto:')).toBe('mailto:hello@cedarrivercleaning.example')
    expect(organizer?.getParameter('cn')).toBe('Cedar River Cleaning Co.')
    expect(e.getFirstPropertyValue('transp')).toBe('TRANSPARENT')
    expect(new ICAL.Component(ICAL.parse(file)).getFirstPropertyValue('method')).toBe('PUBLISH')
  })

  it("covers the booking's arrival window when it has one: 8–10 am in Renton, as instants a calendar shows in any time zone", () => {
    // 2030-02-28, 8 am PST is 16:00 UTC; the window ends two hours later.
    const file = customerCalendarFile(event({window: {start: new Date('2030-02-28T16:00:00Z'), end: new Date('2030-02-28T18:00:00Z')}}))
    const e = vevent(file)
    const start = e.getFirstPropertyValue('dtstart') as ICAL.Time
    const end = e.getFirstPropertyValue('dtend') as ICAL.Time
    expect(start.isDate).toBe(false)
    expect(start.toJSDate().toISOString()).toBe('2030-02-28T16:00:00.000Z')
    expect(end.toJSDate().toISOString()).toBe('2030-02-28T18:00:00.000Z')
    expect(file).toContain('DTSTART:20300228T160000Z\r\n')
  })

  it('says which version of the event it is when the booking was moved (SEQUENCE), and nothing before', () => {
    expect(vevent(customerCalendarFile(event({sequence: 2}))).getFirstPropertyValue('sequence')).toBe(2)
    expect(vevent(customerCalendarFile(event())).getFirstProperty('sequence')).toBeNull()
  })

  it('gives back long text with commas, semicolons, backslashes, line breaks and non-ASCII exactly', () => {
    const description = [
      'Booking 3F9A-2B1C; Deep Cleaning, 3 bedrooms, 2 bathrooms; tip 15%, parking $10.',
      'Notes: "Gate code 4321" — the dog (Ünïcödé) is friendly ✓ 🧹🧽 日本語のテキスト; C:\\keys\\spare, under the mat.',
      'Second paragraph after a blank line:',
      '',
      'To reschedule or cancel, tell us at least 24 hours ahead: (425) 555-0142. '.repeat(4),
    ].join('\n')
    const summary = 'Carpet Cleaning – Every 6 Months, Pet, Food, Drink Stain; WINE STAIN REMOVAL (Café Ñandú, Inc.)'
    const location = '12 Ærøskøbing Rd, Apt 3; Kent, WA 98032'
    const e = vevent(customerCalendarFile(event({description, summary, location})))
    expect(e.getFirstPropertyValue('description')).toBe(description)
    expect(e.getFirstPropertyValue('summary')).toBe(summary)
    expect(e.getFirstPropertyValue('location')).toBe(location)
  })

  it('ends lines with CRLF and folds them at 75 octets without splitting a character', () => {
    const description = `${'é'.repeat(50)}${'🧹'.repeat(40)}${'a,'.repeat(60)}`
    const file = customerCalendarFile(event({description}))
    expect(file.endsWith('\r\n')).toBe(true)
    expect(file.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    const lines = file.slice(0, -2).split('\r\n')
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
      // Each line is whole characters: no lone surrogate, no replacement character once encoded.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line)
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    }
    const continuations = lines.filter((line) => line.startsWith(' '))
    expect(continuations.length).toBeGreaterThan(3)
    expect(vevent(file).getFirstPropertyValue('description')).toBe(description)
  })

  it.each([
    ['2030-03-31', '2030-04-01'],
    ['2030-04-30', '2030-05-01'],
    ['2030-12-31', '2031-01-01'],
    ['2028-02-28', '2028-02-29'],
    ['2028-02-29', '2028-03-01'],
    ['2030-02-28', '2030-03-01'],
    ['2030-03-10', '2030-03-11'], // the day the clocks change in the US
  ])('an event on %s ends (exclusive) on %s', (date, end) => {
    const e = vevent(customerCalendarFile(event({date})))
    expect(dateOf(e, 'dtstart')).toBe(date)
    expect(dateOf(e, 'dtend')).toBe(end)
  })

  it('keeps quotes out of the organizer name, and leaves the organizer out when there is none', () => {
    const quoted = vevent(customerCalendarFile(event({organizer: {name: 'The "Best" Cleaners, LLC', email: 'hi@example.com'}})))
    expect(quoted.getFirstProperty('organizer')?.getParameter('cn')).toBe('The Best Cleaners, LLC')
    expect(vevent(customerCalendarFile(event({organizer: undefined}))).getFirstProperty('organizer')).toBeNull()
  })

  it.each(['2030-2-28', '28/02/2030', '', '2030-02-28T10:00'])('refuses %j as a date', (date) => {
    expect(() => customerCalendarFile(event({date}))).toThrow(RangeError)
  })
})
