/**
 * The business's notification of an early-cancellation charge that did not go through. Staff-facing: its words stay in code.
 */
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime} from '../../format'
import {customerRows} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanEarlyCancellationFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function planEarlyCancellationNotification(facts: PlanEarlyCancellationFacts, _context: ComposeContext, name: string): MessageView {
  return {
    subject: `Early-cancellation charge not taken: ${name}`,
    view: {
      preview: `${formatUsd(facts.amountCents)} could not be charged (${facts.status}).`,
      heading: 'Early-cancellation charge not taken',
      paragraphs: [
        `${name} cancelled their ${facts.frequency} plan (${facts.service}) before its second visit. The difference to the one-time price, ${formatUsd(facts.amountCents)}, could not be charged to the saved card: ${facts.status}${facts.error ? ` (${facts.error})` : ''}. Call the customer; nothing more is tried automatically.`,
      ],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [`Tried ${formatCompanyDateTime(facts.at)}.`],
    },
  }
}
