import {handleTakeLatePayment} from '@/lib/office/money/routes'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute} from '@/lib/office/access/routes'

/** Take a payment that came after its hold ended: the booking becomes paid, if its window has room. */
export const POST = officeRoute({role: 'owner', params: officeUuidParams}, async (_request, {staff, params}) => {
  return handleTakeLatePayment(params.id, staff, await officeMoneyDeps())
})
