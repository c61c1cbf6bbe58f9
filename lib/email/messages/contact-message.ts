/**
 * A contact message: the customer's e-mail, in the content's words.
 */
import {acknowledgement, firstWord, submissionReference} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {ContactMessageFacts} from '../queue'

/** The customer's e-mail. */
export function contactMessageEmail(facts: ContactMessageFacts, context: ComposeContext): MessageView {
  return acknowledgement(context.wording.contactMessageReceived, context.company, {firstName: firstWord(facts.name), reference: submissionReference(facts.id)})
}
