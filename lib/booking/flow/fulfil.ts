/**
 * Fulfil: the provider says the checkout is paid, for this booking's amount → `paid`. The success
 * page, the test checkout's Pay and the webhook all end in the same confirmation (`confirmCheckout`);
 * a second confirmation changes nothing.
 */
import type {BookingStore, PaymentStatus, StoredBooking} from '../store/store'
import {CheckoutNotFoundError, type CheckoutStatus, type PaymentProvider, type SavedCard} from '../../payments/provider'
import {eventEmails, type PlanSummaryFacts} from '../../email/queue'
import {planCadence} from '../plans/plan'
import {plannedVisits, startPlan} from '../plans/visits'
import {bookingPaidFacts} from '../stored'
import {checkoutDescription, flowLog, type BookingFlowDeps} from './shared'

export type FulfilResult =
  /** Paid; `changed` is false when it already was (a second confirmation). */
  | {outcome: 'paid'; bookingId: string; changed: boolean}
  /** The provider does not (yet) report the checkout paid. */
  | {outcome: 'not-paid'; bookingId: string; checkoutStatus: CheckoutStatus | null}
  | {outcome: 'unknown-session'}
  | {outcome: 'unknown-booking'}
  /** The checkout is for another booking or another amount: nothing is marked. */
  | {outcome: 'mismatch'; bookingId: string | null; reason: string}
  /** Paid, but the booking was cancelled or expired before: needs a person (refund or reinstate). */
  | {outcome: 'closed'; bookingId: string; status: PaymentStatus}

/** A checkout as the provider reports it, or as a signed webhook event carries it. */
export interface CheckoutFacts {
  sessionId: string
  bookingId: string | null
  paid: boolean
  status: CheckoutStatus | null
  amountTotalCents: number | null
  currency: string | null
  /**
   * The card the provider kept for a plan's later visits, when the caller knows it (a retrieved
   * checkout); undefined when it does not (a webhook event): then it is retrieved if needed.
   */
  savedCard?: SavedCard | null
}

/** What a confirmation needs: the store and clock, and for a plan's first visit the plans and the provider. */
export type ConfirmDeps = Pick<BookingFlowDeps, 'store' | 'now' | 'emailsQueued' | 'plans'> & {payments?: PaymentProvider}

/**
 * Confirms a checkout through the provider: retrieves it, and marks its booking paid when the
 * provider says it is paid, for the booking's amount in USD, for this booking (`expectedBookingId`,
 * e.g. the success page's bookingId). Idempotent.
 */
export async function fulfilCheckout(
  sessionId: string,
  deps: ConfirmDeps & Pick<BookingFlowDeps, 'payments'>,
  options: {expectedBookingId?: string} = {},
): Promise<FulfilResult> {
  let details
  try {
    details = await deps.payments.retrieveCheckout(sessionId)
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) return {outcome: 'unknown-session'}
    throw error
  }
  return confirmCheckout(
    {
      sessionId: details.id,
      bookingId: details.bookingId,
      paid: details.paymentStatus === 'paid',
      status: details.status,
      amountTotalCents: details.amountTotalCents,
      currency: details.currency,
      savedCard: details.savedCard ?? null,
    },
    deps,
    options.expectedBookingId,
  )
}

export async function findBookingOf(store: BookingStore, facts: {sessionId?: string; bookingId?: string | null}): Promise<StoredBooking | null> {
  if (facts.bookingId) return store.findById(facts.bookingId)
  return facts.sessionId ? store.findBySessionId(facts.sessionId) : null
}

/** The one place a booking becomes paid. */
export async function confirmCheckout(
  facts: CheckoutFacts,
  deps: ConfirmDeps,
  expectedBookingId?: string,
): Promise<FulfilResult> {
  const booking = await findBookingOf(deps.store, facts)
  if (!booking) return {outcome: 'unknown-booking'}
  if (expectedBookingId !== undefined && expectedBookingId !== booking.id) {
    return {outcome: 'mismatch', bookingId: null, reason: `checkout ${facts.sessionId} belongs to another booking`}
  }
  if (!facts.paid) return {outcome: 'not-paid', bookingId: booking.id, checkoutStatus: facts.status}
  if (facts.amountTotalCents !== booking.amountCents || (facts.currency !== null && facts.currency !== 'usd')) {
    const reason = `checkout ${facts.sessionId} is for ${facts.amountTotalCents} ${facts.currency}, booking ${booking.id} costs ${booking.amountCents} usd`
    flowLog.error(`Booking flow: paid checkout does not match its booking: ${reason}`)
    return {outcome: 'mismatch', bookingId: booking.id, reason}
  }
  // The confirmation and the business's notification are queued with the change, in one
  // transaction: only the call that makes the booking paid sends them.
  const paidAt = deps.now()
  const isPlan = planCadence(booking) !== null && booking.paymentStatus === 'pending'
  // A plan's first visit: its confirmation tells the later visits as they would be placed now.
  const plan = isPlan ? await planSection(booking, deps, paidAt) : null
  const emails = eventEmails({...bookingPaidFacts(booking, checkoutDescription(booking), paidAt), ...(plan ? {plan} : {})})
  const change = await deps.store.markPaid(booking.id, {sessionId: facts.sessionId, paidAt, emails})
  if (change === 'changed') {
    deps.emailsQueued?.()
    await makePlan(booking.id, facts, deps)
    return {outcome: 'paid', bookingId: booking.id, changed: true}
  }
  const current = (await deps.store.findById(booking.id)) ?? booking
  if (current.paymentStatus === 'paid') {
    // Confirmed before: its plan too, unless that confirmation stopped short of it.
    if (planCadence(current) !== null && current.planId === null) await makePlan(booking.id, facts, deps)
    return {outcome: 'paid', bookingId: booking.id, changed: false}
  }
  // Paid after the hold ended: the office takes it (if the window still has room) or refunds it,
  // from Needs attention. The webhook and the success page both end here; the record is kept once.
  let recorded = false
  try {
    recorded = (await deps.store.recordLatePayment?.(booking.id, {
      sessionId: facts.sessionId,
      amountCents: facts.amountTotalCents,
      currency: facts.currency,
      at: paidAt,
    })) ?? false
  } catch (error) {
    flowLog.error(`Booking flow: the late payment of booking ${booking.id} could not be recorded`, error)
  }
  flowLog.warn(
    `Booking flow: checkout ${facts.sessionId} was paid but booking ${booking.id} is ${current.paymentStatus}: ${recorded ? 'recorded for the office (Needs attention)' : 'already recorded'}`,
  )
  return {outcome: 'closed', bookingId: booking.id, status: current.paymentStatus}
}

/** The plan section of the confirmation, or null (no plan deps, or the rules could not be read: the e-mail goes without it). */
async function planSection(booking: StoredBooking, deps: ConfirmDeps, now: Date): Promise<PlanSummaryFacts | null> {
  if (!deps.plans) return null
  try {
    return await plannedVisits(booking, {plans: deps.plans, store: deps.store}, now)
  } catch (error) {
    flowLog.error(`Booking flow: the plan visits of booking ${booking.id} could not be worked out`, error)
    return null
  }
}

/**
 * Makes the plan of a paid first visit, with the card the provider kept (retrieved from the
 * checkout when the caller did not have it), and its visits. A failure is logged, not the
 * customer's: the payment stands, and the roll-forward job makes the plan within the hour.
 */
async function makePlan(bookingId: string, facts: CheckoutFacts, deps: ConfirmDeps): Promise<void> {
  if (!deps.plans) return
  try {
    const booking = await deps.store.findById(bookingId)
    if (!booking || planCadence(booking) === null || booking.paymentStatus !== 'paid') return
    let card = facts.savedCard
    if (card === undefined && deps.payments) {
      card = (await deps.payments.retrieveCheckout(facts.sessionId)).savedCard ?? null
    }
    const provider = booking.paymentProvider ?? deps.payments?.name ?? null
    if (!card) flowLog.warn(`Booking flow: checkout ${facts.sessionId} kept no card for the plan of booking ${booking.id}`)
    await startPlan(booking, card && provider ? {...card, provider} : null, deps.plans, deps.now())
  } catch (error) {
    flowLog.error(`Booking flow: the plan of booking ${bookingId} could not be made (the roll-forward job tries again)`, error)
  }
}
