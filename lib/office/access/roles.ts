/**
 * Who works in the office: the members of `public.staff` who may sign in, as the app reads them.
 * Three roles, each a superset of the next: the owner does everything (staff, refunds, late
 * payments, exports, crew-calendar addresses); the office runs the schedule, bookings, leads and
 * plans without touching money or lasting access; a crew member sees their crew's day on a phone.
 * A crew member belongs to one crew (the crews of the Availability content) and opens only that
 * crew's day sheets, and Started and Done on that crew's bookings. Plain TypeScript.
 */
import {SERVICE_FAMILIES, type ServiceFamily} from '../../booking/availability.ts'

export type StaffRole = 'owner' | 'office' | 'crew'

/** `crew`: the crew of a crew member (null for everyone else, and for a crew member not yet given one). */
export type StaffMember = {id: string; name: string; email: string; role: StaffRole; crew: ServiceFamily | null}

/** The roles a member can be given, most powerful first. */
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'office', 'crew']

const RANK: Record<StaffRole, number> = {owner: 3, office: 2, crew: 1}

export function isStaffRole(value: unknown): value is StaffRole {
  return value === 'owner' || value === 'office' || value === 'crew'
}

/**
 * Whether `member` may do what needs at least `role`: 'crew' is any current member, 'office' the
 * owner and office, 'owner' owners only.
 */
export function hasRole(member: Pick<StaffMember, 'role'>, role: StaffRole): boolean {
  return RANK[member.role] >= RANK[role]
}

/** The crews a crew member can belong to: the Availability content's crews that take bookings. */
export const STAFF_CREWS: readonly ServiceFamily[] = SERVICE_FAMILIES

export function isStaffCrew(value: unknown): value is ServiceFamily {
  return (SERVICE_FAMILIES as readonly unknown[]).includes(value)
}

/**
 * Whether `member` may open `crew`'s day sheets and mark its bookings started or done: the office
 * and owners any crew's, a crew member only their own (none while they have no crew).
 */
export function mayWorkCrew(member: Pick<StaffMember, 'role' | 'crew'>, crew: ServiceFamily): boolean {
  return hasRole(member, 'office') || (member.role === 'crew' && member.crew === crew)
}

/** An e-mail address as the staff table keeps it: trimmed, lower case. */
export function normalizeStaffEmail(value: string): string {
  return value.trim().toLowerCase()
}

/** A plausible e-mail address (one @, a dot in the domain, no spaces), at most 254 characters. */
export function isStaffEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 254 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(value)
}

/** A member from the database's JSON ({id, name, email, role, crew}), or null for anything else. */
export function staffMemberFrom(value: unknown): StaffMember | null {
  const json = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  if (!json || typeof json !== 'object') return null
  const {id, name, email, role, crew} = json as Record<string, unknown>
  if (typeof id !== 'string' || typeof name !== 'string' || typeof email !== 'string' || !isStaffRole(role)) return null
  // Only a crew member has a crew: a stray one on anyone else opens nothing more.
  return {id, name, email, role, crew: role === 'crew' && isStaffCrew(crew) ? crew : null}
}

/** The member doing a staff action, as its audit row names them (a StaffMember is one). */
export type ActingStaff = Pick<StaffMember, 'id' | 'name'>

/** The acting member as every staff action's database function takes it (`p_staff`). */
export function actingStaff(member: ActingStaff): ActingStaff {
  return {id: member.id, name: member.name}
}
