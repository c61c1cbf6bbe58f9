/**
 * The business's notification of a plan's visit placed in another window of its week, or with no free window that week. Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatDate} from '../../format'
import {rows} from '../view-parts'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanVisitPlacedFacts, PlanVisitUnplacedFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function planVisitPlacedNotification(facts: PlanVisitPlacedFacts | PlanVisitUnplacedFacts, _context: ComposeContext, name: string): MessageView {
  // A plan's visit with no free window in its week (the placed one is the customer's only).
  const usual = slotText(facts.usualDate, facts.usualWindow)
  const placed = facts.kind === 'plan_visit_placed' ? slotText(facts.toDate, facts.toWindow) : null
  return {
    subject: placed ? `Plan ${facts.reference}: visit ${facts.visit} placed on ${placed} (${name})` : `Plan ${facts.reference}: no place for visit ${facts.visit} on ${usual} (${name})`,
    view: {
      preview: placed ? `${facts.service}: the usual window was full; placed on ${placed}.` : `${facts.service}: every window of the week of ${formatDate(facts.usualDate)} is full.`,
      heading: placed ? `Plan visit ${facts.visit} placed elsewhere` : `No place for plan visit ${facts.visit}`,
      paragraphs: [
        placed
          ? `The plan's usual window was full or closed; the visit was placed in the nearest free window of its week and the customer was told.`
          : `Every window of that week was full or closed, so the visit was not booked and will not be charged. The customer was told; call them to find another day, or make room and book it from the office.`,
      ],
      sections: [
        {
          heading: 'Visit',
          rows: rows([
            ['Plan', facts.reference],
            ['Service', facts.service],
            ['Visit', String(facts.visit)],
            ['Usual date and window', usual],
            ['Placed on', placed],
            ['Price', formatUsd(facts.totalCents)],
          ]),
        },
        customerRows(facts, name),
      ],
      charges: null,
      closing: [],
    },
  }
}
