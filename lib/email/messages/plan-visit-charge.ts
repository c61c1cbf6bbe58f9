/**
 * A plan's visit whose card was refused, and its release after the deadline: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime} from '../../format'
import {bookingSection, bookingTokens, wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanVisitDeclinedFacts, PlanVisitReleasedFacts} from '../queue'

/**
 * A plan's visit whose card was refused (the customer may give a new one until the deadline) or
 * released after it: the content's words, the visit's facts, and the button to its manage page,
 * where the plan's card is changed.
 */
export function planVisitChargeView(facts: PlanVisitDeclinedFacts | PlanVisitReleasedFacts, context: ComposeContext): MessageView {
  const declined = facts.kind === 'plan_visit_declined'
  const w = declined ? context.wording.planVisitDeclined : context.wording.planVisitReleased
  const values = {
    ...bookingTokens(facts, context.company),
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
  return wordedEmail(w, values, {
    paragraphs,
    sections: [
      bookingSection(context.wording.sectionHeadings.booking, facts, [
        ['Date and window', values.slot],
        ['Price', values.amount],
      ]),
    ],
    action,
  })
}
