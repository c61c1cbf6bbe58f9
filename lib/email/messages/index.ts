/**
 * Every e-mail the outbox sends about an event, one module per message: the kind of the event's facts
 * names its module, which composes the customer's e-mail (null when the event is the business's only)
 * and the business's notification. The type lists every kind of CustomerEventFacts, so a kind
 * added to ../queue.ts without its module fails to type-check.
 */
import type {CustomerEventFacts} from '../queue'
import type {EmailMessage} from '../view'
import {estimateRequest} from './estimate-request'
import {quoteRequest} from './quote-request'
import {contactMessage} from './contact-message'
import {appointment} from './appointment'
import {bookingPaid} from './booking-paid'
import {bookingMoved} from './booking-moved'
import {bookingCancellationRequested} from './booking-cancellation-requested'
import {bookingCancelled} from './booking-cancelled'
import {bookingRefunded} from './booking-refunded'
import {leadReply} from './lead-reply'
import {planVisitPlaced} from './plan-visit-placed'
import {planVisitCharge} from './plan-visit-charge'
import {bookingReminder} from './booking-reminder'
import {reviewRequest} from './review-request'
import {planChanged} from './plan-changed'
import {planEarlyCancellation} from './plan-early-cancellation'

export const EMAIL_MESSAGES: {[K in CustomerEventFacts['kind']]: EmailMessage<Extract<CustomerEventFacts, {kind: K}>>} = {
  estimate_request: estimateRequest,
  quote_request: quoteRequest,
  contact_message: contactMessage,
  appointment: appointment,
  booking_paid: bookingPaid,
  booking_rescheduled: bookingMoved,
  booking_moved_by_office: bookingMoved,
  booking_cancellation_requested: bookingCancellationRequested,
  booking_cancelled: bookingCancelled,
  booking_refunded: bookingRefunded,
  lead_reply: leadReply,
  plan_visit_placed: planVisitPlaced,
  plan_visit_unplaced: planVisitPlaced,
  plan_visit_declined: planVisitCharge,
  plan_visit_released: planVisitCharge,
  booking_reminder: bookingReminder,
  review_request: reviewRequest,
  plan_changed: planChanged,
  plan_early_cancellation: planEarlyCancellation,
}

/** The module of an event's e-mails. */
export function emailMessage(facts: CustomerEventFacts): EmailMessage<CustomerEventFacts> {
  return EMAIL_MESSAGES[facts.kind] as EmailMessage<CustomerEventFacts>
}
