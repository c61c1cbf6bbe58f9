import type {DatabaseFunctions} from '../../database/functions.ts'
import {isoTimestamp} from '../../database/timestamps.ts'
import type {StaffMember} from '../access/roles.ts'
import {ALERT_DELIVERIES, ALERT_EVENTS, type AlertDelivery, type AlertEvent} from './words.ts'

/**
 * Staff alerts through their database functions (supabase/migrations/…_staff_alerts.sql): each
 * member's settings, the owner's choice of events and delivery, a member's own text number and
 * consent, and the two jobs' queuing. Plain TypeScript over `DatabaseFunctions`.
 */

export interface StaffAlertSettings {
  staffId: string
  events: AlertEvent[]
  delivery: AlertDelivery
  textPhone: string | null
  /** ISO 8601: when the member agreed to texts on `textPhone`; null: no texts. */
  textConsentAt: string | null
  /** The number replied STOP: no texts until it replies START. */
  textOptedOut: boolean
  enabledAt: string | null
}

export type SaveAlertChoiceOutcome = 'changed' | 'unchanged' | 'not_owner' | 'not_found' | 'crew' | 'invalid'

function settingsFromJson(value: Record<string, unknown>): StaffAlertSettings {
  const events = Array.isArray(value.events) ? value.events.filter((e): e is AlertEvent => (ALERT_EVENTS as readonly unknown[]).includes(e)) : []
  const delivery = (ALERT_DELIVERIES as readonly unknown[]).includes(value.delivery) ? (value.delivery as AlertDelivery) : 'off'
  return {
    staffId: String(value.staffId),
    events,
    delivery,
    textPhone: typeof value.textPhone === 'string' ? value.textPhone : null,
    textConsentAt: value.textConsentAt == null ? null : isoTimestamp(value.textConsentAt),
    textOptedOut: value.textOptedOut === true,
    enabledAt: value.enabledAt == null ? null : isoTimestamp(value.enabledAt),
  }
}

function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value
}

/** Every current member's settings (defaults for those never set), by member id. */
export async function readStaffAlertSettings(functions: DatabaseFunctions): Promise<Map<string, StaffAlertSettings>> {
  const rows = parsed(await functions.value('staff_alert_settings', {p_staff_id: null}))
  const list = Array.isArray(rows) ? rows.map((row) => settingsFromJson(row as Record<string, unknown>)) : []
  return new Map(list.map((settings) => [settings.staffId, settings]))
}

/** One current member's settings, or null when they are not (or no longer) on the staff. */
export async function readOwnAlertSettings(functions: DatabaseFunctions, staffId: string): Promise<StaffAlertSettings | null> {
  const rows = parsed(await functions.value('staff_alert_settings', {p_staff_id: staffId}))
  return Array.isArray(rows) && rows.length > 0 ? settingsFromJson(rows[0] as Record<string, unknown>) : null
}

/** An owner sets a member's events and delivery (audited on the member). */
export async function saveAlertChoice(
  functions: DatabaseFunctions,
  by: StaffMember,
  memberId: string,
  choice: {events: readonly AlertEvent[]; delivery: AlertDelivery},
  now: Date,
): Promise<SaveAlertChoiceOutcome> {
  const outcome = await functions.value<string>('save_staff_alert_choice', {
    p_staff: {id: by.id, name: by.name},
    p_member: memberId,
    p_events: [...choice.events],
    p_delivery: choice.delivery,
    p_now: now,
  })
  return String(outcome) as SaveAlertChoiceOutcome
}

/** A member saves their own text number (E.164 or null) and whether they agree to texts on it. */
export async function saveOwnTextConsent(functions: DatabaseFunctions, me: StaffMember, phone: string | null, agree: boolean, now: Date): Promise<'saved' | 'not_found'> {
  const outcome = await functions.value<string>('save_staff_text_consent', {p_member: me.id, p_phone: phone, p_agree: agree, p_now: now})
  return String(outcome) === 'saved' ? 'saved' : 'not_found'
}

export interface QueuedAlerts {
  emails: number
  texts: number
}

function queued(value: unknown): QueuedAlerts {
  const row = (parsed(value) ?? {}) as Record<string, unknown>
  return {emails: Number(row.emails ?? 0), texts: Number(row.texts ?? 0)}
}

/** Queues the "each" alerts of events from `lookbackSeconds` before `now` (never before a member turned alerts on). */
export async function queueStaffAlerts(functions: DatabaseFunctions, now: Date, lookbackSeconds: number): Promise<QueuedAlerts> {
  return queued(await functions.value('queue_staff_alerts', {p_now: now, p_lookback_seconds: Math.max(0, Math.round(lookbackSeconds))}))
}

/** Queues the digests of the company day `day` ('YYYY-MM-DD'): one per member, however often it is called. */
export async function queueStaffDigests(functions: DatabaseFunctions, now: Date, day: string): Promise<QueuedAlerts> {
  return queued(await functions.value('queue_staff_digests', {p_now: now, p_day: day}))
}
