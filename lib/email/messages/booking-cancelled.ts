/**
 * A booking cancelled by the office, with its refund or none: the customer's e-mail (and the business's, should a copy be asked for).
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {customerRows, rows, slotText} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {BookingCancelledFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: BookingCancelledFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  const w = wording.bookingCancelled
  const values = {
    ...common,
    phone: formatPhone(company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: slotLabel(facts.fromDate, facts.fromWindow),
    amount: formatUsd(facts.refundedCents),
  }
  // What happened to the money: a late payment refunded, a refund, or none.
  const money = facts.latePayment ? w.latePaymentText : facts.refundedCents > 0 ? w.refundText : w.noRefundText
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values), fillTokens(money, values)],
      sections: [
        {
          heading: headings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date and window', values.slot],
            ['Paid', formatUsd(facts.totalCents)],
            ['Refunded', formatUsd(facts.refundedCents)],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
    },
  }
}

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: BookingCancelledFacts, _context: ComposeContext, name: string): MessageView {
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

export const bookingCancelled: EmailMessage<BookingCancelledFacts> = {customer: customer, business}
