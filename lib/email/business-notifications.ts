/**
 * The business's notifications: what the office reads when a customer asks for a quote, writes,
 * asks for an appointment, pays, moves a booking or asks to cancel it. Staff-facing: their words
 * live here in code (decisions.md, "The office"), only their subjects are content (the E-mails
 * document's "Notifications to the business"); every word a customer reads is in ./compose.ts,
 * from the content. Plain TypeScript.
 */
import {formatUsd} from '../booking/money'
import {formatCompanyDateTime, formatDate, formatPhone} from '../format'
import type {ComposeContext, EmailView} from './compose'
import type {AppointmentFacts, CustomerEventFacts as EventFacts, EstimateRequestFacts} from './queue'
import {fillTokens} from './tokens'
import {leadHref} from '../office/leads/actions'
import {slotLabel} from '../booking/arrival-window'
import {addressWithZip, bookingCharges, leadService, pageUrl, rows, submissionReference, visitText} from './view-parts'

const GENDER_LABELS: Record<AppointmentFacts['patientGender'], string> = {male: 'Male', female: 'Female', private: 'Private'}
const MODE_LABELS: Record<AppointmentFacts['preferredMode'], string> = {voice: 'Voice call', video: 'Video call'}
const WALKTHROUGH_LABELS: Record<EstimateRequestFacts['walkthrough'], string> = {in_person: 'In person, at the address', video: 'Video walk-through'}

/** A date and arrival window as read ('December 31, 2030, 8:00 AM – 10:00 AM'), or that there is none. */
function slotText(date: string | null, window: string | null): string {
  return slotLabel(date, window) || 'not set'
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
    case 'booking_cancelled':
    case 'booking_refunded':
    case 'booking_moved_by_office':
    // i24-reminders
    case 'booking_reminder':
    case 'review_request':
    case 'plan_visit_placed':
    case 'plan_visit_unplaced':
    // i24-charges
    case 'plan_visit_declined':
    case 'plan_visit_released':
      return `${facts.customer.firstName} ${facts.customer.lastName}`
    case 'lead_reply':
      return facts.firstName
    // i24-manage
    case 'plan_changed':
    case 'plan_early_cancellation':
      return `${facts.customer.firstName} ${facts.customer.lastName}`
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

/**
 * Where the office keeps what a notification is about: the booking (a plan's visit is a booking),
 * the lead (an earlier-form appointment is stored with the estimate requests), or the plan.
 */
export function officePath(facts: EventFacts): string {
  switch (facts.kind) {
    case 'quote_request':
    case 'contact_message':
    case 'estimate_request':
      return leadHref(facts.kind, facts.id)
    case 'appointment':
      return leadHref('estimate_request', facts.id)
    case 'lead_reply':
      return leadHref(facts.leadKind, facts.leadId)
    case 'booking_paid':
    case 'booking_rescheduled':
    case 'booking_cancellation_requested':
    case 'booking_cancelled':
    case 'booking_refunded':
    case 'booking_moved_by_office':
    case 'booking_reminder':
    case 'review_request':
    case 'plan_visit_declined':
    case 'plan_visit_released':
      return `/office/bookings/${encodeURIComponent(facts.id)}`
    // Their `id` is the plan's.
    case 'plan_visit_placed':
    case 'plan_visit_unplaced':
    case 'plan_changed':
    case 'plan_early_cancellation':
      return `/office/plans/${encodeURIComponent(facts.id)}`
  }
}

/** What the office's link is to, in the button's words. */
function officeLinkLabel(facts: EventFacts): string {
  const path = officePath(facts)
  return path.startsWith('/office/leads/') ? 'Open the lead in the office' : path.startsWith('/office/plans/') ? 'Open the plan in the office' : 'Open the booking in the office'
}

/**
 * The business's notification of an event: its subject and what it shows, ending with a link to
 * the booking, lead or plan in the office (an absolute address on the site's own public address).
 */
export function businessView(facts: EventFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const {subject, view} = businessContent(facts, context)
  return {subject, view: {...view, action: {text: 'Everything about it, and what to do next:', label: officeLinkLabel(facts), url: pageUrl(context.siteUrl, officePath(facts))}}}
}

function businessContent(facts: EventFacts, context: ComposeContext): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const subjects = context.wording.businessNotifications
  const name = customerName(facts)
  const submitted = (at: string) => formatCompanyDateTime(at)
  switch (facts.kind) {
    case 'quote_request': {
      const service = leadService(facts)
      return {
        subject: fillTokens(subjects.quoteRequestSubject, {name, service: service || 'a service', reference: submissionReference(facts.id)}),
        view: {
          preview: `${name} asks for a quote${service ? ` for ${service}` : ''}.`,
          heading: 'New quote request',
          paragraphs: [`${name} asked for a quote on ${pageUrl(context.siteUrl, facts.pagePath)}. Reply to this e-mail to answer them.`],
          sections: [
            {
              heading: 'Request',
              rows: rows([
                ['Reference', submissionReference(facts.id)],
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
        subject: fillTokens(subjects.contactMessageSubject, {name, service: '', reference: submissionReference(facts.id)}),
        view: {
          preview: facts.message.slice(0, 120),
          heading: 'New contact message',
          paragraphs: [`${name} wrote on ${pageUrl(context.siteUrl, facts.pagePath)}. Reply to this e-mail to answer them.`],
          sections: [
            {
              heading: 'Message',
              rows: rows([
                ['Reference', submissionReference(facts.id)],
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
        subject: fillTokens(subjects.appointmentSubject, {name, service: facts.service, reference: submissionReference(facts.id)}),
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
                ['Reference', submissionReference(facts.id)],
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
                ['Address', addressWithZip(facts.address, facts.zipCode)],
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
          charges: bookingCharges(facts, 'Charges', 'Total paid'),
          closing: [`Paid ${formatCompanyDateTime(facts.paidAt)}.`],
        },
      }
    case 'booking_rescheduled':
    // Not queued (the office made the move and its record shows who); worded should one be.
    case 'booking_moved_by_office': {
      const to = slotText(facts.toDate, facts.toWindow)
      const byOffice = facts.kind === 'booking_moved_by_office'
      return {
        subject: `Booking ${facts.reference} moved to ${to} (${name})`,
        view: {
          preview: `${name} moved ${facts.service} from ${slotText(facts.fromDate, facts.fromWindow)} to ${to}.`,
          heading: `Booking ${facts.reference} moved`,
          paragraphs: [
            byOffice
              ? `The office moved ${name}'s booking; the customer was e-mailed the new window.`
              : `${name} moved their booking through its manage link. The new window had a place; plan the crews for it.`,
          ],
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
    // Not queued for the business (the owner refunds from the office), shown if a copy is ever asked for.
    case 'booking_refunded':
      return {
        subject: `Booking ${facts.reference} refunded ${formatUsd(facts.refundedCents)} (${name})`,
        view: {
          preview: `${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}: ${formatUsd(facts.refundedCents)} refunded.`,
          heading: `Booking ${facts.reference}: ${formatUsd(facts.refundedCents)} refunded`,
          paragraphs: [`Refunded from the office; ${formatUsd(facts.totalRefundedCents)} of ${formatUsd(facts.totalCents)} refunded in total.`],
          sections: [customerRows(facts, name)],
          charges: null,
          closing: [`Refunded ${formatCompanyDateTime(facts.changedAt)}.`],
        },
      }
    // Not queued for the business (staff cancel from the office), shown if a copy is ever asked for.
    case 'booking_cancelled':
      return {
        subject: `Booking ${facts.reference} cancelled (${name})`,
        view: {
          preview: `${facts.service} on ${slotText(facts.fromDate, facts.fromWindow)}: ${formatUsd(facts.refundedCents)} refunded.`,
          heading: `Booking ${facts.reference} cancelled`,
          paragraphs: [`Cancelled from the office; ${formatUsd(facts.refundedCents)} of ${formatUsd(facts.totalCents)} refunded.`],
          sections: [customerRows(facts, name)],
          charges: null,
          closing: [`Cancelled ${formatCompanyDateTime(facts.changedAt)}.`],
        },
      }
    // i24-plans: a plan's visit with no free window in its week (the placed one is the customer's only).
    case 'plan_visit_placed':
    case 'plan_visit_unplaced': {
      const usual = slotText(facts.usualDate, facts.usualWindow)
      const placed = facts.kind === 'plan_visit_placed' ? slotText(facts.toDate, facts.toWindow) : null
      return {
        subject: placed ? `Plan ${facts.reference}: visit ${facts.visit} placed on ${placed} (${name})` : `Plan ${facts.reference}: no place for visit ${facts.visit} on ${usual} (${name})`,
        view: {
          preview: placed ? `${facts.service}: the usual window was full; placed on ${placed}.` : `${facts.service}: every window of the week of ${formatDate(facts.usualDate)} is full.`,
          heading: placed ? `Plan visit ${facts.visit} placed elsewhere` : `No place for plan visit ${facts.visit}`,
          paragraphs: [
            placed
              ? `The plan's usual window was full or closed; the visit was placed in the nearest free window of its week and the customer was told.`
              : `Every window of that week was full or closed, so the visit was not booked and will not be charged. The customer was told; call them to find another day, or make room and book it from the office.`,
          ],
          sections: [
            {
              heading: 'Visit',
              rows: rows([
                ['Plan', facts.reference],
                ['Service', facts.service],
                ['Visit', String(facts.visit)],
                ['Usual date and window', usual],
                ['Placed on', placed],
                ['Price', formatUsd(facts.totalCents)],
              ]),
            },
            customerRows(facts, name),
          ],
          charges: null,
          closing: [],
        },
      }
    }
    // i24-manage: a plan's changes (staff-facing words; the office's own changes are not sent here).
    case 'plan_changed': {
      const what = {
        visit_skipped: `skipped the visit of ${slotText(facts.visit?.date ?? null, facts.visit?.arrivalWindow ?? null)}`,
        paused: `paused their ${facts.frequency} plan (${facts.released} visit(s) more than 24 hours ahead released)`,
        resumed: `resumed their ${facts.frequency} plan`,
        cancelled: `cancelled their ${facts.frequency} plan (${facts.released} visit(s) more than 24 hours ahead released)`,
      }[facts.change]
      return {
        subject: `Plan change: ${name} ${what.split(' (')[0]}`,
        view: {
          preview: `${name} ${what}.`,
          heading: `Plan change (${facts.service})`,
          paragraphs: [
            `${name} ${what} through their manage link.`,
            ...(facts.change === 'cancelled' && facts.earlyCancellationCents > 0
              ? [`Cancelled before its second visit: the difference to the one-time price, ${formatUsd(facts.earlyCancellationCents)}, is charged to the saved card (see the plan in the office).`]
              : []),
          ],
          sections: [customerRows(facts, name)],
          charges: null,
          closing: [`Changed ${formatCompanyDateTime(facts.changedAt)}.`],
        },
      }
    }
    case 'plan_early_cancellation':
      return {
        subject: `Early-cancellation charge not taken: ${name}`,
        view: {
          preview: `${formatUsd(facts.amountCents)} could not be charged (${facts.status}).`,
          heading: 'Early-cancellation charge not taken',
          paragraphs: [
            `${name} cancelled their ${facts.frequency} plan (${facts.service}) before its second visit. The difference to the one-time price, ${formatUsd(facts.amountCents)}, could not be charged to the saved card: ${facts.status}${facts.error ? ` (${facts.error})` : ''}. Call the customer; nothing more is tried automatically.`,
          ],
          sections: [customerRows(facts, name)],
          charges: null,
          closing: [`Tried ${formatCompanyDateTime(facts.at)}.`],
        },
      }
    case 'lead_reply':
      // Replies are queued for the customer only (the office keeps them in the lead's history); a
      // copy to the business would read like this.
      return {
        subject: `Reply sent to ${facts.to}: ${facts.subject}`,
        view: {
          preview: facts.message.slice(0, 120),
          heading: 'Reply sent from the office',
          paragraphs: [`${facts.staffName} wrote to ${facts.to}.`],
          sections: [{heading: 'Reply', rows: rows([['Subject', facts.subject], ['Message', facts.message], ['Sent', formatCompanyDateTime(facts.sentAt)]])}],
          charges: null,
          closing: [],
        },
      }
    // i24-charges: a released visit is the office's to hear of (its crew's day changes; the
    // customer may call); a decline is only the customer's (shown should a copy be asked for).
    case 'plan_visit_declined':
    case 'plan_visit_released': {
      const slot = slotText(facts.date, facts.arrivalWindow)
      const released = facts.kind === 'plan_visit_released'
      return {
        subject: released ? `Plan visit released: ${facts.reference} on ${slot} (${name})` : `Plan visit declined: ${facts.reference} on ${slot} (${name})`,
        view: {
          preview: released
            ? `${name}'s card was declined for visit ${facts.visit} and no new card came in time: the visit is off and its place is free.`
            : `${name}'s card was declined for visit ${facts.visit}; they were asked for a new card.`,
          heading: released ? `Plan visit ${facts.reference} released` : `Plan visit ${facts.reference} declined`,
          paragraphs: released
            ? [
                `The saved card of ${name}'s plan was declined for visit ${facts.visit} (${formatUsd(facts.totalCents)}) and no new card came before the deadline. The visit is cancelled unpaid and its place in the window is offered to others; take it off the crew's day. The plan's later visits stay booked. Reply to this e-mail to write to the customer.`,
              ]
            : [`The saved card of ${name}'s plan was declined for visit ${facts.visit}; the customer was e-mailed a link to give a new card.`],
          sections: [
            {
              heading: 'Visit',
              rows: rows([
                ['Reference', facts.reference],
                ['Service', facts.service],
                ['Visit', String(facts.visit)],
                ['Date and window', slot],
                ['Location', facts.location],
                ['Amount', formatUsd(facts.totalCents)],
                ['Card', facts.cardLabel],
              ]),
            },
            customerRows(facts, name),
          ],
          charges: null,
          closing: [released ? `Released ${formatCompanyDateTime(facts.releasedAt)}.` : `Declined ${formatCompanyDateTime(facts.declinedAt)}.`],
        },
      }
    }
    // i24-reminders: queued for the customer only; a copy to the business would read like this.
    case 'booking_reminder':
      return {
        subject: `Reminder sent for booking ${facts.reference} (${name})`,
        view: {
          preview: `${facts.service} on ${slotText(facts.date, facts.arrivalWindow)}.`,
          heading: `Reminder sent for booking ${facts.reference}`,
          paragraphs: [`${facts.service} on ${slotText(facts.date, facts.arrivalWindow)}.`],
          sections: [customerRows(facts, name)],
          charges: null,
          closing: [],
        },
      }
    case 'review_request':
      return {
        subject: `Review asked for booking ${facts.reference} (${name})`,
        view: {
          preview: `${facts.service}, marked done ${formatCompanyDateTime(facts.doneAt)}.`,
          heading: `Review asked for booking ${facts.reference}`,
          paragraphs: [`${facts.service}, marked done ${formatCompanyDateTime(facts.doneAt)}.`],
          sections: [customerRows(facts, name)],
          charges: null,
          closing: [],
        },
      }
  }
}
