/**
 * A contact message: the visitor's acknowledgement and the business's notification.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {acknowledgement, firstWord, pageUrl, rows, submissionReference} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {ContactMessageFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: ContactMessageFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const w = wording.contactMessageReceived
  const values = {...common, firstName: firstWord(facts.name), reference: submissionReference(facts.id)}
  return acknowledgement(w, values)
}

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: ContactMessageFacts, context: ComposeContext, name: string): MessageView {
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

export const contactMessage: EmailMessage<ContactMessageFacts> = {customer: customer, business}
