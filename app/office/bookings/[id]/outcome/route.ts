import {BOOKING_FORMS, bookingActionAnswer, bookingFormRefused} from '@/lib/office/bookings/routes'
import {officeBookingDeps} from '@/lib/office/bookings/server'
import {bookingActionBack} from '@/lib/office/access/crew'
import {mayMarkBookingOf} from '@/lib/office/access/crew-server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {notForYourRole, officeRoute, seeOther} from '@/lib/office/access/routes'

/**
 * Mark the visit done or a no-show: a crew member only on their crew's booking (403 otherwise).
 * Answers 303 with the outcome: back to the day sheet it was posted from (`back`), else the booking
 * page.
 */
export const POST = officeRoute(
  {role: 'crew', params: officeUuidParams, form: BOOKING_FORMS.outcome, refused: bookingFormRefused},
  async (request, {staff, params, form}) => {
    if (!(await mayMarkBookingOf(staff, params.id))) return notForYourRole()
    const location = await bookingActionAnswer('outcome', params.id, form, staff, () => officeBookingDeps(request.headers))
    return seeOther(bookingActionBack(location, {back: form.back, member: staff, now: new Date()}))
  },
)
