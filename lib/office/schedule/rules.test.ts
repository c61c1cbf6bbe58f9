import {describe, expect, it} from 'vitest'
import {houseBooking} from '../../booking/store/test-support/fixtures'
import type {StoredBooking} from '../../booking/store/store'
import {TEST_AVAILABILITY} from '../../booking/test-support/availability'
import {buildDaySheet, buildSchedule, isScheduleDate, mapSearchUrl, mondayOf, refusedScheduleDate, scheduleRange} from './rules'

const NOW = new Date('2026-12-01T18:00:00Z') // Tuesday 10:00 in Renton

function stored(overrides: Partial<StoredBooking>): StoredBooking {
  const input = houseBooking()
  return {
    ...input,
    id: crypto.randomUUID(),
    amount: '219.17',
    discount: '10.00',
    paymentStatus: 'paid',
    paymentProvider: 'test',
    paymentSessionId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: null,
    paidAt: '2026-11-20T10:01:00.000Z',
    cancellationRequestedAt: null,
    manageLinkGeneration: 0,
    cancelledAt: null,
    refundedCents: 0,
    outcome: null,
    smsConsentAt: null, planId: null, planVisit: null, chargeState: null, chargeDueAt: null, cardDeadlineAt: null, placedElsewhere: false, startedAt: null,
    notes: input.notes ?? null,
    location: null, service: input.service ?? null, frequency: null, bedrooms: null, bathrooms: null, halfBath: null, den: null,
    extras: null, instructions: input.instructions ?? null, date: '2026-12-02', tip: null, parkingFee: null, tipCents: null, parkingCents: null, hours: null, minutes: null,
    rooms: null, stairs: null, coupon: null, discountCents: null,
    arrivalWindow: '08:00-10:00', serviceFamily: 'indoor', windowStartsAt: '2026-12-02T16:00:00.000Z', holdExpiresAt: null,
    ...overrides,
  }
}

describe('the schedule range', () => {
  it('opens on today in Renton, and reads a day or a Monday-based week', () => {
    expect(scheduleRange({}, new Date('2026-12-02T06:00:00Z'))).toMatchObject({kind: 'day', from: '2026-12-01', previous: '2026-11-30', next: '2026-12-02'})
    expect(scheduleRange({date: '2026-12-31'}, NOW)).toMatchObject({from: '2026-12-31', to: '2026-12-31', next: '2027-01-01'})
    const week = scheduleRange({week: '2026-12-06'}, NOW)
    expect(week).toMatchObject({kind: 'week', from: '2026-11-30', to: '2026-12-06', previous: '2026-11-23', next: '2026-12-07'})
    expect(week.days).toHaveLength(7)
    expect(mondayOf('2026-11-30')).toBe('2026-11-30')
    expect(scheduleRange({date: '2026-02-30'}, NOW).from).toBe('2026-12-01')
  })

  it('opens on today for a year-0000 date (or any outside 1900–2200) and names what it left out', () => {
    expect(scheduleRange({date: '0000-01-01'}, NOW).from).toBe('2026-12-01')
    expect(scheduleRange({week: '0000-01-01'}, NOW).from).toBe(mondayOf('2026-12-01'))
    expect(refusedScheduleDate({date: '0000-01-01'})).toEqual({field: 'date', message: 'must be a date YYYY-MM-DD between the years 1900 and 2200'})
    expect(refusedScheduleDate({week: '2201-01-05'})).toMatchObject({field: 'week'})
    expect(refusedScheduleDate({date: '2026-12-01'})).toBeNull()
    expect(isScheduleDate('0000-01-01')).toBe(false)
  })
})

describe('the schedule', () => {
  it('puts each booking in its crew, day and window with the places the database counted', () => {
    const paid = stored({firstName: 'Zoë', lastName: 'Ångström', address: '12 Main St, Kent, WA 98031'})
    const exterior = stored({industry: 'exterior', serviceFamily: 'exterior', arrivalWindow: '10:00-12:00', service: null})
    const ended = stored({paymentStatus: 'pending', holdExpiresAt: '2026-12-01T17:00:00Z'})
    const [day] = buildSchedule({
      rules: TEST_AVAILABILITY,
      days: ['2026-12-02'],
      bookings: [paid, exterior, ended],
      taken: {indoor: new Map([['2026-12-02 08:00-10:00', 1]]), exterior: new Map([['2026-12-02 10:00-12:00', 1]])},
      now: NOW,
    })
    const indoor = day.crews.find((crew) => crew.crew === 'indoor')!
    expect(indoor.closed).toBe(false)
    expect(indoor.windows.map((window) => [window.window, window.capacity, window.taken, window.free])).toEqual([
      ['08:00-10:00', 3, 1, 2],
      ['10:00-12:00', 3, 0, 3],
      ['12:00-14:00', 2, 0, 2],
      ['14:00-16:00', 2, 0, 2],
    ])
    // The hold that ended is not a job.
    expect(indoor.windows[0].bookings).toEqual([
      expect.objectContaining({customer: 'Zoë Ångström', town: 'Kent', status: 'paid', service: 'Regular Cleaning', totalCents: paid.amountCents}),
    ])
    const outside = day.crews.find((crew) => crew.crew === 'exterior')!
    expect(outside.windows.find((window) => window.window === '10:00-12:00')).toMatchObject({taken: 1, free: 0, bookings: [expect.objectContaining({service: 'Exterior cleaning'})]})
  })

  it('marks closed days, and still shows a booking made before the day closed', () => {
    const [sunday, christmas] = buildSchedule({
      rules: TEST_AVAILABILITY,
      days: ['2026-12-06', '2026-12-25'],
      crews: ['indoor'],
      bookings: [stored({date: '2026-12-25', arrivalWindow: '08:00-10:00'})],
      taken: {},
      now: NOW,
    })
    expect(sunday.crews[0]).toMatchObject({closed: true, windows: []})
    expect(christmas.crews[0].closed).toBe(true)
    expect(christmas.crews[0].windows).toEqual([expect.objectContaining({window: '08:00-10:00', capacity: 0, bookings: [expect.anything()]})])
  })
})

describe('the day sheet', () => {
  it('lists the crew’s jobs window by window with the job and access answers, leaving cancelled ones off', () => {
    const late = stored({arrivalWindow: '12:00-14:00', instructions: {'How Clean Is Your Home?': 'Very Dirty', 'How Will We Get Inside?': 'Key under the mat'}, bedrooms: 3, bathrooms: 2, extras: {Oven: 1, Fridge: 0}})
    const early = stored({arrivalWindow: '08:00-10:00', notes: 'Dog: friendly'})
    const cancelled = stored({cancelledAt: '2026-11-30T00:00:00Z'})
    const otherCrew = stored({serviceFamily: 'exterior', industry: 'exterior'})
    const sheet = buildDaySheet([late, early, cancelled, otherCrew], 'indoor', '2026-12-02', NOW)
    expect(sheet.map((window) => [window.window, window.bookings.map((booking) => booking.id)])).toEqual([
      ['08:00-10:00', [early.id]],
      ['12:00-14:00', [late.id]],
    ])
    const job = sheet[1].bookings[0]
    // How clean the home is describes the job; getting in is under access.
    expect(job.access).toEqual([{label: 'How Will We Get Inside?', value: 'Key under the mat'}])
    expect(job.job).toEqual(
      expect.arrayContaining([
        {label: 'Bedrooms', value: '3'},
        {label: 'Bathrooms', value: '2'},
        {label: 'Extras', value: 'Oven × 1'},
        {label: 'How Clean Is Your Home?', value: 'Very Dirty'},
      ]),
    )
    expect(job.mapUrl).toBe(mapSearchUrl(late.address))
    expect(sheet[0].bookings[0].notes).toBe('Dog: friendly')
  })

  it('names the carpet form’s rooms and stairs as the job and its key answer as access; no money on the sheet', () => {
    const carpet = stored({industry: 'carpet', rooms: 4, stairs: 1, instructions: 'I Will Hide The Keys', tip: '15%', parkingFee: '$10', coupon: 'SAVE10', discountCents: 1000})
    const [{bookings}] = buildDaySheet([carpet], 'indoor', '2026-12-02', NOW)
    expect(bookings[0].job).toEqual(expect.arrayContaining([{label: 'Rooms', value: '4'}, {label: 'Staircases', value: '1'}]))
    expect(bookings[0].access).toEqual([{label: 'Key information', value: 'I Will Hide The Keys'}])
    expect(JSON.stringify(bookings)).not.toMatch(/\$|SAVE10|15%|amount|total/i)
  })

  it('links the address to a maps search', () => {
    expect(mapSearchUrl('77 Sunset Blvd NE, Renton, WA 98056')).toBe('https://www.google.com/maps/search/?api=1&query=77%20Sunset%20Blvd%20NE%2C%20Renton%2C%20WA%2098056')
  })
})
