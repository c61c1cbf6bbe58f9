/**
 * The one reminder after a checkout ended unpaid, in the content's words. Its address was never
 * confirmed, so it repeats nothing the visitor typed: only the booking's reference, the day its
 * link stops working and the company's facts (EMAIL_TOKENS.checkoutReminder).
 */
import {formatDate, formatPhone} from '../../format'
import {fillTokens} from '../tokens'
import {wordedEmail} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {CheckoutReminderFacts} from '../queue'

/** The company's day ('YYYY-MM-DD') of an instant. */
function companyDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit'}).format(new Date(iso))
}

/** The reminder: a button to the form filled in again, then the line and link that stop such e-mails. */
export function checkoutReminderView(facts: CheckoutReminderFacts, context: ComposeContext): MessageView {
  const w = context.wording.checkoutReminder
  const values = {reference: facts.reference, until: formatDate(companyDay(facts.resumeUntil)), companyName: context.company.companyName, phone: formatPhone(context.company.phone)}
  const message = wordedEmail({...w, closing: ''}, values, {
    paragraphs: [fillTokens(w.body, values)],
    sections: [],
    action: {text: fillTokens(w.linkText, values), label: fillTokens(w.linkLabel, values), url: facts.resumeUrl},
  })
  // The way to stop such e-mails comes last, after the sign-off, with its link.
  return {...message, view: {...message.view, closing: [], stop: {text: fillTokens(w.stopText, values), url: facts.stopUrl}}}
}
