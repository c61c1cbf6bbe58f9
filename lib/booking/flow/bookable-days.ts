/** The dates and arrival windows the booking forms (and the estimate form) may offer now. */
import {earliestBookableDate, latestBookableDate, offeredDays, SERVICE_FAMILY, type OfferedDay} from '../availability'
import type {Industry} from '../catalog'
import type {BookingFlowDeps} from './shared'

/** What a booking form may offer: the days from the earliest to the latest bookable, with room. */
export type BookingAvailability = {earliest: string; latest: string; days: OfferedDay[]}

/**
 * The dates and arrival windows one form can be booked for now: the rules (content) less the
 * places taken (paid, or held by an open checkout) in the database.
 */
export async function bookingAvailability(industry: Industry, deps: Pick<BookingFlowDeps, 'store' | 'now' | 'availability'>): Promise<BookingAvailability> {
  const rules = await deps.availability()
  const now = deps.now()
  const family = SERVICE_FAMILY[industry]
  const earliest = earliestBookableDate(rules, now)
  const latest = latestBookableDate(rules, now)
  const taken = await deps.store.placesTaken(family, earliest, latest, now)
  return {earliest, latest, days: offeredDays(rules, family, now, taken)}
}

/**
 * The days and windows an in-home estimate can be asked for now, in the booking forms' shape:
 * the estimate crew's rules alone (nothing is counted: the office confirms each visit by phone).
 */
export async function estimateAvailability(deps: Pick<BookingFlowDeps, 'now' | 'availability'>): Promise<BookingAvailability> {
  const rules = await deps.availability()
  const now = deps.now()
  return {earliest: earliestBookableDate(rules, now), latest: latestBookableDate(rules, now), days: offeredDays(rules, 'estimate', now, new Map())}
}
