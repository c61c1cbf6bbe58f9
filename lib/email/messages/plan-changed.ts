/**
 * A change of the customer's plan (a visit skipped, paused, resumed, cancelled): the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatPhone} from '../../format'
import {wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanChangedFacts} from '../queue'

/** the customer's e-mail of a change of their plan, in the content's words. */
export function planChangedView(facts: PlanChangedFacts, context: ComposeContext): MessageView {
  const w = context.wording.planChanged
  const values = {
    firstName: facts.customer.firstName,
    service: facts.service,
    frequency: facts.frequency,
    slot: facts.visit ? slotLabel(facts.visit.date, facts.visit.arrivalWindow) : '',
    amount: formatUsd(facts.earlyCancellationCents ?? 0),
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
  }
  const text = {visit_skipped: w.skippedText, paused: w.pausedText, resumed: w.resumedText, cancelled: w.cancelledText}[facts.change]
  const early = facts.change === 'cancelled' && (facts.earlyCancellationCents ?? 0) > 0 ? [fillTokens(w.earlyCancellationText, values)] : []
  const next = facts.manageVisit
  const action =
    next && context.manageUrl
      ? {
          text: fillTokens(w.manageLinkText, values),
          label: fillTokens(context.wording.bookingConfirmation.manageLinkLabel, {...values, reference: '', date: ''}),
          url: context.manageUrl({id: next.id, windowStartsAt: next.windowStartsAt, linkGeneration: next.linkGeneration}),
        }
      : null
  return wordedEmail(w, values, {paragraphs: [fillTokens(text, values), ...early], sections: [], action})
}
