/**
 * A refund of part or all of a booking, the visit kept: the customer's e-mail (and the business's, should a copy be asked for).
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {customerRows, rows, slotText} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {BookingRefundedFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: BookingRefundedFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  const w = wording.bookingRefunded
  const reasons = {part_not_done: w.partNotDoneReason, goodwill: w.goodwillReason, charged_twice: w.chargedTwiceReason}
  const values = {
    ...common,
    phone: formatPhone(company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: slotLabel(facts.fromDate, facts.fromWindow),
    amount: formatUsd(facts.refundedCents),
    total: formatUsd(facts.totalRefundedCents),
    // The owner's own words as typed (a value is put in once, never read again for tokens).
    reason: facts.reason.code === 'other' ? facts.reason.text : reasons[facts.reason.code],
  }
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values), fillTokens(w.reasonText, values)],
      sections: [
        {
          heading: headings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date and window', values.slot],
            ['Paid', formatUsd(facts.totalCents)],
            ['This refund', values.amount],
            ['Total refunded', values.total],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
    },
  }
}

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: BookingRefundedFacts, _context: ComposeContext, name: string): MessageView {
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

export const bookingRefunded: EmailMessage<BookingRefundedFacts> = {customer: customer, business}
