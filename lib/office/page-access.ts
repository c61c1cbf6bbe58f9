import 'server-only'

import {cookies, headers} from 'next/headers'
import {forbidden, redirect} from 'next/navigation'
import {cache} from 'react'
import {SESSION_COOKIE} from './cookies'
import {OFFICE_PATH_HEADER} from './headers'
import {signInPathFor} from './paths'
import {signInDeps} from './server'
import {staffOfSession} from './sign-in'
import {hasRole, type StaffMember, type StaffRole} from './staff'

/**
 * Every office page starts with `const staff = await requireStaffPage(role)`, naming the least role
 * it needs: no session → the sign-in page (coming back here after); a member whose role is below
 * it → 403.
 */

/** The member signed in on this request, or null (read once per request: the layout and the page share it). */
export const currentStaff = cache(async (): Promise<StaffMember | null> => {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()])
  return staffOfSession(await signInDeps(requestHeaders), jar.get(SESSION_COOKIE)?.value)
})

export async function requireStaffPage(role: StaffRole): Promise<StaffMember> {
  const staff = await currentStaff()
  if (!staff) redirect(signInPathFor((await headers()).get(OFFICE_PATH_HEADER)))
  if (!hasRole(staff, role)) forbidden()
  return staff
}
