import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute, seeOther} from '@/lib/office/access/routes'
import {signInDeps} from '@/lib/office/access/server'
import {removeStaffMember} from '@/lib/office/staff/actions'

/** The owner removes a member (audited): they can no longer sign in and their sessions end now. */
export const POST = officeRoute({role: 'owner', params: officeUuidParams}, async (request, {staff, params}) => {
  const result = await removeStaffMember(await signInDeps(request.headers), staff, params.id)
  return seeOther(result.outcome === 'removed' ? '/office/staff?done=removed' : `/office/staff?problem=${result.problem}`)
})
