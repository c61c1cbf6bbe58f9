import {leadAction} from '@/lib/office/lead-actions'
import {leadOffice} from '@/lib/office/leads-server'
import {officeRoute, seeOther} from '@/lib/office/route-access'

/** A lead page's "assignee" form: does it and answers 303 back to the page with the outcome. */
export const POST = officeRoute<{kind: string; id: string}>({role: 'office'}, async (request, {staff, params}) => {
  const form = await request.formData().catch(() => new FormData())
  return seeOther(await leadAction(await leadOffice(), 'assignee', params, form, staff))
})
