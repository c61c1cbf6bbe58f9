import type {ServiceFamily} from '../../booking/availability.ts'
import {officeReturnPath} from './paths.ts'
import {companyToday} from '../schedule/rules.ts'
import {hasRole, mayWorkCrew, type StaffMember} from './roles.ts'

/**
 * What a crew member may reach: their crew's day sheets, and Started and Done/No-show on their
 * crew's bookings (the booking's crew read from its database row, never from the form). Plain
 * TypeScript; the pages and routes call it after the role check.
 */

/** A crew member's landing page: their crew's day sheet for today on the company clock; null without a crew. */
export function crewDayPath(member: Pick<StaffMember, 'crew'>, now: Date): string | null {
  return member.crew ? `/office/schedule/${companyToday(now)}/${member.crew}` : null
}

/**
 * Whether `member` may mark the booking whose stored crew is `bookingCrew` (null: no such booking)
 * started or done: the office and owners any booking (the action answers a missing one); a crew
 * member only an existing booking of their own crew.
 */
export function mayMarkBooking(member: Pick<StaffMember, 'role' | 'crew'>, bookingCrew: ServiceFamily | null): boolean {
  return hasRole(member, 'office') || (bookingCrew !== null && mayWorkCrew(member, bookingCrew))
}

/**
 * Where Started and Done/No-show answer (303). Posted from another office page than the booking's
 * (a crew's day sheet, its `back` field: an office path without a fragment, else ignored), the
 * action's outcome (`done=` / `problem=` of `bookingLocation`, the booking page's answer) goes back
 * there, to the page's outcome (`#outcome`, as on the booking page); a crew member without a usable
 * `back` goes to their day, never to a booking page they cannot open.
 */
export function bookingActionBack(bookingLocation: string, input: {back: unknown; member: Pick<StaffMember, 'role' | 'crew'>; now: Date}): string {
  // Printable ASCII only (a header value), no fragment, and a path of the office.
  const back = typeof input.back === 'string' && /^[\x21-\x22\x24-\x7e]+$/.test(input.back) && officeReturnPath(input.back) === input.back ? input.back : null
  const target = back ?? (hasRole(input.member, 'office') ? null : crewDayPath(input.member, input.now))
  if (!target) return bookingLocation
  const outcome = new URL(bookingLocation, 'http://office.invalid').searchParams
  outcome.delete('field')
  const query = [...outcome].length > 0 ? `${target.includes('?') ? '&' : '?'}${outcome}` : ''
  return `${target}${query}#outcome`
}
