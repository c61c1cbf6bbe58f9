/**
 * A reply written in the office to a lead: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatPhone} from '../../format'
import {firstWord, submissionReference, typedParagraphs} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {LeadReplyFacts} from '../queue'

/**
 * A reply written in the office: its subject and message are what staff wrote (rendered as text by
 * the layout, so nothing typed becomes markup), between the content's greeting and closing.
 */
export function leadReplyView(facts: LeadReplyFacts, context: ComposeContext): MessageView {
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
