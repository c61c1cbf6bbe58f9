/**
 * The private link to a booking's manage page (no login): the booking's id and an expiry, signed
 * with HMAC-SHA-256 by a key only the server knows. Anyone holding the link can see the booking and
 * move it, so it is only ever sent to the customer's e-mail; changing any character of it, or
 * using it after it expires, makes it worthless.
 */
import {createHmac, timingSafeEqual} from 'node:crypto'

/** A link stays valid until a week after the window it was sent for starts (then nothing is left to change). */
export const MANAGE_LINK_VALID_DAYS_AFTER_WINDOW = 7

/** Where the manage page lives. */
export const MANAGE_BOOKING_PATH = '/manage-booking'

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{43})$/

export type ManageLinkCheck = {ok: true; bookingId: string; expiresAt: Date} | {ok: false; reason: 'invalid' | 'expired'}

/** When a link sent for a window starting at `windowStartsAt` stops working. */
export function manageLinkExpiry(windowStartsAt: string): Date {
  return new Date(Date.parse(windowStartsAt) + MANAGE_LINK_VALID_DAYS_AFTER_WINDOW * 86_400_000)
}

function signature(payload: string, secret: string): string {
  // The purpose is signed too, so no other signature the site makes can pass for a manage link.
  return createHmac('sha256', secret).update(`manage-booking:v1:${payload}`).digest('base64url')
}

/** The token of a booking's manage link, valid until `expiresAt` (whole seconds). */
export function signManageToken(bookingId: string, expiresAt: Date, secret: string): string {
  const payload = `${bookingId.toLowerCase()}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`
  return `${payload}.${signature(payload, secret)}`
}

/** The booking a token is for, if the server signed it and it has not expired at `now`. */
export function verifyManageToken(token: string, secret: string, now: Date): ManageLinkCheck {
  const match = TOKEN.exec(token)
  if (!match) return {ok: false, reason: 'invalid'}
  const [, bookingId, expiry, given] = match
  const expected = Buffer.from(signature(`${bookingId}.${expiry}`, secret))
  const actual = Buffer.from(given)
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return {ok: false, reason: 'invalid'}
  const expiresAt = new Date(parseInt(expiry, 36) * 1000)
  if (!(expiresAt.getTime() > now.getTime())) return {ok: false, reason: 'expired'}
  return {ok: true, bookingId, expiresAt}
}

/** The full address of a booking's manage page. */
export function manageBookingUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${MANAGE_BOOKING_PATH}/${token}`
}
