import {markStartedAnswer} from '@/lib/office/mark-started-server'
import {officeRoute} from '@/lib/office/route-access'

/** Mark the visit started (the crew set off): answers 303 back to the booking page with the outcome. */
export const POST = officeRoute({role: 'office'}, async (request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  return new Response(null, {status: 303, headers: {Location: await markStartedAnswer(id, staff, request.headers)}})
})
