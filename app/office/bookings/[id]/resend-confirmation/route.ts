import {bookingActionAnswer} from '@/lib/office/booking-routes'
import {officeBookingDeps} from '@/lib/office/booking-server'
import {officeRoute} from '@/lib/office/route-access'

/** Send the customer the confirmation again (the booking page's form): answers 303 back to the page with the outcome. */
export const POST = officeRoute({role: 'office'}, async (request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  const form = await request.formData().catch(() => new FormData())
  return new Response(null, {status: 303, headers: {Location: await bookingActionAnswer('resend-confirmation', id, form, staff, () => officeBookingDeps(request.headers))}})
})
