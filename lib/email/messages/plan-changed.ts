/**
 * A change of the customer's plan (a visit skipped, paused, resumed, cancelled).
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {slotLabel} from '../../booking/arrival-window'
import {formatCompanyDateTime, formatPhone} from '../../format'
import {customerRows, slotText} from '../view-parts'
import type {ComposeContext, EmailMessage, MessageView} from '../view'
import type {PlanChangedFacts} from '../queue'

/** the customer's e-mail of a change of their plan, in the content's words. */
function planChangedView(facts: PlanChangedFacts, context: ComposeContext): MessageView {
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
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(text, values), ...early],
      sections: [],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action,
    },
  }
}

/** The business's notification; `name` is the customer's, as its subject says it. */
function business(facts: PlanChangedFacts, _context: ComposeContext, name: string): MessageView {
  // A plan's changes (staff-facing words; the office's own changes are not sent here).
  const what = {
    visit_skipped: `skipped the visit of ${slotText(facts.visit?.date ?? null, facts.visit?.arrivalWindow ?? null)}`,
    paused: `paused their ${facts.frequency} plan (${facts.released} visit(s) more than 24 hours ahead released)`,
    resumed: `resumed their ${facts.frequency} plan`,
    cancelled: `cancelled their ${facts.frequency} plan (${facts.released} visit(s) more than 24 hours ahead released)`,
  }[facts.change]
  return {
    subject: `Plan change: ${name} ${what.split(' (')[0]}`,
    view: {
      preview: `${name} ${what}.`,
      heading: `Plan change (${facts.service})`,
      paragraphs: [
        `${name} ${what} through their manage link.`,
        ...(facts.change === 'cancelled' && facts.earlyCancellationCents > 0
          ? [`Cancelled before its second visit: the difference to the one-time price, ${formatUsd(facts.earlyCancellationCents)}, is charged to the saved card (see the plan in the office).`]
          : []),
      ],
      sections: [customerRows(facts, name)],
      charges: null,
      closing: [`Changed ${formatCompanyDateTime(facts.changedAt)}.`],
    },
  }
}

export const planChanged: EmailMessage<PlanChangedFacts> = {customer: planChangedView, business}
