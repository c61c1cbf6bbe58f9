import {revokeAddressAction} from '@/lib/office/crew-calendar-actions'
import {crewCalendarActionDeps} from '@/lib/office/crew-calendars-server'
import {officeRoute} from '@/lib/office/route-access'

/** The crew's calendar subscription address stops working at once. */
export const POST = officeRoute({role: 'staff'}, async (_request, {staff, params}) => {
  const {crew} = await params
  return revokeAddressAction(crew, staff, crewCalendarActionDeps())
})
