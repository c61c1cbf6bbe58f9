/**
 * The business's notifications: what the office reads when a customer asks for a quote, writes,
 * asks for an appointment, pays, moves a booking or asks to cancel it. Staff-facing: their words
 * live in code (the office is not marketing copy), only their subjects are content (the E-mails
 * document's "Notifications to the business"); every word a customer reads is from the content.
 * Each kind of event's notification is one module of ./notifications; this is the frame
 * around it: the customer's name for its subject, and the link to the office. Plain TypeScript.
 */
import type {ComposeContext, MessageView} from './view'
import type {CustomerEventFacts as EventFacts} from './queue'
import {businessNotification} from './notifications'
import {leadHref} from '../office/leads/actions'
import {pageUrl} from './view-parts'

/** The customer's name of an event, for the business's subjects. */
function customerName(facts: EventFacts): string {
  // A booking's or a plan's event carries its customer's details; a form's event, the form's own fields.
  if ('customer' in facts) return `${facts.customer.firstName} ${facts.customer.lastName}`
  switch (facts.kind) {
    case 'quote_request':
      return `${facts.firstName} ${facts.lastName}`
    case 'contact_message':
      return facts.name
    case 'estimate_request':
      return facts.fullName
    case 'appointment':
      return facts.patientName
    case 'lead_reply':
      return facts.firstName
    // Carries no name (its address was never confirmed): the office finds the customer by its reference.
    case 'checkout_reminder':
      return facts.reference
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
    case 'checkout_reminder':
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
export function businessView(facts: EventFacts, context: ComposeContext): MessageView {
  const {subject, view} = businessNotification(facts)(facts, context, customerName(facts))
  return {subject, view: {...view, action: {text: 'Everything about it, and what to do next:', label: officeLinkLabel(facts), url: pageUrl(context.siteUrl, officePath(facts))}}}
}

