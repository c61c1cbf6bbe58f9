/**
 * The business's notification of a change of the customer's plan (a visit skipped, paused, resumed, cancelled). Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {customerRows, slotText} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanChangedFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function planChangedNotification(facts: PlanChangedFacts, _context: ComposeContext, name: string): MessageView {
  // A plan's changes (staff-facing words; the office's own changes are not sent here).
  const what = {
    visit_skipped: `skipped the visit of ${slotText(facts.visit?.date ?? null, facts.visit?.arrivalWindow ?? null)}`,
    paused: `paused their ${facts.frequency} plan (${facts.released} visit(s) more than 24 hours ahead released)`,
    resumed: `resumed their ${facts.frequency} plan`,
    cancelled: `cancelled their ${facts.frequency} plan (${facts.released} visit(s) more than 24 hours ahead released)`,
  }[facts.change]
  return {
    subject: `Plan change: ${name} ${what.split(' (')[0]}`,
    view: {
      preview: `${name} ${what}.`,
      heading: `Plan change (${facts.service})`,
      paragraphs: [
        `${name} ${what} through their manage link.`,
        ...(facts.change === 'cancelled' && facts.earlyCancellationCents > 0
          ? [`Cancelled before its second visit: the difference to the one-time price, ${formatUsd(facts.earlyCancellationCents)}, is charged to the saved card (see the plan in the office).`]
          : []),
      ],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [`Changed ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}
