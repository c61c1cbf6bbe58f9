import 'server-only'

import {getBookingStore} from '../bookings'
import {wakeEmailOutbox} from '../email/server'
import {getPaymentProvider, getTestCheckout} from '../payments'
import {clientAddress} from '../edge/client-address'
import {createRateLimiter, rateLimitFromEnv, type RateLimiter} from '../rate-limit'
import type {BookingFlowDeps} from './flow'
import {handleTestCheckoutRequest} from './routes'

/**
 * The booking flow wired to the configured services (the only module that reads the environment
 * for it): the booking store, the payment provider, the clock, the booking rate limit.
 */

export const systemNow = (): Date => new Date()

export async function bookingFlowDeps(origin: string): Promise<BookingFlowDeps> {
  const payments = getPaymentProvider()
  return {store: await getBookingStore(), payments, origin, now: systemNow, emailsQueued: wakeEmailOutbox}
}

export {clientAddress, getBookingStore, getPaymentProvider, getTestCheckout, wakeEmailOutbox}

const LIMITER_KEY = Symbol.for('renton-cleaning.booking.rateLimiter')

/**
 * The booking requests' rate limit, one per process: BOOKING_RATE_LIMIT_MAX requests (default 20)
 * per BOOKING_RATE_LIMIT_WINDOW_SECONDS (default 600) and client address.
 */
export function bookingRateLimiter(): RateLimiter {
  const holder = globalThis as typeof globalThis & {[LIMITER_KEY]?: RateLimiter}
  holder[LIMITER_KEY] ??= createRateLimiter(
    rateLimitFromEnv(
      process.env,
      {limit: 'BOOKING_RATE_LIMIT_MAX', windowSeconds: 'BOOKING_RATE_LIMIT_WINDOW_SECONDS'},
      {limit: 20, windowSeconds: 600},
    ),
  )
  return holder[LIMITER_KEY]
}

/** Pay or Cancel on the local test checkout page: 303 to the success or cancel URL, 404 when refused or unknown, 413 for a large body. */
export async function testCheckoutAction(request: Request, sessionId: string, outcome: 'paid' | 'cancelled'): Promise<Response> {
  return handleTestCheckoutRequest(request, sessionId, outcome, {
    checkout: () => getTestCheckout(),
    store: getBookingStore,
    now: systemNow,
    emailsQueued: wakeEmailOutbox,
  })
}
