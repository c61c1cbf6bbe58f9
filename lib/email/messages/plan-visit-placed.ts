/**
 * A plan's visit placed in another window of its week, or with no free window that week.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate, formatPhone} from '../../format'
import {customerRows, rows, slotText} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {PlanVisitPlacedFacts, PlanVisitUnplacedFacts} from '../queue'

/** The customer's e-mail. */
function customer(facts: PlanVisitPlacedFacts | PlanVisitUnplacedFacts, context: ComposeContext): MessageView {
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

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: PlanVisitPlacedFacts | PlanVisitUnplacedFacts, _context: ComposeContext, name: string): MessageView {
  // A plan's visit with no free window in its week (the placed one is the customer's only).
  const usual = slotText(facts.usualDate, facts.usualWindow)
  const placed = facts.kind === 'plan_visit_placed' ? slotText(facts.toDate, facts.toWindow) : null
  return {
    subject: placed ? `Plan ${facts.reference}: visit ${facts.visit} placed on ${placed} (${name})` : `Plan ${facts.reference}: no place for visit ${facts.visit} on ${usual} (${name})`,
    view: {
      preview: placed ? `${facts.service}: the usual window was full; placed on ${placed}.` : `${facts.service}: every window of the week of ${formatDate(facts.usualDate)} is full.`,
      heading: placed ? `Plan visit ${facts.visit} placed elsewhere` : `No place for plan visit ${facts.visit}`,
      paragraphs: [
        placed
          ? `The plan's usual window was full or closed; the visit was placed in the nearest free window of its week and the customer was told.`
          : `Every window of that week was full or closed, so the visit was not booked and will not be charged. The customer was told; call them to find another day, or make room and book it from the office.`,
      ],
      sections: [
        {
          heading: 'Visit',
          rows: rows([
            ['Plan', facts.reference],
            ['Service', facts.service],
            ['Visit', String(facts.visit)],
            ['Usual date and window', usual],
            ['Placed on', placed],
            ['Price', formatUsd(facts.totalCents)],
          ]),
        },
        customerRows(facts, name),
      ],
      charges: null,
      closing: [],
    },
  }
}

export const planVisitPlaced: EmailMessage<PlanVisitPlacedFacts | PlanVisitUnplacedFacts> = {customer: customer, business}
