/**
 * Alerts to a member of staff (the owner chose them on Staff): one new booking, lead or
 * cancellation request, or the day's digest. Staff-facing, so the words are the office's
 * (lib/office/alerts/words.ts), not the E-mails document's. They show staff facts only: the
 * reference, kind, service, date and a name, with a link into the office, never what a visitor typed.
 */
import {formatDate} from '../../format'
import {alertWords, ALERT_EVENTS} from '../../office/alerts/words'
import type {StaffAlertFacts, StaffAlertItem, StaffDigestFacts} from '../queue'
import type {MessageView} from '../view'
import {pageUrl} from '../view-parts'

/** What the alert is about, in a word: a lead's kind, or the event. */
export function alertEventLabel(item: Pick<StaffAlertItem, 'event' | 'leadKind'>): string {
  if (item.event === 'lead' && item.leadKind) return alertWords.leadKinds[item.leadKind] ?? alertWords.eventShort.lead
  return alertWords.eventShort[item.event]
}

function itemRows(item: StaffAlertItem): {label: string; value: string}[] {
  const w = alertWords.email.rows
  return [
    {label: w.reference, value: item.reference},
    {label: w.kind, value: alertEventLabel(item)},
    ...(item.service ? [{label: w.service, value: item.service}] : []),
    ...(item.date ? [{label: w.date, value: formatDate(item.date)}] : []),
    {label: w.name, value: item.name},
  ]
}

/** One event's alert. */
export function staffAlertView(facts: StaffAlertFacts, siteUrl: string): MessageView {
  const w = alertWords.email
  const label = alertEventLabel(facts)
  return {
    subject: w.alertSubject(label, facts.reference),
    view: {
      preview: w.alertSubject(label, facts.reference),
      heading: w.alertHeading(label),
      paragraphs: [w.alertBody(facts.memberName)],
      sections: [{heading: label, rows: itemRows(facts)}],
      charges: null,
      closing: [w.why],
      action: {text: w.open, label: w.openLabel, url: pageUrl(siteUrl, facts.officePath)},
    },
  }
}

/** The counts of a digest in words ('New booking: 2 · New lead: 1'), events with none left out. */
export function digestCountParts(counts: StaffDigestFacts['counts']): string[] {
  return ALERT_EVENTS.filter((event) => Number(counts[event] ?? 0) > 0).map((event) => `${alertWords.eventShort[event]}: ${Number(counts[event])}`)
}

/** The day's digest: the counts, then each event (the first 50) with its own link. */
export function staffDigestView(facts: StaffDigestFacts, siteUrl: string): MessageView {
  const w = alertWords.email
  const day = formatDate(facts.day)
  const items = facts.items ?? []
  return {
    subject: w.digestSubject(day, facts.total),
    view: {
      preview: w.digestCounts(digestCountParts(facts.counts)),
      heading: w.digestHeading(day),
      paragraphs: [w.digestCounts(digestCountParts(facts.counts)), ...(items.length < facts.total ? [w.digestMore(items.length, facts.total)] : [])],
      sections: items.map((item) => ({heading: `${alertEventLabel(item)} ${item.reference}`, rows: [...itemRows(item), {label: w.openLabel, value: pageUrl(siteUrl, item.officePath)}]})),
      charges: null,
      closing: [w.why],
      action: {text: w.digestOpen, label: w.digestOpenLabel, url: pageUrl(siteUrl, facts.officePath)},
    },
  }
}
