/**
 * A customer's request to cancel a booking: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {slotLabel} from '../../booking/arrival-window'
import {formatDate} from '../../format'
import {bookingSection, bookingTokens, manageAction, wordedEmail} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingCancellationRequestedFacts} from '../queue'

/** The customer's e-mail. */
export function bookingCancellationRequestedEmail(facts: BookingCancellationRequestedFacts, context: ComposeContext): MessageView {
  const w = context.wording.cancellationRequestReceived
  const values = {...bookingTokens(facts, context.company), slot: slotLabel(facts.fromDate, facts.fromWindow)}
  const bookingValues: BookingValues = {...values, date: facts.fromDate ? formatDate(facts.fromDate) : ''}
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values)],
    sections: [bookingSection(context.wording.sectionHeadings.booking, facts, [['Date and window', values.slot]])],
    action: manageAction(facts, fillTokens(w.manageLinkText, values), bookingValues, context),
  })
}
