import 'server-only'

import {isUuid} from '../../booking/store/mapping'
import {getBookingStore} from '../../booking/store'
import {mayMarkBooking} from './crew'
import {crewOf} from '../schedule/rules'
import type {StaffMember} from './roles'

/**
 * Whether `member` may mark booking `id` started or done, its crew read from the booking's row in
 * the database (never from the form): always for the office and owners, for a crew member only a
 * booking of their crew. Read only for a crew member.
 */
export async function mayMarkBookingOf(member: StaffMember, id: string): Promise<boolean> {
  if (mayMarkBooking(member, null)) return true
  const booking = isUuid(id) ? await (await getBookingStore()).findById(id) : null
  return mayMarkBooking(member, booking ? crewOf(booking) : null)
}
