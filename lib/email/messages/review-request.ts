/**
 * The review request after a visit: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatDate, formatPhone} from '../../format'
import type {ComposeContext, MessageView} from '../view'
import type {ReviewRequestFacts} from '../queue'

/** The review request after a visit: thanks, and a button to the feedback address. */
export function reviewRequestView(facts: ReviewRequestFacts, context: ComposeContext): MessageView {
  const w = context.wording.reviewRequest
  const values = {
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    date: facts.date ? formatDate(facts.date) : '',
  }
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values)],
      sections: [],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action: {text: fillTokens(w.linkText, values), label: fillTokens(w.linkLabel, values), url: facts.feedbackUrl},
    },
  }
}
