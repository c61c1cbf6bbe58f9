/**
 * From a queued message to the e-mail that is sent: addresses, subject, the view (heading,
 * paragraphs, details, charges) that the one e-mail layout renders to HTML and plain text, and the
 * calendar file of a dated booking. The wording comes from the E-mails document of the content;
 * the details from the event as it happened. Plain TypeScript: the renderer is passed in.
 */
import {formatUsd} from '../booking/money'
import {addressLines, formatCompanyDateTime, formatDate, formatPhone, type PostalAddress} from '../format'
import {arrivalWindowLabel, slotLabel, windowTimes} from '../booking/arrival-window'
import {calendarDayFile} from './ics'
import type {OutboxMessage} from './outbox'
import type {AppointmentFacts, BookingPaidFacts, BookingRescheduledFacts, EstimateRequestFacts, EventFacts, QuoteRequestFacts} from './queue'
import {fillTokens} from './tokens'
import type {MailAttachment, OutgoingMail} from './transport'

/** The wording of the E-mails document (lib/content's EmailSettings). */
export interface EmailWording {
  bookingConfirmation: {subject: string; heading: string; intro: string; nextSteps: string; changesNotice: string}
  quoteRequestReceived: {subject: string; heading: string; body: string; nextSteps: string}
  contactMessageReceived: {subject: string; heading: string; body: string; nextSteps: string}
  estimateRequestReceived: {subject: string; heading: string; body: string; nextSteps: string}
  signOff: string
  businessNotifications: {quoteRequestSubject: string; contactMessageSubject: string; appointmentSubject: string; bookingPaidSubject: string}
}

/** The company facts e-mails show (lib/content's SiteSettings). */
export interface EmailCompany {
  companyName: string
  email: string
  phone: string
  address: PostalAddress
}

/** What one e-mail shows, in order; rendered by components/email. */
export interface EmailView {
  /** The preview line mail programs show after the subject. */
  preview: string
  heading: string
  paragraphs: string[]
  /** Label/value tables, e.g. the booking's details. */
  sections: {heading: string; rows: {label: string; value: string}[]}[]
  /** The charges and total of a booking. */
  charges: {heading: string; rows: {label: string; amount: string}[]; total: {label: string; amount: string}} | null
  /** After the tables: what happens next, notices. */
  closing: string[]
  /** A link the message offers (the booking's manage page), after the sentence that introduces it. */
  action?: {text: string; label: string; url: string} | null
  /** Sign-off lines ('Warm regards,', the company). Empty for messages to the business. */
  signature: string[]
  /** The company's name, address, phone and e-mail. */
  footer: string[]
}

export type RenderEmail = (view: EmailView) => Promise<{html: string; text: string}>

export interface ComposeContext {
  wording: EmailWording
  company: EmailCompany
  /** The site's public address ('https://example.com'), for links to the page a form was sent from. */
  siteUrl: string
  /** The From header; default: the company's name and e-mail address. */
  from?: string
  render: RenderEmail
  /** The private manage page of a booking with an arrival window (a signed link), if the site offers one. */
  manageUrl?: (booking: {id: string; windowStartsAt: string}) => string
}

const GENDER_LABELS: Record<AppointmentFacts['patientGender'], string> = {male: 'Male', female: 'Female', private: 'Private'}
const MODE_LABELS: Record<AppointmentFacts['preferredMode'], string> = {voice: 'Voice call', video: 'Video call'}
const WALKTHROUGH_LABELS: Record<EstimateRequestFacts['walkthrough'], string> = {in_person: 'In person, at the address', video: 'Video walk-through'}

/** The day and window of an estimate visit as people read them ('Wednesday, February 3, 2027, 9–11 am'). */
function visitText(facts: EstimateRequestFacts): {date: string; window: string} {
  return {date: formatDate(facts.visitDate), window: arrivalWindowLabel(facts.visitWindow)}
}

function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

function rows(entries: [string, string | number | null | undefined][]): {label: string; value: string}[] {
  return entries.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([label, value]) => ({label, value: String(value)}))
}

function pageUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`
}

/** The service a lead is about, for the wording's {service}: the page's service, or '' when unknown. */
function leadService(facts: QuoteRequestFacts): string {
  return facts.pageTitle ?? ''
}

function quotedAddress(name: string, email: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${email}>`
}

/** The customer's name of an event, for the business's subjects. */
function customerName(facts: EventFacts): string {
  switch (facts.kind) {
    case 'quote_request':
      return `${facts.firstName} ${facts.lastName}`
    case 'contact_message':
      return facts.name
    case 'estimate_request':
      return facts.fullName
    case 'appointment':
      return facts.patientName
    case 'booking_paid':
    case 'booking_rescheduled':
    case 'booking_cancellation_requested':
      return `${facts.customer.firstName} ${facts.customer.lastName}`
  }
}

function slotText(date: string | null, window: string | null): string {
  return slotLabel(date, window) || 'not set'
}

/** The sentence and link to a booking's manage page, when it has a window and the site signs links. */
function manageAction(booking: {id: string; windowStartsAt?: string | null}, context: ComposeContext): EmailView['action'] {
  if (!booking.windowStartsAt || !context.manageUrl) return null
  return {
    text: 'You can move your booking to another arrival window, or ask us to cancel it, until 24 hours before your arrival window:',
    label: 'Manage your booking',
    url: context.manageUrl({id: booking.id, windowStartsAt: booking.windowStartsAt}),
  }
}

/** Who booked, for the business's notifications. */
function customerRows(facts: Extract<EventFacts, {customer: unknown}>, name: string): {heading: string; rows: {label: string; value: string}[]} {
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

function businessView(facts: EventFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const subjects = context.wording.businessNotifications
  const name = customerName(facts)
  const submitted = (at: string) => formatCompanyDateTime(at)
  switch (facts.kind) {
    case 'quote_request': {
      const service = leadService(facts)
      return {
        subject: fillTokens(subjects.quoteRequestSubject, {name, service: service || 'a service', reference: ''}),
        view: {
          preview: `${name} asks for a quote${service ? ` for ${service}` : ''}.`,
          heading: 'New quote request',
          paragraphs: [`${name} asked for a quote on ${pageUrl(context.siteUrl, facts.pagePath)}. Reply to this e-mail to answer them.`],
          sections: [
            {
              heading: 'Request',
              rows: rows([
                ['Service page', service ? `${service} (${facts.pagePath})` : facts.pagePath],
                ['First name', facts.firstName],
                ['Last name', facts.lastName],
                ['Phone', formatPhone(facts.phone)],
                ['E-mail', facts.email],
                ['Zip code', facts.zipCode],
                ['Square footage', facts.squareFootage],
                ['Desired services', facts.desiredServices],
                ['Heard about us', facts.heardAboutUs],
                ['Terms of Use', 'Accepted'],
                ['Sent', submitted(facts.submittedAt)],
              ]),
            },
          ],
          charges: null,
          closing: [],
        },
      }
    }
    case 'contact_message':
      return {
        subject: fillTokens(subjects.contactMessageSubject, {name, service: '', reference: ''}),
        view: {
          preview: facts.message.slice(0, 120),
          heading: 'New contact message',
          paragraphs: [`${name} wrote on ${pageUrl(context.siteUrl, facts.pagePath)}. Reply to this e-mail to answer them.`],
          sections: [
            {
              heading: 'Message',
              rows: rows([
                ['Name', facts.name],
                ['E-mail', facts.email],
                ['Phone', formatPhone(facts.phone)],
                ['Message', facts.message],
                ['Page', facts.pagePath],
                ['Sent', submitted(facts.submittedAt)],
              ]),
            },
          ],
          charges: null,
          closing: [],
        },
      }
    case 'estimate_request': {
      const visit = visitText(facts)
      return {
        subject: fillTokens(subjects.appointmentSubject, {name, service: facts.service, reference: ''}),
        view: {
          preview: `${name}: ${facts.service}, ${visit.date}, ${visit.window}.`,
          heading: 'New in-home estimate request',
          paragraphs: [
            `${name} asked for a free in-home estimate on ${pageUrl(context.siteUrl, facts.pagePath)}. Call them to confirm the time (they were told the office will); reply to this e-mail to write to them.`,
          ],
          sections: [
            {
              heading: 'Estimate visit',
              rows: rows([
                ['Service', facts.service],
                ['Preferred day', visit.date],
                ['Preferred window', visit.window],
                ['Walk-through', WALKTHROUGH_LABELS[facts.walkthrough]],
                ['Notes', facts.notes],
              ]),
            },
            {
              heading: 'Customer',
              rows: rows([
                ['Name', facts.fullName],
                ['Phone', formatPhone(facts.phone)],
                ['E-mail', facts.email],
                ['Address', `${facts.address}, ${facts.zipCode}`],
                ['Sent', submitted(facts.submittedAt)],
              ]),
            },
          ],
          charges: null,
          closing: [],
        },
      }
    }
    case 'appointment':
      // Queued by the earlier health-style form before the site changed; its subject is staff-facing.
      return {
        subject: `Appointment request from ${name} (earlier form)`,
        view: {
          preview: `${name}, ${formatCompanyDateTime(facts.appointmentTime)}.`,
          heading: 'New appointment request',
          paragraphs: [`${name} asked for an appointment on ${pageUrl(context.siteUrl, facts.pagePath)}. The form has no e-mail field: call them to confirm.`],
          sections: [
            {
              heading: 'Appointment',
              rows: rows([
                ['Name', facts.patientName],
                ['Phone', formatPhone(facts.patientPhone)],
                ['Gender', GENDER_LABELS[facts.patientGender]],
                ['Preferred time', formatCompanyDateTime(facts.appointmentTime)],
                ['Preferred mode', MODE_LABELS[facts.preferredMode]],
                ['Sent', submitted(facts.submittedAt)],
              ]),
            },
          ],
          charges: null,
          closing: [],
        },
      }
    case 'booking_paid':
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
          charges: bookingCharges(facts, 'Total paid'),
          closing: [`Paid ${formatCompanyDateTime(facts.paidAt)}.`],
        },
      }
    case 'booking_rescheduled': {
      const to = slotText(facts.toDate, facts.toWindow)
      return {
        subject: `Booking ${facts.reference} moved to ${to} (${name})`,
        view: {
          preview: `${name} moved ${facts.service} from ${slotText(facts.fromDate, facts.fromWindow)} to ${to}.`,
          heading: `Booking ${facts.reference} moved`,
          paragraphs: [`${name} moved their booking through its manage link. The new window had a place; plan the crews for it.`],
          sections: [
            {
              heading: 'Booking',
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Was', slotText(facts.fromDate, facts.fromWindow)],
                ['Now', to],
                ['Location', facts.location],
              ]),
            },
            customerRows(facts, name),
          ],
          charges: null,
          closing: [`Moved ${formatCompanyDateTime(facts.changedAt)}.`],
        },
      }
    }
    case 'booking_cancellation_requested':
      return {
        subject: `Cancellation request: booking ${facts.reference} (${name})`,
        view: {
          preview: `${name} asks to cancel ${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}.`,
          heading: `Cancellation request for booking ${facts.reference}`,
          paragraphs: [
            `${name} asks to cancel their booking through its manage link, more than 24 hours ahead. It stays booked and paid (${formatUsd(facts.totalCents)}) until you cancel and refund it; reply to this e-mail to confirm with them.`,
          ],
          sections: [
            {
              heading: 'Booking',
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date and window', slotText(facts.fromDate, facts.fromWindow)],
                ['Location', facts.location],
                ['Paid', formatUsd(facts.totalCents)],
              ]),
            },
            customerRows(facts, name),
          ],
          charges: null,
          closing: [`Asked ${formatCompanyDateTime(facts.changedAt)}.`],
        },
      }
  }
}

function bookingCharges(facts: BookingPaidFacts, totalLabel: string): EmailView['charges'] {
  return {
    heading: 'Charges',
    rows: facts.charges.map((charge) => ({label: charge.label, amount: charge.cents < 0 ? `−${formatUsd(-charge.cents)}` : formatUsd(charge.cents)})),
    total: {label: totalLabel, amount: formatUsd(facts.totalCents)},
  }
}

function customerView(facts: Exclude<EventFacts, AppointmentFacts>, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  switch (facts.kind) {
    case 'estimate_request': {
      // Sent to an address nobody has confirmed: only what the site offered (the day and window), never what was typed.
      const w = wording.estimateRequestReceived
      const values = {...common, ...visitText(facts)}
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
    case 'quote_request': {
      const w = wording.quoteRequestReceived
      const values = {...common, firstName: facts.firstName, service: leadService(facts)}
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.nextSteps, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values)],
          sections: [
            {
              heading: 'What you sent us',
              rows: rows([
                ['Name', `${facts.firstName} ${facts.lastName}`],
                ['Phone', formatPhone(facts.phone)],
                ['E-mail', facts.email],
                ['Zip code', facts.zipCode],
                ['Square footage', facts.squareFootage],
                ['Desired services', facts.desiredServices],
              ]),
            },
          ],
          charges: null,
          closing: [fillTokens(w.nextSteps, values)],
        },
      }
    }
    case 'contact_message': {
      const w = wording.contactMessageReceived
      const values = {...common, firstName: firstWord(facts.name), service: ''}
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.nextSteps, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values)],
          sections: [{heading: 'Your message', rows: rows([['Message', facts.message]])}],
          charges: null,
          closing: [fillTokens(w.nextSteps, values)],
        },
      }
    }
    case 'booking_paid': {
      const w = wording.bookingConfirmation
      const values = {
        ...common,
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        date: facts.date ? formatDate(facts.date) : '',
      }
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.intro, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.intro, values)],
          sections: [
            {
              heading: 'Your booking',
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date', facts.date ? formatDate(facts.date) : null],
                ['Arrival window', facts.arrivalWindow ? arrivalWindowLabel(facts.arrivalWindow) : null],
                ['Location', facts.location],
                ['Address', facts.customer.address],
              ]),
            },
          ],
          charges: bookingCharges(facts, 'Total paid'),
          closing: [fillTokens(w.nextSteps, values), fillTokens(w.changesNotice, values)],
          action: manageAction(facts, context),
        },
      }
    }
    case 'booking_rescheduled': {
      const slot = slotText(facts.toDate, facts.toWindow)
      return {
        subject: `Your booking ${facts.reference} is moved to ${slot}`,
        view: {
          preview: `Your ${facts.service} is now on ${slot}.`,
          heading: 'Your booking is moved',
          paragraphs: [`Hi ${facts.customer.firstName}, your ${facts.service} is now on ${slot}. The updated calendar file is attached.`],
          sections: [
            {
              heading: 'Your booking',
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date', formatDate(facts.toDate)],
                ['Arrival window', arrivalWindowLabel(facts.toWindow)],
                ['Was', slotText(facts.fromDate, facts.fromWindow)],
                ['Address', facts.customer.address],
              ]),
            },
          ],
          charges: null,
          closing: [`Questions? Call us at ${formatPhone(company.phone)}.`],
          action: manageAction({id: facts.id, windowStartsAt: facts.windowStartsAt}, context),
        },
      }
    }
    case 'booking_cancellation_requested': {
      const slot = slotText(facts.fromDate, facts.fromWindow)
      return {
        subject: `We received your request to cancel booking ${facts.reference}`,
        view: {
          preview: `You asked us to cancel your ${facts.service} on ${slot}.`,
          heading: 'We received your cancellation request',
          paragraphs: [
            `Hi ${facts.customer.firstName}, you asked us to cancel your ${facts.service} on ${slot}. We will confirm the cancellation and your refund by e-mail or phone.`,
          ],
          sections: [{heading: 'Your booking', rows: rows([['Reference', facts.reference], ['Service', facts.service], ['Date and window', slot]])}],
          charges: null,
          closing: [`Changed your mind, or questions? Call us at ${formatPhone(company.phone)}.`],
        },
      }
    }
  }
}

function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}

/** The calendar file of a paid booking that has a date, or of a moved one (the same event, a later version). */
function bookingCalendar(facts: BookingPaidFacts | BookingRescheduledFacts, context: ComposeContext): MailAttachment | null {
  const {company} = context
  const moved = facts.kind === 'booking_rescheduled'
  const date = moved ? facts.toDate : facts.date
  const window = moved ? facts.toWindow : facts.arrivalWindow
  if (!date) return null
  return {
    filename: `booking-${facts.reference}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: calendarDayFile({
      uid: `${facts.id}@${siteHost(context.siteUrl)}`,
      date,
      ...(window && facts.windowStartsAt ? {window: windowTimes(window, facts.windowStartsAt)} : {}),
      summary: `${facts.service} (${company.companyName})`,
      description: `Booking ${facts.reference}. To reschedule or cancel, tell us at least 24 hours ahead: ${company.phone}.`,
      location: facts.customer.address,
      stamp: new Date(moved ? facts.changedAt : facts.paidAt),
      organizer: {name: company.companyName, email: company.email},
      ...(moved ? {sequence: facts.sequence} : {}),
    }),
  }
}

/** The e-mail of one queued message, ready for the transport. */
export async function composeMail(message: OutboxMessage, context: ComposeContext): Promise<OutgoingMail> {
  const {company} = context
  const facts = message.payload
  const toBusiness = message.to === null
  if (!toBusiness && facts.kind === 'appointment') throw new Error(`No customer e-mail for ${message.eventKey}`)
  const {subject, view} = toBusiness ? businessView(facts, context) : customerView(facts as Exclude<EventFacts, AppointmentFacts>, context)
  const full: EmailView = {
    ...view,
    signature: toBusiness ? [] : [context.wording.signOff, company.companyName, formatPhone(company.phone)],
    footer: [company.companyName, ...addressLines(company.address), `${formatPhone(company.phone)} · ${company.email}`],
  }
  const {html, text} = await context.render(full)
  const calendar = !toBusiness && (facts.kind === 'booking_paid' || facts.kind === 'booking_rescheduled') ? bookingCalendar(facts, context) : null
  return {
    messageId: `<${message.id}@${siteHost(context.siteUrl)}>`,
    from: context.from ?? quotedAddress(company.companyName, company.email),
    to: message.to ?? company.email,
    replyTo: message.replyTo ?? (toBusiness ? undefined : company.email),
    subject,
    html,
    text,
    attachments: calendar ? [calendar] : undefined,
  }
}

