/**
 * The business's notification of each kind of event, one module per kind, in staff-facing words
 * kept in code (their subjects are content). Typed over every kind of CustomerEventFacts, so a kind
 * added to ../queue.ts without its notification here fails to type-check.
 */
import type {CustomerEventFacts} from '../queue'
import type {BusinessNotification} from '../view'
import {appointmentNotification} from './appointment'
import {bookingCancellationRequestedNotification} from './booking-cancellation-requested'
import {bookingCancelledNotification} from './booking-cancelled'
import {bookingMovedNotification} from './booking-moved'
import {bookingPaidNotification} from './booking-paid'
import {bookingRefundedNotification} from './booking-refunded'
import {bookingReminderNotification} from './booking-reminder'
import {checkoutReminderNotification} from './checkout-reminder'
import {contactMessageNotification} from './contact-message'
import {estimateRequestNotification} from './estimate-request'
import {leadReplyNotification} from './lead-reply'
import {planChangedNotification} from './plan-changed'
import {planEarlyCancellationNotification} from './plan-early-cancellation'
import {planVisitChargeNotification} from './plan-visit-charge'
import {planVisitPlacedNotification} from './plan-visit-placed'
import {quoteRequestNotification} from './quote-request'
import {reviewRequestNotification} from './review-request'

export const BUSINESS_NOTIFICATIONS: {[K in CustomerEventFacts['kind']]: BusinessNotification<Extract<CustomerEventFacts, {kind: K}>>} = {
  appointment: appointmentNotification,
  booking_cancellation_requested: bookingCancellationRequestedNotification,
  booking_cancelled: bookingCancelledNotification,
  booking_rescheduled: bookingMovedNotification,
  booking_moved_by_office: bookingMovedNotification,
  booking_paid: bookingPaidNotification,
  booking_refunded: bookingRefundedNotification,
  booking_reminder: bookingReminderNotification,
  checkout_reminder: checkoutReminderNotification,
  contact_message: contactMessageNotification,
  estimate_request: estimateRequestNotification,
  lead_reply: leadReplyNotification,
  plan_changed: planChangedNotification,
  plan_early_cancellation: planEarlyCancellationNotification,
  plan_visit_declined: planVisitChargeNotification,
  plan_visit_released: planVisitChargeNotification,
  plan_visit_placed: planVisitPlacedNotification,
  plan_visit_unplaced: planVisitPlacedNotification,
  quote_request: quoteRequestNotification,
  review_request: reviewRequestNotification,
}

/** The business's notification of an event. */
export function businessNotification(facts: CustomerEventFacts): BusinessNotification<CustomerEventFacts> {
  return BUSINESS_NOTIFICATIONS[facts.kind] as BusinessNotification<CustomerEventFacts>
}
