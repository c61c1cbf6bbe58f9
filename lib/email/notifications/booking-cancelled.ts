/**
 * The business's notification of a booking cancelled by the office, with its refund or none. Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingCancelledFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function bookingCancelledNotification(facts: BookingCancelledFacts, _context: ComposeContext, name: string): MessageView {
  // Not queued for the business (staff cancel from the office), shown if a copy is ever asked for.
  return {
    subject: `Booking ${facts.reference} cancelled (${name})`,
    view: {
      preview: `${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}: ${formatUsd(facts.refundedCents)} refunded.`,
      heading: `Booking ${facts.reference} cancelled`,
      paragraphs: [`Cancelled from the office; ${formatUsd(facts.refundedCents)} of ${formatUsd(facts.totalCents)} refunded.`],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [`Cancelled ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}
