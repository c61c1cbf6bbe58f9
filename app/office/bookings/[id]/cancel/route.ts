import {cancelBookingForm, cancelFormRefused, handleCancelBooking} from '@/lib/office/money/routes'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute} from '@/lib/office/access/routes'

/** Cancel a paid booking with a full or partial refund (or none), as the signed-in member. */
export const POST = officeRoute({role: 'office', params: officeUuidParams, form: cancelBookingForm, refused: cancelFormRefused}, async (request, {staff, params}) => {
  return handleCancelBooking(request, params.id, staff, await officeMoneyDeps())
})
