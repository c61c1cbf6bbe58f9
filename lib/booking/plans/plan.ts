/**
 * Recurring plans in the business's words: a recurring
 * frequency sold on a booking form is a plan. Its first visit is booked and paid as any booking,
 * the card is kept for the later visits, which are generated on the plan's cadence on the same
 * weekday and arrival window up to the booking horizon, and each is charged off-session a set time
 * before it. Plain TypeScript: no React, no SDK, no I/O.
 */
import type {Industry} from '../catalog'
import type {ServiceFamily} from '../availability'
import type {NewBooking} from '../store/store'

/** How often a plan's visits come. */
export const CADENCES = ['weekly', 'every_other_week', 'monthly', 'every_3_months', 'every_6_months'] as const
export type Cadence = (typeof CADENCES)[number]

/**
 * The frequencies the forms sell that make a plan, by the cadence they mean. House: only Regular
 * Cleaning has a frequency. Commercial 'Recurring' names no cadence on the form: offices are cleaned
 * weekly (the product owner's reading; README product notes).
 */
const PLAN_FREQUENCIES: Record<Industry, Readonly<Record<string, Cadence>>> = {
  house: {Weekly: 'weekly', 'Every Other Week': 'every_other_week', Monthly: 'monthly'},
  carpet: {'Every 3 Months': 'every_3_months', 'Every 6 Months': 'every_6_months'},
  exterior: {'Every 3 Months': 'every_3_months', 'Every 6 Months': 'every_6_months'},
  commercial: {Recurring: 'weekly'},
}

/** The cadence a booking's frequency sells, or null for a one-time visit. */
export function planCadence(booking: Pick<NewBooking, 'industry' | 'service' | 'frequency'>): Cadence | null {
  if (booking.industry === 'house' && booking.service !== 'Regular Cleaning') return null
  const frequency = booking.frequency ?? ''
  return Object.hasOwn(PLAN_FREQUENCIES[booking.industry], frequency) ? PLAN_FREQUENCIES[booking.industry][frequency] : null
}

export const PLAN_STATUSES = ['active', 'paused', 'cancelled'] as const
export type PlanStatus = (typeof PLAN_STATUSES)[number]

/** A plan as stored (public.booking_plans). Dates 'YYYY-MM-DD', times ISO 8601. */
export interface StoredPlan {
  id: string
  /** The paid booking that started it (visit 1). */
  firstBookingId: string
  industry: Industry
  /** As sold on the form: 'Weekly'. */
  frequency: string
  cadence: Cadence
  /** The first visit's date and window: later visits keep its weekday and window. */
  anchorDate: string
  arrivalWindow: string
  serviceFamily: ServiceFamily
  /** A later visit's choices (the first booking's, without date, window, key or coupon). */
  visitTemplate: Omit<NewBooking, 'idempotencyKey' | 'date' | 'arrivalWindow' | 'windowStartsAt' | 'holdExpiresAt'>
  /** The frequency's per-visit price of these choices, in cents. */
  perVisitCents: number
  /** What the first visit would have cost one-time, in cents (the early cancellation's difference). */
  oneTimeCents: number
  firstName: string
  lastName: string
  email: string
  phone: string
  status: PlanStatus
  pausedAt: string | null
  cancelledAt: string | null
  cancelledBy: 'customer' | 'office' | null
  /** Visits exist up to this date. */
  generatedThrough: string
  paymentProvider: string | null
  paymentCustomerId: string | null
  paymentMethodId: string | null
  /** 'Visa ending 4242'. */
  cardLabel: string | null
  /** One more with each new card the customer saves. */
  cardGeneration: number
  smsConsentAt: string | null
  createdAt: string
}

/** Every charge a plan made or tried (public.plan_charges), newest last. */
export interface PlanCharge {
  id: string
  planId: string
  /** The visit charged; null for the early cancellation's difference. */
  bookingId: string | null
  kind: 'visit' | 'early_cancellation'
  amountCents: number
  status: 'succeeded' | 'declined' | 'authentication_required' | 'failed'
  providerPaymentId: string | null
  errorCode: string | null
  errorMessage: string | null
  idempotencyKey: string
  createdAt: string
}
