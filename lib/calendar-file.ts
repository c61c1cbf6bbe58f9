/**
 * Calendar files (iCalendar, RFC 5545) made with the `ics` package: the customer's file attached
 * to a confirmation (`customerCalendarFile`, lib/email/compose.ts) and the crews' subscription feeds
 * (lib/office/calendars/rules.ts). The one module that knows the library. Times are UTC instants (a phone shows them in its own time
 * zone, right on both sides of a daylight-saving change), or whole days for a booking without a window.
 */
import {createEvents, type DateArray, type EventAttributes} from 'ics'

export interface CalendarEvent {
  /** Unique and stable for what the event stands for, e.g. '<booking id>@example.com'. */
  uid: string
  /** YYYY-MM-DD: the event's day (an all-day event unless it has a window). */
  date: string
  /** The arrival window, when there is one: the event covers it. */
  window?: {start: Date; end: Date}
  summary: string
  description: string
  location: string
  /** When this version of the event was made. */
  stamp: Date
  /** How many times the event changed: calendars keep the version with the highest. */
  sequence?: number
  /** CANCELLED: calendars remove (or strike out) the event. */
  status?: 'CONFIRMED' | 'CANCELLED'
  organizer?: {name: string; email: string}
  /** Shown as free time (the customer's reminder) rather than busy (a crew's job). */
  transparent?: boolean
}

export interface CalendarHeader {
  /** PRODID: who made the file. */
  productId: string
  /** The calendar's name as a subscribing app shows it (X-WR-CALNAME). */
  name?: string
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function dateArray(date: string): DateArray {
  const match = DATE.exec(date)
  if (!match) throw new RangeError(`Not a calendar date: ${date}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

function nextDay([year, month, day]: DateArray): DateArray {
  const next = new Date(Date.UTC(year, month - 1, (day ?? 1) + 1))
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()]
}

/** Line breaks of any kind as the '\n' the library escapes (a lone CR would end the line). */
function oneKindOfLineBreak(text: string): string {
  return text.replace(/\r\n|\r/g, '\n')
}

/** DTSTAMP: the library reads `timestamp` (its schema has it) though its types leave it out. */
type StampedAttributes = EventAttributes & {timestamp: number}

function attributes(event: CalendarEvent): StampedAttributes {
  const day = dateArray(event.date)
  const when = event.window
    ? {start: event.window.start.getTime(), startInputType: 'utc' as const, startOutputType: 'utc' as const, end: event.window.end.getTime(), endInputType: 'utc' as const, endOutputType: 'utc' as const}
    : {start: day, end: nextDay(day)}
  return {
    uid: event.uid,
    ...when,
    title: oneKindOfLineBreak(event.summary),
    description: oneKindOfLineBreak(event.description),
    location: oneKindOfLineBreak(event.location),
    // A parameter value cannot hold a double quote (RFC 5545 §3.2): left out of the name.
    ...(event.organizer ? {organizer: {name: event.organizer.name.replace(/["\\]/g, ''), email: event.organizer.email}} : {}),
    ...(event.sequence ? {sequence: event.sequence} : {}),
    ...(event.status ? {status: event.status} : {}),
    transp: event.transparent ? 'TRANSPARENT' : 'OPAQUE',
    timestamp: event.stamp.getTime(),
  }
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 §3.1), never splitting a UTF-8
 * character. The library folds at 75 characters, which is up to 300 octets of accented or emoji
 * text: its lines are unfolded and folded again here.
 */
function fold(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const bytes = encoder.encode(char).length
    const limit = parts.length === 0 ? 75 : 74 // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += char
    size += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The calendar file of `events`: CRLF line ends, text escaped, lines folded at 75 octets. */
export function calendarFile(events: readonly CalendarEvent[], header: CalendarHeader): string {
  const {error, value} = createEvents(events.map(attributes), {productId: header.productId, method: 'PUBLISH', ...(header.name ? {calName: header.name} : {})})
  if (error || value === null) throw error ?? new Error('The calendar file could not be made')
  const lines = value.replace(/\r\n[ \t]/g, '').split('\r\n').filter((line) => line !== '')
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** A booking's event in the customer's file: a crews' calendar event without a status (a customer's file is always current). */
export type CustomerCalendarEvent = Omit<CalendarEvent, 'status' | 'transparent'>

/**
 * The calendar file attached to a booking's confirmation, or to its move (the same event, a later
 * version). A plan's first confirmation adds its next visits (`more`), one event each.
 */
export function customerCalendarFile(event: CustomerCalendarEvent, ...more: CustomerCalendarEvent[]): string {
  // Transparent: the customer's reminder of a visit, not time they are busy.
  return calendarFile([event, ...more].map((each) => ({...each, transparent: true})), {productId: '-//Cleaning website//Booking confirmation//EN'})
}
