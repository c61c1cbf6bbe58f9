/**
 * A refund of part or all of a booking, the visit kept: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {bookingSection, bookingTokens, wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingRefundedFacts} from '../queue'

/** The customer's e-mail. */
export function bookingRefundedEmail(facts: BookingRefundedFacts, context: ComposeContext): MessageView {
  const w = context.wording.bookingRefunded
  const reasons = {part_not_done: w.partNotDoneReason, goodwill: w.goodwillReason, charged_twice: w.chargedTwiceReason}
  const values = {
    ...bookingTokens(facts, context.company),
    slot: slotLabel(facts.fromDate, facts.fromWindow),
    amount: formatUsd(facts.refundedCents),
    total: formatUsd(facts.totalRefundedCents),
    // The owner's own words as typed (a value is put in once, never read again for tokens).
    reason: facts.reason.code === 'other' ? facts.reason.text : reasons[facts.reason.code],
  }
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values), fillTokens(w.reasonText, values)],
    sections: [
      bookingSection(context.wording.sectionHeadings.booking, facts, [
        ['Date and window', values.slot],
        ['Paid', formatUsd(facts.totalCents)],
        ['This refund', values.amount],
        ['Total refunded', values.total],
      ]),
    ],
  })
}
