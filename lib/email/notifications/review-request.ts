/**
 * The business's notification of the review request after a visit. Staff-facing: its words stay in code.
 */
import {formatCompanyDateTime} from '../../format'
import {customerRows} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {ReviewRequestFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function reviewRequestNotification(facts: ReviewRequestFacts, _context: ComposeContext, name: string): MessageView {
  return {
    subject: `Review asked for booking ${facts.reference} (${name})`,
    view: {
      preview: `${facts.service}, marked done ${formatCompanyDateTime(facts.doneAt)}.`,
      heading: `Review asked for booking ${facts.reference}`,
      paragraphs: [`${facts.service}, marked done ${formatCompanyDateTime(facts.doneAt)}.`],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [],
    },
  }
}
