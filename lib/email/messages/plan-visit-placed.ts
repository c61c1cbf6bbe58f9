/**
 * A plan's visit placed in another window of its week, or with no free window that week: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate, formatPhone} from '../../format'
import {rows} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanVisitPlacedFacts, PlanVisitUnplacedFacts} from '../queue'

/** The customer's e-mail. */
export function planVisitPlacedEmail(facts: PlanVisitPlacedFacts | PlanVisitUnplacedFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  const placed = facts.kind === 'plan_visit_placed' ? facts : null
  const w = placed ? wording.planVisitPlaced : wording.planVisitUnplaced
  const usualSlot = slotLabel(facts.usualDate, facts.usualWindow)
  const values = {
    ...common,
    phone: formatPhone(company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: placed ? slotLabel(placed.toDate, placed.toWindow) : usualSlot,
    usualSlot,
  }
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values)],
      sections: [
        {
          heading: headings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date', placed ? formatDate(placed.toDate) : null],
            ['Arrival window', placed ? arrivalWindowLabel(placed.toWindow) : null],
            ['Usually', usualSlot],
            ['Price', formatUsd(facts.totalCents)],
            ['Address', facts.customer.address],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
    },
  }
}
