import {officeUuidParams} from '@/lib/office/input'
import {officeRoute, seeOther} from '@/lib/office/route-access'
import {signInDeps} from '@/lib/office/server'
import {removeStaffMember} from '@/lib/office/staff-admin'

/** The owner removes a member (audited): they can no longer sign in and their sessions end now. */
export const POST = officeRoute({role: 'owner', params: officeUuidParams}, async (request, {staff, params}) => {
  const result = await removeStaffMember(await signInDeps(request.headers), staff, params.id)
  return seeOther(result.outcome === 'removed' ? '/office/staff?done=removed' : `/office/staff?problem=${result.problem}`)
})
