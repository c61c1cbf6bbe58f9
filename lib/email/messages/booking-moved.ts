/**
 * A booking moved by the customer (its manage link) or by the office: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate} from '../../format'
import {bookingSection, bookingTokens, manageAction, wordedEmail} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingMovedByOfficeFacts, BookingRescheduledFacts} from '../queue'

/** The customer's e-mail. */
export function bookingMovedEmail(facts: BookingRescheduledFacts | BookingMovedByOfficeFacts, context: ComposeContext): MessageView {
  const {wording} = context
  // The office's move has its own opening words (the customer did not make it); the rest is the move's.
  const w = facts.kind === 'booking_moved_by_office' ? {...wording.bookingMoved, ...wording.bookingMovedByOffice} : wording.bookingMoved
  const values = {
    ...bookingTokens(facts, context.company),
    slot: slotLabel(facts.toDate, facts.toWindow),
    previousSlot: slotLabel(facts.fromDate, facts.fromWindow),
  }
  const bookingValues: BookingValues = {...values, date: formatDate(facts.toDate)}
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values)],
    sections: [
      bookingSection(wording.sectionHeadings.booking, facts, [
        ['Date', formatDate(facts.toDate)],
        ['Arrival window', arrivalWindowLabel(facts.toWindow)],
        ['Was', values.previousSlot],
        ['Address', facts.customer.address],
      ]),
    ],
    action: manageAction(facts, fillTokens(w.manageLinkText, values), bookingValues, context),
  })
}
