/**
 * A booking cancelled by the office, with its refund or none: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {bookingSection, bookingTokens, wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingCancelledFacts} from '../queue'

/** The customer's e-mail. */
export function bookingCancelledEmail(facts: BookingCancelledFacts, context: ComposeContext): MessageView {
  const w = context.wording.bookingCancelled
  const values = {
    ...bookingTokens(facts, context.company),
    slot: slotLabel(facts.fromDate, facts.fromWindow),
    amount: formatUsd(facts.refundedCents),
  }
  // What happened to the money: a late payment refunded, a refund, or none.
  const money = facts.latePayment ? w.latePaymentText : facts.refundedCents > 0 ? w.refundText : w.noRefundText
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values), fillTokens(money, values)],
    sections: [
      bookingSection(context.wording.sectionHeadings.booking, facts, [
        ['Date and window', values.slot],
        ['Paid', formatUsd(facts.totalCents)],
        ['Refunded', formatUsd(facts.refundedCents)],
      ]),
    ],
  })
}
