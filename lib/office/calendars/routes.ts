/**
 * The office's actions on the crews' calendars, as the route handlers answer them: an HTML form
 * posts, the action runs, and the answer is a 303 back to /office/calendars with the outcome, so it
 * works without JavaScript.
 *
 * A new address is handed over once: its token travels back to the page in a short-lived cookie
 * (HttpOnly, only sent to /office/calendars), never in the page's address, which would keep it in
 * the browser's history, the server's logs and Referer headers. The page shows it only while it is
 * still the crew's working address.
 */
import * as z from 'zod'
import {officeSlug} from '../shared/input'
import {
  isCalendarCrew,
  isCalendarTokenShape,
  makeCrewCalendarAddress,
  type CalendarCrew,
  type CrewCalendarStore,
} from './rules'
import type {ActingStaff} from '../access/roles'

export const CALENDARS_PAGE = '/office/calendars'
export const NEW_ADDRESS_COOKIE = 'office_new_calendar_address'
/** How long the new address can be shown: long enough to arrive on the page, not to linger. */
export const NEW_ADDRESS_SECONDS = 120

/** The routes' segment: /office/calendars/[crew]/…. */
export const crewCalendarParams = z.object({crew: officeSlug()})

export type CrewCalendarActionDeps = {store: () => Promise<CrewCalendarStore>; now: () => Date; siteUrl: string}

export type CalendarsPageOutcome =
  | {done: 'made' | 'replaced' | 'revoked' | 'none'; crew: CalendarCrew}
  | {problem: 'unknownCrew'}

/** The page's address with the outcome of an action. */
export function calendarsPagePath(outcome: CalendarsPageOutcome): string {
  const query = 'problem' in outcome ? new URLSearchParams({problem: outcome.problem}) : new URLSearchParams({done: outcome.done, crew: outcome.crew})
  return `${CALENDARS_PAGE}?${query.toString()}${'done' in outcome && (outcome.done === 'made' || outcome.done === 'replaced') ? '#new-address' : ''}`
}

/** The outcome named in the page's query, or null (anything else is ignored). */
export function calendarsPageOutcome(query: Record<string, string | string[] | undefined>): CalendarsPageOutcome | null {
  const done = query.done
  const crew = query.crew
  if (query.problem === 'unknownCrew') return {problem: 'unknownCrew'}
  if ((done === 'made' || done === 'replaced' || done === 'revoked' || done === 'none') && isCalendarCrew(crew)) return {done, crew}
  return null
}

function seeOther(siteUrl: string, outcome: CalendarsPageOutcome, cookie?: string): Response {
  const headers = new Headers({Location: new URL(calendarsPagePath(outcome), siteUrl).toString(), 'Cache-Control': 'no-store'})
  if (cookie) headers.append('Set-Cookie', cookie)
  return new Response(null, {status: 303, headers})
}

function handOverCookie(value: string, maxAge: number, siteUrl: string): string {
  const secure = new URL(siteUrl).protocol === 'https:' ? '; Secure' : ''
  return `${NEW_ADDRESS_COOKIE}=${value}; Path=${CALENDARS_PAGE}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`
}

/** POST /office/calendars/<crew>/new: a new address for the crew (the old one stops working). */
export async function makeAddressAction(crew: string, staff: ActingStaff, deps: CrewCalendarActionDeps): Promise<Response> {
  if (!isCalendarCrew(crew)) return seeOther(deps.siteUrl, {problem: 'unknownCrew'})
  const {token, replaced} = await makeCrewCalendarAddress(await deps.store(), crew, staff, deps.now())
  return seeOther(deps.siteUrl, {done: replaced ? 'replaced' : 'made', crew}, handOverCookie(`${crew}.${token}`, NEW_ADDRESS_SECONDS, deps.siteUrl))
}

/** POST /office/calendars/<crew>/revoke: the crew's address stops working at once. */
export async function revokeAddressAction(crew: string, staff: ActingStaff, deps: CrewCalendarActionDeps): Promise<Response> {
  if (!isCalendarCrew(crew)) return seeOther(deps.siteUrl, {problem: 'unknownCrew'})
  const outcome = await (await deps.store()).revokeAddress(crew, staff, deps.now())
  // A hand-over still waiting is of no use any more.
  return seeOther(deps.siteUrl, {done: outcome, crew}, handOverCookie('', 0, deps.siteUrl))
}

/** The address waiting to be handed over (the cookie's value), or null. */
export function handedOverAddress(value: string | undefined): {crew: CalendarCrew; token: string} | null {
  const [crew, token] = (value ?? '').split('.')
  return isCalendarCrew(crew) && token && isCalendarTokenShape(token) ? {crew, token} : null
}
