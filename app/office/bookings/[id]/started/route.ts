import {bookingActionBack} from '@/lib/office/crew-access'
import {mayMarkBookingOf} from '@/lib/office/crew-access-server'
import {markStartedAnswer} from '@/lib/office/mark-started-server'
import {notForYourRole, officeRoute, seeOther} from '@/lib/office/route-access'

/**
 * Mark the visit started (the crew set off): a crew member only on their crew's booking (403
 * otherwise). Answers 303 with the outcome: back to the day sheet it was posted from (`back`), else
 * the booking page.
 */
export const POST = officeRoute<{id: string}>({role: 'crew'}, async (request, {staff, params}) => {
  const {id} = params
  if (!(await mayMarkBookingOf(staff, id))) return notForYourRole()
  const form = await request.formData().catch(() => new FormData())
  const location = await markStartedAnswer(id, staff, request.headers)
  return seeOther(bookingActionBack(location, {back: form.get('back'), member: staff, now: new Date()}))
})
