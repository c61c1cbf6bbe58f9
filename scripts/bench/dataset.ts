/**
 * The content a site under bench reads, and the places its bookings take. Since arrival windows
 * landed, a window takes only as many bookings as the Availability document gives it (3 in the
 * committed dataset), and the database refuses the rest: a bench posting thousands of bookings would
 * measure refusals. So the site under bench reads a copy of the dataset whose booking windows each
 * take a million (more than any run sends), and the bench spreads its bookings over every date and
 * window the rules offer, so no window holds more than a real busy one would (a count of the places
 * taken comes before each insert).
 */
import {mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const DATASET_DIR = path.join(ROOT, 'studio', 'dataset')

/** Places per window in the bench's availability: more bookings than any run sends. */
export const BENCH_WINDOW_CAPACITY = 1_000_000

/** The crews whose windows count places (the estimate visits count none). */
const BOOKING_CREWS = ['indoor', 'exterior', 'commercial'] as const

interface ArrivalWindowDoc {
  start: string
  end: string
  capacity?: number
}

interface CrewDoc {
  workingDays: string[]
  windows: ArrivalWindowDoc[]
}

/** What the bench reads of the Availability document (the Studio's shape, studio/schemas). */
export interface AvailabilityDoc {
  _id: 'availability'
  indoor: CrewDoc
  exterior: CrewDoc
  commercial: CrewDoc
  closedDates?: {date: string}[]
  leadDays: number
  horizonDays: number
}

/** A date and arrival window a booking asks for. */
export interface BookingSlot {
  date: string
  arrivalWindow: string
}

/** Every offered window (capacity above 0) of the booking crews given BENCH_WINDOW_CAPACITY places; the rest as it was. */
export function withRoomForEveryBooking(ndjson: string): string {
  const lines = ndjson.split('\n').filter((line) => line.trim())
  return (
    lines
      .map((line) => {
        const doc = JSON.parse(line) as {_id: string; [crew: string]: unknown}
        if (doc._id !== 'availability') return line
        for (const crew of BOOKING_CREWS) {
          for (const window of (doc[crew] as CrewDoc).windows) {
            // A window with no places is not offered; it stays so.
            if (window.capacity !== 0) window.capacity = BENCH_WINDOW_CAPACITY
          }
        }
        return JSON.stringify(doc)
      })
      .join('\n') + '\n'
  )
}

/** Edits a dataset file in place: room for every booking (e.g. the reference deployment's copy, ./proxy.ts). */
export function roomForEveryBooking(file: string): void {
  writeFileSync(file, withRoomForEveryBooking(readFileSync(file, 'utf8')))
}

/**
 * Writes the bench's dataset into `dir`: studio/dataset/production.ndjson with room for every
 * booking, beside an `images` link to studio/dataset/images (the dataset names its images by
 * relative path). Answers the file, for SANITY_LOCAL_DATASET.
 */
export function writeBenchDataset(dir: string): string {
  mkdirSync(dir, {recursive: true})
  const file = path.join(dir, 'production.ndjson')
  writeFileSync(file, withRoomForEveryBooking(readFileSync(path.join(DATASET_DIR, 'production.ndjson'), 'utf8')))
  symlinkSync(path.join(DATASET_DIR, 'images'), path.join(dir, 'images'), 'dir')
  return file
}

export function readAvailability(file: string): AvailabilityDoc {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"availability"')) continue
    const doc = JSON.parse(line) as {_id?: string}
    if (doc._id === 'availability') return doc as AvailabilityDoc
  }
  throw new Error(`No availability document in ${file}`)
}

/** Today's date in Renton (the company's time zone), YYYY-MM-DD. */
function companyDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit'}).format(now)
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

/**
 * Every date and window a house-cleaning booking (the indoor crews) can ask for from `now` until
 * the run is over: the crew's working days that are not closed, its offered windows, from the
 * earliest day bookable after the evening cut-off (which may pass during the run; after midnight
 * that day is still the earliest) to the last (which only moves later). The rules are lib/booking/availability.ts's, which Node cannot load
 * from here (its imports name no file extension); tests/unit/bench-bookings.test.ts checks each
 * slot against them.
 */
export function bookingSlots(availability: AvailabilityDoc, now: Date): BookingSlot[] {
  const today = companyDate(now)
  const closed = new Set((availability.closedDates ?? []).map((closedDate) => closedDate.date))
  const crew = availability.indoor
  const windows = crew.windows.filter((window) => window.capacity !== 0).map((window) => `${window.start}-${window.end}`)
  const slots: BookingSlot[] = []
  for (let days = availability.leadDays + 1; days <= availability.horizonDays; days++) {
    const date = addDays(today, days)
    if (closed.has(date) || !crew.workingDays.includes(WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()])) continue
    for (const arrivalWindow of windows) slots.push({date, arrivalWindow})
  }
  if (slots.length === 0) throw new Error('The availability offers no date and window to book')
  return slots
}
