import {handleRefundLatePayment} from '@/lib/office/money-routes'
import {officeMoneyDeps} from '@/lib/office/money-server'
import {officeRoute} from '@/lib/office/route-access'

/** Refund in full a payment that came after its hold ended. */
export const POST = officeRoute({role: 'staff'}, async (_request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  return handleRefundLatePayment(id, staff, await officeMoneyDeps())
})
