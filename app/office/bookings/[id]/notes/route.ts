import {BOOKING_FORMS, bookingActionAnswer, bookingFormRefused} from '@/lib/office/bookings/routes'
import {officeBookingDeps} from '@/lib/office/bookings/server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute, seeOther} from '@/lib/office/access/routes'

/** Add an internal note (the booking page's form): answers 303 back to the page with the outcome. */
export const POST = officeRoute({role: 'office', params: officeUuidParams, form: BOOKING_FORMS.notes, refused: bookingFormRefused}, async (request, {staff, params, form}) =>
  seeOther(await bookingActionAnswer('notes', params.id, form, staff, () => officeBookingDeps(request.headers))),
)
