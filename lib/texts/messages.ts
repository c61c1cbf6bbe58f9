import {slotLabel} from '../booking/arrival-window'
import type {StoredBooking} from '../booking/store/store'
import {fillIn} from '../format'
import {toE164} from './phone'
import {composeStaffText, isStaffTextTemplate, type StaffTextFacts, type StaffTextTemplate} from './staff-alert'

/**
 * What the texts say and what each needs. The words are content (the Text messages document); the
 * business's name goes first and the opt-out line last on every text, whatever the wording.
 */

export const TEXT_TEMPLATES = ['visit_reminder', 'crew_on_the_way'] as const
export type TextTemplate = (typeof TEXT_TEMPLATES)[number]

/** The facts a text is written from, as they were when it was queued. */
export interface TextFacts {
  firstName: string
  service: string
  date: string | null
  arrivalWindow: string | null
  /** The visit's window as queued: a reminder of a window since moved is not sent. */
  windowStartsAt: string | null
  /** No use sending after this (the window's start for a reminder, its end for "on the way"). */
  expiresAt: string
}

/** A text to queue (`enqueue_texts`). */
export interface QueuedText {
  eventKey: string
  bookingId: string
  to: string
  template: TextTemplate
  payload: TextFacts
  /** ISO; never in quiet hours (./quiet-hours.ts `sendableAt`). */
  dueAt: string
}

/** The content's wording: one sentence per text ({firstName}, {service}, {visit}) and the opt-out line. */
export interface TextWording {
  visitReminder: string
  crewOnTheWay: string
  optOutLine: string
}

/** The facts of a booking's text. */
export function textFacts(booking: StoredBooking, expiresAt: Date): TextFacts {
  return {
    firstName: booking.firstName,
    service: booking.frequency ? `${booking.service ?? ''} (${booking.frequency})`.trim() : (booking.service ?? ''),
    date: booking.date,
    arrivalWindow: booking.arrivalWindow,
    windowStartsAt: booking.windowStartsAt,
    expiresAt: expiresAt.toISOString(),
  }
}

/** A booking's text to queue, or null when its phone is no number a text can go to. */
export function queuedText(booking: StoredBooking, template: TextTemplate, eventKey: string, dueAt: Date, expiresAt: Date): QueuedText | null {
  const to = toE164(booking.phone)
  if (!to) return null
  return {eventKey, bookingId: booking.id, to, template, payload: textFacts(booking, expiresAt), dueAt: dueAt.toISOString()}
}

/** The text as sent: '<business>: <wording filled in> <opt-out line>'. */
export function composeText(template: TextTemplate, facts: TextFacts, wording: TextWording, businessName: string): string {
  const sentence = template === 'visit_reminder' ? wording.visitReminder : wording.crewOnTheWay
  const filled = fillIn(sentence, {firstName: facts.firstName, service: facts.service, visit: slotLabel(facts.date, facts.arrivalWindow)})
  return `${businessName}: ${filled.trim()} ${wording.optOutLine.trim()}`
}

/** Any text the outbox holds: a customer's (its booking's) or a member of staff's (their alerts). */
export type AnyTextTemplate = TextTemplate | StaffTextTemplate
export type AnyTextFacts = TextFacts | StaffTextFacts

/** The body of a claimed text: a staff alert in the office's words, a customer's text in the content's. */
export function composeOutboxText(message: {template: AnyTextTemplate; payload: AnyTextFacts}, wording: TextWording, businessName: string, siteUrl: string): string {
  if (isStaffTextTemplate(message.template)) return composeStaffText(message.payload as StaffTextFacts, businessName, siteUrl)
  return composeText(message.template, message.payload as TextFacts, wording, businessName)
}
