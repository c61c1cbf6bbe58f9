import {crewCalendarParams, makeAddressAction} from '@/lib/office/crew-calendar-actions'
import {crewCalendarActionDeps} from '@/lib/office/crew-calendars-server'
import {officeRoute} from '@/lib/office/route-access'

/** A new calendar subscription address for the crew (its old one stops working). */
export const POST = officeRoute({role: 'owner', params: crewCalendarParams}, async (_request, {staff, params}) =>
  makeAddressAction(params.crew, staff, crewCalendarActionDeps()),
)
