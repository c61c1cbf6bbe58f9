import {arrivalWindowLabel} from '../../booking/arrival-window.ts'
import {formatUsd} from '../../booking/money.ts'
import type {DatabaseFunctions} from '../../database/functions.ts'
import {formatCompanyDateTime, formatDate} from '../../format.ts'

/**
 * The record of staff actions (`public.staff_actions`): who did what to a booking, a lead, a member
 * of staff or a crew's calendar, when, with the fields it changed before and after. Each action's
 * database function writes its row in the action's own transaction; this reads them back.
 */

export type StaffActionSubject = 'booking' | 'lead' | 'staff' | 'crew_calendar' | 'plan' | 'customer'

export interface StaffAction {
  id: string
  staffId: string | null
  /** The member's name when it happened. */
  staffName: string
  /** ISO 8601. */
  at: string
  /** What was done, as a key ('staff_added', 'booking_cancelled', …). */
  action: string
  /** The fields the action changed, as they were and as they became (null: nothing before / after). */
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  /** Set by lists over several subjects (the Staff page's history). */
  subjectId?: string
}

function object(value: unknown): Record<string, unknown> | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
}

/** A row of staff_actions_of / staff_actions_on_staff, from a Postgres driver or from PostgREST. */
export function staffActionFromRow(row: Record<string, unknown>): StaffAction {
  return {
    id: String(row.id),
    staffId: row.staff_id == null ? null : String(row.staff_id),
    staffName: String(row.staff_name),
    at: (row.at instanceof Date ? row.at : new Date(String(row.at))).toISOString(),
    action: String(row.action),
    before: object(row.before),
    after: object(row.after),
    ...(row.subject_id == null ? {} : {subjectId: String(row.subject_id)}),
  }
}

/** The actions on one subject, oldest first, through the given database functions. */
export async function readStaffActions(functions: DatabaseFunctions, subjectKind: StaffActionSubject, subjectId: string): Promise<StaffAction[]> {
  const rows = await functions.rows<Record<string, unknown>>('staff_actions_of', {p_subject_kind: subjectKind, p_subject_id: subjectId})
  return rows.map(staffActionFromRow)
}

/** The actions on one booking, lead, member of staff or crew's calendar, oldest first (server only). */
export async function staffActionsOf(subjectKind: StaffActionSubject, subjectId: string): Promise<StaffAction[]> {
  const {getDatabaseFunctions} = await import('../../database')
  return readStaffActions(await getDatabaseFunctions(), subjectKind, subjectId)
}

/** The owner's record of changes to the staff, newest first. */
export async function readStaffChanges(functions: DatabaseFunctions, limit = 50): Promise<StaffAction[]> {
  const rows = await functions.rows<Record<string, unknown>>('staff_actions_on_staff', {p_limit: limit})
  return rows.map(staffActionFromRow)
}

/** The words a changed value is told in (lib/office/access/words.ts accessWords.history, and a page's own). */
export interface ActionValueWords {
  nothing: string
  yes: string
  no: string
  /** A yes/no field's own words ('revoked' / 'active'), by field. */
  booleans: Record<string, {true: string; false: string}>
  /** Stored keys in words ('contacted' → 'Contacted'), by field. */
  values: Record<string, Record<string, string>>
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/
const WINDOW = /^\d{2}:\d{2}-\d{2}:\d{2}$/

/**
 * A changed field's value as people read it: nothing as a dash; an instant on the company's clock
 * and a date or arrival window in words; yes/no in the field's words; an amount of `…_cents` /
 * `…Cents` in dollars; a stored key in the page's words; other text as it is, anything else as JSON.
 */
export function actionValueText(field: string, value: unknown, words: ActionValueWords): string {
  if (value === null || value === undefined || value === '') return words.nothing
  if (typeof value === 'boolean') {
    const own = words.booleans[field]
    return own ? own[value ? 'true' : 'false'] : value ? words.yes : words.no
  }
  if (typeof value === 'number') return /cents$/i.test(field) && Number.isInteger(value) ? formatUsd(value) : String(value)
  if (typeof value === 'string') {
    const named = words.values[field]?.[value]
    if (named) return named
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatCompanyDateTime(value)
    if (CALENDAR_DATE.test(value)) return formatDate(value)
    if (WINDOW.test(value)) return arrivalWindowLabel(value)
    return value
  }
  return JSON.stringify(value)
}

/** The fields an action changed, each with its value before and after, in the order first seen. */
export function actionChanges(action: Pick<StaffAction, 'before' | 'after'>): {field: string; before: unknown; after: unknown}[] {
  const fields = [...new Set([...Object.keys(action.before ?? {}), ...Object.keys(action.after ?? {})])]
  return fields.map((field) => ({field, before: action.before?.[field], after: action.after?.[field]}))
}
