/**
 * The business's notification of a booking moved by the customer (its manage link) or by the office. Staff-facing: its words stay in code.
 */
import {formatCompanyDateTime} from '../../format'
import {bookingSection} from '../view-parts'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingMovedByOfficeFacts, BookingRescheduledFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function bookingMovedNotification(facts: BookingRescheduledFacts | BookingMovedByOfficeFacts, _context: ComposeContext, name: string): MessageView {
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
        bookingSection('Booking', facts, [
          ['Was', slotText(facts.fromDate, facts.fromWindow)],
          ['Now', to],
          ['Location', facts.location],
        ]),
        customerRows(facts, name),
      ],
      charges: null,
      closing: [`Moved ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}
