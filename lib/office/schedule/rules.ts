import {addDays, CREW_NAMES, crewWindows, isOpenDay, SERVICE_FAMILIES, SERVICE_FAMILY, slotKey, weekdayOf, windowId} from '../../booking/availability.ts'
import type {AvailabilityRules, ServiceFamily} from '../../booking/availability.ts'
import {bookingReference, crewJobDetails} from '../../booking/stored.ts'
import type {StoredBooking} from '../../booking/store/store.ts'
import {companyLocalNow} from '../../company-time.ts'
import {officeBookingStatus, type OfficeBookingStatus} from '../bookings/status.ts'
import {isOfficeDate, refusedDate, type RefusedParameter} from '../shared/input.ts'
import {paymentSummary, type PaymentState} from '../bookings/payment-state.ts'
import {townOf} from './town.ts'

/**
 * The office's schedule: a day or a week of each crew, window by window, with its bookings and the
 * places taken and free. Plain rules over what the database answers (the bookings of the days and
 * the places taken, counted by `window_places_taken_between` exactly as for /api/availability), so
 * the schedule and the booking forms never disagree about a window's room.
 */

/** A day (`?date=`) or the Monday-to-Sunday week (`?week=`) around a date, Renton calendar days. */
export type ScheduleRange = {kind: 'day' | 'week'; from: string; to: string; days: string[]; previous: string; next: string}


function isCalendarDate(value: string | undefined): value is string {
  return isOfficeDate(value)
}

/** The schedule address's date the office refuses (given, but not a date in the office's years), or null: said on the page, which opens on today. */
export function refusedScheduleDate(params: {date?: string; week?: string}): RefusedParameter | null {
  return refusedDate({date: params.date, week: params.week})
}

/** Today on Renton's clock. */
export function companyToday(now: Date): string {
  return companyLocalNow(now).slice(0, 10)
}

/** The Monday of the week holding `date` (the office's weeks start on Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return addDays(date, -((weekday + 6) % 7))
}

/**
 * The range the schedule's address asks for: `week` (any day of it) wins over `date`; a missing or
 * unreadable date means today, so a mistyped address still opens on today.
 */
export function scheduleRange(params: {date?: string; week?: string}, now: Date): ScheduleRange {
  if (params.week !== undefined) {
    const monday = mondayOf(isCalendarDate(params.week) ? params.week : companyToday(now))
    const days = Array.from({length: 7}, (_, index) => addDays(monday, index))
    return {kind: 'week', from: monday, to: days[6], days, previous: addDays(monday, -7), next: addDays(monday, 7)}
  }
  const day = isCalendarDate(params.date) ? params.date : companyToday(now)
  return {kind: 'day', from: day, to: day, days: [day], previous: addDays(day, -1), next: addDays(day, 1)}
}

/** One booking as the schedule lists it. */
export type ScheduleBooking = {
  id: string
  reference: string
  service: string
  customer: string
  town: string | null
  totalCents: number
  status: OfficeBookingStatus
  /** Paid, partly refunded or refunded (null: nothing paid). */
  payment: PaymentState | null
}

export type ScheduleWindow = {
  /** '08:00-10:00'. */
  window: string
  start: string
  end: string
  /** The places the Availability document gives the window (0 for a window no longer offered). */
  capacity: number
  /** Places held or paid now (the database's count, as /api/availability uses it). */
  taken: number
  /** Places a customer could still book: capacity less taken, never below 0. */
  free: number
  bookings: ScheduleBooking[]
}

export type ScheduleCrewDay = {
  crew: ServiceFamily
  name: string
  /** Not one of the crew's working days, or a holiday: nothing can be booked. */
  closed: boolean
  windows: ScheduleWindow[]
  /** Bookings of the day without an arrival window (made before windows existed). */
  withoutWindow: ScheduleBooking[]
}

export type ScheduleDay = {date: string; weekday: string; crews: ScheduleCrewDay[]}

/** Statuses that are jobs on the schedule; a hold that ended or a payment that failed never was one. */
const ON_SCHEDULE: ReadonlySet<OfficeBookingStatus> = new Set(['paid', 'plan_visit', 'unpaid_hold', 'cancellation_requested', 'cancelled', 'done', 'no_show'])

const INDUSTRY_NAMES: Record<StoredBooking['industry'], string> = {house: 'House cleaning', carpet: 'Carpet cleaning', exterior: 'Exterior cleaning', commercial: 'Commercial cleaning'}

/** What was booked, as the office says it: the service chosen, or the kind of cleaning. */
export function serviceOf(booking: Pick<StoredBooking, 'industry' | 'service'>): string {
  return booking.service?.trim() || INDUSTRY_NAMES[booking.industry]
}

export function scheduleBooking(booking: StoredBooking, now: Date): ScheduleBooking {
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    service: serviceOf(booking),
    customer: `${booking.firstName} ${booking.lastName}`.trim(),
    town: townOf(booking.address),
    totalCents: booking.amountCents,
    status: officeBookingStatus(booking, now),
    payment: paymentSummary(booking)?.state ?? null,
  }
}

/** The crew a booking belongs to (stored with it; older bookings by their kind of cleaning). */
export function crewOf(booking: Pick<StoredBooking, 'serviceFamily' | 'industry'>): ServiceFamily {
  return booking.serviceFamily ?? SERVICE_FAMILY[booking.industry]
}

/**
 * The schedule of `days` for `crews`: each crew's windows of the Availability document on each day,
 * with its bookings (in the order they were made) and the places taken (`taken[crew]`, keyed by
 * `slotKey`). A window a booking holds that the rules no longer offer is shown too (capacity 0), so
 * no booking is hidden by a change of hours; a closed day is marked closed, with any bookings it has.
 */
export function buildSchedule(input: {
  rules: AvailabilityRules
  days: readonly string[]
  crews?: readonly ServiceFamily[]
  bookings: readonly StoredBooking[]
  taken: Readonly<Partial<Record<ServiceFamily, ReadonlyMap<string, number>>>>
  now: Date
}): ScheduleDay[] {
  const crews = input.crews ?? SERVICE_FAMILIES
  const listed = input.bookings.filter((booking) => ON_SCHEDULE.has(officeBookingStatus(booking, input.now)))
  return input.days.map((date) => ({
    date,
    weekday: weekdayOf(date),
    crews: crews.map((crew) => {
      const closed = !isOpenDay(input.rules, crew, date)
      const ofDay = listed.filter((booking) => booking.date === date && crewOf(booking) === crew)
      const taken = input.taken[crew] ?? new Map<string, number>()
      const windows = new Map<string, ScheduleWindow>()
      const addWindow = (start: string, end: string, capacity: number) => {
        const id = windowId({start, end})
        const placesTaken = taken.get(slotKey(date, id)) ?? 0
        windows.set(id, {window: id, start, end, capacity, taken: placesTaken, free: Math.max(0, capacity - placesTaken), bookings: []})
      }
      if (!closed) for (const window of crewWindows(input.rules, crew)) addWindow(window.start, window.end, window.capacity)
      const withoutWindow: ScheduleBooking[] = []
      for (const booking of ofDay) {
        if (!booking.arrivalWindow) {
          withoutWindow.push(scheduleBooking(booking, input.now))
          continue
        }
        if (!windows.has(booking.arrivalWindow)) {
          const [start, end] = booking.arrivalWindow.split('-')
          addWindow(start, end, 0)
        }
        windows.get(booking.arrivalWindow)!.bookings.push(scheduleBooking(booking, input.now))
      }
      return {
        crew,
        name: CREW_NAMES[crew],
        closed,
        windows: [...windows.values()].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)),
        withoutWindow,
      }
    }),
  }))
}

/** One booking on a crew's day sheet: what the crew needs at the door and for the job. Never money. */
export type DaySheetBooking = {
  id: string
  reference: string
  service: string
  customer: string
  address: string
  /** A maps search of the address (a plain https link: a phone opens it in its map app). */
  mapUrl: string
  phone: string
  status: OfficeBookingStatus
  /** The job as the form collected it (size, extras, how clean the home is), in the form's order. */
  job: {label: string; value: string}[]
  /** How to get in and where to park (the form's key and access answers). */
  access: {label: string; value: string}[]
  notes: string | null
  /** What Started and Done go by (lib/office/bookings/mark-started.ts, ../bookings/actions.ts), and show once done. */
  visit: Pick<StoredBooking, 'cancelledAt' | 'paymentStatus' | 'startedAt' | 'date' | 'windowStartsAt' | 'outcome'>
}

export type DaySheetWindow = {window: string; start: string; end: string; bookings: DaySheetBooking[]}

/** A maps search of an address: Google Maps' documented search URL, which phones hand to their map app. */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}

/**
 * A crew's day sheet: the day's jobs window by window, for the crew's phone and clipboard. Cancelled
 * bookings are left off (the crew does not go), unpaid holds stay with their status (the customer
 * may still pay before the visit).
 */
export function buildDaySheet(bookings: readonly StoredBooking[], crew: ServiceFamily, date: string, now: Date): DaySheetWindow[] {
  const windows = new Map<string, DaySheetWindow>()
  for (const booking of bookings) {
    if (booking.date !== date || crewOf(booking) !== crew) continue
    const status = officeBookingStatus(booking, now)
    if (!ON_SCHEDULE.has(status) || status === 'cancelled') continue
    const id = booking.arrivalWindow ?? ''
    if (!windows.has(id)) {
      const [start = '', end = ''] = id ? id.split('-') : []
      windows.set(id, {window: id, start, end, bookings: []})
    }
    windows.get(id)!.bookings.push({
      id: booking.id,
      reference: bookingReference(booking.id),
      service: serviceOf(booking),
      customer: `${booking.firstName} ${booking.lastName}`.trim(),
      address: booking.address,
      mapUrl: mapSearchUrl(booking.address),
      phone: booking.phone,
      status,
      ...crewJobDetails(booking),
      notes: booking.notes?.trim() || null,
      visit: {
        cancelledAt: booking.cancelledAt,
        paymentStatus: booking.paymentStatus,
        startedAt: booking.startedAt,
        date: booking.date,
        windowStartsAt: booking.windowStartsAt,
        outcome: booking.outcome,
      },
    })
  }
  // Windows in the day's order; bookings without a window last.
  return [...windows.values()].sort((a, b) => (a.window === '' ? 1 : b.window === '' ? -1 : a.start < b.start ? -1 : 1))
}

/** A calendar date as the office reads it: "Wednesday, December 2, 2026". */
export function formatScheduleDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'}).format(new Date(`${date}T12:00:00Z`))
}

/** A calendar date in short: "Wed, Dec 2". */
export function formatShortDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC'}).format(new Date(`${date}T12:00:00Z`))
}

/** Whether `value` names a real calendar date 'YYYY-MM-DD'. */
export function isScheduleDate(value: string): boolean {
  return isCalendarDate(value)
}
