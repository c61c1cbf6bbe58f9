import 'server-only'

import {getBookingStore} from './store'
import {getAvailability} from '../content'
import {wakeEmailOutbox} from '../email/server'
import {getPaymentProvider, getPaymentProviderFor, getTestCheckout} from '../payments'
import {PaymentConfigurationError} from '../payments/provider'
import {clientAddress} from '../edge/client-address'
import {sharedRateLimiter, type RateLimiter} from '../rate-limit'
import type {BookingFlowDeps} from './flow'
import type {ManageDeps} from './manage'
import {manageLinkSecret} from './manage-link-secret'
import {visitGenerator} from './plans/changes'
import {handleTestCheckoutRequest} from './routes'
import {getDatabaseFunctions} from '../database'
import {createPlanStore} from './plans/plan-store'
import {planSettingsFromEnv} from './plans/settings'
import {planVisitEmails} from './plans/visit-emails'
import type {PlanFlowDeps} from './plans/visits'
import {paymentReturnOrigin} from '../site-url'
import type {CardUpdateDeps} from './plans/card'
import {createPlanReader} from './plans/reader'
import type {ReconcileDeps} from './reconcile'

/**
 * The booking flow wired to the configured services (the only module that reads the environment
 * for it): the booking store, the payment provider, the clock, the booking rate limit.
 */

export const systemNow = (): Date => new Date()

/** `client`: the address the edge server resolved (the test checkout may serve this machine only). */
export async function bookingFlowDeps(origin: string, client: string): Promise<BookingFlowDeps> {
  const payments = getPaymentProviderFor(client)
  return {store: await getBookingStore(), payments, origin, now: systemNow, emailsQueued: wakeEmailOutbox, availability: getAvailability, plans: await planFlowDeps()}
}

/** Recurring plans on the app's database, with the business's rules and the plans' timings. */
export async function planFlowDeps(): Promise<PlanFlowDeps> {
  return {plans: createPlanStore(await getDatabaseFunctions()), availability: getAvailability, settings: planSettingsFromEnv(), emails: planVisitEmails}
}

/** The webhook's reconciliation of plan charges, refunds and disputes made outside the site's requests. */
export async function reconcileDeps(): Promise<ReconcileDeps> {
  const functions = await getDatabaseFunctions()
  return {functions, store: await getBookingStore(), plans: createPlanReader(functions), settings: planSettingsFromEnv(), now: systemNow, emailsQueued: wakeEmailOutbox}
}

/** What the availability endpoint needs: the store, the clock and the rules (no payment provider). */
export async function availabilityDeps(): Promise<Pick<BookingFlowDeps, 'store' | 'now' | 'availability'>> {
  return {store: await getBookingStore(), now: systemNow, availability: getAvailability}
}

/** What the manage page and its actions need: the store, the clock, the rules, the link key, the outbox. */
export async function manageDeps(): Promise<ManageDeps> {
  return {
    store: await getBookingStore(),
    now: systemNow,
    availability: getAvailability,
    linkSecret: () => manageLinkSecret(),
    emailsQueued: wakeEmailOutbox,
    // A plan's visit: its plan section, and its changes.
    plans: {functions: await getDatabaseFunctions(), payments: planPaymentProvider, generateVisits: visitGenerator(await planFlowDeps(), systemNow)},
  }
}

/** The saved card's provider, or null when none is configured (an early cancellation's charge is then recorded as failed). */
export function planPaymentProvider() {
  try {
    return getPaymentProvider()
  } catch (error) {
    if (error instanceof PaymentConfigurationError) return null
    throw error
  }
}

/**
 * The manage link's changes' rate limit, per client address: MANAGE_RATE_LIMIT_MAX requests (default
 * 30) per MANAGE_RATE_LIMIT_WINDOW_SECONDS (default 600). A customer moves a booking once or twice.
 */
export function manageRateLimiter(): RateLimiter {
  return sharedRateLimiter('manage', {limit: 'MANAGE_RATE_LIMIT_MAX', windowSeconds: 'MANAGE_RATE_LIMIT_WINDOW_SECONDS'}, {limit: 30, windowSeconds: 600})
}

export {clientAddress, getBookingStore, getPaymentProvider, getTestCheckout, wakeEmailOutbox}

/**
 * The availability requests' rate limit, per client address: AVAILABILITY_RATE_LIMIT_MAX requests
 * (default 120) per AVAILABILITY_RATE_LIMIT_WINDOW_SECONDS (default 60). A form asks when opened and
 * after a refusal; a flood of reads is turned away.
 */
export function availabilityRateLimiter(): RateLimiter {
  return sharedRateLimiter('availability', {limit: 'AVAILABILITY_RATE_LIMIT_MAX', windowSeconds: 'AVAILABILITY_RATE_LIMIT_WINDOW_SECONDS'}, {limit: 120, windowSeconds: 60})
}

/**
 * The booking requests' rate limit, per client address: BOOKING_RATE_LIMIT_MAX requests (default
 * 20) per BOOKING_RATE_LIMIT_WINDOW_SECONDS (default 600).
 */
export function bookingRateLimiter(): RateLimiter {
  return sharedRateLimiter('booking', {limit: 'BOOKING_RATE_LIMIT_MAX', windowSeconds: 'BOOKING_RATE_LIMIT_WINDOW_SECONDS'}, {limit: 20, windowSeconds: 600})
}

/** Pay or Cancel on the local test checkout page: 303 to the success or cancel URL, 404 when refused or unknown, 413 for a large body. */
export async function testCheckoutAction(request: Request, sessionId: string, outcome: 'paid' | 'cancelled'): Promise<Response> {
  return handleTestCheckoutRequest(request, sessionId, outcome, {
    checkout: () => getTestCheckout(clientAddress(request.headers)),
    store: getBookingStore,
    now: systemNow,
    emailsQueued: wakeEmailOutbox,
    plans: planFlowDeps,
  })
}

// The plan's card update (lib/booking/plans/card.ts) wired to the configured services.
/** What the card-update route and return page need; `client`: the address the edge server resolved. */
export async function cardUpdateDeps(client: string): Promise<CardUpdateDeps> {
  const origin = paymentReturnOrigin()
  if (!origin) throw new PaymentConfigurationError('SITE_URL is not set: a card update has no address to come back to')
  const functions = await getDatabaseFunctions()
  return {store: await getBookingStore(), plans: createPlanReader(functions), functions, payments: getPaymentProviderFor(client), now: systemNow, linkSecret: () => manageLinkSecret(), origin}
}

/** What the webhook needs to record a plan's new card. */
export async function planCardDeps(): Promise<Pick<CardUpdateDeps, 'plans' | 'functions' | 'now'>> {
  const functions = await getDatabaseFunctions()
  return {plans: createPlanReader(functions), functions, now: systemNow}
}
