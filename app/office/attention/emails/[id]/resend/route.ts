import {handleResendEmail} from '@/lib/office/money-routes'
import {officeMoneyDeps} from '@/lib/office/money-server'
import {officeRoute} from '@/lib/office/route-access'

/** Send again an e-mail the outbox gave up on. */
export const POST = officeRoute({role: 'staff'}, async (_request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  return handleResendEmail(id, staff, await officeMoneyDeps())
})
