import {crewCalendarParams, revokeAddressAction} from '@/lib/office/crew-calendar-actions'
import {crewCalendarActionDeps} from '@/lib/office/crew-calendars-server'
import {officeRoute} from '@/lib/office/route-access'

/** The crew's calendar subscription address stops working at once. */
export const POST = officeRoute({role: 'owner', params: crewCalendarParams}, async (_request, {staff, params}) =>
  revokeAddressAction(params.crew, staff, crewCalendarActionDeps()),
)
