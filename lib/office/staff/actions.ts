import * as z from 'zod'
import type {AddStaffProblem, EditStaffProblem, OfficeAccessStore, RemoveStaffProblem, StaffDetails} from '../access/store.ts'
import {officeLine, optionalField} from '../shared/input.ts'
import {staffInvitationEmail} from '../access/sign-in-email.ts'
import {isStaffCrew, isStaffEmail, isStaffRole, normalizeStaffEmail, type StaffMember} from '../access/roles.ts'

/**
 * The owner's Staff page: adding, changing (name, role, crew) and removing members, each a staff
 * action recorded with its audit row in the same database call; adding one also queues their
 * invitation e-mail in that call. Plain TypeScript over the access store.
 */

export type NewStaffInput = {name: string; email: string; role: string; crew?: string}
export type StaffEditInput = {name: string; role: string; crew?: string}
type Field = 'name' | 'email' | 'role' | 'crew'
export type NewStaffProblems = Partial<Record<Field, Field>>

const line = () => optionalField(officeLine())

/** The add-member form's fields as posted: one line each, no control characters (then checkNewStaff's rules). */
export const newStaffForm = z.object({name: line(), email: line(), role: line(), crew: line()})

/** The change-member form's fields as posted, checked as the add form's. */
export const staffEditForm = z.object({name: line(), role: line(), crew: line()})

function refusedField(field: string): Field {
  return field === 'name' || field === 'email' || field === 'role' || field === 'crew' ? field : 'name'
}

/** A refused add-member form: back to the form, the refused field named beside it. */
export function newStaffFormRefused(refusal: {field: string}): string {
  const field = refusedField(refusal.field)
  return `/office/staff?${new URLSearchParams({[`problem_${field}`]: field})}#add-staff`
}

/** A refused change-member form: back to that member's form, the refused field named beside it. */
export function staffEditFormRefused(refusal: {field: string}, params: Record<string, unknown>): string {
  const field = refusedField(refusal.field)
  const id = String(params.id ?? '')
  return `/office/staff?${new URLSearchParams({edit: id, [`problem_${field}`]: field})}#edit-${encodeURIComponent(id)}`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A name (1–100 characters, no control characters), a role, and a crew exactly when the role is crew. */
function checkDetails(input: StaffEditInput, problems: NewStaffProblems): StaffDetails | null {
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (name.length < 1 || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) problems.name = 'name'
  if (!isStaffRole(input.role)) problems.role = 'role'
  // A crew chosen for someone who is not a crew member is ignored: the form keeps the field for all.
  if (input.role === 'crew' && !isStaffCrew(input.crew)) problems.crew = 'crew'
  if (Object.keys(problems).length > 0 || !isStaffRole(input.role)) return null
  return {name, role: input.role, crew: input.role === 'crew' && isStaffCrew(input.crew) ? input.crew : null}
}

/** The new member as typed, checked: a name (1–100 characters), an e-mail address, a role, a crew member's crew. */
export function checkNewStaff(input: NewStaffInput): {ok: true; member: StaffDetails & {email: string}} | {ok: false; problems: NewStaffProblems} {
  const problems: NewStaffProblems = {}
  const email = normalizeStaffEmail(input.email)
  if (!isStaffEmail(email)) problems.email = 'email'
  const details = checkDetails(input, problems)
  if (!details || Object.keys(problems).length > 0) return {ok: false, problems}
  return {ok: true, member: {...details, email}}
}

/** A member's new name, role and crew as typed, checked as a new member's are. */
export function checkStaffEdit(input: StaffEditInput): {ok: true; changes: StaffDetails} | {ok: false; problems: NewStaffProblems} {
  const problems: NewStaffProblems = {}
  const details = checkDetails(input, problems)
  return details ? {ok: true, changes: details} : {ok: false, problems}
}

/** Adds a member, audited, and queues their invitation to sign in (one per member added). */
export async function addStaffMember(
  deps: {store: OfficeAccessStore; now: () => Date; afterQueued?: () => void},
  by: StaffMember,
  input: NewStaffInput,
): Promise<{outcome: 'added'; id: string} | {outcome: 'refused'; problems: NewStaffProblems | {email: AddStaffProblem} | {crew: AddStaffProblem} | {form: AddStaffProblem}}> {
  const checked = checkNewStaff(input)
  if (!checked.ok) return {outcome: 'refused', problems: checked.problems}
  const result = await deps.store.addStaff(by, checked.member, [staffInvitationEmail(checked.member, by.name)], deps.now())
  if ('id' in result) {
    deps.afterQueued?.()
    return {outcome: 'added', id: result.id}
  }
  if (result.problem === 'email_taken') return {outcome: 'refused', problems: {email: 'email_taken'}}
  return {outcome: 'refused', problems: result.problem === 'crew' ? {crew: 'crew'} : {form: result.problem}}
}

/** Renames a member (the owner too) or changes their role or crew, audited; never demotes the last owner. */
export async function editStaffMember(
  deps: {store: OfficeAccessStore; now: () => Date},
  by: StaffMember,
  memberId: string,
  input: StaffEditInput,
): Promise<{outcome: 'changed' | 'unchanged'} | {outcome: 'refused'; problems: NewStaffProblems} | {outcome: 'refused'; problem: EditStaffProblem}> {
  if (!UUID.test(memberId)) return {outcome: 'refused', problem: 'not_found'}
  const checked = checkStaffEdit(input)
  if (!checked.ok) return {outcome: 'refused', problems: checked.problems}
  const result = await deps.store.editStaff(by, memberId, checked.changes, deps.now())
  if ('changed' in result) return {outcome: result.changed ? 'changed' : 'unchanged'}
  return result.problem === 'crew' ? {outcome: 'refused', problems: {crew: 'crew'}} : {outcome: 'refused', problem: result.problem}
}

export async function removeStaffMember(
  deps: {store: OfficeAccessStore; now: () => Date},
  by: StaffMember,
  memberId: string,
): Promise<{outcome: 'removed'} | {outcome: 'refused'; problem: RemoveStaffProblem}> {
  if (!UUID.test(memberId)) return {outcome: 'refused', problem: 'not_found'}
  const result = await deps.store.removeStaff(by, memberId, deps.now())
  return 'removed' in result ? {outcome: 'removed'} : {outcome: 'refused', problem: result.problem}
}
