/**
 * What the office writes to and reads of one booking beyond the booking store: its staff actions
 * (move, done / no-show, confirmation resent, internal notes), each one database function (the
 * change, its audit row and its e-mails in one transaction: supabase/migrations/
 * 20261122000600_baseline_office.sql), and the notes and the customer's own changes.
 * Works through either adapter of the database functions port (SQL on PGlite or PostgreSQL,
 * supabase-js rpc).
 */
import {changesFrom, isUuid} from '../../booking/store/mapping'
import type {BookingChange, BookingOutcome} from '../../booking/store/store'
import type {DatabaseFunctions, ValueFunctionName} from '../../database/functions'
import type {QueuedEmail} from '../../email/queue'
import {actingStaff, type ActingStaff} from '../access/roles'
import {isoTimestamp} from '../../database/timestamps'


/** Why the office cannot change a booking ('changed': someone changed it since the page was read). */
export type OfficeRefusal = 'not_found' | 'not_paid' | 'cancelled' | 'done' | 'cancellation_requested' | 'changed' | 'not_started'

export type OfficeMoveOutcome = 'moved' | 'full' | 'same' | Exclude<OfficeRefusal, 'not_started'>
export type OfficeMarkOutcome = 'marked' | 'same' | Extract<OfficeRefusal, 'not_found' | 'not_paid' | 'cancelled' | 'not_started'>
export type OfficeResendOutcome = 'queued' | Extract<OfficeRefusal, 'not_found' | 'not_paid' | 'cancelled' | 'changed'>

/** An internal note (ISO time). */
export type BookingNote = {id: string; staffName: string; body: string; createdAt: string}

export interface OfficeBookingRecords {
  move(
    id: string,
    to: {date: string; arrivalWindow: string; windowStartsAt: string; capacity: number},
    terms: {now: Date; staff: ActingStaff; emails: readonly QueuedEmail[]; linkGeneration: number},
  ): Promise<OfficeMoveOutcome>
  /** `emails`: the review request marking it done queues (at most one per customer in 30 days: the database decides). */
  markOutcome(id: string, outcome: BookingOutcome, terms: {now: Date; staff: ActingStaff; emails?: readonly QueuedEmail[]}): Promise<OfficeMarkOutcome>
  resendConfirmation(id: string, terms: {now: Date; staff: ActingStaff; emails: readonly QueuedEmail[]; linkGeneration: number}): Promise<OfficeResendOutcome>
  addNote(id: string, body: string, terms: {now: Date; staff: ActingStaff}): Promise<'added' | 'not_found'>
  notesOf(id: string): Promise<BookingNote[]>
  /** The changes the customer made through the manage link (not the office's moves), oldest first. */
  customerChangesOf(id: string): Promise<BookingChange[]>
}


export function createOfficeBookingRecords(functions: DatabaseFunctions): OfficeBookingRecords {
  /** One staff action's database function on booking `id`: the status it answers (not_found, without asking, for an id that is no UUID). */
  async function act<Status extends string>(name: ValueFunctionName, id: string, args: Record<string, unknown>): Promise<Status | 'not_found'> {
    if (!isUuid(id)) return 'not_found'
    const answer = await functions.value<{status: Status}>(name, {p_id: id, ...args})
    return answer.status
  }

  return {
    move: (id, to, terms) =>
      act<OfficeMoveOutcome>('office_move_booking', id, {
        p_date: to.date,
        p_window: to.arrivalWindow,
        p_window_starts_at: to.windowStartsAt,
        p_capacity: to.capacity,
        p_now: terms.now,
        p_staff: actingStaff(terms.staff),
        p_emails: terms.emails,
        p_link_generation: terms.linkGeneration,
      }),
    markOutcome: (id, outcome, terms) =>
      act<OfficeMarkOutcome>('office_mark_booking_outcome', id, {p_outcome: outcome, p_now: terms.now, p_staff: actingStaff(terms.staff), p_emails: terms.emails ?? []}),
    resendConfirmation: (id, terms) =>
      act<OfficeResendOutcome>('office_resend_confirmation', id, {p_now: terms.now, p_staff: actingStaff(terms.staff), p_emails: terms.emails, p_link_generation: terms.linkGeneration}),
    addNote: (id, body, terms) => act<'added'>('office_add_booking_note', id, {p_body: body, p_now: terms.now, p_staff: actingStaff(terms.staff)}),
    async notesOf(id) {
      if (!isUuid(id)) return []
      const rows = await functions.rows<Record<string, unknown>>('booking_notes_of', {p_id: id})
      return rows.map((row) => ({id: String(row.id), staffName: String(row.staff_name), body: String(row.body), createdAt: isoTimestamp(row.created_at)}))
    },
    async customerChangesOf(id) {
      if (!isUuid(id)) return []
      return changesFrom(await functions.rows('customer_booking_changes_of', {p_id: id}))
    },
  }
}
