/**
 * The business's notification of a plan's visit whose card was refused, and its release after the deadline. Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {bookingSection} from '../view-parts'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanVisitDeclinedFacts, PlanVisitReleasedFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function planVisitChargeNotification(facts: PlanVisitDeclinedFacts | PlanVisitReleasedFacts, _context: ComposeContext, name: string): MessageView {
  // A released visit is the office's to hear of (its crew's day changes; the
  // customer may call); a decline is only the customer's (shown should a copy be asked for).
  const slot = slotText(facts.date, facts.arrivalWindow)
  const released = facts.kind === 'plan_visit_released'
  return {
    subject: released ? `Plan visit released: ${facts.reference} on ${slot} (${name})` : `Plan visit declined: ${facts.reference} on ${slot} (${name})`,
    view: {
      preview: released
        ? `${name}'s card was declined for visit ${facts.visit} and no new card came in time: the visit is off and its place is free.`
        : `${name}'s card was declined for visit ${facts.visit}; they were asked for a new card.`,
      heading: released ? `Plan visit ${facts.reference} released` : `Plan visit ${facts.reference} declined`,
      paragraphs: released
        ? [
            `The saved card of ${name}'s plan was declined for visit ${facts.visit} (${formatUsd(facts.totalCents)}) and no new card came before the deadline. The visit is cancelled unpaid and its place in the window is offered to others; take it off the crew's day. The plan's later visits stay booked. Reply to this e-mail to write to the customer.`,
          ]
        : [`The saved card of ${name}'s plan was declined for visit ${facts.visit}; the customer was e-mailed a link to give a new card.`],
      sections: [
        bookingSection('Visit', facts, [
          ['Visit', String(facts.visit)],
          ['Date and window', slot],
          ['Location', facts.location],
          ['Amount', formatUsd(facts.totalCents)],
          ['Card', facts.cardLabel],
        ]),
        customerRows(facts, name),
      ],
      charges: null,
      closing: [released ? `Released ${formatCompanyDateTime(facts.releasedAt)}.` : `Declined ${formatCompanyDateTime(facts.declinedAt)}.`],
    },
  }
}
