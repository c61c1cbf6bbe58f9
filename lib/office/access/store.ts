import type {DatabaseFunctions} from '../../database/functions.ts'
import type {QueuedEmail} from '../../email/queue.ts'
import type {ServiceFamily} from '../../booking/availability.ts'
import {actingStaff, isStaffCrew, isStaffRole, staffMemberFrom, type StaffMember, type StaffRole} from './roles.ts'

/**
 * Sign-in links, sessions and the staff list, through the database functions of
 * 20261122000600_baseline_office.sql (each one transaction, the same on PGlite, PostgreSQL and
 * Supabase). Every time is the caller's clock, so tests move it.
 */

export type SignInRefusal = 'unknown' | 'used' | 'expired' | 'other_browser' | 'removed'

export type StaffListEntry = StaffMember & {createdAt: string}

export type AddStaffProblem = 'not_owner' | 'email_taken' | 'crew'
export type RemoveStaffProblem = 'not_owner' | 'not_found' | 'yourself' | 'last_owner'
export type EditStaffProblem = 'not_owner' | 'not_found' | 'last_owner' | 'crew'

/** A member as the owner adds or changes them: `crew` only for a crew member (required then). */
export type StaffDetails = {name: string; role: StaffRole; crew: ServiceFamily | null}

export interface OfficeAccessStore {
  /** Adds the first owner while the staff table has never had anyone; whether it did. */
  seedFirstOwner(email: string, name: string): Promise<boolean>
  /** Stores a link and queues its e-mail when `email` is a current member's; nothing otherwise. */
  requestSignIn(link: {email: string; tokenHash: string; bindingHash: string; now: Date; expiresAt: Date; emails: QueuedEmail[]}): Promise<void>
  /** Uses a link (once) and opens a session. */
  consumeSignIn(attempt: {
    tokenHash: string
    bindingHash: string
    sessionHash: string
    now: Date
    idleSeconds: number
    absoluteSeconds: number
  }): Promise<{staff: StaffMember} | {refused: SignInRefusal}>
  /** The member of a live session (its idle end refreshed at most every `refreshSeconds`), or null. */
  session(sessionHash: string, now: Date, idleSeconds: number, refreshSeconds: number): Promise<StaffMember | null>
  /** Revokes a session; whether it was live. */
  endSession(sessionHash: string, now: Date): Promise<boolean>
  currentStaff(): Promise<StaffListEntry[]>
  /** Adds a member and queues `emails` (their invitation) in the same transaction. */
  addStaff(by: StaffMember, member: StaffDetails & {email: string}, emails: QueuedEmail[], now: Date): Promise<{id: string} | {problem: AddStaffProblem}>
  /** Renames a member or changes their role or crew; never demotes the last owner. */
  editStaff(by: StaffMember, memberId: string, changes: StaffDetails, now: Date): Promise<{changed: boolean} | {problem: EditStaffProblem}>
  removeStaff(by: StaffMember, memberId: string, now: Date): Promise<{removed: true} | {problem: RemoveStaffProblem}>
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString()

export function createOfficeAccessStore(functions: DatabaseFunctions): OfficeAccessStore {
  return {
    async seedFirstOwner(email, name) {
      return (await functions.value<boolean>('seed_first_owner', {p_email: email, p_name: name})) === true
    },
    async requestSignIn(link) {
      await functions.value('request_staff_sign_in', {
        p_email: link.email,
        p_token_hash: link.tokenHash,
        p_binding_hash: link.bindingHash,
        p_now: link.now,
        p_expires_at: link.expiresAt,
        p_emails: link.emails,
      })
    },
    async consumeSignIn(attempt) {
      const answer = json<{staff?: unknown; refused?: SignInRefusal}>(
        await functions.value('consume_staff_sign_in', {
          p_token_hash: attempt.tokenHash,
          p_binding_hash: attempt.bindingHash,
          p_session_hash: attempt.sessionHash,
          p_now: attempt.now,
          p_idle_seconds: attempt.idleSeconds,
          p_absolute_seconds: attempt.absoluteSeconds,
        }),
      )
      const staff = staffMemberFrom(answer.staff)
      return staff ? {staff} : {refused: answer.refused ?? 'unknown'}
    },
    async session(sessionHash, now, idleSeconds, refreshSeconds) {
      const value = await functions.value('staff_session', {p_session_hash: sessionHash, p_now: now, p_idle_seconds: idleSeconds, p_refresh_seconds: refreshSeconds})
      return value == null ? null : staffMemberFrom(value)
    },
    async endSession(sessionHash, now) {
      return (await functions.value<boolean>('end_staff_session', {p_session_hash: sessionHash, p_now: now})) === true
    },
    async currentStaff() {
      const rows = await functions.rows<Record<string, unknown>>('current_staff', {})
      return rows.map((row) => ({
        id: String(row.id),
        name: String(row.name),
        email: String(row.email),
        role: isStaffRole(row.role) ? row.role : 'crew',
        crew: row.role === 'crew' && isStaffCrew(row.crew) ? row.crew : null,
        createdAt: iso(row.created_at),
      }))
    },
    async addStaff(by, member, emails, now) {
      return json(await functions.value('add_staff_member', {p_staff: actingStaff(by), p_member: member, p_emails: emails, p_now: now}))
    },
    async editStaff(by, memberId, changes, now) {
      return json(await functions.value('edit_staff_member', {p_staff: actingStaff(by), p_member_id: memberId, p_changes: changes, p_now: now}))
    },
    async removeStaff(by, memberId, now) {
      return json(await functions.value('remove_staff_member', {p_staff: actingStaff(by), p_member_id: memberId, p_now: now}))
    },
  }
}
