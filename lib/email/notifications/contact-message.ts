/**
 * The business's notification of a contact message. Staff-facing: its words stay in code.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {pageUrl, rows, submissionReference} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {ContactMessageFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function contactMessageNotification(facts: ContactMessageFacts, context: ComposeContext, name: string): MessageView {
  const subjects = context.wording.businessNotifications
  const submitted = (at: string) => formatCompanyDateTime(at)
  return {
    subject: fillTokens(subjects.contactMessageSubject, {name, service: '', reference: submissionReference(facts.id)}),
    view: {
      preview: facts.message.slice(0, 120),
      heading: 'New contact message',
      paragraphs: [`${name} wrote on ${pageUrl(context.siteUrl, facts.pagePath)}. Reply to this e-mail to answer them.`],
      sections: [
        {
          heading: 'Message',
          rows: rows([
            ['Reference', submissionReference(facts.id)],
            ['Name', facts.name],
            ['E-mail', facts.email],
            ['Phone', formatPhone(facts.phone)],
            ['Message', facts.message],
            ['Page', facts.pagePath],
            ['Sent', submitted(facts.submittedAt)],
          ]),
        },
      ],
      charges: null,
      closing: [],
    },
  }
}
