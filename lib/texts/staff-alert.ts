import {alertEventLabel, digestCountParts} from '../email/messages/staff-alert'
import type {StaffAlertItem, StaffDigestFacts} from '../email/queue'
import {formatDate} from '../format'
import {alertWords} from '../office/alerts/words'

/**
 * Texts to a member of staff about their alerts (queued by the database with their e-mails: see
 * queue_staff_alerts / queue_staff_digests), in the office's words: the event, its reference and a
 * link into the office, never what a visitor typed. Sent only to the member's own number with their
 * consent, never to a number that replied STOP, never in quiet hours, and not after `expiresAt`.
 */

export const STAFF_TEXT_TEMPLATES = ['staff_alert', 'staff_digest'] as const
export type StaffTextTemplate = (typeof STAFF_TEXT_TEMPLATES)[number]

export type StaffAlertTextFacts = StaffAlertItem & {kind: 'staff_alert'; expiresAt: string}
export type StaffDigestTextFacts = Pick<StaffDigestFacts, 'day' | 'counts' | 'total' | 'officePath'> & {kind: 'staff_digest'; expiresAt: string}
export type StaffTextFacts = StaffAlertTextFacts | StaffDigestTextFacts

export function isStaffTextTemplate(template: string): template is StaffTextTemplate {
  return (STAFF_TEXT_TEMPLATES as readonly string[]).includes(template)
}

/** The text as sent: '<business>: New booking 3F9A-2B1C (Deep cleaning, Dec 3, 2026): <link> Reply STOP to stop.' */
export function composeStaffText(facts: StaffTextFacts, businessName: string, siteUrl: string): string {
  const url = (path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`
  const body =
    facts.kind === 'staff_digest'
      ? alertWords.text.digest(formatDate(facts.day), digestCountParts(facts.counts), url(facts.officePath))
      : alertWords.text.alert(alertEventLabel(facts), facts.reference, [facts.service, facts.date ? formatDate(facts.date) : null].filter(Boolean).join(', '), url(facts.officePath))
  return `${businessName}: ${body} ${alertWords.text.stop}`
}
