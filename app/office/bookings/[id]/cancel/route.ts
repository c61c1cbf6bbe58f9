import {handleCancelBooking} from '@/lib/office/money-routes'
import {officeMoneyDeps} from '@/lib/office/money-server'
import {officeRoute} from '@/lib/office/route-access'

/** Cancel a paid booking with a full or partial refund (or none), as the signed-in member. */
export const POST = officeRoute({role: 'staff'}, async (request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  return handleCancelBooking(request, id, staff, await officeMoneyDeps())
})
