import {markStartedAnswer} from '@/lib/office/mark-started-server'
import {officeUuidParams} from '@/lib/office/input'
import {officeRoute, seeOther} from '@/lib/office/route-access'

/** Mark the visit started (the crew set off): answers 303 back to the booking page with the outcome. */
export const POST = officeRoute({role: 'office', params: officeUuidParams}, async (request, {staff, params}) =>
  seeOther(await markStartedAnswer(params.id, staff, request.headers)),
)
