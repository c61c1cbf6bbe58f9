/**
 * The reminder before a visit: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate, formatPhone} from '../../format'
import {manageAction, rows, typedParagraphs} from '../view-parts'
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
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    date: formatDate(facts.date),
    slot: slotLabel(facts.date, facts.arrivalWindow),
  }
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values), ...typedParagraphs(fillTokens(prepareText(facts.industry, w), values))],
      sections: [
        {
          heading: context.wording.sectionHeadings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date', formatDate(facts.date)],
            ['Arrival window', arrivalWindowLabel(facts.arrivalWindow)],
            ['Location', facts.location],
            ['Address', facts.customer.address],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action: manageAction(facts, fillTokens(w.manageLinkText, values), values, context),
    },
  }
}
