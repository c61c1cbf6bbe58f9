import {handleCancelBooking} from '@/lib/office/money-routes'
import {officeMoneyDeps} from '@/lib/office/money-server'
import {officeRoute} from '@/lib/office/route-access'

/** Cancel a paid booking with a full or partial refund (or none), as the signed-in member. */
export const POST = officeRoute<{id: string}>({role: 'office'}, async (request, {staff, params}) => {
  return handleCancelBooking(request, params.id, staff, await officeMoneyDeps())
})
