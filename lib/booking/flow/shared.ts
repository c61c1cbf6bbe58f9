/**
 * What every part of the booking flow shares: its dependencies (passed in, so the same code runs in
 * the route handlers, the pages and the tests), its logger, and the line item a booking is sold as.
 */
import type {BookingStore, StoredBooking} from '../store/store'
import type {PaymentProvider} from '../../payments/provider'
import type {AvailabilityRules} from '../availability'
import {INDUSTRY_NAMES} from '../catalog'
import {formatDuration} from '../pricing'
import type {PlanFlowDeps} from '../plans/visits'

export interface BookingFlowDeps {
  store: BookingStore
  payments: PaymentProvider
  /** The site's origin ('https://example.com'): the provider sends the customer back there. */
  origin: string
  /** The clock: "today" for date validation, the paid timestamp. */
  now: () => Date
  /** Called after a booking became paid and its e-mails were queued (the server wakes its outbox worker). */
  emailsQueued?: () => void
  /** The business's availability rules (content): which dates and arrival windows may be booked. */
  availability: () => Promise<AvailabilityRules>
  /**
   * Recurring plans (lib/booking/plans): a paid first visit of a plan frequency makes its plan and
   * later visits. Without it no plan is made here (the roll-forward job makes it within the hour).
   */
  plans?: PlanFlowDeps
}

/** Logs what the customer is not told (provider and database messages). Replaceable in tests. */
export type FlowLogger = Pick<Console, 'error' | 'warn'>
let logger: FlowLogger = console
export function setFlowLogger(next: FlowLogger): void {
  logger = next
}
/** The logger in use now: every flow module logs through it, so one setFlowLogger call reaches them all. */
export const flowLog: FlowLogger = {
  error: (...data: unknown[]) => logger.error(...data),
  warn: (...data: unknown[]) => logger.warn(...data),
}

/**
 * The line item naming the industry and service ('House Cleaning – Regular Cleaning, Weekly'),
 * built from the stored booking so a repeated submission sends the provider exactly the same
 * request. Equal to `priceBooking(request).description` (tested).
 */
export function checkoutDescription(booking: Pick<StoredBooking, 'industry' | 'service' | 'frequency' | 'hours' | 'minutes'>): string {
  const industry = INDUSTRY_NAMES[booking.industry]
  switch (booking.industry) {
    case 'house': {
      let description = `${industry} – ${booking.service}`
      if (booking.service === 'Post Construction') description += ` (${formatDuration(booking.hours ?? 0, booking.minutes ?? 0)})`
      else if (booking.service === 'Regular Cleaning' && booking.frequency) description += `, ${booking.frequency}`
      return description
    }
    case 'exterior':
      return [industry, [booking.service, booking.frequency].filter(Boolean).join(', ')].filter(Boolean).join(' – ')
    case 'carpet':
      return `${industry} – ${booking.frequency}`
    case 'commercial':
      return booking.service ? `${industry} – ${booking.service}` : industry
  }
}
