/**
 * A booking cancelled by the office, with its refund or none: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatPhone} from '../../format'
import {rows} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingCancelledFacts} from '../queue'

/** The customer's e-mail. */
export function bookingCancelledEmail(facts: BookingCancelledFacts, context: ComposeContext): MessageView {
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
