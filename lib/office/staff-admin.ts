import * as z from 'zod'
import {officeLine, optionalField} from './input.ts'
import type {AddStaffProblem, OfficeAccessStore, RemoveStaffProblem} from './access-store.ts'
import {isStaffEmail, normalizeStaffEmail, STAFF_ROLES, type StaffMember, type StaffRole} from './staff.ts'

/**
 * The owner's Staff page: adding and removing members, each a staff action recorded with its audit
 * row in the same database call. Plain TypeScript over the access store.
 */

export type NewStaffInput = {name: string; email: string; role: string}

/** The add-member form's fields as posted: one line each, no control characters (then checkNewStaff's rules). */
export const newStaffForm = z.object({name: optionalField(officeLine()), email: optionalField(officeLine()), role: optionalField(officeLine())})

/** A refused add-member form: back to the form, the refused field named beside it. */
export function newStaffFormRefused(refusal: {field: string}): string {
  const field = refusal.field === 'name' || refusal.field === 'email' || refusal.field === 'role' ? refusal.field : 'name'
  return `/office/staff?${new URLSearchParams({[`problem_${field}`]: field})}#add-staff`
}
export type NewStaffProblems = Partial<Record<'name' | 'email' | 'role', 'name' | 'email' | 'role'>>

/** The new member as typed, checked: a name (1–100 characters), an e-mail address, a role. */
export function checkNewStaff(input: NewStaffInput): {ok: true; member: {name: string; email: string; role: StaffRole}} | {ok: false; problems: NewStaffProblems} {
  const name = input.name.trim().replace(/\s+/g, ' ')
  const email = normalizeStaffEmail(input.email)
  const problems: NewStaffProblems = {}
  if (name.length < 1 || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) problems.name = 'name'
  if (!isStaffEmail(email)) problems.email = 'email'
  if (!STAFF_ROLES.includes(input.role as StaffRole)) problems.role = 'role'
  if (Object.keys(problems).length > 0) return {ok: false, problems}
  return {ok: true, member: {name, email, role: input.role as StaffRole}}
}

export async function addStaffMember(
  deps: {store: OfficeAccessStore; now: () => Date},
  by: StaffMember,
  input: NewStaffInput,
): Promise<{outcome: 'added'; id: string} | {outcome: 'refused'; problems: NewStaffProblems | {email: AddStaffProblem} | {form: AddStaffProblem}}> {
  const checked = checkNewStaff(input)
  if (!checked.ok) return {outcome: 'refused', problems: checked.problems}
  const result = await deps.store.addStaff(by, checked.member, deps.now())
  if ('id' in result) return {outcome: 'added', id: result.id}
  return {outcome: 'refused', problems: result.problem === 'email_taken' ? {email: 'email_taken'} : {form: result.problem}}
}

export async function removeStaffMember(
  deps: {store: OfficeAccessStore; now: () => Date},
  by: StaffMember,
  memberId: string,
): Promise<{outcome: 'removed'} | {outcome: 'refused'; problem: RemoveStaffProblem}> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(memberId)) return {outcome: 'refused', problem: 'not_found'}
  const result = await deps.store.removeStaff(by, memberId, deps.now())
  return 'removed' in result ? {outcome: 'removed'} : {outcome: 'refused', problem: result.problem}
}
