import {officeUuidParams} from '@/lib/office/shared/input'
import {handleRefundBooking, refundBookingForm, refundFormRefused} from '@/lib/office/money/routes'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {officeRoute} from '@/lib/office/access/routes'

/** Refund part or all of what is left of a paid booking, the visit kept, once confirmed: the owner only. */
export const POST = officeRoute({role: 'owner', params: officeUuidParams, form: refundBookingForm, refused: refundFormRefused}, async (request, {staff, params}) => {
  return handleRefundBooking(request, params.id, staff, await officeMoneyDeps())
})
