/**
 * The business's notification of a paid booking. Staff-facing: its words stay in code.
 */
import {fillTokens} from '../tokens'
import {formatUsd} from '../../booking/money'
import {formatCompanyDateTime, formatDate} from '../../format'
import {bookingCharges, rows} from '../view-parts'
import {customerRows} from './parts'
import type {ComposeContext, MessageView} from '../view'
import type {BookingPaidFacts} from '../queue'

/** The business's notification; `name` is the customer's, as its subject says it. */
export function bookingPaidNotification(facts: BookingPaidFacts, context: ComposeContext, name: string): MessageView {
  const subjects = context.wording.businessNotifications
  return {
    subject: fillTokens(subjects.bookingPaidSubject, {name, service: facts.service, reference: facts.reference}),
    view: {
      preview: `${facts.service}, ${facts.date ? formatDate(facts.date) : 'no date'}, ${formatUsd(facts.totalCents)} paid.`,
      heading: `Paid booking ${facts.reference}`,
      paragraphs: [`${name} booked and paid online. Reply to this e-mail to write to them.`],
      sections: [
        customerRows(facts, name),
        {heading: 'Booking', rows: [{label: 'Reference', value: facts.reference}, ...facts.details, ...rows([['Notes', facts.notes]])]},
      ],
      charges: bookingCharges(facts, 'Charges', 'Total paid'),
      closing: [`Paid ${formatCompanyDateTime(facts.paidAt)}.`],
    },
  }
}
