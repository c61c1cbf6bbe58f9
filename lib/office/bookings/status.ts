import type {StoredBooking} from '../../booking/store/store.ts'

/**
 * Where a booking stands for the office, in one word: what the schedule, the lists, the filters and
 * the CSV export show. Derived from the stored booking (its payment status, the customer's request,
 * the office's cancellation and outcome), never stored, so it cannot disagree with them.
 */
export const OFFICE_BOOKING_STATUSES = [
  'unpaid_hold',
  'paid',
  // A plan's later visit, its charge still to come (48 hours before it).
  'plan_visit',
  'cancellation_requested',
  'cancelled',
  'done',
  'no_show',
  'hold_ended',
  'payment_failed',
] as const
export type OfficeBookingStatus = (typeof OFFICE_BOOKING_STATUSES)[number]

/** The status of `booking` at `now` (an unpaid hold whose checkout expired by `now` has ended). */
export function officeBookingStatus(
  booking: Pick<StoredBooking, 'paymentStatus' | 'holdExpiresAt' | 'cancellationRequestedAt' | 'cancelledAt' | 'outcome'>,
  now: Date,
): OfficeBookingStatus {
  if (booking.cancelledAt) return 'cancelled'
  if (booking.outcome === 'done') return 'done'
  if (booking.outcome === 'no_show') return 'no_show'
  switch (booking.paymentStatus) {
    case 'paid':
      return booking.cancellationRequestedAt ? 'cancellation_requested' : 'paid'
    case 'scheduled':
      return 'plan_visit'
    case 'pending':
      return booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) <= now.getTime() ? 'hold_ended' : 'unpaid_hold'
    case 'failed':
      return 'payment_failed'
    default:
      return 'hold_ended'
  }
}
