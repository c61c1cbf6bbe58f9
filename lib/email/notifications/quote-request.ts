/**
 * The business's notification of a quote request. Staff-facing: its words stay in code.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {leadService, pageUrl, rows, submissionReference} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {QuoteRequestFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function quoteRequestNotification(facts: QuoteRequestFacts, context: ComposeContext, name: string): MessageView {
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
