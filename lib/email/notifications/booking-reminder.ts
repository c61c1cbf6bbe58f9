/**
 * The business's notification of the reminder before a visit. Staff-facing: its words stay in code.
 */
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingReminderFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function bookingReminderNotification(facts: BookingReminderFacts, _context: ComposeContext, name: string): MessageView {
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
