/**
 * A refund of part or all of a booking, the visit kept: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatPhone} from '../../format'
import {rows} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingRefundedFacts} from '../queue'

/** The customer's e-mail. */
export function bookingRefundedEmail(facts: BookingRefundedFacts, context: ComposeContext): MessageView {
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
