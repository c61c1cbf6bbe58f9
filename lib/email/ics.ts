/**
 * A calendar file (iCalendar, RFC 5545) for a booking, attached to its confirmation so the customer
 * can add it to their calendar: its arrival window as a timed event (UTC instants), or the whole day
 * for a booking without a window. Plain TypeScript: CRLF line ends, text escaped, lines folded at 75 octets.
 */

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

/** TEXT value escaping (RFC 5545 §3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n')
}

/** Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character. */
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

function dateValue(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a calendar date: ${date}`)
  return date.replaceAll('-', '')
}

function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
}

function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')
}

export function calendarDayFile(event: CalendarDay): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cleaning website//Booking confirmation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.window
      ? [`DTSTART:${utcStamp(event.window.start)}`, `DTEND:${utcStamp(event.window.end)}`]
      : [`DTSTART;VALUE=DATE:${dateValue(event.date)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(event.date))}`]),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.organizer ? [`ORGANIZER;CN="${event.organizer.name.replace(/["\\]/g, '')}":mailto:${event.organizer.email}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
