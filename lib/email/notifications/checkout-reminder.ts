/**
 * The business's notification of an unpaid checkout's reminder. None is queued (the reminder goes
 * to the customer only, and the office lists them at /office/checkouts); kept so that every kind of
 * event has one. Staff-facing: its words stay in code.
 */
import {formatCompanyDateTime} from '../../format'
import type {MessageView} from '../view'
import type {CheckoutReminderFacts} from '../queue'

export function checkoutReminderNotification(facts: CheckoutReminderFacts): MessageView {
  const line = `A reminder of the unpaid checkout ${facts.reference} was sent; its link works until ${formatCompanyDateTime(facts.resumeUntil)}.`
  return {
    subject: `Unpaid checkout reminded (${facts.reference})`,
    view: {preview: line, heading: `Unpaid checkout ${facts.reference} reminded`, paragraphs: [line], sections: [], charges: null, closing: []},
  }
}
