import {formField, readOfficeForm} from '@/lib/office/form'
import {officeRoute, seeOther, unreadableForm} from '@/lib/office/route-access'
import {signInDeps} from '@/lib/office/server'
import {addStaffMember} from '@/lib/office/staff-admin'

/**
 * The owner adds a member of staff (audited) and their invitation e-mail is queued; a refused input
 * comes back beside its field, as typed.
 */
export const POST = officeRoute({role: 'owner'}, async (request, {staff}) => {
  const form = await readOfficeForm(request)
  if (!form) return unreadableForm()
  const input = {name: formField(form, 'name').slice(0, 200), email: formField(form, 'email').slice(0, 254), role: formField(form, 'role'), crew: formField(form, 'crew').slice(0, 20)}
  const result = await addStaffMember(await signInDeps(request.headers), staff, input)
  if (result.outcome === 'added') return seeOther('/office/staff?done=added')
  const query = new URLSearchParams({...input})
  for (const [field, problem] of Object.entries(result.problems)) query.set(`problem_${field}`, problem)
  return seeOther(`/office/staff?${query}#add-staff`)
})
