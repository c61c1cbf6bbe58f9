import 'server-only'

import {getBookingStore} from './store'
import {databaseBackend} from '../database'
import {databaseDir} from '../database/pglite'
import {PaymentConfigurationError} from '../payments/provider'
import {paymentProviderName} from '../payments/provider-name'
import {testCheckoutReach} from '../payments/test-checkout'

/**
 * The booking services at server start-up (instrumentation.ts): a log of what is configured, and
 * the booking store opened. Kept apart from ./server.ts, which loads the payment providers (the
 * Stripe SDK) and the content client, so starting the server loads neither.
 */

/** One line each for the payment mode and the booking store, for the server's start-up log. */
export function describeBookingServices(env: Record<string, string | undefined> = process.env): string[] {
  const lines: string[] = []
  try {
    const name = paymentProviderName(env)
    lines.push(
      name === 'stripe'
        ? `Payments: Stripe Checkout${env.STRIPE_WEBHOOK_SECRET?.trim() ? '' : ' (STRIPE_WEBHOOK_SECRET is not set: webhooks are refused)'}`
        : `Payments: LOCAL TEST CHECKOUT (test mode, no card is charged; set STRIPE_SECRET_KEY for real payments)${
            testCheckoutReach(env) === 'this-machine' ? ', for visitors on this machine only (SITE_URL is loopback; TEST_CHECKOUT_ENABLED=true opens it to others)' : ''
          }`,
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

/**
 * Logs the setup and opens the booking store; resolves once it is open (or could not be). The
 * embedded database opens in a thread of its own: seconds on a new data directory, while pages are
 * served.
 */
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
