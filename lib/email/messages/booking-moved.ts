/**
 * A booking moved by the customer (its manage link) or by the office: the customer's e-mail and the business's notification.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime, formatDate, formatPhone} from '../../format'
import {customerRows, manageAction, rows, slotText} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {BookingMovedByOfficeFacts, BookingRescheduledFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: BookingRescheduledFacts | BookingMovedByOfficeFacts, context: ComposeContext): MessageView {
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

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: BookingRescheduledFacts | BookingMovedByOfficeFacts, _context: ComposeContext, name: string): MessageView {
  // Not queued (the office made the move and its record shows who); worded should one be.
  const to = slotText(facts.toDate, facts.toWindow)
  const byOffice = facts.kind === 'booking_moved_by_office'
  return {
    subject: `Booking ${facts.reference} moved to ${to} (${name})`,
    view: {
      preview: `${name} moved ${facts.service} from ${slotText(facts.fromDate, facts.fromWindow)} to ${to}.`,
      heading: `Booking ${facts.reference} moved`,
      paragraphs: [
        byOffice
          ? `The office moved ${name}'s booking; the customer was e-mailed the new window.`
          : `${name} moved their booking through its manage link. The new window had a place; plan the crews for it.`,
      ],
      sections: [
        {
          heading: 'Booking',
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Was', slotText(facts.fromDate, facts.fromWindow)],
            ['Now', to],
            ['Location', facts.location],
          ]),
        },
        customerRows(facts, name),
      ],
      charges: null,
      closing: [`Moved ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}

export const bookingMoved: EmailMessage<BookingRescheduledFacts | BookingMovedByOfficeFacts> = {customer: customer, business}
