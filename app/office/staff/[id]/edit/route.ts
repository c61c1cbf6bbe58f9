import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute, seeOther} from '@/lib/office/access/routes'
import {signInDeps} from '@/lib/office/access/server'
import {editStaffMember, staffEditForm, staffEditFormRefused} from '@/lib/office/staff/actions'

/**
 * The owner renames a member (themselves too) or changes their role or crew (audited); the last
 * owner keeps their role. A refused field comes back beside the member's form, as typed.
 */
export const POST = officeRoute(
  {role: 'owner', params: officeUuidParams, form: staffEditForm, refused: staffEditFormRefused},
  async (request, {staff, params, form}) => {
    const input = {name: form.name.trim().slice(0, 200), role: form.role.trim(), crew: form.crew.trim().slice(0, 20)}
    const result = await editStaffMember(await signInDeps(request.headers), staff, params.id, input)
    // An owner who gave themselves another role no longer opens Staff: the office's front page instead.
    if (result.outcome === 'changed' && params.id === staff.id && input.role !== 'owner') return seeOther('/office')
    if (result.outcome !== 'refused') return seeOther(`/office/staff?done=${result.outcome}`)
    if ('problem' in result) return seeOther(`/office/staff?problem=${result.problem}`)
    const query = new URLSearchParams({edit: params.id, ...input})
    for (const [field, problem] of Object.entries(result.problems)) query.set(`problem_${field}`, problem)
    return seeOther(`/office/staff?${query}#edit-${params.id}`)
  },
)
