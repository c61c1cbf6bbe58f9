import type {DatabaseFunctions} from '../database/functions.ts'
import type {EmailTemplate, EventFacts} from './queue.ts'

/**
 * The e-mail channel of the outbox (public.outbox, supabase/migrations), worked through its database
 * functions: claim due messages atomically (FOR UPDATE SKIP LOCKED, with a lease), keep the claim
 * while a send is in flight, then record each as sent or to be tried again. Safe with any number of
 * server processes on one database. `now` is the clock of the call (null: the database's).
 */

export interface OutboxMessage {
  id: string
  eventKey: string
  template: EmailTemplate
  /** null = the business. */
  to: string | null
  replyTo: string | null
  payload: EventFacts
  /** Attempts including this one. */
  attempts: number
  /** This worker's claim. */
  lockToken: string
  createdAt: string
}

export interface OutboxStore {
  /** Up to `limit` due messages, claimed for `leaseSeconds` (a worker that dies frees them then). */
  claim(limit: number, leaseSeconds: number, now?: Date | null): Promise<OutboxMessage[]>
  /** Keeps the claim `leaseSeconds` more; false when it is lost (its lease ran out): then the message must not be sent. */
  renew(message: OutboxMessage, leaseSeconds: number, now?: Date | null): Promise<boolean>
  /** Sent: never sent again. False if the claim was lost (the lease ran out and another worker took it). */
  complete(message: OutboxMessage, messageId: string, now?: Date | null): Promise<boolean>
  /** Not sent: try again in `retrySeconds`, or never (null). */
  fail(message: OutboxMessage, error: string, retrySeconds: number | null, now?: Date | null): Promise<boolean>
  /**
   * Claimed but not tried (the worker is stopping): due again at once for any worker, the attempt
   * not counted. Answers how many were still this worker's claims.
   */
  release(messages: OutboxMessage[]): Promise<number>
  /** Whole seconds since the oldest message still to be sent was queued; null when none is waiting. */
  oldestUnsentSeconds(): Promise<number | null>
}

function timestamp(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString()
}

/** A row of claim_outbox, from a Postgres driver (jsonb parsed, Date) or from PostgREST (JSON). */
export function outboxMessageFromRow(row: Record<string, unknown>): OutboxMessage {
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  return {
    id: String(row.id),
    eventKey: String(row.event_key),
    template: String(row.template) as EmailTemplate,
    to: row.to_address == null ? null : String(row.to_address),
    replyTo: row.reply_to == null ? null : String(row.reply_to),
    payload: payload as EventFacts,
    attempts: Number(row.attempts),
    lockToken: String(row.lock_token),
    createdAt: timestamp(row.created_at),
  }
}

/** The functions take whole seconds (EMAIL_OUTBOX_LEASE_SECONDS may be 0.5): never shorter than asked. */
export function wholeSeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds))
}

export function createOutboxStore(functions: DatabaseFunctions): OutboxStore {
  return {
    async claim(limit, leaseSeconds, now = null) {
      const rows = await functions.rows('claim_outbox', {p_channel: 'email', p_limit: limit, p_lease_seconds: wholeSeconds(leaseSeconds), p_now: now})
      return rows.map(outboxMessageFromRow)
    },
    async renew(message, leaseSeconds, now = null) {
      const until = await functions.value<unknown>('renew_outbox_claim', {p_id: message.id, p_lock_token: message.lockToken, p_lease_seconds: wholeSeconds(leaseSeconds), p_now: now})
      return until != null
    },
    async complete(message, messageId, now = null) {
      return (
        (await functions.value<boolean>('complete_outbox', {p_id: message.id, p_lock_token: message.lockToken, p_message_id: messageId, p_provider_status: null, p_now: now})) ===
        true
      )
    },
    async fail(message, error, retrySeconds, now = null) {
      return (
        (await functions.value<boolean>('fail_outbox', {p_id: message.id, p_lock_token: message.lockToken, p_error: error, p_retry_seconds: retrySeconds, p_now: now})) === true
      )
    },
    async release(messages) {
      if (messages.length === 0) return 0
      const claims = messages.map((message) => ({id: message.id, lock_token: message.lockToken}))
      return Number(await functions.value<number>('release_outbox', {p_claims: claims}))
    },
    async oldestUnsentSeconds() {
      const seconds = await functions.value<number | null>('oldest_unsent_email_seconds', {})
      return seconds == null ? null : Number(seconds)
    },
  }
}
