/**
 * Crews' calendars: a secret subscription address per crew that phone calendars poll, holding the
 * crew's paid bookings. The address carries a random token; the database keeps only its SHA-256
 * (as a session token would be kept), so whoever reads the database cannot subscribe, and the
 * office shows an address only once, when it is made. Staff make and revoke addresses (audited);
 * the feed answers an unknown or revoked token exactly as a made-up address: 404, nothing more.
 *
 * Each booking is one event with a stable UID; its SEQUENCE is the booking's `calendar_sequence`,
 * which the database bumps on every move, cancellation or outcome, whoever makes it, so phones
 * replace the older version. Cancelled bookings stay in the feed marked STATUS:CANCELLED while
 * their day is in the feed's range (four weeks back), so a phone that had them removes them.
 */
import {encodeBase32LowerCaseNoPadding, encodeHexLowerCase} from '@oslojs/encoding'
import {sha256} from '@oslojs/crypto/sha2'
import {calendarFile, type CalendarEvent} from '../../calendar-file'
import {arrivalWindowLabel, windowTimes} from '../../booking/arrival-window'
import {addDays, CREW_NAMES, SERVICE_FAMILIES, type ServiceFamily} from '../../booking/availability'
import {checkoutDescription} from '../../booking/flow'
import {bookingDetails, bookingReference} from '../../booking/stored'
import type {StoredBooking} from '../../booking/store/store'
import {companyLocalNow} from '../../company-time'
import {formatCompanyDateTime, formatPhone} from '../../format'
import type {RateLimiter} from '../../rate-limit/limiter'
import {crewCalendarWords as words} from './words'
import type {ActingStaff} from '../access/roles'

/** The crews with a calendar: the booking crews (estimate visits are confirmed by phone, never booked). */
export const CALENDAR_CREWS = SERVICE_FAMILIES
export type CalendarCrew = ServiceFamily

export function isCalendarCrew(value: unknown): value is CalendarCrew {
  return typeof value === 'string' && (CALENDAR_CREWS as readonly string[]).includes(value)
}


/** How far back the feed reaches: last month's jobs stay visible, and cancellations stay marked that long. */
export const FEED_DAYS_BACK = 28

/** The path of a crew's feed (the token is the key: outside /office, no session). */
export const CREW_CALENDAR_PATH = '/crew-calendars'

// ---------------------------------------------------------------------------------------------
// Tokens

/** 160 random bits, base32 (32 characters: letters and digits 2–7, safe in any URL). */
export function newCalendarToken(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/** What a token looks like; anything else is refused before the database is asked. */
export function isCalendarTokenShape(token: string): boolean {
  return /^[a-z2-7]{32}$/.test(token)
}

/** The token's fingerprint, the only form the database keeps. */
export function calendarTokenHash(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

/** The address to subscribe to: https (or http locally), and its webcal:// form that phones open in their calendar. */
export function crewCalendarAddresses(siteUrl: string, token: string): {https: string; webcal: string} {
  const url = new URL(`${CREW_CALENDAR_PATH}/${token}`, siteUrl)
  return {https: url.toString(), webcal: url.toString().replace(/^https?:/, 'webcal:')}
}

// ---------------------------------------------------------------------------------------------
// The store

/** A crew's working address as the office lists it (never the token: only its fingerprint is kept). */
export type CrewCalendarAddress = {crew: CalendarCrew; tokenHash: string; madeAt: string; madeBy: string; lastReadAt: string | null}

/** A booking as the feed shows it: the stored booking and how many times its visit changed. */
export type CalendarBooking = StoredBooking & {calendarSequence: number}

export interface CrewCalendarStore {
  /** Makes `crew`'s address (its token's hash), revoking the one it had, with the audit row; says whether one was replaced. */
  makeAddress(crew: CalendarCrew, tokenHash: string, staff: ActingStaff, now: Date): Promise<{replaced: boolean}>
  /** Revokes `crew`'s address with the audit row ('none': it had none). */
  revokeAddress(crew: CalendarCrew, staff: ActingStaff, now: Date): Promise<'revoked' | 'none'>
  /** Each crew's working address. */
  addresses(): Promise<CrewCalendarAddress[]>
  /** The crew whose working address has this token hash (recording the read), or null. */
  readerOf(tokenHash: string, now: Date): Promise<CalendarCrew | null>
  /** The crew's paid bookings dated `from`–`to`, cancelled ones included. */
  bookingsOf(crew: CalendarCrew, from: string, to: string): Promise<CalendarBooking[]>
}

// ---------------------------------------------------------------------------------------------
// Staff actions

/** Makes a crew's new address; the token is returned to be shown once and is kept nowhere. */
export async function makeCrewCalendarAddress(
  store: CrewCalendarStore,
  crew: CalendarCrew,
  staff: ActingStaff,
  now: Date,
): Promise<{token: string; replaced: boolean}> {
  const token = newCalendarToken()
  const {replaced} = await store.makeAddress(crew, calendarTokenHash(token), staff, now)
  return {token, replaced}
}

/** The address just made, when `token` (from the one-time hand-over) is still `crew`'s working one. */
export function isWorkingAddress(addresses: readonly CrewCalendarAddress[], crew: CalendarCrew, token: string): boolean {
  return isCalendarTokenShape(token) && addresses.some((address) => address.crew === crew && address.tokenHash === calendarTokenHash(token))
}

// ---------------------------------------------------------------------------------------------
// The feed

/** The dates the feed holds: four weeks back to the last bookable day (Renton calendar dates). */
export function feedDates(now: Date, horizonDays: number): {from: string; to: string} {
  const today = companyLocalNow(now).slice(0, 10)
  return {from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, horizonDays)}
}

/** The event's UID: stable per booking, and not the customer's own file's (Google Calendar skips a UID it already holds in another calendar). */
export function crewEventUid(bookingId: string, host: string): string {
  return `crew-${bookingId}@${host}`
}

/** An amount of money as a form's answer holds it ("$10", "$ 12.50"). */
const MONEY_AMOUNT = /\$\s*\d/

function description(booking: CalendarBooking, service: string, officeUrl: string): string {
  const reference = bookingReference(booking.id)
  // The form's answers a crew needs (rooms, extras, how to get in, where to park, key information);
  // not the money (the tip, the parking fee, a coupon, any answer that is an amount) or what the
  // lines above already say. The feed lives on a crew member's phone, outside the office.
  const skipped = new Set(['Booking form', 'Date', 'Arrival window', 'Coupon'])
  const details = bookingDetails(booking)
    .filter((detail) => !skipped.has(detail.label) && !/^(Tip|Parking|Coupon)\b/.test(detail.label) && !MONEY_AMOUNT.test(detail.value))
    .map((detail) => `${detail.label}: ${detail.value}`)
  return [
    booking.cancelledAt ? words.feed.cancelled(formatCompanyDateTime(booking.cancelledAt)) : null,
    words.feed.booking(reference, service),
    booking.arrivalWindow ? words.feed.arrival(arrivalWindowLabel(booking.arrivalWindow)) : words.feed.wholeDay,
    words.feed.customer(`${booking.firstName} ${booking.lastName}`),
    words.feed.phone(formatPhone(booking.phone)),
    ...details,
    booking.notes ? words.feed.notes(booking.notes) : null,
    !booking.cancelledAt && booking.cancellationRequestedAt ? words.feed.cancellationRequested(formatCompanyDateTime(booking.cancellationRequestedAt)) : null,
    booking.outcome ? words.feed.outcome[booking.outcome] : null,
    words.feed.office(officeUrl),
  ]
    .filter((line): line is string => line !== null)
    .join('\n')
}

/** One booking as an event of the crew's calendar. */
export function crewCalendarEvent(booking: CalendarBooking, context: {siteUrl: string; now: Date}): CalendarEvent {
  if (!booking.date) throw new RangeError(`Booking ${booking.id} has no date`)
  const service = checkoutDescription(booking)
  const summary = `${bookingReference(booking.id)} ${service}`
  const officeUrl = new URL(`/office/bookings/${booking.id}`, context.siteUrl).toString()
  return {
    uid: crewEventUid(booking.id, new URL(context.siteUrl).host),
    date: booking.date,
    ...(booking.arrivalWindow && booking.windowStartsAt ? {window: windowTimes(booking.arrivalWindow, booking.windowStartsAt)} : {}),
    summary: booking.cancelledAt ? words.feed.cancelledSummary(summary) : summary,
    description: description(booking, service, officeUrl),
    location: booking.address,
    stamp: context.now,
    sequence: booking.calendarSequence,
    status: booking.cancelledAt ? 'CANCELLED' : 'CONFIRMED',
  }
}

/** The crew's calendar file. */
export function crewCalendarFile(
  crew: CalendarCrew,
  bookings: readonly CalendarBooking[],
  context: {siteUrl: string; now: Date; companyName: string},
): string {
  return calendarFile(
    bookings.filter((booking) => booking.date).map((booking) => crewCalendarEvent(booking, context)),
    {productId: '-//Cleaning website//Crews calendars//EN', name: words.feed.calendarName(context.companyName, CREW_NAMES[crew])},
  )
}

export type CrewCalendarFeedDeps = {
  store: () => Promise<CrewCalendarStore>
  limiter: RateLimiter
  /** The client's address (as the edge resolved it): the rate limit's key. */
  clientKey: (request: Request) => string
  now: () => Date
  siteUrl: string
  companyName: () => Promise<string>
  /** The last bookable day is today plus this many days (the Availability document). */
  horizonDays: () => Promise<number>
}

// Private: a calendar of customers' addresses is never kept by a shared cache or a search engine.
const FEED_HEADERS = {'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow'}

function notFound(): Response {
  return new Response(`${words.feed.notFound}\n`, {status: 404, headers: {...FEED_HEADERS, 'Content-Type': 'text/plain; charset=utf-8'}})
}

/** GET /crew-calendars/<token>: the crew's calendar, or 404 for any token that is not a working address. */
export async function answerCrewCalendar(request: Request, token: string, deps: CrewCalendarFeedDeps): Promise<Response> {
  const limit = await deps.limiter.check(deps.clientKey(request))
  if (!limit.allowed) {
    return new Response(`${words.feed.tooManyRequests}\n`, {
      status: 429,
      headers: {...FEED_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(limit.retryAfterSeconds)},
    })
  }
  if (!isCalendarTokenShape(token)) return notFound()
  const now = deps.now()
  const store = await deps.store()
  const crew = await store.readerOf(calendarTokenHash(token), now)
  if (!crew) return notFound()
  const {from, to} = feedDates(now, await deps.horizonDays())
  const file = crewCalendarFile(crew, await store.bookingsOf(crew, from, to), {siteUrl: deps.siteUrl, now, companyName: await deps.companyName()})
  return new Response(file, {
    status: 200,
    headers: {...FEED_HEADERS, 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `inline; filename="${crew}-crew.ics"`},
  })
}
