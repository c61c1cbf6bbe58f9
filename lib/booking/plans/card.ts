/**
 * The customer gives their plan a new card, from the manage link of any of the plan's
 * visits (the declined-charge e-mail links there):
 * - `startCardUpdate`: the link checked as the manage page checks it, the booking's plan found, and
 *   the payment provider's card-update checkout created (Stripe Checkout in setup mode for the
 *   plan's Customer; the test checkout's card-update page), returning to /manage-booking/card.
 * - `completeCardUpdate`: the return page's half: the checkout read back from the provider, checked
 *   to be this plan's, then `recordPlanCard` stores it.
 * - `recordPlanCard`: also the webhook's half (`card_saved`): the database function
 *   `replace_plan_card` keeps the new card (card generation + 1) and sends the plan's declined
 *   visits back to 'scheduled', due now, so the charge job charges them at its next run. Once per
 *   checkout: the return page and the webhook may both arrive, in either order.
 * Answers name refusals by key; the page words them from the content (paymentPages.cardUpdate).
 */
import {randomUUID} from 'node:crypto'
import type {DatabaseFunctions} from '../../database/functions.ts'
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CheckoutNotFoundError,
  PaymentConfigurationError,
  PaymentProviderError,
  type PaymentProvider,
  type SavedCard,
} from '../../payments/provider.ts'
import type {RateLimiter} from '../../rate-limit/limiter.ts'
import {BodyTooLargeError, readTextWithLimit} from '../../request-body.ts'
import {bookingOfManageLink, type ManageLinkRefusal} from '../manage-link.ts'
import type {BookingStore} from '../store/store.ts'
import type {StoredPlan} from './plan.ts'
import type {PlanReader} from './reader.ts'

export interface CardUpdateDeps {
  store: Pick<BookingStore, 'findById'>
  plans: Pick<PlanReader, 'findPlan'>
  functions: Pick<DatabaseFunctions, 'value'>
  payments: PaymentProvider
  now: () => Date
  /** The key that signs manage links. */
  linkSecret: () => Promise<string>
  /** The public address (SITE_URL's origin) the provider sends the customer back to. */
  origin: string
}

/** Why a card cannot be changed (the page words each). */
export const CARD_UPDATE_REFUSALS = ['linkInvalid', 'linkExpired', 'linkReplaced', 'noPlan', 'planCancelled', 'noCard', 'notSaved', 'notThisPlan'] as const
export type CardUpdateRefusal = (typeof CARD_UPDATE_REFUSALS)[number]

export type StartCardUpdateResult = {ok: true; url: string; sessionId: string} | {ok: false; refusal: CardUpdateRefusal}

export type CardUpdateResult =
  /** Saved (or saved before by the same checkout: 'already'). `rescheduled`: declined visits to be charged to it now. */
  | {ok: true; outcome: 'replaced' | 'already'; cardLabel: string | null; rescheduled: number}
  | {ok: false; refusal: CardUpdateRefusal}

/** The return page: /manage-booking/card?token=…&session_id={CHECKOUT_SESSION_ID}; Cancel comes back with cancelled=1. */
export function cardUpdateReturnUrls(origin: string, token: string): {successUrl: string; cancelUrl: string} {
  const base = `${new URL(origin).origin}/manage-booking/card?token=${encodeURIComponent(token)}`
  return {successUrl: `${base}&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`, cancelUrl: `${base}&cancelled=1`}
}

/** The plan of the link's booking, checked as the manage page checks a link (signature, expiry, generation). */
async function planOfLink(token: string, deps: CardUpdateDeps): Promise<{plan: StoredPlan} | {refusal: ManageLinkRefusal | 'noPlan'}> {
  const found = await bookingOfManageLink(token, deps)
  if ('refusal' in found) return found
  const plan = found.booking.planId ? await deps.plans.findPlan(found.booking.planId) : null
  return plan ? {plan} : {refusal: 'noPlan'}
}

/** Creates the provider's card-update checkout for the plan of the manage link `token`. */
export async function startCardUpdate(token: string, deps: CardUpdateDeps): Promise<StartCardUpdateResult> {
  const found = await planOfLink(token, deps)
  if ('refusal' in found) return {ok: false, refusal: found.refusal}
  const {plan} = found
  if (plan.status === 'cancelled') return {ok: false, refusal: 'planCancelled'}
  // The new card goes to the plan's customer at the provider that keeps it: a plan whose card is
  // kept elsewhere (the test checkout's, with Stripe configured now) cannot take one here.
  if (!plan.paymentCustomerId || plan.paymentProvider !== deps.payments.name) return {ok: false, refusal: 'noCard'}
  const session = await deps.payments.createCardUpdate({
    planId: plan.id,
    customerId: plan.paymentCustomerId,
    customerEmail: plan.email,
    ...cardUpdateReturnUrls(deps.origin, token),
    // Each press is its own checkout (a setup checkout takes no money); the SDK's retries reuse the key.
    idempotencyKey: `plan-${plan.id}-card-update-${randomUUID()}`,
  })
  return {ok: true, url: new URL(session.url, deps.origin).href, sessionId: session.id}
}

/** The return page: the card-update checkout `sessionId` of the plan of the manage link `token`. */
export async function completeCardUpdate(token: string, sessionId: string, deps: CardUpdateDeps): Promise<CardUpdateResult> {
  const found = await planOfLink(token, deps)
  if ('refusal' in found) return {ok: false, refusal: found.refusal}
  return recordPlanCard(found.plan.id, sessionId, deps)
}

/**
 * Reads the card-update checkout back from the provider and, when it saved a card for this plan's
 * customer, keeps it on the plan (`replace_plan_card`). The return page and the webhook both call it.
 */
export async function recordPlanCard(planId: string, sessionId: string, deps: Omit<CardUpdateDeps, 'linkSecret' | 'store' | 'origin'>): Promise<CardUpdateResult> {
  const plan = await deps.plans.findPlan(planId)
  if (!plan) return {ok: false, refusal: 'noPlan'}
  let details
  try {
    details = await deps.payments.retrieveCardUpdate(sessionId)
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) return {ok: false, refusal: 'notThisPlan'}
    throw error
  }
  if (details.planId !== plan.id) return {ok: false, refusal: 'notThisPlan'}
  if (details.status !== 'complete' || !details.savedCard) return {ok: false, refusal: 'notSaved'}
  if (plan.paymentCustomerId && details.savedCard.customerId !== plan.paymentCustomerId) return {ok: false, refusal: 'notThisPlan'}
  return replacePlanCard(plan.id, sessionId, deps.payments.name, details.savedCard, deps)
}

async function replacePlanCard(
  planId: string,
  sessionId: string,
  provider: string,
  card: SavedCard,
  deps: Pick<CardUpdateDeps, 'functions' | 'now'>,
): Promise<CardUpdateResult> {
  const answer = await deps.functions.value<{status: 'replaced' | 'already' | 'not_found' | 'cancelled'; rescheduled?: number}>('replace_plan_card', {
    p_plan_id: planId,
    p_session_id: sessionId,
    p_card: {provider, customer_id: card.customerId, payment_method_id: card.paymentMethodId, label: card.label},
    p_now: deps.now().toISOString(),
  })
  if (answer.status === 'not_found') return {ok: false, refusal: 'noPlan'}
  if (answer.status === 'cancelled') return {ok: false, refusal: 'planCancelled'}
  return {ok: true, outcome: answer.status, cardLabel: card.label, rescheduled: answer.rescheduled ?? 0}
}

// ------------------------------------------------------------------------------------------------
// Requests
// ------------------------------------------------------------------------------------------------

/** Largest card-update form (the manage link's token). */
const MAX_CARD_FORM_BYTES = 2 * 1024

/** Problems the return page words besides the refusals: too many tries, the services out of reach. */
export type CardUpdateProblem = CardUpdateRefusal | 'rateLimited' | 'unavailable'

function seeOther(location: string): Response {
  return new Response(null, {status: 303, headers: {Location: location, 'Cache-Control': 'no-store'}})
}

function problemPage(token: string, problem: CardUpdateProblem): string {
  return `/manage-booking/card?token=${encodeURIComponent(token)}&problem=${problem}`
}

/**
 * POST /api/bookings/manage/card (a form: `token`): 303 to the provider's card-update checkout, or
 * 303 to /manage-booking/card with the problem (rate limit as the manage actions', a refused link,
 * a plan without a card, the provider out of reach). 400 without a token, 413 for a large body.
 */
export async function handleCardUpdateRequest(
  request: Request,
  options: {limiter: RateLimiter; clientKey: (request: Request) => string; deps: () => Promise<CardUpdateDeps>; log?: Pick<Console, 'error'>},
): Promise<Response> {
  const log = options.log ?? console
  let body: string
  try {
    body = await readTextWithLimit(request, MAX_CARD_FORM_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return Response.json({error: 'Request body too large'}, {status: 413})
    throw error
  }
  const token = new URLSearchParams(body).get('token')
  if (!token || token.length > 200) return Response.json({error: 'A manage link token is required'}, {status: 400})
  const limit = await options.limiter.check(options.clientKey(request))
  if (!limit.allowed) return seeOther(problemPage(token, 'rateLimited'))
  try {
    const result = await startCardUpdate(token, await options.deps())
    return seeOther(result.ok ? result.url : problemPage(token, result.refusal))
  } catch (error) {
    if (!(error instanceof PaymentProviderError || error instanceof PaymentConfigurationError)) log.error('Card update: the booking services are not available', error)
    else log.error(`Card update: the payment provider refused or could not be reached: ${error.message}`)
    return seeOther(problemPage(token, 'unavailable'))
  }
}
