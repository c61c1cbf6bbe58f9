/**
 * The review request after a visit: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatDate} from '../../format'
import {bookingTokens, wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {ReviewRequestFacts} from '../queue'

/** The review request after a visit: thanks, and a button to the feedback address. */
export function reviewRequestView(facts: ReviewRequestFacts, context: ComposeContext): MessageView {
  const w = context.wording.reviewRequest
  const values = {...bookingTokens(facts, context.company), date: facts.date ? formatDate(facts.date) : ''}
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values)],
    sections: [],
    action: {text: fillTokens(w.linkText, values), label: fillTokens(w.linkLabel, values), url: facts.feedbackUrl},
  })
}
