/**
 * A contact message: the customer's e-mail, in the content's words.
 */
import {acknowledgement, firstWord, submissionReference} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {ContactMessageFacts} from '../queue'

/** The customer's e-mail. */
export function contactMessageEmail(facts: ContactMessageFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const w = wording.contactMessageReceived
  const values = {...common, firstName: firstWord(facts.name), reference: submissionReference(facts.id)}
  return acknowledgement(w, values)
}
