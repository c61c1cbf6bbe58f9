/**
 * Pieces the e-mails to customers and to the business (./messages) share: rows without empty
 * values, addresses of the site's pages, a booking's charges, the manage link, an acknowledgement.
 */
import {formatUsd} from '../booking/money'
import type {ComposeContext, EmailCompany, EmailView, MessageView} from './view'
import type {BookingPaidFacts, EstimateRequestFacts, QuoteRequestFacts} from './queue'
import {formatDate, formatPhone} from '../format'
import {arrivalWindowLabel} from '../booking/arrival-window'
import {fillTokens} from './tokens'
import {bookingReference} from '../booking/stored'

/** Label/value rows, leaving out the values the visitor left empty. */
export function rows(entries: [string, string | number | null | undefined][]): {label: string; value: string}[] {
  return entries.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([label, value]) => ({label, value: String(value)}))
}

/**
 * A one-line address with its ZIP code, the ZIP once: the form's address line often ends with it
 * already ('12 Cedar Lane, Renton, WA 98178'), so it is added only when the line does not hold it.
 */
export function addressWithZip(address: string, zipCode: string): string {
  const line = address.trim()
  const zip = zipCode.trim()
  if (!zip) return line
  if (!line) return zip
  const held = /^\d{5}(-\d{4})?$/.test(zip) ? new RegExp(`(^|\\D)${zip.slice(0, 5)}(-\\d{4})?(\\D|$)`).test(line) : line.includes(zip)
  return held ? line : `${line}, ${zip}`
}

/** An address of the site: its public address and a page's path. */
export function pageUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`
}

/**
 * The short reference of a stored quote request, contact message or estimate request ('3F9A-2B1C',
 * made like a booking's): the customer's acknowledgement gives it, the office's notification shows
 * it, so a caller who quotes it is found.
 */
export function submissionReference(id: string): string {
  return bookingReference(id)
}

/** The service a lead is about, for the wording's {service}: the page's service, or '' when unknown. */
export function leadService(facts: QuoteRequestFacts): string {
  return facts.pageTitle ?? ''
}

/** The charges of a paid booking and its total, under `heading`. */
export function bookingCharges(facts: BookingPaidFacts, heading: string, totalLabel: string): EmailView['charges'] {
  return {
    heading,
    rows: facts.charges.map((charge) => ({label: charge.label, amount: charge.cents < 0 ? `−${formatUsd(-charge.cents)}` : formatUsd(charge.cents)})),
    total: {label: totalLabel, amount: formatUsd(facts.totalCents)},
  }
}

/** The day and window of an estimate visit as people read them ('Wednesday, February 3, 2027', '9:00 AM – 11:00 AM'). */
export function visitText(facts: EstimateRequestFacts): {date: string; window: string} {
  return {date: formatDate(facts.visitDate), window: arrivalWindowLabel(facts.visitWindow)}
}

export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

/** The values of the booking confirmation's {tokens} (EMAIL_TOKENS.booking). */
export type BookingValues = Record<'firstName' | 'reference' | 'service' | 'date' | 'companyName' | 'phone', string>

/**
 * The sentence (`text`, already filled in) and link to a booking's manage page, when it has a window
 * and the site signs links. The link is of the generation the event issued (a move's and a
 * cancellation request's e-mails carry a new one: the earlier links stop working).
 */
export function manageAction(
  booking: {id: string; windowStartsAt?: string | null; linkGeneration?: number},
  text: string,
  values: BookingValues,
  context: ComposeContext,
): EmailView['action'] {
  if (!booking.windowStartsAt || !context.manageUrl) return null
  return {
    text,
    label: fillTokens(context.wording.bookingConfirmation.manageLinkLabel, values),
    url: context.manageUrl({id: booking.id, windowStartsAt: booking.windowStartsAt, linkGeneration: booking.linkGeneration ?? 0}),
  }
}

/**
 * An acknowledgement of a quote, contact or estimate request: its own words filled in with the
 * company's name and phone (as entered in the site settings) and what may be repeated (never the
 * visitor's typed text), no sections, what happens next twice (preview and closing).
 */
export function acknowledgement(
  w: {subject: string; heading: string; body: string; nextSteps: string},
  company: EmailCompany,
  repeated: Record<string, string>,
): MessageView {
  const values = {companyName: company.companyName, phone: company.phone, ...repeated}
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.nextSteps, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values)],
      sections: [],
      charges: null,
      closing: [fillTokens(w.nextSteps, values)],
    },
  }
}

/** The paragraphs of a message typed in a text area: one per line, blank lines dropped. */
export function typedParagraphs(message: string): string[] {
  return message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

/**
 * The {tokens} every customer e-mail about one booking fills in: the company's name, its phone as
 * people dial it, the customer's first name, the booking's reference and service.
 */
export function bookingTokens(
  facts: {customer: {firstName: string}; reference: string; service: string},
  company: EmailCompany,
): Record<'companyName' | 'phone' | 'firstName' | 'reference' | 'service', string> {
  return {
    companyName: company.companyName,
    phone: formatPhone(company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
  }
}

type Rows = Parameters<typeof rows>[0]

/** The booking's table under `heading`: its reference and service first, then `more`, the empty values left out. */
export function bookingSection(heading: string, facts: {reference: string; service: string}, more: Rows): EmailView['sections'][number] {
  return {heading, rows: rows([['Reference', facts.reference], ['Service', facts.service], ...more])}
}

/**
 * A customer's e-mail in the content's words `w`: its subject, preview, heading and closing filled in
 * with `values` around the given paragraphs, sections and action (if any); no charges.
 */
export function wordedEmail(
  w: {subject: string; preview: string; heading: string; closing: string},
  values: Record<string, string>,
  body: Pick<EmailView, 'paragraphs' | 'sections' | 'action'>,
): MessageView {
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      ...body,
      charges: null,
      closing: [fillTokens(w.closing, values)],
    },
  }
}
