/**
 * What the office's page of one booking shows (/office/bookings/[id]) and how its forms answer:
 * every field the customer gave, the charges and refunds, the payment, the status, one history of
 * the customer's changes and the staff's actions, the internal notes, and the move picker's day.
 * Plain TypeScript: the page passes the reads in; words are ./words.ts.
 */
import {slotLabel} from '../../booking/arrival-window'
import {bookingCharges, bookingDetails, bookingReference} from '../../booking/stored'
import {checkoutDescription} from '../../booking/flow'
import type {BookingChange, StoredBooking} from '../../booking/store/store'
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {outcomeRefusal, moveRefusal, resendRefusal, type MoveOffer, type OfficeActionResult} from './actions'
import type {BookingNote} from './store'
import {officeBookingStatus, type OfficeBookingStatus} from './status'
import {isOfficeDate} from '../shared/input'
import {refundReasonFromStored} from '../money/actions'
import {paymentSummary, type PaymentSummary} from './payment-state'
import {bookingWords as words} from './words'
import {MONEY_WORDS} from '../money/words'

/** A staff action as the history lists it (lib/office/shared/audit.ts reads them). */
export type RecordedAction = {at: string; staffName: string; action: string; before: unknown; after: unknown}

/** One line of the booking's history: when, who, what. */
export type HistoryEntry = {at: string; when: string; who: string; what: string; by: 'customer' | 'staff' | 'site'}

export type OfficeBookingView = {
  id: string
  reference: string
  service: string
  status: OfficeBookingStatus
  slot: string
  customer: {name: string; email: string; phone: string; address: string; notes: string | null}
  /** Every field of the form, as label and value (the business's notification shows the same). */
  details: {label: string; value: string}[]
  charges: {label: string; cents: number}[]
  totalCents: number
  refundedCents: number
  payment: {
    status: string
    /** Paid, partly refunded or refunded, with the amounts (null: nothing paid). */
    summary: PaymentSummary | null
    provider: string | null; sessionId: string | null; paidAt: string | null; bookedAt: string; holdExpiresAt: string | null}
  history: HistoryEntry[]
  notes: (BookingNote & {when: string})[]
  /** What may be done now, or why not (a key of words.move.notMovable / words.problem). */
  can: {move: string | null; markOutcome: string | null; resend: string | null}
  outcome: StoredBooking['outcome']
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function cents(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** What a staff action says in the history (the actions of other areas by their name). */
export function describeAction(action: RecordedAction): string {
  const before = record(action.before)
  const after = record(action.after)
  switch (action.action) {
    case 'moved':
      return words.history.moved(slotLabel(text(before.date), text(before.arrivalWindow)), slotLabel(text(after.date), text(after.arrivalWindow)))
    case 'marked_done':
      return words.history.markedDone
    case 'marked_no_show':
      return words.history.markedNoShow
    case 'confirmation_resent':
      return words.history.confirmationResent(text(after.to) ?? '')
    case 'note_added':
      return words.history.noteAdded
    // The other areas' actions on a booking (cancel and refund, Needs attention).
    case 'cancelled':
      return words.history.cancelled(formatUsd(cents(after.refunded_cents) - cents(before.refunded_cents)))
    case 'refunded': {
      const reason = refundReasonFromStored(after.reason)
      const said = !reason ? words.history.reasonNotRecorded : reason.code === 'other' ? reason.text : (MONEY_WORDS.refund.reasons[reason.code] ?? reason.code)
      return words.history.refunded(formatUsd(cents(after.amount_cents)), said)
    }
    case 'late_payment_taken':
      return words.history.latePaymentTaken
    case 'late_payment_refunded':
      return words.history.latePaymentRefunded(formatUsd(cents(after.refunded_cents)))
    case 'refunded_at_provider':
      return words.history.refundedAtProvider(formatUsd(cents(after.amount_cents)), action.staffName)
    case 'disputed':
      return words.history.disputed(formatUsd(cents(after.amount_cents)), text(after.reason))
    case 'email_sent_again':
      return words.history.emailSentAgain
    default:
      return words.history.other(action.action)
  }
}

/** The booking's history, oldest first: booked, paid, the customer's changes and the staff's actions. */
export function bookingHistory(booking: StoredBooking, customerChanges: readonly BookingChange[], actions: readonly RecordedAction[]): HistoryEntry[] {
  const entry = (at: string, who: string, what: string, by: HistoryEntry['by']): HistoryEntry => ({at, when: formatCompanyDateTime(at), who, what, by})
  const customer = `${booking.firstName} ${booking.lastName}`
  const entries: HistoryEntry[] = [entry(booking.createdAt, customer, words.history.booked, 'customer')]
  if (booking.paidAt) entries.push(entry(booking.paidAt, words.who.site, words.history.paid, 'site'))
  for (const change of customerChanges) {
    entries.push(
      change.kind === 'rescheduled'
        ? entry(change.changedAt, customer, words.history.customerMoved(slotLabel(change.fromDate, change.fromWindow), slotLabel(change.toDate, change.toWindow)), 'customer')
        : entry(change.changedAt, customer, words.history.cancellationRequested, 'customer'),
    )
  }
  for (const action of actions) entries.push(entry(action.at, action.staffName, describeAction(action), 'staff'))
  // Stable: entries of one moment keep the order above.
  return entries.map((e, index) => ({e, index})).sort((a, b) => Date.parse(a.e.at) - Date.parse(b.e.at) || a.index - b.index).map(({e}) => e)
}

export function officeBookingView(
  booking: StoredBooking,
  reads: {customerChanges: readonly BookingChange[]; actions: readonly RecordedAction[]; notes: readonly BookingNote[]},
  now: Date,
): OfficeBookingView {
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    service: checkoutDescription(booking),
    status: officeBookingStatus(booking, now),
    slot: slotLabel(booking.date, booking.arrivalWindow),
    customer: {name: `${booking.firstName} ${booking.lastName}`, email: booking.email, phone: booking.phone, address: booking.address, notes: booking.notes || null},
    details: bookingDetails(booking),
    charges: bookingCharges(booking),
    totalCents: booking.amountCents,
    refundedCents: booking.refundedCents,
    payment: {
      status: booking.paymentStatus,
      summary: paymentSummary(booking),
      provider: booking.paymentProvider,
      sessionId: booking.paymentSessionId,
      paidAt: booking.paidAt ? formatCompanyDateTime(booking.paidAt) : null,
      bookedAt: formatCompanyDateTime(booking.createdAt),
      holdExpiresAt: booking.paymentStatus === 'pending' && booking.holdExpiresAt ? formatCompanyDateTime(booking.holdExpiresAt) : null,
    },
    history: bookingHistory(booking, reads.customerChanges, reads.actions),
    notes: reads.notes.map((note) => ({...note, when: formatCompanyDateTime(note.createdAt)})),
    can: {move: moveRefusal(booking, now), markOutcome: outcomeRefusal(booking, now), resend: resendRefusal(booking)},
    outcome: booking.outcome,
  }
}

/** The page's address, where every form of it answers. */
export function bookingPagePath(id: string): string {
  return `/office/bookings/${encodeURIComponent(id)}`
}

/**
 * The element a refused field's answer is focused on (its id on the page). The answer's address
 * names it as its fragment too: Chromium moves focus to a fragment's element once the page's
 * styles have loaded, or clears focus when that element cannot take it, which may come after the
 * page's own script focused the field. Naming the same element, the two agree in either order (and
 * without JavaScript the browser alone focuses the field).
 */
export const REFUSED_FIELD_FOCUS = {date: 'move-date', arrivalWindow: 'move-window-problem', note: 'note'} as const

/** What a form posted that a refusal keeps (the move's date and window, the note). */
export type KeptInput = {date?: string; window?: string; note?: string}

/** Where an action answers (303): the page, with the outcome (or the problem and what was typed), at the outcome's place. */
export function actionAnswerLocation(id: string, result: OfficeActionResult<string> | {ok: false; problem: 'failed'}, kept: KeptInput = {}): string {
  const query = new URLSearchParams()
  if (result.ok) {
    query.set('done', result.done)
  } else {
    query.set('problem', result.problem)
    if ('field' in result && result.field) query.set('field', result.field)
    if (kept.date) query.set('date', kept.date.slice(0, 10))
    if (kept.window) query.set('window', kept.window.slice(0, 11))
    // A note longer than the field takes never reaches the address (the field stops at the limit).
    if (kept.note && kept.note.length <= 2000) query.set('note', kept.note)
  }
  const anchor = result.ok || !('field' in result) || !result.field ? 'outcome' : REFUSED_FIELD_FOCUS[result.field]
  return `${bookingPagePath(id)}?${query.toString()}#${anchor}`
}

/** The move picker's chosen day, from the page's address (`?date=`), or null for the default. */
export function requestedMoveDate(value: string | string[] | undefined): string | null {
  const date = Array.isArray(value) ? value[0] : value
  return isOfficeDate(date) ? date : null
}

export type {MoveOffer}
