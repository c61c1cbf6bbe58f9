/**
 * A stored arrival window ('08:00-10:00', Renton time): how it reads ('8:00 AM – 10:00 AM') on the
 * booking forms, /success and in the e-mails, and when it ends (the calendar file). A module of its
 * own: the booking screens need only this of the availability rules (./availability.ts).
 */

import {formatDate} from '../format'

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/
const wallClock = new Intl.DateTimeFormat('en-US', {hour: 'numeric', minute: '2-digit', timeZone: 'UTC'})

function wallTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number)
  return wallClock.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)))
}

export function arrivalWindowLabel(window: string): string {
  const [start = '', end = ''] = window.split('-')
  return TIME.test(start) && TIME.test(end) ? `${wallTime(start)} – ${wallTime(end)}` : window
}

/** When a window starts and ends, from its stored start (windows never span a daylight-saving change at 2 am). */
export function windowTimes(window: string, startsAt: string): {start: Date; end: Date} {
  const [from = '', until = ''] = window.split('-')
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
  const start = new Date(startsAt)
  return {start, end: new Date(start.getTime() + (minutes(until) - minutes(from)) * 60_000)}
}

/** 'February 1, 2030, 8:00 AM – 10:00 AM' (or what of it a booking has). */
export function slotLabel(date: string | null, window: string | null): string {
  return [date ? formatDate(date) : null, window ? arrivalWindowLabel(window) : null].filter(Boolean).join(', ')
}
