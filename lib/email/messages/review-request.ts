/**
 * The review request after a visit.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatDate, formatPhone} from '../../format'
import {customerRows} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {ReviewRequestFacts} from '../queue'

/** The review request after a visit: thanks, and a button to the feedback address. */
function reviewRequestView(facts: ReviewRequestFacts, context: ComposeContext): MessageView {
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

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: ReviewRequestFacts, _context: ComposeContext, name: string): MessageView {
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

export const reviewRequest: EmailMessage<ReviewRequestFacts> = {customer: reviewRequestView, business}
