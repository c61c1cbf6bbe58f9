/**
 * What staff do to one booking (/office/bookings/[id]), in plain TypeScript with every dependency
 * passed in: move it to any window of its crew with room, mark it done or a no-show, send its
 * confirmation again, add an internal note. Each action is one database function (the change, the
 * audit row naming the member and the customer's e-mail in one transaction, ./store.ts);
 * the checks here only save a round trip and word the refusal, the database decides.
 *
 * Staff are not held to the customers' 24-hour notice (the office agrees late changes by phone) nor
 * to the booking forms' lead time (the office can put a job on today's schedule): any window of the
 * crew's open days that has not begun, up to the booking horizon, with a place left.
 */
import {slotLabel} from '../../booking/arrival-window'
import {
  checkSlot,
  crewWindows,
  dateRefusal,
  latestBookableDate,
  SERVICE_FAMILY,
  slotKey,
  windowId,
  windowStartsAt,
  type AvailabilityRules,
  type DateRefusal,
} from '../../booking/availability'
import {bookingChangeBase} from '../../booking/manage'
import {checkoutDescription} from '../../booking/flow'
import {bookingPaidFacts} from '../../booking/stored'
import {reviewRequestEmails} from '../../booking/reminders'
import type {BookingOutcome, BookingStore, StoredBooking} from '../../booking/store/store'
import {companyLocalNow} from '../../company-time'
import {customerEmailOnly, type BookingMovedByOfficeFacts, type BookingPaidFacts} from '../../email/queue'
import {officeBookingStatus} from './status'
import {isOfficeDate} from '../shared/input'
import type {OfficeBookingRecords, OfficeRefusal} from './store'
import type {ActingStaff} from '../access/roles'

export interface OfficeBookingDeps {
  store: Pick<BookingStore, 'findById' | 'placesTaken' | 'changesOf'>
  records: OfficeBookingRecords
  availability: () => Promise<AvailabilityRules>
  now: () => Date
  /** Wakes the e-mail outbox after an action queued a message. */
  emailsQueued?: () => void
  /** The site settings' feedback address, where a visit marked done asks for a review (none: no request). */
  feedbackUrl?: () => Promise<string | null>
}

/** Why a move's date or window was refused, named beside its field (./words.ts words them). */
export type MoveFieldProblem = DateRefusal | 'windowRequired' | 'windowUnknown' | 'windowBegun' | 'windowFull' | 'sameWindow'

/** What an action did: its outcome, or why not (a field's problem keeps what was typed). */
export type OfficeActionResult<Done extends string> =
  | {ok: true; done: Done}
  | {ok: false; problem: OfficeRefusal | 'invalid'; field?: never}
  | {ok: false; problem: MoveFieldProblem | NoteProblem; field: 'date' | 'arrivalWindow' | 'note'}

/**
 * The availability rules as they bind staff: no lead time (today's windows that have not begun are
 * offered); the crews' days, windows, places, holidays and horizon as for customers.
 */
export function staffRules(rules: AvailabilityRules): AvailabilityRules {
  // A cut-off of 23:59 never moves the first day on: by then every window of the day has begun.
  return {...rules, leadDays: 0, leadCutoff: '23:59'}
}

/** Today in Renton (YYYY-MM-DD). */
function companyToday(now: Date): string {
  return companyLocalNow(now).slice(0, 10)
}

/** One window of the move picker's day: its places left (the booking's own place not counted). */
export type MoveWindow = {window: string; left: number; capacity: number; begun: boolean; current: boolean}

/** The move picker for one day: the crew's windows with places left, or why the day is not offered. */
export type MoveOffer = {
  date: string
  /** The first and last day a move may go to (today, the horizon). */
  earliest: string
  latest: string
  dayRefusal: DateRefusal | null
  windows: MoveWindow[]
}

const WINDOW = /^\d{2}:\d{2}-\d{2}:\d{2}$/

/**
 * The windows `booking` may move to on `date` (default: its own date when it is still ahead, else
 * today), with places left now.
 */
export async function moveOffer(booking: StoredBooking, date: string | null, deps: Pick<OfficeBookingDeps, 'store' | 'availability' | 'now'>): Promise<MoveOffer> {
  const rules = staffRules(await deps.availability())
  const now = deps.now()
  const today = companyToday(now)
  const family = SERVICE_FAMILY[booking.industry]
  const chosen = date && isOfficeDate(date) ? date : booking.date && booking.date >= today ? booking.date : today
  const latest = latestBookableDate(rules, now)
  const refusal = dateRefusal(rules, family, chosen, now)
  const taken = refusal === 'dateInvalid' ? new Map<string, number>() : await deps.store.placesTaken(family, chosen, chosen, now)
  const windows = refusal
    ? []
    : crewWindows(rules, family).map((window) => {
        const id = windowId(window)
        const current = booking.date === chosen && booking.arrivalWindow === id
        return {
          window: id,
          capacity: window.capacity,
          left: window.capacity - (taken.get(slotKey(chosen, id)) ?? 0),
          begun: windowStartsAt(chosen, window).getTime() <= now.getTime(),
          current,
        }
      })
  return {date: chosen, earliest: today, latest, dayRefusal: refusal, windows}
}

/** Whether the booking can be moved by the office at all now, or why not. */
export function moveRefusal(booking: StoredBooking, now: Date): OfficeRefusal | null {
  switch (officeBookingStatus(booking, now)) {
    case 'paid':
    case 'plan_visit':
      return booking.arrivalWindow ? null : 'not_paid'
    case 'cancellation_requested':
      return 'cancellation_requested'
    case 'cancelled':
      return 'cancelled'
    case 'done':
    case 'no_show':
      return 'done'
    default:
      return 'not_paid'
  }
}

/** Whether the visit can be marked done or a no-show now (paid, not cancelled, its window begun), or why not. */
export function outcomeRefusal(booking: Pick<StoredBooking, 'cancelledAt' | 'paymentStatus' | 'windowStartsAt' | 'date'>, now: Date): 'not_paid' | 'cancelled' | 'not_started' | null {
  if (booking.cancelledAt) return 'cancelled'
  if (booking.paymentStatus !== 'paid') return 'not_paid'
  const started = booking.windowStartsAt ? Date.parse(booking.windowStartsAt) <= now.getTime() : booking.date !== null && booking.date <= companyToday(now)
  return started ? null : 'not_started'
}

/** Whether the confirmation can be sent again (paid and not cancelled), or why not. */
export function resendRefusal(booking: StoredBooking): 'not_paid' | 'cancelled' | null {
  if (booking.cancelledAt) return 'cancelled'
  return booking.paymentStatus === 'paid' ? null : 'not_paid'
}

/** The form fields of a move as posted. */
export type MoveInput = {date?: unknown; arrivalWindow?: unknown}

/**
 * Moves the booking to `input.date` and `input.arrivalWindow`, a window of its crew with a place
 * left, whenever its own window is (also within 24 hours), and e-mails the customer the new window
 * with the booking's new manage link.
 */
export async function moveBooking(id: string, input: MoveInput, staff: ActingStaff, deps: OfficeBookingDeps): Promise<OfficeActionResult<'moved'>> {
  const booking = await deps.store.findById(id)
  if (!booking) return {ok: false, problem: 'not_found'}
  const now = deps.now()
  const refusal = moveRefusal(booking, now)
  if (refusal) return {ok: false, problem: refusal}
  const date = typeof input.date === 'string' ? input.date.trim() : ''
  const window = typeof input.arrivalWindow === 'string' ? input.arrivalWindow.trim() : ''
  if (!isOfficeDate(date)) return {ok: false, problem: 'dateInvalid', field: 'date'}
  if (!WINDOW.test(window)) return {ok: false, problem: 'windowRequired', field: 'arrivalWindow'}
  if (date === booking.date && window === booking.arrivalWindow) return {ok: false, problem: 'sameWindow', field: 'arrivalWindow'}

  const rules = staffRules(await deps.availability())
  const check = checkSlot(rules, booking.industry, date, window, now)
  if (!check.ok) {
    if (check.reason === 'windowUnknown') return {ok: false, problem: 'windowUnknown', field: 'arrivalWindow'}
    // Only a window of today that has begun is 'too soon' once the lead time is gone.
    if (check.reason === 'dateTooSoon' && date === companyToday(now)) return {ok: false, problem: 'windowBegun', field: 'arrivalWindow'}
    return {ok: false, problem: check.reason, field: 'date'}
  }
  // The calendar file's SEQUENCE: every move so far (the customer's and the office's) and this one.
  const moves = (await deps.store.changesOf(booking.id)).filter((change) => change.kind === 'rescheduled').length
  const facts: BookingMovedByOfficeFacts = {
    kind: 'booking_moved_by_office',
    ...bookingChangeBase(booking, now),
    linkGeneration: booking.manageLinkGeneration + 1,
    toDate: date,
    toWindow: window,
    windowStartsAt: check.slot.startsAt.toISOString(),
    sequence: moves + 1,
  }
  const outcome = await deps.records.move(
    booking.id,
    {date, arrivalWindow: window, windowStartsAt: facts.windowStartsAt, capacity: check.slot.capacity},
    {now, staff, emails: customerEmailOnly(facts), linkGeneration: booking.manageLinkGeneration},
  )
  switch (outcome) {
    case 'moved':
      deps.emailsQueued?.()
      return {ok: true, done: 'moved'}
    case 'full':
      return {ok: false, problem: 'windowFull', field: 'arrivalWindow'}
    case 'same':
      return {ok: false, problem: 'sameWindow', field: 'arrivalWindow'}
    default:
      return {ok: false, problem: outcome}
  }
}

/**
 * Marks the visit done or a no-show. Done asks the customer for a review (the site settings'
 * feedback address; none without one), at most once per customer's address in 30 days: the
 * database decides, in the same transaction.
 */
export async function markOutcome(id: string, outcome: unknown, staff: ActingStaff, deps: OfficeBookingDeps): Promise<OfficeActionResult<'markedDone' | 'markedNoShow'>> {
  if (outcome !== 'done' && outcome !== 'no_show') return {ok: false, problem: 'invalid'}
  const booking = await deps.store.findById(id)
  if (!booking) return {ok: false, problem: 'not_found'}
  const now = deps.now()
  const refusal = outcomeRefusal(booking, now)
  if (refusal) return {ok: false, problem: refusal}
  // The review request, queued with the change (or not, within 30 days of the last).
  const emails = outcome === 'done' && deps.feedbackUrl ? reviewRequestEmails(booking, await deps.feedbackUrl(), now) : []
  const answer = await deps.records.markOutcome(booking.id, outcome as BookingOutcome, {now, staff, emails})
  if (answer === 'marked' && emails.length > 0) deps.emailsQueued?.()
  if (answer === 'marked' || answer === 'same') return {ok: true, done: outcome === 'done' ? 'markedDone' : 'markedNoShow'}
  return {ok: false, problem: answer}
}

/**
 * The confirmation the customer got at payment, as it would be sent now: the booking's current date
 * and window, and the manage link of its current generation (the one that works).
 */
export function confirmationFacts(booking: StoredBooking): BookingPaidFacts {
  const paidAt = new Date(booking.paidAt ?? booking.createdAt)
  return {...bookingPaidFacts(booking, checkoutDescription(booking), paidAt), linkGeneration: booking.manageLinkGeneration}
}

/** Sends the customer the booking's confirmation again (one e-mail per click). */
export async function resendConfirmation(id: string, staff: ActingStaff, deps: OfficeBookingDeps): Promise<OfficeActionResult<'confirmationResent'>> {
  const booking = await deps.store.findById(id)
  if (!booking) return {ok: false, problem: 'not_found'}
  const refusal = resendRefusal(booking)
  if (refusal) return {ok: false, problem: refusal}
  const answer = await deps.records.resendConfirmation(booking.id, {
    now: deps.now(),
    staff,
    emails: customerEmailOnly(confirmationFacts(booking)),
    linkGeneration: booking.manageLinkGeneration,
  })
  if (answer !== 'queued') return {ok: false, problem: answer}
  deps.emailsQueued?.()
  return {ok: true, done: 'confirmationResent'}
}

export const NOTE_MAX_LENGTH = 2000
export type NoteProblem = 'noteRequired' | 'noteTooLong' | 'noteUnreadable'

/** A note as typed, or its problem: trimmed, in NFC, no control characters but line breaks and tabs. */
export function checkNote(text: unknown): {ok: true; note: string} | {ok: false; problem: NoteProblem} {
  const note = (typeof text === 'string' ? text : '').normalize('NFC').replace(/\r\n?/g, '\n').trim()
  if (note === '') return {ok: false, problem: 'noteRequired'}
  if (note.length > NOTE_MAX_LENGTH) return {ok: false, problem: 'noteTooLong'}
  // A lone surrogate cannot be stored as typed; control characters (but line breaks and tabs) are no note.
  if (!note.isWellFormed() || /[^\P{Cc}\n\t]/u.test(note)) return {ok: false, problem: 'noteUnreadable'}
  return {ok: true, note}
}

/** Adds an internal note (staff only; never shown or sent to the customer). */
export async function addNote(id: string, text: unknown, staff: ActingStaff, deps: OfficeBookingDeps): Promise<OfficeActionResult<'noteAdded'>> {
  const checked = checkNote(text)
  if (!checked.ok) return {ok: false, problem: checked.problem, field: 'note'}
  const answer = await deps.records.addNote(id, checked.note, {now: deps.now(), staff})
  return answer === 'added' ? {ok: true, done: 'noteAdded'} : {ok: false, problem: 'not_found'}
}

/** '…, 8:00 AM – 10:00 AM' of a booking, or ''. */
export function bookingSlot(booking: Pick<StoredBooking, 'date' | 'arrivalWindow'>): string {
  return slotLabel(booking.date, booking.arrivalWindow)
}
