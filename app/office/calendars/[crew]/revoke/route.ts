import {crewCalendarParams, revokeAddressAction} from '@/lib/office/calendars/routes'
import {crewCalendarActionDeps} from '@/lib/office/calendars/server'
import {officeRoute} from '@/lib/office/access/routes'

/** The crew's calendar subscription address stops working at once. */
export const POST = officeRoute({role: 'owner', params: crewCalendarParams}, async (_request, {staff, params}) =>
  revokeAddressAction(params.crew, staff, crewCalendarActionDeps()),
)
