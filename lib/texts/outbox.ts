import {fromRow} from '../booking/store/mapping'
import type {StoredBooking} from '../booking/store/store'
import type {DatabaseFunctions} from '../database/functions'
import {isoTimestamp} from '../database/timestamps'
import {wholeSeconds} from '../email/outbox'
import type {AnyTextFacts, AnyTextTemplate, QueuedText} from './messages'

/**
 * The text channel of the outbox and the opt-outs, worked through their database functions like the
 * e-mails (../email/outbox.ts, the same table and functions): texts claimed atomically (FOR UPDATE
 * SKIP LOCKED, with a lease kept while a send is in flight) by any number of server processes, each
 * claimed with what the worker checks again before sending. Every call takes the time, so tests
 * move the clock.
 */

export interface TextMessage {
  id: string
  eventKey: string
  bookingId: string | null
  to: string
  template: AnyTextTemplate
  payload: AnyTextFacts
  /** Attempts including this one. */
  attempts: number
  lockToken: string
  createdAt: string
  /** The number replied STOP (or the provider said so) and has not replied START since. */
  optedOut: boolean
  /** The booking (or its plan) has the customer's consent to texts; a staff alert, its member's own. */
  consented: boolean
  /** The visit is still paid (or a plan's scheduled visit) and not cancelled. */
  visitStands: boolean
  /** The visit's window start now (it may have moved since the text was queued). */
  windowStartsAt: string | null
}

export interface TextOutboxStore {
  /** Queues texts; an event already queued is left alone. Answers how many were queued now. */
  enqueue(texts: readonly QueuedText[]): Promise<number>
  claim(limit: number, leaseSeconds: number, now: Date): Promise<TextMessage[]>
  /** Keeps the claim `leaseSeconds` more from `now`; false when it is lost: then the text must not be sent. */
  renew(message: TextMessage, leaseSeconds: number, now: Date): Promise<boolean>
  complete(message: TextMessage, sent: {providerMessageId: string; status: string}, now: Date): Promise<boolean>
  fail(message: TextMessage, error: string, retrySeconds: number | null, now: Date): Promise<boolean>
  skip(message: TextMessage, reason: TextSkipReason, now: Date): Promise<boolean>
  /** Due again at `until` (quiet hours), the attempt not counted. */
  defer(message: TextMessage, until: Date): Promise<boolean>
  release(messages: readonly TextMessage[]): Promise<number>
  /** The provider's delivery status (the status webhook); false when the message is not ours. */
  recordStatus(providerMessageId: string, status: string, errorCode: string | null, now: Date): Promise<boolean>
  optOut(phone: string, source: 'reply' | 'provider', now: Date): Promise<boolean>
  optIn(phone: string): Promise<boolean>
  /** Visits whose window starts in (from, to], paid or scheduled, consented, their reminder not yet queued. */
  visitsForReminders(from: Date, to: Date): Promise<StoredBooking[]>
}

export type TextSkipReason = 'opted_out' | 'no_consent' | 'visit_changed' | 'too_late' | 'no_number'

function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value
}

/** A row of claim_outbox for the text channel (Postgres driver or PostgREST). */
export function textMessageFromRow(row: Record<string, unknown>): TextMessage {
  return {
    id: String(row.id),
    eventKey: String(row.event_key),
    bookingId: row.booking_id == null ? null : String(row.booking_id),
    to: String(row.to_address),
    template: String(row.template) as AnyTextTemplate,
    payload: json(row.payload) as AnyTextFacts,
    attempts: Number(row.attempts),
    lockToken: String(row.lock_token),
    createdAt: isoTimestamp(row.created_at),
    optedOut: row.opted_out === true,
    consented: row.consented === true,
    visitStands: row.visit_stands === true,
    windowStartsAt: row.window_starts_at == null ? null : isoTimestamp(row.window_starts_at),
  }
}

export function createTextOutboxStore(functions: DatabaseFunctions): TextOutboxStore {
  const yes = (value: unknown) => value === true
  return {
    async enqueue(texts) {
      if (texts.length === 0) return 0
      return Number(await functions.value<number>('enqueue_texts', {p_texts: texts}))
    },
    async claim(limit, leaseSeconds, now) {
      const rows = await functions.rows('claim_outbox', {p_channel: 'text', p_limit: limit, p_lease_seconds: wholeSeconds(leaseSeconds), p_now: now})
      return rows.map(textMessageFromRow)
    },
    async renew(message, leaseSeconds, now) {
      return (await functions.value('renew_outbox_claim', {p_id: message.id, p_lock_token: message.lockToken, p_lease_seconds: wholeSeconds(leaseSeconds), p_now: now})) != null
    },
    async complete(message, sent, now) {
      return yes(
        await functions.value('complete_outbox', {
          p_id: message.id,
          p_lock_token: message.lockToken,
          p_message_id: sent.providerMessageId,
          p_provider_status: sent.status,
          p_now: now,
        }),
      )
    },
    async fail(message, error, retrySeconds, now) {
      return yes(await functions.value('fail_outbox', {p_id: message.id, p_lock_token: message.lockToken, p_error: error, p_retry_seconds: retrySeconds, p_now: now}))
    },
    async skip(message, reason, now) {
      return yes(await functions.value('skip_outbox', {p_id: message.id, p_lock_token: message.lockToken, p_reason: reason, p_now: now}))
    },
    async defer(message, until) {
      return yes(await functions.value('defer_outbox', {p_id: message.id, p_lock_token: message.lockToken, p_until: until}))
    },
    async release(messages) {
      if (messages.length === 0) return 0
      return Number(await functions.value<number>('release_outbox', {p_claims: messages.map((message) => ({id: message.id, lock_token: message.lockToken}))}))
    },
    async recordStatus(providerMessageId, status, errorCode, now) {
      return yes(await functions.value('record_text_status', {p_provider_message_id: providerMessageId, p_status: status, p_error_code: errorCode, p_now: now}))
    },
    async optOut(phone, source, now) {
      return yes(await functions.value('record_sms_opt_out', {p_phone: phone, p_source: source, p_now: now}))
    },
    async optIn(phone) {
      return yes(await functions.value('record_sms_opt_in', {p_phone: phone}))
    },
    async visitsForReminders(from, to) {
      const rows = await functions.rows<{booking: unknown}>('visits_for_text_reminders', {p_from: from, p_to: to})
      return rows.map((row) => fromRow(json(row.booking) as Record<string, unknown>))
    },
  }
}
