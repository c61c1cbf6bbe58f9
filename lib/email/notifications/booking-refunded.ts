/**
 * The business's notification of a refund of part or all of a booking, the visit kept. Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingRefundedFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function bookingRefundedNotification(facts: BookingRefundedFacts, _context: ComposeContext, name: string): MessageView {
  // Not queued for the business (the owner refunds from the office), shown if a copy is ever asked for.
  return {
    subject: `Booking ${facts.reference} refunded ${formatUsd(facts.refundedCents)} (${name})`,
    view: {
      preview: `${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}: ${formatUsd(facts.refundedCents)} refunded.`,
      heading: `Booking ${facts.reference}: ${formatUsd(facts.refundedCents)} refunded`,
      paragraphs: [`Refunded from the office; ${formatUsd(facts.totalRefundedCents)} of ${formatUsd(facts.totalCents)} refunded in total.`],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [`Refunded ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}
