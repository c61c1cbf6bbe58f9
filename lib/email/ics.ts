/**
 * A calendar file (iCalendar, RFC 5545) for a booking, attached to its confirmation so the customer
 * can add it to their calendar: its arrival window as a timed event (UTC instants), or the whole day
 * for a booking without a window. Made by lib/calendar-file.ts (the `ics` package), like the crews'
 * calendars.
 */
import {calendarFile, type CalendarEvent} from '../calendar-file'

/** One booking's event: a crews' calendar event without a status (a customer's file is always current). */
export type CalendarDay = Omit<CalendarEvent, 'status' | 'transparent'>

export function calendarDayFile(event: CalendarDay): string {
  // Transparent: the customer's reminder of a visit, not time they are busy.
  return calendarFile([{...event, transparent: true}], {productId: '-//Cleaning website//Booking confirmation//EN'})
}
