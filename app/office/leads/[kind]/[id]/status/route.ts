import {leadAction} from '@/lib/office/lead-actions'
import {leadOffice} from '@/lib/office/leads-server'
import {officeRoute} from '@/lib/office/route-access'

/** A lead page's "status" form: does it and answers 303 back to the page with the outcome. */
export const POST = officeRoute({role: 'staff'}, async (request, {staff, params}) => {
  const location = await leadAction(await leadOffice(), 'status', await params, await request.formData().catch(() => new FormData()), staff)
  return new Response(null, {status: 303, headers: {Location: location}})
})
