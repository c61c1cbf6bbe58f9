/**
 * How an arrival window reads ('08:00-10:00' → '8:00 AM – 10:00 AM', Renton time), on the booking
 * forms, /success and in the e-mails. A module of its own: the booking screens need only this of
 * the availability rules (./availability.ts).
 */

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
