/**
 * A reply written in the office to a lead: the customer's e-mail and the business's copy.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {firstWord, rows, submissionReference, typedParagraphs} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {LeadReplyFacts} from '../queue'

/**
 * A reply written in the office: its subject and message are what staff wrote (rendered as text by
 * the layout, so nothing typed becomes markup), between the content's greeting and closing.
 */
function leadReplyView(facts: LeadReplyFacts, context: ComposeContext): MessageView {
  const w = context.wording.leadReply
  const values = {
    firstName: firstWord(facts.firstName),
    reference: submissionReference(facts.leadId),
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
  }
  const paragraphs = typedParagraphs(facts.message)
  return {
    subject: facts.subject,
    view: {
      preview: (paragraphs[0] ?? facts.subject).slice(0, 140),
      heading: facts.subject,
      paragraphs: [fillTokens(w.greeting, values), ...paragraphs],
      sections: [],
      charges: null,
      closing: [fillTokens(w.closing, values)],
    },
  }
}

/** The business's copy. */
function business(facts: LeadReplyFacts): MessageView {
  // Replies are queued for the customer only (the office keeps them in the lead's history); a
  // copy to the business would read like this.
  return {
    subject: `Reply sent to ${facts.to}: ${facts.subject}`,
    view: {
      preview: facts.message.slice(0, 120),
      heading: 'Reply sent from the office',
      paragraphs: [`${facts.staffName} wrote to ${facts.to}.`],
      sections: [{heading: 'Reply', rows: rows([['Subject', facts.subject], ['Message', facts.message], ['Sent', formatCompanyDateTime(facts.sentAt)]])}],
      charges: null,
      closing: [],
    },
  }
}

export const leadReply: EmailMessage<LeadReplyFacts> = {customer: leadReplyView, business}
