import {BOOKING_FORMS} from '@/lib/office/bookings/routes'
import {bookingActionBack} from '@/lib/office/access/crew'
import {mayMarkBookingOf} from '@/lib/office/access/crew-server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {markStartedAnswer} from '@/lib/office/bookings/mark-started-server'
import {notForYourRole, officeRoute, seeOther} from '@/lib/office/access/routes'

/**
 * Mark the visit started (the crew set off): a crew member only on their crew's booking (403
 * otherwise). Answers 303 with the outcome: back to the day sheet it was posted from (`back`), else
 * the booking page.
 */
export const POST = officeRoute({role: 'crew', params: officeUuidParams, form: BOOKING_FORMS.started}, async (request, {staff, params, form}) => {
  if (!(await mayMarkBookingOf(staff, params.id))) return notForYourRole()
  const location = await markStartedAnswer(params.id, staff, request.headers)
  return seeOther(bookingActionBack(location, {back: form.back, member: staff, now: new Date()}))
})
