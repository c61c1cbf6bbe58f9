import {officeRoute, seeOther} from '@/lib/office/access/routes'
import {signInDeps} from '@/lib/office/access/server'
import {addStaffMember, newStaffForm, newStaffFormRefused} from '@/lib/office/staff/actions'

/**
 * The owner adds a member of staff (audited) and their invitation e-mail is queued; a refused input
 * comes back beside its field, as typed.
 */
export const POST = officeRoute({role: 'owner', form: newStaffForm, refused: newStaffFormRefused}, async (request, {staff, form}) => {
  const input = {name: form.name.trim().slice(0, 200), email: form.email.trim().slice(0, 254), role: form.role.trim(), crew: form.crew.trim().slice(0, 20)}
  const result = await addStaffMember(await signInDeps(request.headers), staff, input)
  if (result.outcome === 'added') return seeOther('/office/staff?done=added')
  const query = new URLSearchParams({...input})
  for (const [field, problem] of Object.entries(result.problems)) query.set(`problem_${field}`, problem)
  return seeOther(`/office/staff?${query}#add-staff`)
})
