/**
 * A plan's visit whose card was refused, and its release after the deadline.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {customerRows, rows, slotText} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {PlanVisitDeclinedFacts, PlanVisitReleasedFacts} from '../queue'

/**
 * A plan's visit whose card was refused (the customer may give a new one until the deadline) or
 * released after it: the content's words, the visit's facts, and the button to its manage page,
 * where the plan's card is changed.
 */
function planVisitChargeView(facts: PlanVisitDeclinedFacts | PlanVisitReleasedFacts, context: ComposeContext): MessageView {
  const declined = facts.kind === 'plan_visit_declined'
  const w = declined ? context.wording.planVisitDeclined : context.wording.planVisitReleased
  const values = {
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: slotLabel(facts.date, facts.arrivalWindow),
    amount: formatUsd(facts.totalCents),
    card: facts.cardLabel ?? '',
    deadline: declined ? formatCompanyDateTime(facts.deadlineAt) : '',
  }
  const paragraphs = [fillTokens(w.body, values), ...(declined && facts.authenticationRequired ? [fillTokens(context.wording.planVisitDeclined.authenticationText, values)] : [])]
  const action =
    facts.windowStartsAt && context.manageUrl
      ? {
          text: fillTokens(w.actionText, values),
          label: fillTokens(w.actionLabel, values),
          url: context.manageUrl({id: facts.id, windowStartsAt: facts.windowStartsAt, linkGeneration: facts.linkGeneration}),
        }
      : null
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs,
      sections: [
        {
          heading: context.wording.sectionHeadings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date and window', values.slot],
            ['Price', values.amount],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action,
    },
  }
}

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: PlanVisitDeclinedFacts | PlanVisitReleasedFacts, _context: ComposeContext, name: string): MessageView {
  // A released visit is the office's to hear of (its crew's day changes; the
  // customer may call); a decline is only the customer's (shown should a copy be asked for).
  const slot = slotText(facts.date, facts.arrivalWindow)
  const released = facts.kind === 'plan_visit_released'
  return {
    subject: released ? `Plan visit released: ${facts.reference} on ${slot} (${name})` : `Plan visit declined: ${facts.reference} on ${slot} (${name})`,
    view: {
      preview: released
        ? `${name}'s card was declined for visit ${facts.visit} and no new card came in time: the visit is off and its place is free.`
        : `${name}'s card was declined for visit ${facts.visit}; they were asked for a new card.`,
      heading: released ? `Plan visit ${facts.reference} released` : `Plan visit ${facts.reference} declined`,
      paragraphs: released
        ? [
            `The saved card of ${name}'s plan was declined for visit ${facts.visit} (${formatUsd(facts.totalCents)}) and no new card came before the deadline. The visit is cancelled unpaid and its place in the window is offered to others; take it off the crew's day. The plan's later visits stay booked. Reply to this e-mail to write to the customer.`,
          ]
        : [`The saved card of ${name}'s plan was declined for visit ${facts.visit}; the customer was e-mailed a link to give a new card.`],
      sections: [
        {
          heading: 'Visit',
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Visit', String(facts.visit)],
            ['Date and window', slot],
            ['Location', facts.location],
            ['Amount', formatUsd(facts.totalCents)],
            ['Card', facts.cardLabel],
          ]),
        },
        customerRows(facts, name),
      ],
      charges: null,
      closing: [released ? `Released ${formatCompanyDateTime(facts.releasedAt)}.` : `Declined ${formatCompanyDateTime(facts.declinedAt)}.`],
    },
  }
}

export const planVisitCharge: EmailMessage<PlanVisitDeclinedFacts | PlanVisitReleasedFacts> = {customer: planVisitChargeView, business}
