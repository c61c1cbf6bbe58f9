/**
 * A plan's visit placed in another window of its week, or with no free window that week: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {arrivalWindowLabel, slotLabel} from '../../booking/arrival-window'
import {formatDate} from '../../format'
import {bookingSection, bookingTokens, wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {PlanVisitPlacedFacts, PlanVisitUnplacedFacts} from '../queue'

/** The customer's e-mail. */
export function planVisitPlacedEmail(facts: PlanVisitPlacedFacts | PlanVisitUnplacedFacts, context: ComposeContext): MessageView {
  const {wording} = context
  const placed = facts.kind === 'plan_visit_placed' ? facts : null
  const w = placed ? wording.planVisitPlaced : wording.planVisitUnplaced
  const usualSlot = slotLabel(facts.usualDate, facts.usualWindow)
  const values = {
    ...bookingTokens(facts, context.company),
    slot: placed ? slotLabel(placed.toDate, placed.toWindow) : usualSlot,
    usualSlot,
  }
  return wordedEmail(w, values, {
    paragraphs: [fillTokens(w.body, values)],
    sections: [
      bookingSection(wording.sectionHeadings.booking, facts, [
        ['Date', placed ? formatDate(placed.toDate) : null],
        ['Arrival window', placed ? arrivalWindowLabel(placed.toWindow) : null],
        ['Usually', usualSlot],
        ['Price', formatUsd(facts.totalCents)],
        ['Address', facts.customer.address],
      ]),
    ],
  })
}
