/**
 * The reminder before a visit.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate, formatPhone} from '../../format'
import {customerRows, manageAction, rows, slotText, typedParagraphs} from '../view-parts'
import type {ComposeContext, EmailMessage, EmailWording, MessageView} from '../view'
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
function reminderView(facts: BookingReminderFacts, context: ComposeContext): MessageView {
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

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: BookingReminderFacts, _context: ComposeContext, name: string): MessageView {
  // Queued for the customer only; a copy to the business would read like this.
  return {
    subject: `Reminder sent for booking ${facts.reference} (${name})`,
    view: {
      preview: `${facts.service} on ${slotText(facts.date, facts.arrivalWindow)}.`,
      heading: `Reminder sent for booking ${facts.reference}`,
      paragraphs: [`${facts.service} on ${slotText(facts.date, facts.arrivalWindow)}.`],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [],
    },
  }
}

export const bookingReminder: EmailMessage<BookingReminderFacts> = {customer: reminderView, business}
