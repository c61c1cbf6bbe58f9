/**
 * "Mark started" on /office/bookings/[id]: the office records that the crew set off for a paid
 * visit on its day (bookings.started_at, audited with the member's name), and, when the customer
 * consented to texts, the "your crew is on its way" text is queued in the same transaction
 * (supabase/migrations/20261122000600_baseline_office.sql `office_mark_booking_started`). The text outbox
 * checks STOP and quiet hours again when it sends. Plain TypeScript, dependencies passed in.
 *
 * The issue also names a signed link in the crews' day e-mail for a business without an office:
 * this site has the office, so staff mark visits started here.
 */
import type {BookingStore, StoredBooking} from '../../booking/store/store'
import {companyLocalNow, companyLocalTimeToDate} from '../../company-time'
import type {DatabaseFunctions} from '../../database/functions'
import {isUuid} from '../../booking/store/mapping'
import {queuedText, type QueuedText} from '../../texts/messages'
import {sendableAt} from '../../texts/quiet-hours'
import {bookingPagePath} from './page'
import {actingStaff, type ActingStaff} from '../access/roles'

export type MarkStartedOutcome = 'marked' | 'same' | 'not_found' | 'cancelled' | 'not_paid' | 'not_today'
export type MarkStartedResult = {ok: true; done: 'markedStarted'} | {ok: false; problem: Exclude<MarkStartedOutcome, 'marked' | 'same'> | 'failed'}

export interface MarkStartedDeps {
  store: Pick<BookingStore, 'findById'>
  functions: Pick<DatabaseFunctions, 'value'>
  now: () => Date
  /** Wakes the text outbox after the text was queued. */
  textsQueued?: () => void
}

/** "On its way" is no news once the window has ended (or, without a window, three hours on). */
export function onTheWayExpiry(booking: Pick<StoredBooking, 'date' | 'arrivalWindow'>, now: Date): Date {
  const end = booking.date && booking.arrivalWindow ? companyLocalTimeToDate(`${booking.date}T${booking.arrivalWindow.slice(6, 11)}`) : null
  return end && end.getTime() > now.getTime() ? end : new Date(now.getTime() + 3 * 3600_000)
}

/** The "crew on its way" text of a booking marked started at `now` (one per booking). */
export function onTheWayText(booking: StoredBooking, now: Date): QueuedText | null {
  return queuedText(booking, 'crew_on_the_way', `crew_on_the_way:${booking.id}`, sendableAt(now), onTheWayExpiry(booking, now))
}

/** Whether the visit can be marked started now (paid, not cancelled, on its day), or why not; 'started' once it is. */
export function startedRefusal(booking: Pick<StoredBooking, 'cancelledAt' | 'paymentStatus' | 'startedAt' | 'date'>, now: Date): 'cancelled' | 'not_paid' | 'not_today' | 'started' | null {
  if (booking.startedAt) return 'started'
  if (booking.cancelledAt) return 'cancelled'
  if (booking.paymentStatus !== 'paid') return 'not_paid'
  return booking.date === companyLocalNow(now).slice(0, 10) ? null : 'not_today'
}

/** Marks the visit started; queues the customer's "on its way" text when they consented. */
export async function markStarted(id: string, staff: ActingStaff, deps: MarkStartedDeps): Promise<MarkStartedResult> {
  if (!isUuid(id)) return {ok: false, problem: 'not_found'}
  const booking = await deps.store.findById(id)
  if (!booking) return {ok: false, problem: 'not_found'}
  const now = deps.now()
  const text = onTheWayText(booking, now)
  const answer = await deps.functions.value<{status: MarkStartedOutcome}>('office_mark_booking_started', {
    p_id: id,
    p_now: now,
    p_staff: actingStaff(staff),
    p_text: text,
  })
  if (answer.status === 'marked' || answer.status === 'same') {
    if (answer.status === 'marked' && text) deps.textsQueued?.()
    return {ok: true, done: 'markedStarted'}
  }
  return {ok: false, problem: answer.status}
}

/** Where the form's post answers (303): the booking page with the outcome, as the other actions. */
export function markStartedLocation(id: string, result: MarkStartedResult): string {
  const query = new URLSearchParams(result.ok ? {done: result.done} : {problem: result.problem})
  return `${bookingPagePath(id)}?${query.toString()}#outcome`
}
