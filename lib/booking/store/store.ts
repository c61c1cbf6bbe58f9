/**
 * The booking store: where bookings live between Confirm & Pay and the payment provider's answer.
 * Two adapters implement it (PGlite, the embedded default, and Supabase); `getBookingStore()` in
 * ./index.ts picks one from the environment and nothing else in the app knows which.
 *
 * Money is in integer cents; the dollar columns (amount, discount) are derived from
 * them. Payment status only moves forward from `pending`, once: pending → paid, or pending →
 * cancelled / expired / failed. Every method is safe to call twice.
 */

import type {QueuedEmail} from '../../email/queue.ts'
import type {Industry} from '../catalog.ts'

/**
 * 'scheduled': a recurring plan's later visit, waiting for its off-session charge (it holds its
 * place like a paid booking); it becomes 'paid' when charged, 'failed' when a decline is released
 * after its deadline, 'cancelled' when skipped or its plan ends.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'scheduled', 'cancelled', 'expired', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
/** The end states of a booking that was not paid. */
export type ClosedStatus = Exclude<PaymentStatus, 'pending' | 'paid' | 'scheduled'>

/** Where a plan's later visit is in its off-session charge (null for one-time bookings and first visits). */
export const CHARGE_STATES = ['scheduled', 'charging', 'charged', 'declined', 'released', 'skipped', 'cancelled'] as const
export type ChargeState = (typeof CHARGE_STATES)[number]

/** Extra name → count (house and carpet). */
export type BookingExtras = Record<string, number>
/**
 * House: question → chosen answer; exterior: `{keyInfo: choice}`; carpet: the key-information
 * choice as text.
 */
export type BookingInstructions = Record<string, string> | string

/**
 * A booking as the server has validated and priced it. Fields a form does not have are left out
 * (or null). Dates are calendar dates `YYYY-MM-DD`.
 */
export type NewBooking = {
  industry: Industry
  /** One per submission (a UUID made by the form); the same key again returns the same booking. */
  idempotencyKey: string

  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  notes?: string | null

  location?: string | null
  /** The service, or the commercial sub-service. */
  service?: string | null
  frequency?: string | null
  bedrooms?: number | null
  bathrooms?: number | null
  halfBath?: number | null
  den?: number | null
  extras?: BookingExtras | null
  instructions?: BookingInstructions | null
  date?: string | null
  /** As chosen on the form, e.g. '10%'. */
  tip?: string | null
  /** As chosen on the form, e.g. '$5'. */
  parkingFee?: string | null
  /** What the tip came to, in cents, as priced (0 where the form charges none online). */
  tipCents?: number | null
  /** What the parking fee came to, in cents, as priced. */
  parkingCents?: number | null
  hours?: number | null
  minutes?: number | null
  rooms?: number | null
  stairs?: number | null

  /** The coupon code as applied (trimmed), or null. */
  coupon?: string | null
  /** The discount applied, in cents. */
  discountCents?: number | null
  /** The amount charged, in cents (at least 50, the card provider's minimum). */
  amountCents: number

  /** The arrival window on `date`, 'HH:MM-HH:MM' Renton time (bookings from before windows have none). */
  arrivalWindow?: string | null
  /** The crews that serve it: house and carpet share the indoor crews (lib/booking/availability.ts). */
  serviceFamily?: 'indoor' | 'exterior' | 'commercial' | null
  /** When the window starts (ISO 8601): the 24-hour notice for a change counts from it. */
  windowStartsAt?: string | null
  /** Until when a pending booking holds its place (ISO 8601): its checkout's expiry. */
  holdExpiresAt?: string | null
  /** When the customer ticked the booking form's consent to text messages (ISO 8601), or null. */
  smsConsentAt?: string | null
}

type Nullable<T> = {[K in keyof T]-?: Exclude<T[K], undefined> | null}

export type StoredBooking = Nullable<Omit<NewBooking, 'industry' | 'idempotencyKey' | 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'amountCents'>> &
  Pick<NewBooking, 'industry' | 'idempotencyKey' | 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'amountCents'> & {
    id: string
    /** The amount charged in dollars with two decimals, e.g. '123.45' (the `amount` column). */
    amount: string
    /** The discount in dollars with two decimals (the `discount` column), or null. */
    discount: string | null
    paymentStatus: PaymentStatus
    paymentProvider: string | null
    paymentSessionId: string | null
    /** ISO 8601 timestamps (UTC). */
    createdAt: string
    updatedAt: string | null
    paidAt: string | null
    /** When the customer asked to cancel through the manage link (the business cancels), or null. */
    cancellationRequestedAt: string | null
    /** The generation of the manage link that works now: 0 at payment, one more with each move or cancellation request. */
    manageLinkGeneration: number
    /** When the business cancelled it (the office), or null. A cancelled booking takes no place. */
    cancelledAt: string | null
    /** How much of the amount was refunded, in cents (0 when nothing was). */
    refundedCents: number
    /** How the visit went, as the office marked it, or null. */
    outcome: BookingOutcome | null
    /** The recurring plan this visit belongs to (lib/booking/plans), or null for a one-time booking. */
    planId: string | null
    /** 1 for a plan's first visit (paid at checkout), 2, 3 … after it; null without a plan. */
    planVisit: number | null
    /** A later plan visit's charge (null for one-time bookings and first visits). */
    chargeState: ChargeState | null
    /** When the job charges a later plan visit (ISO 8601). */
    chargeDueAt: string | null
    /** A declined visit keeps its place until then for a new card (ISO 8601). */
    cardDeadlineAt: string | null
    /** Generated into another window of the week because the plan's own window was full. */
    placedElsewhere: boolean
    /** When the crew set off (marked started), or null. */
    startedAt: string | null
  }

/** How a visit went, as the office marks it. */
export const BOOKING_OUTCOMES = ['done', 'no_show'] as const
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number]

/** What `createPending` did: stored the booking, or found the one stored before with its key. */
export type CreatePendingResult = {booking: StoredBooking; created: boolean}

/** Places taken (paid, or held by an open checkout) per `${date} ${window}`. */
export type PlacesTaken = Map<string, number>

/** Why a booking cannot be moved or cancelled by its customer now. */
export type ChangeRefusal = 'not_found' | 'not_paid' | 'cancellation_requested' | 'too_late' | 'link_replaced'
/** What a move did: moved, or nothing (the new window is full, is the same, or a refusal). */
export type RescheduleOutcome = 'moved' | 'full' | 'same' | ChangeRefusal
/** What a cancellation request did. */
export type CancellationOutcome = 'requested' | ChangeRefusal

/** One change the customer made, as recorded (calendar dates, 'HH:MM-HH:MM' windows, ISO time). */
export type BookingChange = {
  kind: 'rescheduled' | 'cancellation_requested'
  fromDate: string | null
  fromWindow: string | null
  /** Where a move went (null for a cancellation request). */
  toDate: string | null
  toWindow: string | null
  changedAt: string
}

/**
 * The rules of a customer's change: the notice it needs, the clock, the e-mails it sends, and the
 * generation of the manage link it was made with (a change with a replaced link is refused,
 * 'link_replaced'; a change made issues the next generation).
 */
export type ChangeTerms = {noticeHours: number; now: Date; emails: readonly QueuedEmail[]; linkGeneration: number}

/** Whether a call changed the booking ('unchanged': already in that state, not pending, or unknown). */
export type StoreChange = 'changed' | 'unchanged'

export interface BookingStore {
  /**
   * Stores a new booking as `pending`. Idempotent on `idempotencyKey`: the same key again (also
   * concurrently) returns the booking stored first, with `created: false`, and stores nothing.
   * A booking with an arrival window is stored only while its window has fewer than
   * `window.capacity` places taken at `window.now` (counted by the database under a lock on the
   * window, so concurrent requests and servers never overfill it); else it throws WindowFullError.
   */
  createPending(booking: NewBooking, window?: {capacity: number; now: Date}): Promise<CreatePendingResult>
  /** The places taken at `now` in every window of one crew from `from` to `to` (calendar dates). */
  placesTaken(family: NonNullable<NewBooking['serviceFamily']>, from: string, to: string, now: Date): Promise<PlacesTaken>
  /** The booking with this id, or null (also for a malformed id). */
  findById(id: string): Promise<StoredBooking | null>
  /** The booking whose payment session this is, or null. */
  findBySessionId(sessionId: string): Promise<StoredBooking | null>
  /** Records the payment provider's checkout session of a pending booking. */
  attachPaymentSession(id: string, session: {provider: string; sessionId: string}): Promise<StoreChange>
  /**
   * pending → paid, recording the session that was paid and when, and queueing `emails` (the
   * confirmation and the business's notification) in the same transaction. A second call, or a call
   * on a cancelled, expired or failed booking, changes nothing and queues nothing.
   */
  markPaid(id: string, payment: {sessionId: string; paidAt: Date; emails?: readonly QueuedEmail[]}): Promise<StoreChange>
  /** pending → cancelled / expired / failed; nothing else changes. */
  markClosed(id: string, status: ClosedStatus): Promise<StoreChange>
  /**
   * Whether the caller may ask the payment provider about this booking's checkout now: true for a
   * pending booking with a session that nobody asked about in the last `intervalSeconds` (recorded
   * at once, for every server on the database, so of concurrent callers one gets true); false for
   * an unknown booking and for a final one (paid, cancelled, expired, failed).
   */
  claimPaymentCheck(id: string, terms: {intervalSeconds: number; now: Date}): Promise<boolean>
  /**
   * Moves a paid booking to another window of its crew, recording the change and queueing `emails`
   * in one transaction, if its own window starts at least `noticeHours` after `now`, it has no
   * cancellation request, and the new window has fewer than `capacity` places taken (counted under
   * the same lock as createPending), and `terms.linkGeneration` is the booking's current manage link
   * generation; a move issues the next one. Anything else changes nothing and says why.
   */
  reschedule(
    id: string,
    to: {date: string; arrivalWindow: string; windowStartsAt: string; capacity: number},
    terms: ChangeTerms,
  ): Promise<RescheduleOutcome>
  /** Records the customer's request to cancel a paid booking (same notice and link generation), queueing `emails` with it and issuing the next link generation. */
  requestCancellation(id: string, terms: ChangeTerms): Promise<CancellationOutcome>
  /** The changes the customer made to a booking, oldest first. */
  changesOf(id: string): Promise<BookingChange[]>
  /**
   * Records a payment that arrived for a booking no longer holding its place (expired, cancelled or
   * failed), for the office's Needs attention; the same checkout again records nothing. Answers
   * whether it was new.
   */
  recordLatePayment?(id: string, payment: {sessionId: string; amountCents: number | null; currency: string | null; at: Date}): Promise<boolean>
}

/** The booking's arrival window has no place left: nothing was stored. */
export class WindowFullError extends Error {
  constructor(window: string) {
    super(`The arrival window ${window} has no place left`)
    this.name = 'WindowFullError'
  }
}

/** A store call that failed (database unreachable, a constraint refused the row, …). */
export class BookingStoreError extends Error {
  readonly code: string | undefined

  constructor(message: string, options?: {code?: string; cause?: unknown}) {
    super(message, {cause: options?.cause})
    this.name = 'BookingStoreError'
    this.code = options?.code
  }
}
