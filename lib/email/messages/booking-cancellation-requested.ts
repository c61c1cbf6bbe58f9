/**
 * A customer's request to cancel a booking: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {slotLabel} from '../../booking/arrival-window'
import {formatDate, formatPhone} from '../../format'
import {manageAction, rows} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingCancellationRequestedFacts} from '../queue'

/** The customer's e-mail. */
export function bookingCancellationRequestedEmail(facts: BookingCancellationRequestedFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  const w = wording.cancellationRequestReceived
  const values = {
    ...common,
    phone: formatPhone(company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: slotLabel(facts.fromDate, facts.fromWindow),
  }
  const bookingValues: BookingValues = {...values, date: facts.fromDate ? formatDate(facts.fromDate) : ''}
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values)],
      sections: [{heading: headings.booking, rows: rows([['Reference', facts.reference], ['Service', facts.service], ['Date and window', values.slot]])}],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action: manageAction(facts, fillTokens(w.manageLinkText, values), bookingValues, context),
    },
  }
}
