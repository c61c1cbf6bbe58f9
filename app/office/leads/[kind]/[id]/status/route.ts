import {LEAD_FORMS, leadAction, leadFormRefused, leadRouteParams} from '@/lib/office/leads/routes'
import {leadOffice} from '@/lib/office/leads/server'
import {officeRoute, seeOther} from '@/lib/office/access/routes'

/** A lead page's "status" form: does it and answers 303 back to the page with the outcome. */
export const POST = officeRoute(
  {role: 'office', params: leadRouteParams, form: LEAD_FORMS.status, refused: leadFormRefused('status')},
  async (_request, {staff, params, form}) => seeOther(await leadAction(await leadOffice(), 'status', params, form, staff)),
)
