/**
 * The business's notification of an in-home estimate request. Staff-facing: its words stay in code.
 */
import {fillTokens} from '../tokens'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {addressWithZip, pageUrl, rows, submissionReference, visitText} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {EstimateRequestFacts} from '../queue'

const WALKTHROUGH_LABELS: Record<EstimateRequestFacts['walkthrough'], string> = {in_person: 'In person, at the address', video: 'Video walk-through'}

/** The business's notification; `name` is the customer's, as its subject says it. */
export function estimateRequestNotification(facts: EstimateRequestFacts, context: ComposeContext, name: string): MessageView {
  const subjects = context.wording.businessNotifications
  const submitted = (at: string) => formatCompanyDateTime(at)
  const visit = visitText(facts)
  return {
    subject: fillTokens(subjects.appointmentSubject, {name, service: facts.service, reference: submissionReference(facts.id)}),
    view: {
      preview: `${name}: ${facts.service}, ${visit.date}, ${visit.window}.`,
      heading: 'New in-home estimate request',
      paragraphs: [
        `${name} asked for a free in-home estimate on ${pageUrl(context.siteUrl, facts.pagePath)}. Call them to confirm the time (they were told the office will); reply to this e-mail to write to them.`,
      ],
      sections: [
        {
          heading: 'Estimate visit',
          rows: rows([
            ['Reference', submissionReference(facts.id)],
            ['Service', facts.service],
            ['Preferred day', visit.date],
            ['Preferred window', visit.window],
            ['Walk-through', WALKTHROUGH_LABELS[facts.walkthrough]],
            ['Notes', facts.notes],
          ]),
        },
        {
          heading: 'Customer',
          rows: rows([
            ['Name', facts.fullName],
            ['Phone', formatPhone(facts.phone)],
            ['E-mail', facts.email],
            ['Address', addressWithZip(facts.address, facts.zipCode)],
            ['Sent', submitted(facts.submittedAt)],
          ]),
        },
      ],
      charges: null,
      closing: [],
    },
  }
}
