/**
 * A booking moved by the customer (its manage link) or by the office: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate, formatPhone} from '../../format'
import {manageAction, rows} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingMovedByOfficeFacts, BookingRescheduledFacts} from '../queue'

/** The customer's e-mail. */
export function bookingMovedEmail(facts: BookingRescheduledFacts | BookingMovedByOfficeFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  // The office's move has its own opening words (the customer did not make it); the rest is the move's.
  const w = facts.kind === 'booking_moved_by_office' ? {...wording.bookingMoved, ...wording.bookingMovedByOffice} : wording.bookingMoved
  const values = {
    ...common,
    phone: formatPhone(company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: slotLabel(facts.toDate, facts.toWindow),
    previousSlot: slotLabel(facts.fromDate, facts.fromWindow),
  }
  const bookingValues: BookingValues = {...values, date: formatDate(facts.toDate)}
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values)],
      sections: [
        {
          heading: headings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date', formatDate(facts.toDate)],
            ['Arrival window', arrivalWindowLabel(facts.toWindow)],
            ['Was', values.previousSlot],
            ['Address', facts.customer.address],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action: manageAction(facts, fillTokens(w.manageLinkText, values), bookingValues, context),
    },
  }
}
