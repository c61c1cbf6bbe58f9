/**
 * The private link to a booking's manage page (no login): the booking's id and an expiry, signed
 * with HMAC-SHA-256 by a key only the server knows. Anyone holding the link can see the booking and
 * move it, so it is only ever sent to the customer's e-mail; changing any character of it, or
 * using it after it expires, makes it worthless. Each link also names its generation: a move or a
 * cancellation request issues the next one (in the e-mail sent for that change), and a link of an
 * earlier generation is replaced (lib/booking/manage.ts compares it with the booking's). Links of
 * generation 0 (the confirmation's) keep the form they had before generations existed.
 */
import {createHmac, timingSafeEqual} from 'node:crypto'
import type {BookingStore, StoredBooking} from './store/store'

/** A link stays valid until a week after the window it was sent for starts (then nothing is left to change). */
export const MANAGE_LINK_VALID_DAYS_AFTER_WINDOW = 7

/** Where the manage page lives. */
export const MANAGE_BOOKING_PATH = '/manage-booking'

// <booking id>.<expiry, base 36 seconds>[.<generation, base 36, from 1>].<signature>
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-z]{1,9})(?:\.([1-9a-z][0-9a-z]{0,5}))?\.([A-Za-z0-9_-]{43})$/

export type ManageLinkCheck = {ok: true; bookingId: string; expiresAt: Date; generation: number} | {ok: false; reason: 'invalid' | 'expired'}

/** When a link sent for a window starting at `windowStartsAt` stops working. */
export function manageLinkExpiry(windowStartsAt: string): Date {
  return new Date(Date.parse(windowStartsAt) + MANAGE_LINK_VALID_DAYS_AFTER_WINDOW * 86_400_000)
}

function signature(payload: string, secret: string): string {
  // The purpose is signed too, so no other signature the site makes can pass for a manage link.
  return createHmac('sha256', secret).update(`manage-booking:v1:${payload}`).digest('base64url')
}

/** The token of a booking's manage link of `generation` (0: the confirmation's), valid until `expiresAt` (whole seconds). */
export function signManageToken(bookingId: string, expiresAt: Date, secret: string, generation = 0): string {
  if (!Number.isSafeInteger(generation) || generation < 0) throw new RangeError(`Not a manage link generation: ${generation}`)
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36)
  const payload = `${bookingId.toLowerCase()}.${expiry}${generation > 0 ? `.${generation.toString(36)}` : ''}`
  return `${payload}.${signature(payload, secret)}`
}

/** The booking a token is for, if the server signed it and it has not expired at `now`. */
export function verifyManageToken(token: string, secret: string, now: Date): ManageLinkCheck {
  const match = TOKEN.exec(token)
  if (!match) return {ok: false, reason: 'invalid'}
  const [, bookingId, expiry, generation, given] = match
  const expected = Buffer.from(signature(`${bookingId}.${expiry}${generation ? `.${generation}` : ''}`, secret))
  const actual = Buffer.from(given)
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return {ok: false, reason: 'invalid'}
  const expiresAt = new Date(parseInt(expiry, 36) * 1000)
  if (!(expiresAt.getTime() > now.getTime())) return {ok: false, reason: 'expired'}
  return {ok: true, bookingId, expiresAt, generation: generation ? parseInt(generation, 36) : 0}
}

/** The full address of a booking's manage page. */
export function manageBookingUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${MANAGE_BOOKING_PATH}/${token}`
}

/** Why a manage link opens no booking: malformed or forged, expired, or replaced by a newer one. */
export type ManageLinkRefusal = 'linkInvalid' | 'linkExpired' | 'linkReplaced'

/**
 * The booking a manage link opens, checked as every use of the link checks it: the signature, the
 * expiry, and the generation (a move or a cancellation request sent a newer link: this one only says
 * so). A signed link to a booking that no longer exists (deleted by hand) is as good as none.
 */
export async function bookingOfManageLink(
  token: string,
  deps: {linkSecret: () => Promise<string>; now: () => Date; store: Pick<BookingStore, 'findById'>},
): Promise<{booking: StoredBooking; generation: number} | {refusal: ManageLinkRefusal}> {
  if (typeof token !== 'string' || token.length > 200) return {refusal: 'linkInvalid'}
  const check = verifyManageToken(token, await deps.linkSecret(), deps.now())
  if (!check.ok) return {refusal: check.reason === 'expired' ? 'linkExpired' : 'linkInvalid'}
  const booking = await deps.store.findById(check.bookingId)
  if (!booking) return {refusal: 'linkInvalid'}
  if (check.generation < booking.manageLinkGeneration) return {refusal: 'linkReplaced'}
  if (check.generation > booking.manageLinkGeneration) return {refusal: 'linkInvalid'}
  return {booking, generation: check.generation}
}
