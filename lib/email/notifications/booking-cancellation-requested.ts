/**
 * The business's notification of a customer's request to cancel a booking. Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {bookingSection} from '../view-parts'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingCancellationRequestedFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function bookingCancellationRequestedNotification(facts: BookingCancellationRequestedFacts, _context: ComposeContext, name: string): MessageView {
  return {
    subject: `Cancellation request: booking ${facts.reference} (${name})`,
    view: {
      preview: `${name} asks to cancel ${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}.`,
      heading: `Cancellation request for booking ${facts.reference}`,
      paragraphs: [
        `${name} asks to cancel their booking through its manage link, more than 24 hours ahead. It stays booked and paid (${formatUsd(facts.totalCents)}) until you cancel and refund it; reply to this e-mail to confirm with them.`,
      ],
      sections: [
        bookingSection('Booking', facts, [
          ['Date and window', slotText(facts.fromDate, facts.fromWindow)],
          ['Location', facts.location],
          ['Paid', formatUsd(facts.totalCents)],
        ]),
        customerRows(facts, name),
      ],
      charges: null,
      closing: [`Asked ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}
