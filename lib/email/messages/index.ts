/**
 * The customer's e-mail of each kind of event, one module per kind; null where the event is the
 * business's only. Typed over every kind of CustomerEventFacts, so a kind added to ../queue.ts
 * without its e-mail here fails to type-check.
 */
import type {CustomerEventFacts} from '../queue'
import type {CustomerEmail} from '../view'
import {bookingCancellationRequestedEmail} from './booking-cancellation-requested'
import {bookingCancelledEmail} from './booking-cancelled'
import {bookingMovedEmail} from './booking-moved'
import {bookingPaidEmail} from './booking-paid'
import {bookingRefundedEmail} from './booking-refunded'
import {checkoutReminderView} from './checkout-reminder'
import {reminderView} from './booking-reminder'
import {contactMessageEmail} from './contact-message'
import {estimateRequestEmail} from './estimate-request'
import {leadReplyView} from './lead-reply'
import {planChangedView} from './plan-changed'
import {planEarlyCancellationEmail} from './plan-early-cancellation'
import {planVisitChargeView} from './plan-visit-charge'
import {planVisitPlacedEmail} from './plan-visit-placed'
import {quoteRequestEmail} from './quote-request'
import {reviewRequestView} from './review-request'

export const CUSTOMER_EMAILS: {[K in CustomerEventFacts['kind']]: CustomerEmail<Extract<CustomerEventFacts, {kind: K}>> | null} = {
  appointment: null,
  booking_cancellation_requested: bookingCancellationRequestedEmail,
  booking_cancelled: bookingCancelledEmail,
  booking_rescheduled: bookingMovedEmail,
  booking_moved_by_office: bookingMovedEmail,
  booking_paid: bookingPaidEmail,
  booking_refunded: bookingRefundedEmail,
  booking_reminder: reminderView,
  checkout_reminder: checkoutReminderView,
  contact_message: contactMessageEmail,
  estimate_request: estimateRequestEmail,
  lead_reply: leadReplyView,
  plan_changed: planChangedView,
  plan_early_cancellation: planEarlyCancellationEmail,
  plan_visit_declined: planVisitChargeView,
  plan_visit_released: planVisitChargeView,
  plan_visit_placed: planVisitPlacedEmail,
  plan_visit_unplaced: planVisitPlacedEmail,
  quote_request: quoteRequestEmail,
  review_request: reviewRequestView,
}

/** The customer's e-mail of an event, or null when it has none. */
export function customerEmail(facts: CustomerEventFacts): CustomerEmail<CustomerEventFacts> | null {
  return CUSTOMER_EMAILS[facts.kind] as CustomerEmail<CustomerEventFacts> | null
}
