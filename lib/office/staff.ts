/**
 * Who works in the office: the members of `public.staff` who may sign in, as the app reads them.
 * An owner also adds and removes staff; staff do everything else. Plain TypeScript.
 */

export type StaffRole = 'owner' | 'staff'

export type StaffMember = {id: string; name: string; email: string; role: StaffRole}

export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'staff']

/** Whether `member` may do what needs `role` ('staff': any current member; 'owner': owners only). */
export function hasRole(member: StaffMember, role: StaffRole): boolean {
  return role === 'staff' || member.role === 'owner'
}

/** An e-mail address as the staff table keeps it: trimmed, lower case. */
export function normalizeStaffEmail(value: string): string {
  return value.trim().toLowerCase()
}

/** A plausible e-mail address (one @, a dot in the domain, no spaces), at most 254 characters. */
export function isStaffEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

/** A member from the database's JSON ({id, name, email, role}), or null for anything else. */
export function staffMemberFrom(value: unknown): StaffMember | null {
  const json = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  if (!json || typeof json !== 'object') return null
  const {id, name, email, role} = json as Record<string, unknown>
  if (typeof id !== 'string' || typeof name !== 'string' || typeof email !== 'string' || (role !== 'owner' && role !== 'staff')) return null
  return {id, name, email, role}
}

/** The member doing a staff action, as its audit row names them (a StaffMember is one). */
export type ActingStaff = Pick<StaffMember, 'id' | 'name'>

/** The acting member as every staff action's database function takes it (`p_staff`). */
export function actingStaff(member: ActingStaff): ActingStaff {
  return {id: member.id, name: member.name}
}
