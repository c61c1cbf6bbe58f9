import {BOOKING_FORMS, bookingActionAnswer, bookingFormRefused} from '@/lib/office/booking-routes'
import {officeBookingDeps} from '@/lib/office/booking-server'
import {officeUuidParams} from '@/lib/office/input'
import {officeRoute, seeOther} from '@/lib/office/route-access'

/** Move the booking to another window (the booking page's form): answers 303 back to the page with the outcome. */
export const POST = officeRoute({role: 'office', params: officeUuidParams, form: BOOKING_FORMS.move, refused: bookingFormRefused}, async (request, {staff, params, form}) =>
  seeOther(await bookingActionAnswer('move', params.id, form, staff, () => officeBookingDeps(request.headers))),
)
