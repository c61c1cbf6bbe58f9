/**
 * A customer's request to cancel a booking: their acknowledgement and the business's notification.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime, formatDate, formatPhone} from '../../format'
import {customerRows, manageAction, rows, slotText} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {BookingCancellationRequestedFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: BookingCancellationRequestedFacts, context: ComposeContext): MessageView {
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

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: BookingCancellationRequestedFacts, _context: ComposeContext, name: string): MessageView {
  return {
    subject: `Cancellation request: booking ${facts.reference} (${name})`,
    view: {
      preview: `${name} asks to cancel ${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}.`,
      heading: `Cancellation request for booking ${facts.reference}`,
      paragraphs: [
        `${name} asks to cancel their booking through its manage link, more than 24 hours ahead. It stays booked and paid (${formatUsd(facts.totalCents)}) until you cancel and refund it; reply to this e-mail to confirm with them.`,
      ],
      sections: [
        {
          heading: 'Booking',
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date and window', slotText(facts.fromDate, facts.fromWindow)],
            ['Location', facts.location],
            ['Paid', formatUsd(facts.totalCents)],
          ]),
        },
        customerRows(facts, name),
      ],
      charges: null,
      closing: [`Asked ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}

export const bookingCancellationRequested: EmailMessage<BookingCancellationRequestedFacts> = {customer: customer, business}
