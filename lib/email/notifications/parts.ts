/**
 * Pieces the business's notifications share: a date and window as read, and who booked.
 * Staff-facing: their words stay in code.
 */
import {slotLabel} from '../../booking/arrival-window'
import {formatPhone} from '../../format'
import type {CustomerEventFacts} from '../queue'
import {rows} from '../view-parts'

/** A date and arrival window as read ('December 31, 2030, 8:00 AM – 10:00 AM'), or that there is none. */
export function slotText(date: string | null, window: string | null): string {
  return slotLabel(date, window) || 'not set'
}

/** Who booked, for the business's notifications. */
export function customerRows(facts: Extract<CustomerEventFacts, {customer: unknown}>, name: string): {heading: string; rows: {label: string; value: string}[]} {
  return {
    heading: 'Customer',
    rows: rows([
      ['Name', name],
      ['E-mail', facts.customer.email],
      ['Phone', formatPhone(facts.customer.phone)],
      ['Address', facts.customer.address],
    ]),
  }
}
