import {handleResendEmail} from '@/lib/office/money/routes'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute} from '@/lib/office/access/routes'

/** Send again an e-mail the outbox gave up on. */
export const POST = officeRoute({role: 'office', params: officeUuidParams}, async (_request, {staff, params}) => {
  return handleResendEmail(params.id, staff, await officeMoneyDeps())
})
