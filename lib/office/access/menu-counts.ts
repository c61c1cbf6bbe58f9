import type {DatabaseFunctions} from '../../database/functions.ts'
import {hasRole, type StaffMember} from './roles'

/**
 * How many items wait behind two of the office menu's entries: the items Needs attention lists (late
 * payments, cancellation requests, failed e-mails, open disputes) and the new leads of the leads
 * inbox, counted in one database call (office_menu_counts) by the same rules as those pages. Only
 * the office and owners see those entries, so only they are counted. Plain TypeScript.
 */
export interface OfficeMenuCounts {
  attention: number
  newLeads: number
}

function count(value: unknown): number {
  const number = Number(value)
  return Number.isInteger(number) && number >= 0 ? number : 0
}

/** The menu's counts for `member`, or null for a role whose menu has neither entry (crew). */
export async function readMenuCounts(functions: DatabaseFunctions, member: Pick<StaffMember, 'role'>, now: Date): Promise<OfficeMenuCounts | null> {
  if (!hasRole(member, 'office')) return null
  const answer = await functions.value<{attention?: unknown; new_leads?: unknown}>('office_menu_counts', {p_now: now})
  return {attention: count(answer?.attention), newLeads: count(answer?.new_leads)}
}
