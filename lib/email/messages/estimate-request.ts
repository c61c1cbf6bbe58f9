/**
 * An in-home estimate request: the customer's e-mail, in the content's words.
 */
import {acknowledgement, submissionReference, visitText} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {EstimateRequestFacts} from '../queue'

/** The customer's e-mail. */
export function estimateRequestEmail(facts: EstimateRequestFacts, context: ComposeContext): MessageView {
  // The three acknowledgements go to an address nobody has confirmed (anyone may type anyone's):
  // they repeat nothing the visitor typed but the first name, and give the submission's reference
  // and what happens next (the business's notification keeps everything).
  // Only what the site offered (the day and window).
  return acknowledgement(context.wording.estimateRequestReceived, context.company, {...visitText(facts), reference: submissionReference(facts.id)})
}
