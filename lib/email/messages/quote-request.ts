/**
 * A quote request: the customer's e-mail, in the content's words.
 */
import {acknowledgement, firstWord, submissionReference} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {QuoteRequestFacts} from '../queue'

/** The customer's e-mail. */
export function quoteRequestEmail(facts: QuoteRequestFacts, context: ComposeContext): MessageView {
  // Not the page's service either: the browser sends its title.
  return acknowledgement(context.wording.quoteRequestReceived, context.company, {firstName: firstWord(facts.firstName), reference: submissionReference(facts.id)})
}
