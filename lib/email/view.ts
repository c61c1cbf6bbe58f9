/**
 * The shapes every e-mail shares: the content's wording of the e-mails, the company facts, the view
 * one e-mail layout renders (components/email), and what composing one needs. Types only, so every
 * module of ./messages and the composer import them without importing each other.
 */
import type {PostalAddress} from '../format'
import type {CustomerEventFacts} from './queue'

/** The wording of the E-mails document (lib/content's EmailSettings). */
export interface EmailWording {
  bookingConfirmation: {
    subject: string
    heading: string
    intro: string
    nextSteps: string
    /** Only to a customer who agreed to texts on the form. */
    textsNotice: string
    changesNotice: string
    manageLinkText: string
    manageLinkLabel: string
    calendarNote: string
  }
  quoteRequestReceived: {subject: string; heading: string; body: string; nextSteps: string}
  contactMessageReceived: {subject: string; heading: string; body: string; nextSteps: string}
  estimateRequestReceived: {subject: string; heading: string; body: string; nextSteps: string}
  bookingMoved: {subject: string; preview: string; heading: string; body: string; closing: string; manageLinkText: string}
  /** The office moved the booking: its own subject, preview, heading and text; the questions line and the manage link's sentence are bookingMoved's. */
  bookingMovedByOffice: {subject: string; preview: string; heading: string; body: string}
  cancellationRequestReceived: {subject: string; preview: string; heading: string; body: string; closing: string; manageLinkText: string}
  sectionHeadings: {booking: string; charges: string}
  bookingCancelled: {subject: string; preview: string; heading: string; body: string; refundText: string; noRefundText: string; latePaymentText: string; closing: string}
  /** The owner refunded part or all of a booking, the visit kept: the reason's sentence follows the text; each listed reason has its own words. */
  bookingRefunded: {
    subject: string
    preview: string
    heading: string
    body: string
    reasonText: string
    partNotDoneReason: string
    goodwillReason: string
    chargedTwiceReason: string
    closing: string
  }
  signOff: string
  businessNotifications: {quoteRequestSubject: string; contactMessageSubject: string; appointmentSubject: string; bookingPaidSubject: string}
  /** The fixed words around a reply written in the office (the subject and message are staff's). */
  leadReply: {greeting: string; closing: string}
  /** The reminder before a visit: what to prepare, one text per industry. */
  bookingReminder: {
    subject: string
    preview: string
    heading: string
    body: string
    prepareHouse: string
    prepareExterior: string
    prepareCarpet: string
    prepareCommercial: string
    closing: string
    manageLinkText: string
  }
  reviewRequest: {subject: string; preview: string; heading: string; body: string; linkText: string; linkLabel: string; closing: string}
  /** What the confirmation of a plan's first visit adds. */
  planConfirmation: PlanWording
  /** A plan's visit placed in another window of its week; one with no free window that week. */
  planVisitPlaced: {subject: string; preview: string; heading: string; body: string; closing: string}
  planVisitUnplaced: {subject: string; preview: string; heading: string; body: string; closing: string}
  // A plan's visit whose card was refused, and its release.
  planVisitDeclined: {subject: string; preview: string; heading: string; body: string; authenticationText: string; actionText: string; actionLabel: string; closing: string}
  planVisitReleased: {subject: string; preview: string; heading: string; body: string; actionText: string; actionLabel: string; closing: string}
  /** The one reminder after a checkout ended unpaid: a button to the form filled in, a line to stop such e-mails. */
  checkoutReminder: {subject: string; preview: string; heading: string; body: string; linkText: string; linkLabel: string; stopText: string}
  /** A change of the customer's plan. */
  planChanged: {
    subject: string
    preview: string
    heading: string
    skippedText: string
    pausedText: string
    resumedText: string
    cancelledText: string
    earlyCancellationText: string
    closing: string
    manageLinkText: string
  }
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
  /** After the sign-off: how to get no more such e-mails, and the link that does it. */
  stop?: {text: string; url: string} | null
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
  /** The private manage page of a booking with an arrival window (a signed link of the given generation), if the site offers one. */
  manageUrl?: (booking: ManageLinkFor) => string
}

/** What a booking's manage link is made of: the booking, the window it lasts beyond, its generation (0: the confirmation's). */
export interface ManageLinkFor {
  id: string
  windowStartsAt: string
  linkGeneration: number
}

/** What the wording of a plan's first confirmation adds (the E-mails document's planConfirmation). */
export interface PlanWording {
  heading: string
  intro: string
  visitLabel: string
  changes: string
}

/** One e-mail's subject and view, before the composer adds the signature and the footer. */
export type MessageView = {subject: string; view: Omit<EmailView, 'footer' | 'signature'>}

/** The customer's e-mail of one kind of event (a module of ./messages). */
export type CustomerEmail<F extends CustomerEventFacts> = (facts: F, context: ComposeContext) => MessageView

/** The business's notification of one kind of event (a module of ./notifications), given the customer's name for its subject. */
export type BusinessNotification<F extends CustomerEventFacts> = (facts: F, context: ComposeContext, name: string) => MessageView
