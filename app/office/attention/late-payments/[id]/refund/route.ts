import {handleRefundLatePayment} from '@/lib/office/money/routes'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute} from '@/lib/office/access/routes'

/** Refund in full a payment that came after its hold ended. */
export const POST = officeRoute({role: 'owner', params: officeUuidParams}, async (_request, {staff, params}) => {
  return handleRefundLatePayment(params.id, staff, await officeMoneyDeps())
})
