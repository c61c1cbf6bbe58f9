import 'server-only'

import {getBookingStore} from '../bookings'
import {databaseBackend} from '../database'
import {databaseDir} from '../database/pglite'
import {wakeEmailOutbox} from '../email/server'
import {getPaymentProvider, getTestCheckout, paymentProviderName, PaymentConfigurationError} from '../payments'
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

/** One line each for the payment mode and the booking store, for the server's start-up log. */
export function describeBookingServices(env: Record<string, string | undefined> = process.env): string[] {
  const lines: string[] = []
  try {
    const name = paymentProviderName(env)
    lines.push(
      name === 'stripe'
        ? `Payments: Stripe Checkout${env.STRIPE_WEBHOOK_SECRET?.trim() ? '' : ' (STRIPE_WEBHOOK_SECRET is not set: webhooks are refused)'}`
        : 'Payments: LOCAL TEST CHECKOUT (test mode, no card is charged; set STRIPE_SECRET_KEY for real payments)',
    )
  } catch (error) {
    lines.push(`Payments: NONE: ${error instanceof PaymentConfigurationError ? error.message : String(error)}`)
  }
  try {
    lines.push(
      databaseBackend(env) === 'supabase'
        ? `Database (bookings, form submissions, e-mail outbox): Supabase at ${env.SUPABASE_URL?.trim()}`
        : `Database (bookings, form submissions, e-mail outbox): embedded PGlite in ${databaseDir(env)}`,
    )
  } catch (error) {
    lines.push(`Database: NOT CONFIGURED: ${(error as Error).message}`)
  }
  return lines
}

/** Opens the booking store (the embedded database takes seconds on first open) and logs the setup. */
export async function startBookingServices(): Promise<void> {
  for (const line of describeBookingServices()) console.log(`[booking] ${line}`)
  const started = Date.now()
  try {
    await getBookingStore()
    console.log(`[booking] Booking store ready in ${Date.now() - started} ms`)
  } catch (error) {
    // The site still serves its pages; booking requests answer the save failure until it opens.
    console.error('[booking] The booking store could not be opened:', error)
  }
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
