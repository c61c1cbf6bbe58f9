/**
 * The reminder before a visit: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate} from '../../format'
import {bookingSection, bookingTokens, manageAction, typedParagraphs, wordedEmail} from '../view-parts'
import type {ComposeContext, EmailWording, MessageView} from '../view'
import type {BookingReminderFacts} from '../queue'

/** What to prepare for a visit of this industry (the content's text, one paragraph per line). */
function prepareText(industry: BookingReminderFacts['industry'], wording: EmailWording['bookingReminder']): string {
  switch (industry) {
    case 'house':
      return wording.prepareHouse
    case 'exterior':
      return wording.prepareExterior
    case 'carpet':
      return wording.prepareCarpet
    case 'commercial':
      return wording.prepareCommercial
  }
}

/** The reminder before a visit: its date and window, what to prepare, the booking, the manage link. */
export function reminderView(facts: BookingReminderFacts, context: ComposeContext): MessageView {
  const w = context.wording.bookingReminder
  const values = {
    ...bookingTokens(facts, context.company),
    date: formatDate(facts.date),
    slot: slotLabel(facts.date, facts.arrivalWindow),
  }
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values), ...typedParagraphs(fillTokens(prepareText(facts.industry, w), values))],
    sections: [
      bookingSection(context.wording.sectionHeadings.booking, facts, [
        ['Date', formatDate(facts.date)],
        ['Arrival window', arrivalWindowLabel(facts.arrivalWindow)],
        ['Location', facts.location],
        ['Address', facts.customer.address],
      ]),
    ],
    action: manageAction(facts, fillTokens(w.manageLinkText, values), values, context),
  })
}
