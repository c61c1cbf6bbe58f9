/**
 * A paid booking: the customer's e-mail, in the content's words.
 */
import {fillTokens} from '../tokens'
import {arrivalWindowLabel} from '../../booking/arrival-window'
import {formatDate} from '../../format'
import {planOf, planView} from '../plan-section'
import {bookingCharges, bookingSection, manageAction} from '../view-parts'
import type {BookingValues} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingPaidFacts} from '../queue'

/** The customer's e-mail. */
export function bookingPaidEmail(facts: BookingPaidFacts, context: ComposeContext): MessageView {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  const w = wording.bookingConfirmation
  const values: BookingValues = {
    ...common,
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    date: facts.date ? formatDate(facts.date) : '',
  }
  const action = manageAction(facts, fillTokens(w.manageLinkText, values), values, context)
  // A plan's first visit also tells the plan and its next visits.
  const plan = planOf(facts)
  const planned = plan ? planView(facts, plan, wording.planConfirmation, common) : null
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.intro, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.intro, values), ...(planned ? [planned.paragraph] : [])],
      sections: [
        bookingSection(headings.booking, facts, [
          ['Date', facts.date ? formatDate(facts.date) : null],
          ['Arrival window', facts.arrivalWindow ? arrivalWindowLabel(facts.arrivalWindow) : null],
          ['Location', facts.location],
          ['Address', facts.customer.address],
        ]),
        ...(planned ? [planned.section] : []),
      ],
      charges: bookingCharges(facts, headings.charges, 'Total paid'),
      // The 24-hour advice once: the manage link's sentence gives it, else the notice (no window, no link).
      closing: [
        fillTokens(w.nextSteps, values),
        // Texts on the day are promised only to a customer who agreed to them on the form.
        ...(facts.textsConsented ? [fillTokens(w.textsNotice, values)] : []),
        ...(planned ? [planned.changes] : []),
        ...(action ? [] : [fillTokens(w.changesNotice, values)]),
      ],
      action,
    },
  }
}
