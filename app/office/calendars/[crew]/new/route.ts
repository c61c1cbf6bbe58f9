import {crewCalendarParams, makeAddressAction} from '@/lib/office/calendars/routes'
import {crewCalendarActionDeps} from '@/lib/office/calendars/server'
import {officeRoute} from '@/lib/office/access/routes'

/** A new calendar subscription address for the crew (its old one stops working). */
export const POST = officeRoute({role: 'owner', params: crewCalendarParams}, async (_request, {staff, params}) =>
  makeAddressAction(params.crew, staff, crewCalendarActionDeps()),
)
