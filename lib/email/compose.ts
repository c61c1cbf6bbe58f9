/**
 * From a queued message to the e-mail that is sent: addresses, subject, the view (heading,
 * paragraphs, details, charges) that the one e-mail layout renders to HTML and plain text, and the
 * calendar file of a dated booking. Every word a customer reads comes from the E-mails document of
 * the content (but the names of the tables' rows, as on the forms); the details from the event as
 * it happened. The customer's e-mail of each kind of event is one module of ./messages, the business's
 * notification one of ./notifications (each folder's index.ts lists them); this is the frame
 * around them: addresses, signature, footer. Plain TypeScript: the
 * renderer is passed in.
 */
import {addressLines, formatDate, formatPhone} from '../format'
import {windowTimes} from '../booking/arrival-window'
import {customerCalendarFile} from '../calendar-file'
import {businessView} from './business-notifications'
import {customerEmail} from './messages'
import type {OutboxMessage} from './outbox'
import {staffEmailView} from '../office/access/sign-in-email'
import {staffAlertView, staffDigestView} from './messages/staff-alert'
import type {BookingMovedByOfficeFacts, BookingPaidFacts, BookingRescheduledFacts} from './queue'
import {fillTokens} from './tokens'
import type {MailAttachment, OutgoingMail} from './transport'
import type {ComposeContext, EmailView} from './view'
import {planCalendarEvents, planOf} from './plan-section'

export type {ComposeContext, EmailCompany, EmailView, EmailWording, ManageLinkFor, RenderEmail} from './view'

function quotedAddress(name: string, email: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${email}>`
}

function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}

/** The calendar file of a paid booking that has a date, or of a moved one (the same event, a later version). */
function bookingCalendar(facts: BookingPaidFacts | BookingRescheduledFacts | BookingMovedByOfficeFacts, context: ComposeContext): MailAttachment | null {
  const {company} = context
  const moved = facts.kind === 'booking_rescheduled' || facts.kind === 'booking_moved_by_office'
  const date = moved ? facts.toDate : facts.date
  const window = moved ? facts.toWindow : facts.arrivalWindow
  if (!date) return null
  const description = (day: string) =>
    fillTokens(context.wording.bookingConfirmation.calendarNote, {
      firstName: facts.customer.firstName,
      reference: facts.reference,
      service: facts.service,
      date: day,
      companyName: company.companyName,
      phone: company.phone,
    })
  const event = {
    uid: `${facts.id}@${siteHost(context.siteUrl)}`,
    date,
    ...(window && facts.windowStartsAt ? {window: windowTimes(window, facts.windowStartsAt)} : {}),
    summary: `${facts.service} (${company.companyName})`,
    description: description(formatDate(date)),
    location: facts.customer.address,
    stamp: new Date(moved ? facts.changedAt : facts.paidAt),
    organizer: {name: company.companyName, email: company.email},
    ...(moved ? {sequence: facts.sequence} : {}),
  }
  // A plan's first confirmation holds every visit scheduled, one event each.
  const plan = facts.kind === 'booking_paid' ? planOf(facts) : null
  const visits = plan && facts.kind === 'booking_paid' ? planCalendarEvents(facts, plan, event, siteHost(context.siteUrl), description) : []
  return {
    filename: `booking-${facts.reference}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: customerCalendarFile(event, ...visits),
  }
}

/** The e-mail of one queued message, ready for the transport. */
export async function composeMail(message: OutboxMessage, context: ComposeContext): Promise<OutgoingMail> {
  const {company} = context
  const payload = message.payload
  if (payload.kind === 'staff_sign_in' || payload.kind === 'staff_invitation' || payload.kind === 'staff_alert' || payload.kind === 'staff_digest') {
    // To one member of staff, in the office's words: no signature, the company in the footer.
    if (!message.to) throw new Error(`No staff e-mail for ${message.eventKey}`)
    const {subject, view} =
      payload.kind === 'staff_alert'
        ? staffAlertView(payload, context.siteUrl)
        : payload.kind === 'staff_digest'
          ? staffDigestView(payload, context.siteUrl)
          : staffEmailView(payload, context.siteUrl)
    const {html, text} = await context.render({...view, signature: [], footer: [company.companyName]})
    return {messageId: `<${message.id}@${siteHost(context.siteUrl)}>`, from: context.from ?? quotedAddress(company.companyName, company.email), to: message.to, subject, html, text}
  }
  const facts = payload
  const toBusiness = message.to === null
  const customer = customerEmail(facts)
  if (!toBusiness && !customer) throw new Error(`No customer e-mail for ${message.eventKey}`)
  const {subject, view} = toBusiness ? businessView(facts, context) : customer!(facts, context)
  const full: EmailView = {
    ...view,
    // A reply from the office is signed by the staff member who wrote it, then the company.
    signature: toBusiness
      ? []
      : [context.wording.signOff, ...(facts.kind === 'lead_reply' ? [facts.staffName] : []), company.companyName, formatPhone(company.phone)],
    footer: [company.companyName, ...addressLines(company.address), `${formatPhone(company.phone)} · ${company.email}`],
  }
  const {html, text} = await context.render(full)
  const calendar =
    !toBusiness && (facts.kind === 'booking_paid' || facts.kind === 'booking_rescheduled' || facts.kind === 'booking_moved_by_office') ? bookingCalendar(facts, context) : null
  return {
    messageId: `<${message.id}@${siteHost(context.siteUrl)}>`,
    from: context.from ?? quotedAddress(company.companyName, company.email),
    to: message.to ?? company.email,
    replyTo: message.replyTo ?? (toBusiness ? undefined : company.email),
    subject,
    html,
    text,
    attachments: calendar ? [calendar] : undefined,
    // A reminder the customer can stop: mail programs offer their own one-click "unsubscribe" (RFC 8058).
    headers:
      !toBusiness && facts.kind === 'checkout_reminder'
        ? {'List-Unsubscribe': `<${facts.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'}
        : undefined,
  }
}
