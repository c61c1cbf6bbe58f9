/**
 * The customer manages a paid booking through the private link in its confirmation e-mail
 * (./manage-link.ts), in plain TypeScript with every dependency passed in:
 * - `manageBookingView`: what the manage page shows, and what the customer may do now;
 * - `rescheduleFromLink`: move the booking to another free arrival window (the rules of the
 *   booking forms, then the database: the booking's own 24-hour notice and the new window's places,
 *   counted under the window's lock);
 * - `requestCancellationFromLink`: tell the business the customer wants to cancel.
 * Each change issues the next generation of the link (in the e-mail sent for it); the links before
 * it show that they were replaced and change nothing (the database checks the generation again
 * under the booking's lock).
 * Each change is recorded with its time and queues the business's notification and the customer's
 * confirmation in the same transaction. Answers name messages by reference (./message-keys.ts)
 * or by a key of `MANAGE_REFUSALS`; the page words them.
 */
import type {BookingChange, BookingStore, ChangeRefusal, StoredBooking} from './store/store'
import {eventEmails, type BookingCancellationRequestedFacts, type BookingRescheduledFacts} from '../email/queue'
import {formatCompanyDateTime} from '../format'
import {arrivalWindowLabel, slotLabel} from './arrival-window'
import {canReschedule, checkSlot, RESCHEDULE_NOTICE_HOURS, type AvailabilityRules} from './availability'
import type {Industry} from './catalog'
import {checkoutDescription, slotRefusal, type BookingFlowDeps} from './flow'
import {bookingOfManageLink, manageLinkExpiry, signManageToken, type ManageLinkRefusal} from './manage-link'
import {formatUsd} from './money'
import {bookingReference} from './stored'
import type {DatabaseFunctions} from '../database/functions'
import type {PaymentProvider} from '../payments/provider'
import {cancelPlan, earlyCancellationOwed, pausePlan, resumePlan, skipVisit, type EarlyCancellationCharge, type PlanChangeDeps, type PlanRefusal} from './plans/changes'
import type {StoredPlan} from './plans/plan'
import {createPlanReader} from './plans/reader'

export interface ManageDeps extends Pick<BookingFlowDeps, 'now' | 'availability' | 'emailsQueued'> {
  store: BookingStore
  /** The key that signs manage links. */
  linkSecret: () => Promise<string>
  /**
   * The plans: their reads and changes, and the saved card's provider (null when none can
   * charge now). Missing: a plan's visit shows as a booking, without its plan section.
   */
  plans?: {functions: DatabaseFunctions; payments: () => (Pick<PaymentProvider, 'chargeSavedCard'> & Partial<Pick<PaymentProvider, 'findOffSessionCharge'>>) | null; generateVisits?: PlanChangeDeps['generateVisits']}
}

/** What the customer may do with the booking now. */
export type ManageState =
  /** Move it or ask to cancel. */
  | 'changeable'
  /** Its window starts within 24 hours (or has passed): call the business. */
  | 'tooLate'
  /** They asked to cancel: the business takes it from there. */
  | 'cancellationRequested'
  /** Not paid (a checkout left open, cancelled or expired), or a booking made before windows. */
  | 'notChangeable'

export interface ManagedBooking {
  reference: string
  industry: Industry
  /** The line item: 'House Cleaning – Deep Cleaning'. */
  service: string
  /** YYYY-MM-DD. */
  date: string | null
  /** 'HH:MM-HH:MM', and as read: '8:00 AM – 10:00 AM'. */
  arrivalWindow: string | null
  arrivalWindowLabel: string | null
  location: string | null
  address: string
  customerName: string
  total: string
  paid: boolean
  state: ManageState
  cancellationRequestedAt: string | null
  /** Each change, oldest first: what happened and when (the page words it). */
  changes: ManagedChange[]
  /** A plan's visit: its plan (null for a one-time booking, or when plans are not read). */
  plan: ManagedPlan | null
}

/** A visit of the plan as its section lists it. */
export interface ManagedPlanVisit {
  /** The visit's booking id: what a skip names (the server checks it is this plan's). */
  id: string
  date: string
  arrivalWindowLabel: string
  /** The date and window as read: 'February 8, 2030, 8:00 AM – 10:00 AM'. */
  slot: string
  /** Not charged yet (charged 48 hours before), charged, or its card declined. */
  charge: 'notCharged' | 'charged' | 'declined'
  /** Placed in another window that week (the plan's own was full). */
  elsewhere: boolean
  /** The visit this page is about. */
  current: boolean
  /** The customer may skip it now: not charged, 24 hours or more ahead. */
  skippable: boolean
  /** The visit's own manage page (to move it), signed like the e-mails' links. */
  token: string
}

/** The plan section of a plan visit's manage page. */
export interface ManagedPlan {
  /** As sold: 'Weekly'. */
  frequency: string
  status: StoredPlan['status']
  /** 'Visa ending 4242', or null. */
  cardLabel: string | null
  /** A visit's charge was declined: the customer is asked for a new card. */
  cardDeclined: boolean
  /** The visits still to come, in order. */
  visits: ManagedPlanVisit[]
  /** What cancelling now would charge (the difference to the one-time price, before the second visit), formatted; null: nothing. */
  earlyCancellation: string | null
}
/**
 * A change as the manage page lists it, with when it was made (ISO 8601, and as read in Renton).
 * A move carries its old and new date and window as read, for the content's 'Moved from {from} to {to}'.
 */
export type ManagedChange = {at: string; when: string} & ({kind: 'moved'; from: string; to: string} | {kind: 'cancellationRequested'})

/** 'replaced': a move or a cancellation request sent a newer link (see the latest e-mail). */
export type ManageView = {link: 'invalid'} | {link: 'expired'} | {link: 'replaced'} | {link: 'ok'; booking: ManagedBooking}

/** The page's messages for a change that cannot be made (the page words them). */
export const MANAGE_REFUSALS = ['tooLate', 'cancellationRequested', 'notChangeable', 'sameWindow', 'linkInvalid', 'linkExpired', 'linkReplaced'] as const
export type ManageRefusal = (typeof MANAGE_REFUSALS)[number]

/** A change of the plan that cannot be made: 'tooLate' is the manage page's own message (call us), the others the plan section's. */
export type ManagePlanRefusal = Exclude<PlanRefusal, 'notFound'>

type LinkRefusal = ManageLinkRefusal

export type ManageActionResult =
  /**
   * Done. `token` is the booking's new link (the one the e-mail for the change carries: whoever made
   * the change held the link it replaces), and `booking` what its page shows now (null if it could
   * not be read again).
   */
  | {ok: true; outcome: 'moved' | 'cancellationRequested'; token: string; booking: ManagedBooking | null}
  /**
   * A change of the plan: the link stays the same (the e-mail for it carries the plan's next visit's
   * link); `earlyCancellation` what a cancellation before the second visit charged.
   */
  | {ok: true; outcome: 'skipped' | 'paused' | 'resumed' | 'planCancelled'; token: string; booking: ManagedBooking | null; earlyCancellation?: EarlyCancellationCharge}
  /** The plan cannot be changed so (the plan section words it). */
  | {ok: false; kind: 'plan'; refusal: ManagePlanRefusal}
  /** The link is worthless (or replaced by a newer one): nothing was changed. */
  | {ok: false; kind: 'link'; refusal: LinkRefusal}
  /** The booking cannot be changed now. */
  | {ok: false; kind: 'refused'; refusal: Exclude<ManageRefusal, LinkRefusal>}
  /** The chosen date or window: a booking form message reference on its field. */
  | {ok: false; kind: 'validation'; fieldErrors: {date?: string; arrivalWindow?: string}}
  /** The database or the content could not be reached: try again. */
  | {ok: false; kind: 'save'}

/** Logs what the customer is not told. Replaceable in tests. */
let logger: Pick<Console, 'error'> = console
export function setManageLogger(next: Pick<Console, 'error'>): void {
  logger = next
}

const VIEW_OF_REFUSAL = {linkInvalid: 'invalid', linkExpired: 'expired', linkReplaced: 'replaced'} as const

function stateOf(booking: StoredBooking, now: Date): ManageState {
  // A plan's visit waiting for its charge is moved like a paid booking (and skipped, not cancelled).
  const held = booking.paymentStatus === 'paid' || (booking.paymentStatus === 'scheduled' && !!booking.planId)
  if (!held || booking.cancelledAt || booking.outcome || !booking.arrivalWindow || !booking.windowStartsAt) return 'notChangeable'
  if (booking.cancellationRequestedAt) return 'cancellationRequested'
  return canReschedule(new Date(booking.windowStartsAt), now) ? 'changeable' : 'tooLate'
}

/** What the manage page of this link shows. */
export async function manageBookingView(token: string, deps: ManageDeps): Promise<ManageView> {
  const found = await bookingOfManageLink(token, deps)
  if ('refusal' in found) return {link: VIEW_OF_REFUSAL[found.refusal]}
  const {booking} = found
  return {
    link: 'ok',
    booking: {
      reference: bookingReference(booking.id),
      industry: booking.industry,
      service: checkoutDescription(booking),
      date: booking.date,
      arrivalWindow: booking.arrivalWindow,
      arrivalWindowLabel: booking.arrivalWindow ? arrivalWindowLabel(booking.arrivalWindow) : null,
      location: booking.location,
      address: booking.address,
      customerName: `${booking.firstName} ${booking.lastName}`,
      total: formatUsd(booking.amountCents),
      paid: booking.paymentStatus === 'paid',
      state: stateOf(booking, deps.now()),
      cancellationRequestedAt: booking.cancellationRequestedAt,
      changes: (await deps.store.changesOf(booking.id)).map(describeChange),
      plan: await planOf(booking, deps),
    },
  }
}

/** The plan section of a plan's visit: the plan, its visits to come (each with its own link), its card. */
async function planOf(booking: StoredBooking, deps: ManageDeps): Promise<ManagedPlan | null> {
  if (!booking.planId || !deps.plans) return null
  const reader = createPlanReader(deps.plans.functions)
  const plan = await reader.findPlan(booking.planId)
  if (!plan) return null
  const visits = await reader.visitsOf(plan.id)
  const now = deps.now()
  const secret = await deps.linkSecret()
  const ahead = visits.filter(
    (visit) =>
      visit.windowStartsAt &&
      visit.date &&
      visit.arrivalWindow &&
      Date.parse(visit.windowStartsAt) > now.getTime() &&
      !visit.cancelledAt &&
      (visit.paymentStatus === 'paid' || visit.paymentStatus === 'scheduled'),
  )
  const owed = earlyCancellationOwed(plan, visits, now)
  return {
    frequency: plan.frequency,
    status: plan.status,
    cardLabel: plan.cardLabel,
    cardDeclined: ahead.some((visit) => visit.chargeState === 'declined'),
    visits: ahead.map((visit) => ({
      id: visit.id,
      date: visit.date as string,
      arrivalWindowLabel: arrivalWindowLabel(visit.arrivalWindow as string),
      slot: slotLabel(visit.date, visit.arrivalWindow),
      charge: visit.paymentStatus === 'paid' ? 'charged' : visit.chargeState === 'declined' ? 'declined' : 'notCharged',
      elsewhere: visit.placedElsewhere,
      current: visit.id === booking.id,
      skippable: visit.paymentStatus === 'scheduled' && visit.chargeState !== 'charging' && canReschedule(new Date(visit.windowStartsAt as string), now),
      token: signManageToken(visit.id, manageLinkExpiry(visit.windowStartsAt as string), secret, visit.manageLinkGeneration),
    })),
    earlyCancellation: owed > 0 ? formatUsd(owed) : null,
  }
}

/** A change as the manage page lists it: what happened, and when in Renton. */
export function describeChange(change: BookingChange): ManagedChange {
  const time = {at: change.changedAt, when: formatCompanyDateTime(change.changedAt)}
  return change.kind === 'rescheduled'
    ? {kind: 'moved', from: slotLabel(change.fromDate, change.fromWindow), to: slotLabel(change.toDate, change.toWindow), ...time}
    : {kind: 'cancellationRequested', ...time}
}

/**
 * What every e-mail about a change of a paid booking reports of it (the customer's move or request,
 * the office's move or cancellation): the booking as it was before the change, and when it happened.
 */
export function bookingChangeBase(booking: StoredBooking, now: Date) {
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    industry: booking.industry,
    service: checkoutDescription(booking),
    location: booking.location,
    customer: {firstName: booking.firstName, lastName: booking.lastName, email: booking.email, phone: booking.phone, address: booking.address},
    totalCents: booking.amountCents,
    fromDate: booking.date,
    fromWindow: booking.arrivalWindow,
    changedAt: now.toISOString(),
  }
}

/** What a change made with the link of `generation` reports; the e-mail carries the next link. */
function changeFacts(booking: StoredBooking, generation: number, now: Date) {
  return {...bookingChangeBase(booking, now), linkGeneration: generation + 1}
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const WINDOW = /^\d{2}:\d{2}-\d{2}:\d{2}$/

/**
 * The answer to a change that was made: the new link (of the generation the change issued, lasting
 * a week past the booking's window as the e-mail's does) and what its page shows now.
 */
async function changed(outcome: 'moved' | 'cancellationRequested', bookingId: string, windowStartsAt: string, generation: number, deps: ManageDeps): Promise<ManageActionResult> {
  const token = signManageToken(bookingId, manageLinkExpiry(windowStartsAt), await deps.linkSecret(), generation)
  let booking: ManagedBooking | null = null
  try {
    const view = await manageBookingView(token, deps)
    booking = view.link === 'ok' ? view.booking : null
  } catch (error) {
    logger.error('Manage booking: the booking was changed but could not be read again', error)
  }
  return {ok: true, outcome, token, booking}
}

/** What the store's refusal means for the customer. */
function refusalOf(outcome: ChangeRefusal): ManageActionResult {
  switch (outcome) {
    case 'not_found':
      return {ok: false, kind: 'link', refusal: 'linkInvalid'}
    case 'link_replaced':
      return {ok: false, kind: 'link', refusal: 'linkReplaced'}
    case 'not_paid':
      return {ok: false, kind: 'refused', refusal: 'notChangeable'}
    case 'cancellation_requested':
      return {ok: false, kind: 'refused', refusal: 'cancellationRequested'}
    case 'too_late':
      return {ok: false, kind: 'refused', refusal: 'tooLate'}
  }
}

/**
 * The link's booking if the customer may change it now, or why not. The database checks the same
 * again under the booking's lock (it decides); checking here first saves a round trip.
 */
async function changeableBooking(token: string, deps: ManageDeps): Promise<{booking: StoredBooking; generation: number; now: Date} | {refused: ManageActionResult}> {
  const found = await bookingOfManageLink(token, deps)
  if ('refusal' in found) return {refused: {ok: false, kind: 'link', refusal: found.refusal}}
  const now = deps.now()
  const state = stateOf(found.booking, now)
  return state === 'changeable' ? {booking: found.booking, generation: found.generation, now} : {refused: {ok: false, kind: 'refused', refusal: state}}
}

/**
 * Moves the link's booking to `request.date` and `request.arrivalWindow` (the parsed JSON body):
 * a date and window the booking forms would offer now, with a place left, while the booking's own
 * window is more than 24 hours away.
 */
export async function rescheduleFromLink(token: string, request: unknown, deps: ManageDeps): Promise<ManageActionResult> {
  const body = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>
  const date = typeof body.date === 'string' && DATE.test(body.date) ? body.date : null
  const window = typeof body.arrivalWindow === 'string' && WINDOW.test(body.arrivalWindow) ? body.arrivalWindow : null
  try {
    const changeable = await changeableBooking(token, deps)
    if ('refused' in changeable) return changeable.refused
    const {booking, generation, now} = changeable
    if (!date) return {ok: false, kind: 'validation', fieldErrors: {date: 'dateInvalid'}}
    if (!window) return {ok: false, kind: 'validation', fieldErrors: {arrivalWindow: 'windowRequired'}}
    if (date === booking.date && window === booking.arrivalWindow) return {ok: false, kind: 'refused', refusal: 'sameWindow'}

    const rules: AvailabilityRules = await deps.availability()
    const check = checkSlot(rules, booking.industry, date, window, now)
    if (!check.ok) return {ok: false, kind: 'validation', fieldErrors: slotRefusal(check.reason, rules)}
    const moves = (await deps.store.changesOf(booking.id)).filter((change) => change.kind === 'rescheduled').length
    const facts: BookingRescheduledFacts = {
      kind: 'booking_rescheduled',
      ...changeFacts(booking, generation, now),
      toDate: date,
      toWindow: window,
      windowStartsAt: check.slot.startsAt.toISOString(),
      sequence: moves + 1,
    }
    const outcome = await deps.store.reschedule(
      booking.id,
      {date, arrivalWindow: window, windowStartsAt: facts.windowStartsAt, capacity: check.slot.capacity},
      {noticeHours: RESCHEDULE_NOTICE_HOURS, now, emails: eventEmails(facts), linkGeneration: generation},
    )
    switch (outcome) {
      case 'moved':
        deps.emailsQueued?.()
        return await changed('moved', booking.id, facts.windowStartsAt, generation + 1, deps)
      case 'full':
        return {ok: false, kind: 'validation', fieldErrors: {arrivalWindow: 'windowFull'}}
      case 'same':
        return {ok: false, kind: 'refused', refusal: 'sameWindow'}
      default:
        return refusalOf(outcome)
    }
  } catch (error) {
    logger.error('Manage booking: the booking could not be moved', error)
    return {ok: false, kind: 'save'}
  }
}

/** Records the customer's request to cancel the link's booking and tells the business. */
export async function requestCancellationFromLink(token: string, deps: ManageDeps): Promise<ManageActionResult> {
  try {
    const changeable = await changeableBooking(token, deps)
    if ('refused' in changeable) return changeable.refused
    const {booking, generation, now} = changeable
    const facts: BookingCancellationRequestedFacts = {
      kind: 'booking_cancellation_requested',
      ...changeFacts(booking, generation, now),
      windowStartsAt: booking.windowStartsAt,
    }
    const outcome = await deps.store.requestCancellation(booking.id, {noticeHours: RESCHEDULE_NOTICE_HOURS, now, emails: eventEmails(facts), linkGeneration: generation})
    if (outcome !== 'requested') return refusalOf(outcome)
    deps.emailsQueued?.()
    return await changed('cancellationRequested', booking.id, booking.windowStartsAt as string, generation + 1, deps)
  } catch (error) {
    logger.error('Manage booking: the cancellation request could not be recorded', error)
    return {ok: false, kind: 'save'}
  }
}

/** The plan actions of the manage page's plan section. */
export const PLAN_ACTIONS = ['skip', 'pausePlan', 'resumePlan', 'cancelPlan'] as const
export type PlanAction = (typeof PLAN_ACTIONS)[number]

/**
 * A change of the plan of the link's visit (`request.visit` names the visit to skip): the link must be
 * the booking's current one; the plan's rules decide (lib/booking/plans/changes.ts). The link is not
 * replaced.
 */
export async function changePlanFromLink(token: string, action: PlanAction, request: unknown, deps: ManageDeps): Promise<ManageActionResult> {
  const body = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>
  try {
    const found = await bookingOfManageLink(token, deps)
    if ('refusal' in found) return {ok: false, kind: 'link', refusal: found.refusal}
    const {booking} = found
    if (!booking.planId || !deps.plans) return {ok: false, kind: 'refused', refusal: 'notChangeable'}
    const planDeps: PlanChangeDeps = {
      functions: deps.plans.functions,
      payments: deps.plans.payments(),
      now: deps.now,
      emailsQueued: deps.emailsQueued,
      generateVisits: deps.plans.generateVisits,
    }
    const customer = {by: 'customer'} as const
    let result
    switch (action) {
      case 'skip': {
        const visit = typeof body.visit === 'string' ? body.visit : ''
        result = await skipVisit(booking.planId, visit, customer, planDeps)
        break
      }
      case 'pausePlan':
        result = await pausePlan(booking.planId, customer, planDeps)
        break
      case 'resumePlan':
        result = await resumePlan(booking.planId, customer, planDeps)
        break
      case 'cancelPlan':
        result = await cancelPlan(booking.planId, customer, planDeps)
        break
    }
    if (!result.ok) {
      if (result.refusal === 'notFound') return {ok: false, kind: 'refused', refusal: 'notChangeable'}
      return {ok: false, kind: 'plan', refusal: result.refusal}
    }
    const view = await manageBookingView(token, deps).catch((error: unknown) => {
      logger.error('Manage booking: the plan was changed but could not be read again', error)
      return null
    })
    const outcome = result.outcome === 'cancelled' ? 'planCancelled' : result.outcome
    return {
      ok: true,
      outcome,
      token,
      booking: view?.link === 'ok' ? view.booking : null,
      ...(result.outcome === 'cancelled' ? {earlyCancellation: result.earlyCancellation} : {}),
    }
  } catch (error) {
    logger.error('Manage booking: the plan could not be changed', error)
    return {ok: false, kind: 'save'}
  }
}
