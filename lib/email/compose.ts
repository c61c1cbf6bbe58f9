/**
 * From a queued message to the e-mail that is sent: addresses, subject, the view (heading,
 * paragraphs, details, charges) that the one e-mail layout renders to HTML and plain text, and the
 * calendar file of a dated booking. Every word a customer reads comes from the E-mails document of
 * the content (but the names of the tables' rows, as on the forms); the details from the event as
 * it happened. The business's notifications are ./business-notifications.ts. Plain TypeScript: the
 * renderer is passed in.
 */
import {addressLines, formatCompanyDateTime, formatDate, formatPhone, type PostalAddress} from '../format'
import {formatUsd} from '../booking/money'
import {arrivalWindowLabel, slotLabel, windowTimes} from '../booking/arrival-window'
import {customerCalendarFile} from '../calendar-file'
import {businessView} from './business-notifications'
import type {OutboxMessage} from './outbox'
import {staffEmailView} from '../office/access/sign-in-email'
import type {
  AppointmentFacts,
  BookingMovedByOfficeFacts,
  BookingPaidFacts,
  BookingRescheduledFacts,
  CustomerEventFacts as EventFacts,
  LeadReplyFacts,
  PlanChangedFacts,
  PlanVisitDeclinedFacts,
  PlanVisitReleasedFacts,
} from './queue'
import {fillTokens} from './tokens'
import type {BookingReminderFacts, ReviewRequestFacts} from './queue' // i24-reminders
import type {MailAttachment, OutgoingMail} from './transport'
import {bookingCharges, rows, submissionReference, visitText} from './view-parts'
import {planCalendarEvents, planOf, planView, type PlanWording} from './plan-section'

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
  // i24-reminders
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
  /** i24-plan-ui: what the confirmation of a plan's first visit adds. */
  planConfirmation: PlanWording
  /** i24-plans: a plan's visit placed in another window of its week; one with no free window that week. */
  planVisitPlaced: {subject: string; preview: string; heading: string; body: string; closing: string}
  planVisitUnplaced: {subject: string; preview: string; heading: string; body: string; closing: string}
  // i24-charges: a plan's visit whose card was refused, and its release.
  planVisitDeclined: {subject: string; preview: string; heading: string; body: string; authenticationText: string; actionText: string; actionLabel: string; closing: string}
  planVisitReleased: {subject: string; preview: string; heading: string; body: string; actionText: string; actionLabel: string; closing: string}
  /** i24-manage: a change of the customer's plan. */
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

function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

function quotedAddress(name: string, email: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${email}>`
}

/** The values of the booking confirmation's {tokens} (EMAIL_TOKENS.booking). */
type BookingValues = Record<'firstName' | 'reference' | 'service' | 'date' | 'companyName' | 'phone', string>

/**
 * The sentence (`text`, already filled in) and link to a booking's manage page, when it has a window
 * and the site signs links. The link is of the generation the event issued (a move's and a
 * cancellation request's e-mails carry a new one: the earlier links stop working).
 */
function manageAction(
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
 * An acknowledgement of a quote, contact or estimate request: its own words filled in with what may
 * be repeated (never the visitor's typed text), no sections, what happens next twice (preview and closing).
 */
function acknowledgement(
  w: {subject: string; heading: string; body: string; nextSteps: string},
  values: Record<string, string>,
): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
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

function customerView(facts: Exclude<EventFacts, AppointmentFacts>, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const {wording, company} = context
  const common = {companyName: company.companyName, phone: company.phone}
  const headings = wording.sectionHeadings
  switch (facts.kind) {
    // The three acknowledgements go to an address nobody has confirmed (anyone may type anyone's):
    // they repeat nothing the visitor typed but the first name, and give the submission's reference
    // and what happens next (decisions.md; the business's notification keeps everything).
    case 'estimate_request': {
      // Only what the site offered (the day and window).
      const w = wording.estimateRequestReceived
      const values = {...common, ...visitText(facts), reference: submissionReference(facts.id)}
      return acknowledgement(w, values)
    }
    case 'quote_request': {
      const w = wording.quoteRequestReceived
      // Not the page's service either: the browser sends its title.
      const values = {...common, firstName: firstWord(facts.firstName), reference: submissionReference(facts.id)}
      return acknowledgement(w, values)
    }
    case 'contact_message': {
      const w = wording.contactMessageReceived
      const values = {...common, firstName: firstWord(facts.name), reference: submissionReference(facts.id)}
      return acknowledgement(w, values)
    }
    case 'booking_paid': {
      const w = wording.bookingConfirmation
      const values: BookingValues = {
        ...common,
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        date: facts.date ? formatDate(facts.date) : '',
      }
      const action = manageAction(facts, fillTokens(w.manageLinkText, values), values, context)
      // i24-plan-ui: a plan's first visit also tells the plan and its next visits.
      const plan = planOf(facts)
      const planned = plan ? planView(facts, plan, wording.planConfirmation, common) : null
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.intro, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.intro, values), ...(planned ? [planned.paragraph] : [])],
          sections: [
            {
              heading: headings.booking,
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date', facts.date ? formatDate(facts.date) : null],
                ['Arrival window', facts.arrivalWindow ? arrivalWindowLabel(facts.arrivalWindow) : null],
                ['Location', facts.location],
                ['Address', facts.customer.address],
              ]),
            },
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
    case 'booking_rescheduled':
    case 'booking_moved_by_office': {
      // The office's move has its own opening words (the customer did not make it); the rest is the move's.
      const w = facts.kind === 'booking_moved_by_office' ? {...wording.bookingMoved, ...wording.bookingMovedByOffice} : wording.bookingMoved
      const values = {
        ...common,
        phone: formatPhone(company.phone),
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        slot: slotLabel(facts.toDate, facts.toWindow),
        previousSlot: slotLabel(facts.fromDate, facts.fromWindow),
      }
      const bookingValues: BookingValues = {...values, date: formatDate(facts.toDate)}
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.preview, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values)],
          sections: [
            {
              heading: headings.booking,
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date', formatDate(facts.toDate)],
                ['Arrival window', arrivalWindowLabel(facts.toWindow)],
                ['Was', values.previousSlot],
                ['Address', facts.customer.address],
              ]),
            },
          ],
          charges: null,
          closing: [fillTokens(w.closing, values)],
          action: manageAction(facts, fillTokens(w.manageLinkText, values), bookingValues, context),
        },
      }
    }
    case 'booking_cancellation_requested': {
      const w = wording.cancellationRequestReceived
      const values = {
        ...common,
        phone: formatPhone(company.phone),
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        slot: slotLabel(facts.fromDate, facts.fromWindow),
      }
      const bookingValues: BookingValues = {...values, date: facts.fromDate ? formatDate(facts.fromDate) : ''}
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.preview, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values)],
          sections: [{heading: headings.booking, rows: rows([['Reference', facts.reference], ['Service', facts.service], ['Date and window', values.slot]])}],
          charges: null,
          closing: [fillTokens(w.closing, values)],
          action: manageAction(facts, fillTokens(w.manageLinkText, values), bookingValues, context),
        },
      }
    }
    case 'booking_cancelled': {
      const w = wording.bookingCancelled
      const values = {
        ...common,
        phone: formatPhone(company.phone),
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        slot: slotLabel(facts.fromDate, facts.fromWindow),
        amount: formatUsd(facts.refundedCents),
      }
      // What happened to the money: a late payment refunded, a refund, or none.
      const money = facts.latePayment ? w.latePaymentText : facts.refundedCents > 0 ? w.refundText : w.noRefundText
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.preview, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values), fillTokens(money, values)],
          sections: [
            {
              heading: headings.booking,
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date and window', values.slot],
                ['Paid', formatUsd(facts.totalCents)],
                ['Refunded', formatUsd(facts.refundedCents)],
              ]),
            },
          ],
          charges: null,
          closing: [fillTokens(w.closing, values)],
        },
      }
    }
    case 'booking_refunded': {
      const w = wording.bookingRefunded
      const reasons = {part_not_done: w.partNotDoneReason, goodwill: w.goodwillReason, charged_twice: w.chargedTwiceReason}
      const values = {
        ...common,
        phone: formatPhone(company.phone),
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        slot: slotLabel(facts.fromDate, facts.fromWindow),
        amount: formatUsd(facts.refundedCents),
        total: formatUsd(facts.totalRefundedCents),
        // The owner's own words as typed (a value is put in once, never read again for tokens).
        reason: facts.reason.code === 'other' ? facts.reason.text : reasons[facts.reason.code],
      }
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.preview, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values), fillTokens(w.reasonText, values)],
          sections: [
            {
              heading: headings.booking,
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date and window', values.slot],
                ['Paid', formatUsd(facts.totalCents)],
                ['This refund', values.amount],
                ['Total refunded', values.total],
              ]),
            },
          ],
          charges: null,
          closing: [fillTokens(w.closing, values)],
        },
      }
    }
    case 'lead_reply':
      return leadReplyView(facts, context)
    // i24-plans
    case 'plan_visit_placed':
    case 'plan_visit_unplaced': {
      const placed = facts.kind === 'plan_visit_placed' ? facts : null
      const w = placed ? wording.planVisitPlaced : wording.planVisitUnplaced
      const usualSlot = slotLabel(facts.usualDate, facts.usualWindow)
      const values = {
        ...common,
        phone: formatPhone(company.phone),
        firstName: facts.customer.firstName,
        reference: facts.reference,
        service: facts.service,
        slot: placed ? slotLabel(placed.toDate, placed.toWindow) : usualSlot,
        usualSlot,
      }
      return {
        subject: fillTokens(w.subject, values),
        view: {
          preview: fillTokens(w.preview, values),
          heading: fillTokens(w.heading, values),
          paragraphs: [fillTokens(w.body, values)],
          sections: [
            {
              heading: headings.booking,
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Date', placed ? formatDate(placed.toDate) : null],
                ['Arrival window', placed ? arrivalWindowLabel(placed.toWindow) : null],
                ['Usually', usualSlot],
                ['Price', formatUsd(facts.totalCents)],
                ['Address', facts.customer.address],
              ]),
            },
          ],
          charges: null,
          closing: [fillTokens(w.closing, values)],
        },
      }
    }
    // i24-charges
    case 'plan_visit_declined':
    case 'plan_visit_released':
      return planVisitChargeView(facts, context)
    // i24-reminders
    case 'booking_reminder':
      return reminderView(facts, context)
    case 'review_request':
      return reviewRequestView(facts, context)
    // i24-manage
    case 'plan_changed':
      return planChangedView(facts, context)
    case 'plan_early_cancellation':
      // Queued for the business only (a charge that did not go through): the customer's cancellation e-mail says it.
      throw new Error('The early-cancellation charge is not e-mailed to the customer')
  }
}

/** i24-manage: the customer's e-mail of a change of their plan, in the content's words. */
function planChangedView(facts: PlanChangedFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const w = context.wording.planChanged
  const values = {
    firstName: facts.customer.firstName,
    service: facts.service,
    frequency: facts.frequency,
    slot: facts.visit ? slotLabel(facts.visit.date, facts.visit.arrivalWindow) : '',
    amount: formatUsd(facts.earlyCancellationCents ?? 0),
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
  }
  const text = {visit_skipped: w.skippedText, paused: w.pausedText, resumed: w.resumedText, cancelled: w.cancelledText}[facts.change]
  const early = facts.change === 'cancelled' && (facts.earlyCancellationCents ?? 0) > 0 ? [fillTokens(w.earlyCancellationText, values)] : []
  const next = facts.manageVisit
  const action =
    next && context.manageUrl
      ? {
          text: fillTokens(w.manageLinkText, values),
          label: fillTokens(context.wording.bookingConfirmation.manageLinkLabel, {...values, reference: '', date: ''}),
          url: context.manageUrl({id: next.id, windowStartsAt: next.windowStartsAt, linkGeneration: next.linkGeneration}),
        }
      : null
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(text, values), ...early],
      sections: [],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action,
    },
  }
}

// i24-reminders
/** What to prepare for a visit of this industry (the content's text, one paragraph per line). */
function prepareText(industry: BookingReminderFacts['industry'], wording: EmailWording['bookingReminder']): string {
  switch (industry) {
    case 'house':
      return wording.prepareHouse
    case 'exterior':
      return wording.prepareExterior
    case 'carpet':
      return wording.prepareCarpet
    case 'commercial':
      return wording.prepareCommercial
  }
}

/** The reminder before a visit: its date and window, what to prepare, the booking, the manage link. */
function reminderView(facts: BookingReminderFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const w = context.wording.bookingReminder
  const values = {
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    date: formatDate(facts.date),
    slot: slotLabel(facts.date, facts.arrivalWindow),
  }
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values), ...typedParagraphs(fillTokens(prepareText(facts.industry, w), values))],
      sections: [
        {
          heading: context.wording.sectionHeadings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date', formatDate(facts.date)],
            ['Arrival window', arrivalWindowLabel(facts.arrivalWindow)],
            ['Location', facts.location],
            ['Address', facts.customer.address],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action: manageAction(facts, fillTokens(w.manageLinkText, values), values, context),
    },
  }
}

/** The review request after a visit: thanks, and a button to the feedback address. */
function reviewRequestView(facts: ReviewRequestFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const w = context.wording.reviewRequest
  const values = {
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    date: facts.date ? formatDate(facts.date) : '',
  }
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs: [fillTokens(w.body, values)],
      sections: [],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action: {text: fillTokens(w.linkText, values), label: fillTokens(w.linkLabel, values), url: facts.feedbackUrl},
    },
  }
}
// end i24-reminders

// i24-charges
/**
 * A plan's visit whose card was refused (the customer may give a new one until the deadline) or
 * released after it: the content's words, the visit's facts, and the button to its manage page,
 * where the plan's card is changed.
 */
function planVisitChargeView(facts: PlanVisitDeclinedFacts | PlanVisitReleasedFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const declined = facts.kind === 'plan_visit_declined'
  const w = declined ? context.wording.planVisitDeclined : context.wording.planVisitReleased
  const values = {
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
    firstName: facts.customer.firstName,
    reference: facts.reference,
    service: facts.service,
    slot: slotLabel(facts.date, facts.arrivalWindow),
    amount: formatUsd(facts.totalCents),
    card: facts.cardLabel ?? '',
    deadline: declined ? formatCompanyDateTime(facts.deadlineAt) : '',
  }
  const paragraphs = [fillTokens(w.body, values), ...(declined && facts.authenticationRequired ? [fillTokens(context.wording.planVisitDeclined.authenticationText, values)] : [])]
  const action =
    facts.windowStartsAt && context.manageUrl
      ? {
          text: fillTokens(w.actionText, values),
          label: fillTokens(w.actionLabel, values),
          url: context.manageUrl({id: facts.id, windowStartsAt: facts.windowStartsAt, linkGeneration: facts.linkGeneration}),
        }
      : null
  return {
    subject: fillTokens(w.subject, values),
    view: {
      preview: fillTokens(w.preview, values),
      heading: fillTokens(w.heading, values),
      paragraphs,
      sections: [
        {
          heading: context.wording.sectionHeadings.booking,
          rows: rows([
            ['Reference', facts.reference],
            ['Service', facts.service],
            ['Date and window', values.slot],
            ['Price', values.amount],
          ]),
        },
      ],
      charges: null,
      closing: [fillTokens(w.closing, values)],
      action,
    },
  }
}
// end i24-charges

/** The paragraphs of a message typed in a text area: one per line, blank lines dropped. */
function typedParagraphs(message: string): string[] {
  return message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

/**
 * A reply written in the office: its subject and message are what staff wrote (rendered as text by
 * the layout, so nothing typed becomes markup), between the content's greeting and closing.
 */
function leadReplyView(facts: LeadReplyFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const w = context.wording.leadReply
  const values = {
    firstName: firstWord(facts.firstName),
    reference: submissionReference(facts.leadId),
    companyName: context.company.companyName,
    phone: formatPhone(context.company.phone),
  }
  const paragraphs = typedParagraphs(facts.message)
  return {
    subject: facts.subject,
    view: {
      preview: (paragraphs[0] ?? facts.subject).slice(0, 140),
      heading: facts.subject,
      paragraphs: [fillTokens(w.greeting, values), ...paragraphs],
      sections: [],
      charges: null,
      closing: [fillTokens(w.closing, values)],
    },
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
  // i24-plan-ui: a plan's first confirmation holds every visit scheduled, one event each.
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
  if (payload.kind === 'staff_sign_in' || payload.kind === 'staff_invitation') {
    // To one member of staff, in the office's words: no signature, the company in the footer.
    if (!message.to) throw new Error(`No staff e-mail for ${message.eventKey}`)
    const {subject, view} = staffEmailView(payload, context.siteUrl)
    const {html, text} = await context.render({...view, signature: [], footer: [company.companyName]})
    return {messageId: `<${message.id}@${siteHost(context.siteUrl)}>`, from: context.from ?? quotedAddress(company.companyName, company.email), to: message.to, subject, html, text}
  }
  const facts = payload
  const toBusiness = message.to === null
  if (!toBusiness && facts.kind === 'appointment') throw new Error(`No customer e-mail for ${message.eventKey}`)
  const {subject, view} = toBusiness ? businessView(facts, context) : customerView(facts as Exclude<EventFacts, AppointmentFacts>, context)
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
  }
}

