/**
 * A quote request: the visitor's acknowledgement and the business's notification.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {acknowledgement, firstWord, leadService, pageUrl, rows, submissionReference} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {QuoteRequestFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: QuoteRequestFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const w = wording.quoteRequestReceived
  // Not the page's service either: the browser sends its title.
  const values = {...common, firstName: firstWord(facts.firstName), reference: submissionReference(facts.id)}
  return acknowledgement(w, values)
}

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: QuoteRequestFacts, context: ComposeContext, name: string): MessageView {
  const subjects = context.wording.businessNotifications
  const submitted = (at: string) => formatCompanyDateTime(at)
  const service = leadService(facts)
  return {
    subject: fillTokens(subjects.quoteRequestSubject, {name, service: service || 'a service', reference: submissionReference(facts.id)}),
    view: {
      preview: `${name} asks for a quote${service ? ` for ${service}` : ''}.`,
      heading: 'New quote request',
      paragraphs: [`${name} asked for a quote on ${pageUrl(context.siteUrl, facts.pagePath)}. Reply to this e-mail to answer them.`],
      sections: [
        {
          heading: 'Request',
          rows: rows([
            ['Reference', submissionReference(facts.id)],
            ['Service page', service ? `${service} (${facts.pagePath})` : facts.pagePath],
            ['First name', facts.firstName],
            ['Last name', facts.lastName],
            ['Phone', formatPhone(facts.phone)],
            ['E-mail', facts.email],
            ['Zip code', facts.zipCode],
            ['Square footage', facts.squareFootage],
            ['Desired services', facts.desiredServices],
            ['Heard about us', facts.heardAboutUs],
            ['Terms of Use', 'Accepted'],
            ['Sent', submitted(facts.submittedAt)],
          ]),
        },
      ],
      charges: null,
      closing: [],
    },
  }
}

export const quoteRequest: EmailMessage<QuoteRequestFacts> = {customer: customer, business}
