/**
 * A calendar file (iCalendar, RFC 5545) for a booking, attached to its confirmation so the customer
 * can add it to their calendar: its arrival window as a timed event (UTC instants), or the whole day
 * for a booking without a window. Made by lib/calendar-file.ts (the `ics` package), like the crews'
 * calendars.
 */
import {calendarFile} from '../calendar-file'

export interface CalendarDay {
  /** Unique and stable for the booking, e.g. '<booking id>@example.com'. */
  uid: string
  /** YYYY-MM-DD. */
  date: string
  /** The arrival window, when the booking has one: the event covers it. */
  window?: {start: Date; end: Date}
  summary: string
  description: string
  location: string
  /** When the file was made. */
  stamp: Date
  organizer?: {name: string; email: string}
  /** How many times the event changed (a moved booking): calendars replace the older version. */
  sequence?: number
}

export function calendarDayFile(event: CalendarDay): string {
  // Transparent: the customer's reminder of a visit, not time they are busy.
  return calendarFile([{...event, transparent: true}], {productId: '-//Cleaning website//Booking confirmation//EN'})
}
