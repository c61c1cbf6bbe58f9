import 'server-only'

import {cookies, headers} from 'next/headers'
import {forbidden, redirect} from 'next/navigation'
import {cache} from 'react'
import {SESSION_COOKIE} from './cookies'
import {OFFICE_PATH_HEADER} from '../shared/headers'
import {signInPathFor} from './paths'
import {signInDeps} from './server'
import {staffOfSession} from './sign-in'
import type {ServiceFamily} from '../../booking/availability'
import {crewDayPath} from './crew'
import {hasRole, mayWorkCrew, type StaffMember, type StaffRole} from './roles'

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

/**
 * A crew's day sheet: `requireStaffPage('crew')`, then the office and owners open any crew's, a
 * crew member only their own crew's (403 for another's).
 */
export async function requireCrewPage(crew: ServiceFamily): Promise<StaffMember> {
  const staff = await requireStaffPage('crew')
  if (!mayWorkCrew(staff, crew)) forbidden()
  return staff
}

/**
 * The office's front page for the office and owners; a crew member is sent to their crew's day
 * sheet for today on the company clock (403 for one not yet given a crew: nothing to open).
 */
export async function requireOfficeHome(now: Date): Promise<StaffMember> {
  const staff = await requireStaffPage('crew')
  if (hasRole(staff, 'office')) return staff
  const home = crewDayPath(staff, now)
  if (!home) forbidden()
  redirect(home)
}
