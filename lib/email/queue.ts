/**
 * What the site tells people by e-mail, as data: each event (a quote request, a contact message, an
 * request for an in-home estimate, a paid booking, a customer's move or cancellation request) queues one message per audience, stored with the event in one
 * transaction (the database functions of supabase/migrations) and sent later by the outbox worker.
 * The payload is the event as it was when it happened; the wording around it comes from the
 * content when the message is rendered. Plain TypeScript: no React, no SDK.
 */

/** Who reads a message: the business, the customer, or one member of staff (the office's sign-in links). */
export type EmailAudience = 'business' | 'customer' | 'staff'

export interface QuoteRequestFacts {
  kind: 'quote_request'
  id: string
  firstName: string
  lastName: string
  /** Ten digits. */
  phone: string
  email: string
  zipCode: string
  squareFootage: number | null
  desiredServices: string | null
  heardAboutUs: string | null
  /** The page the request came from ('/roof-cleaning') and its service ('Roof Cleaning'). */
  pagePath: string
  pageTitle: string | null
  /** ISO 8601. */
  submittedAt: string
}

export interface ContactMessageFacts {
  kind: 'contact_message'
  id: string
  name: string
  email: string
  phone: string
  message: string
  pagePath: string
  submittedAt: string
}

/** A request for a free in-home estimate (/appointment). */
export interface EstimateRequestFacts {
  kind: 'estimate_request'
  id: string
  fullName: string
  /** Ten digits. */
  phone: string
  email: string
  address: string
  zipCode: string
  /** The service the visit is about, as the form offered it. */
  service: string
  /** The day (YYYY-MM-DD) and arrival window ('HH:MM-HH:MM', Renton time) asked for; the office confirms it. */
  visitDate: string
  visitWindow: string
  walkthrough: 'in_person' | 'video'
  notes: string | null
  pagePath: string
  submittedAt: string
}

/**
 * An appointment request of the earlier health-style form. None is made any more; kept so that one
 * still queued when the site was updated is sent.
 */
export interface AppointmentFacts {
  kind: 'appointment'
  id: string
  patientName: string
  patientPhone: string
  patientGender: 'male' | 'female' | 'private'
  /** The moment (ISO 8601) and the time as chosen, in the company's time zone ('2026-12-01T10:30'). */
  appointmentTime: string
  appointmentLocal: string
  preferredMode: 'voice' | 'video'
  pagePath: string
  submittedAt: string
}

export interface BookingPaidFacts {
  kind: 'booking_paid'
  id: string
  /** The short reference the customer sees on /success and in the e-mail ('3F9A-2B1C'). */
  reference: string
  industry: 'house' | 'exterior' | 'carpet' | 'commercial'
  /** The line item: 'House Cleaning – Regular Cleaning, Weekly'. */
  service: string
  /** YYYY-MM-DD, or null (bookings made before every form asked for one). */
  date: string | null
  /** The arrival window, 'HH:MM-HH:MM' Renton time, and when it starts (ISO 8601); null for older bookings. */
  arrivalWindow?: string | null
  windowStartsAt?: string | null
  location: string | null
  customer: {firstName: string; lastName: string; email: string; phone: string; address: string}
  /** Every choice made on the form, as 'label: value' lines (the business sees them all). */
  details: {label: string; value: string}[]
  notes: string | null
  /** What makes up the amount: every charge, tip, parking and the discount (negative cents). */
  charges: {label: string; cents: number}[]
  totalCents: number
  paidAt: string
  /** The customer agreed to texts on the form (the booking's sms_consent_at); missing in older messages: no. */
  textsConsented?: boolean
  /**
   * The generation of the manage link the e-mail carries: 0 at payment; the office's resent
   * confirmation carries the booking's current one (a moved booking's first link no longer works).
   */
  linkGeneration?: number
  /**
   * The first visit of a recurring plan: the plan, and its later visits up to the booking
   * horizon as they were placed when paid (a visit whose week had no free window is left out).
   */
  plan?: PlanSummaryFacts
}

/** A plan as its first visit's confirmation describes it. */
export interface PlanSummaryFacts {
  /** As sold on the form: 'Weekly'. */
  frequency: string
  cadence: 'weekly' | 'every_other_week' | 'monthly' | 'every_3_months' | 'every_6_months'
  /** The plan's own window, 'HH:MM-HH:MM', and weekday ('tuesday'). */
  arrivalWindow: string
  weekday: 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday'
  /** The later visits in date order (a visit placed in another window of its week shows that one). */
  visits: {
    /** The visit's booking id (lib/booking/plans/visit-id.ts): its calendar event's UID; missing in older messages. */
    id?: string
    date: string
    window: string
    windowStartsAt: string
  }[]
}

/** A paid booking's date and window as they were, and where a move took it. */
interface BookingChangeBase {
  id: string
  reference: string
  industry: BookingPaidFacts['industry']
  service: string
  location: string | null
  customer: BookingPaidFacts['customer']
  totalCents: number
  /** The date and window before the change. */
  fromDate: string | null
  fromWindow: string | null
  /** ISO 8601. */
  changedAt: string
  /**
   * The generation of the manage link this change issues (the e-mail carries it; the links before
   * it stop working). Missing in messages queued before links had generations: 0.
   */
  linkGeneration?: number
}

/** The customer moved a paid booking through its manage link. */
export interface BookingRescheduledFacts extends BookingChangeBase {
  kind: 'booking_rescheduled'
  toDate: string
  toWindow: string
  /** When the new window starts (ISO 8601). */
  windowStartsAt: string
  /** How many times the booking has moved, this one included: the calendar file's SEQUENCE. */
  sequence: number
}

/** The customer asked to cancel a paid booking through its manage link: the business cancels and refunds. */
export interface BookingCancellationRequestedFacts extends BookingChangeBase {
  kind: 'booking_cancellation_requested'
  /** When the booking's window starts (ISO 8601): the new manage link lasts until a week after it. Missing in older messages. */
  windowStartsAt?: string | null
}

/**
 * The office moved a paid booking (staff may move it whenever, also within 24 hours): only the
 * customer is told, with the calendar file and the booking's new manage link.
 */
export interface BookingMovedByOfficeFacts extends Omit<BookingRescheduledFacts, 'kind'> {
  kind: 'booking_moved_by_office'
}

/**
 * A one-time link into the office, to the member of staff who asked for it (lib/office/access/sign-in.ts).
 * Staff-facing: its words are in lib/office/access/words.ts. The token is useless without the binding
 * cookie of the browser that asked, and for more than 15 minutes.
 */
export interface StaffSignInFacts {
  kind: 'staff_sign_in'
  token: string
  /** ISO 8601. */
  expiresAt: string
  /** The office page to open once signed in (the page that sent them to sign in). */
  next?: string
}

/**
 * The owner added a member of staff: their invitation to sign in (lib/office/invitation-email.ts).
 * Staff-facing: its words are in lib/office/access/words.ts. It carries no secret: its button opens the
 * sign-in page with their address filled in, where their own browser asks for a link.
 */
export interface StaffInvitationFacts {
  kind: 'staff_invitation'
  /** The new member's name, address, role and crew (a crew member's). */
  name: string
  email: string
  role: 'owner' | 'office' | 'crew'
  crew: 'indoor' | 'exterior' | 'commercial' | null
  /** The owner who added them. */
  invitedBy: string
}

/** What a staff alert or digest tells of one event: staff facts only, never what a visitor typed beyond a name. */
export interface StaffAlertItem {
  event: 'booking' | 'lead' | 'cancellation_request'
  /** A lead's kind (leads only). */
  leadKind?: 'quote_request' | 'contact_message' | 'estimate_request'
  reference: string
  service: string | null
  /** 'YYYY-MM-DD': the visit's day, or the day a lead came in. */
  date: string | null
  name: string
  /** The office page of the booking or lead ('/office/bookings/<id>'). */
  officePath: string
  /** ISO 8601: when it happened. */
  at: string
}

/**
 * A new booking, lead or cancellation request, to a member whose alerts the owner set to "each"
 * (queued by the database function queue_staff_alerts). Staff-facing: words in lib/office/alerts/words.ts.
 */
export interface StaffAlertFacts extends StaffAlertItem {
  kind: 'staff_alert'
  memberName: string
}

/** Yesterday's events, one e-mail a day to a member whose alerts the owner set to "digest" (queue_staff_digests). */
export interface StaffDigestFacts {
  kind: 'staff_digest'
  memberName: string
  /** The company day, 'YYYY-MM-DD'. */
  day: string
  counts: Record<StaffAlertItem['event'], number>
  total: number
  /** The day's first 50 events, oldest first. */
  items: StaffAlertItem[]
  officePath: string
}

/**
 * One reminder to the address of a booking whose checkout ended unpaid (queued by the job
 * checkout-reminders through queue_checkout_reminder). The address was never confirmed, so it
 * carries nothing the visitor typed: the booking's id and reference, the signed link that fills the
 * form in again (until `resumeUntil`) and the signed links that stop such e-mails.
 */
export interface CheckoutReminderFacts {
  kind: 'checkout_reminder'
  id: string
  reference: string
  /** The booking form with `?resume=<id>&t=<token>`. */
  resumeUrl: string
  /** ISO 8601: when the resume link stops working. */
  resumeUntil: string
  /** The "no more e-mails" page. */
  stopUrl: string
  /** Where a mail program posts its one-click unsubscribe (List-Unsubscribe-Post). */
  oneClickUrl: string
}

/**
 * The office cancelled a paid booking (with what was refunded, 0 for none), or refunded a payment
 * that came after the booking's hold had ended (`latePayment`). Sent to the customer only: staff did it.
 */
export interface BookingCancelledFacts extends BookingChangeBase {
  kind: 'booking_cancelled'
  /** What went back to the customer's card, in cents (0: cancelled without a refund). */
  refundedCents: number
  /** A payment that arrived after the booking's hold had ended, refunded in full. */
  latePayment?: boolean
}

/**
 * The owner refunded part or all of what is left of a paid booking, the visit kept, for a reason
 * the e-mail states. Sent to the customer only: the office did it.
 */
export interface BookingRefundedFacts extends BookingChangeBase {
  kind: 'booking_refunded'
  /** This refund, in cents. */
  refundedCents: number
  /** Every refund of the booking so far, this one included, in cents. */
  totalRefundedCents: number
  /** Why: one of the office's reasons (the e-mail says it in the content's words) or the owner's own words. */
  reason: {code: 'part_not_done' | 'goodwill' | 'charged_twice'} | {code: 'other'; text: string}
}

/**
 * A plan's later visit generated into another window of its week (its own was full,
 * or its day closed): only the customer is told, when the visit is stored.
 */
export interface PlanVisitPlacedFacts {
  kind: 'plan_visit_placed'
  /** The plan's id. */
  id: string
  /** The visit's number in the plan (2, 3 …). */
  visit: number
  /** The plan's reference: its first visit's ('3F9A-2B1C'). */
  reference: string
  industry: BookingPaidFacts['industry']
  service: string
  customer: BookingPaidFacts['customer']
  /** The visit's usual date and window (the plan's). */
  usualDate: string
  usualWindow: string
  /** Where it was placed, and when that window starts (ISO 8601). */
  toDate: string
  toWindow: string
  windowStartsAt: string
  /** What the visit is charged. */
  totalCents: number
}

/** A plan's later visit for which its week had no free window: the customer and the business are told. */
export interface PlanVisitUnplacedFacts extends Omit<PlanVisitPlacedFacts, 'kind' | 'toDate' | 'toWindow' | 'windowStartsAt'> {
  kind: 'plan_visit_unplaced'
}

/**
 * A reply written in the office to a lead (quote request, contact message, estimate request): the
 * subject and message are what staff wrote, sent to the address the customer gave, answering to the
 * business. Queued by reply_to_lead with its audit row.
 */
export interface LeadReplyFacts {
  kind: 'lead_reply'
  /** The reply's own id (the key of the form that sent it: sent twice, queued once). */
  id: string
  leadKind: 'quote_request' | 'contact_message' | 'estimate_request'
  leadId: string
  /** The customer's address, as the lead gave it. */
  to: string
  firstName: string
  subject: string
  /** Plain text as staff typed it (line breaks kept as paragraphs). */
  message: string
  /** Who wrote it: signs the e-mail. */
  staffName: string
  /** ISO 8601. */
  sentAt: string
}

// A plan's later visit whose off-session charge the card refused, and its release.
/** A plan's later visit as its charge e-mails report it (lib/booking/plans/charges.ts). */
interface PlanVisitChargeBase {
  /** The visit (a booking of the plan): its manage link manages the plan. */
  id: string
  planId: string
  reference: string
  industry: BookingPaidFacts['industry']
  /** The line item: 'House Cleaning – Regular Cleaning, Weekly'. */
  service: string
  /** The visit's number in the plan (2, 3 …). */
  visit: number
  date: string | null
  arrivalWindow: string | null
  /** When the visit's window starts (ISO 8601): its manage link lasts until a week after it. */
  windowStartsAt: string | null
  location: string | null
  customer: BookingPaidFacts['customer']
  /** What the visit costs (the frequency's per-visit price), in cents. */
  totalCents: number
  /** The card that was refused, for people ('Visa ending 4242'), or null. */
  cardLabel: string | null
  /** The generation of the visit's manage link the e-mail carries. */
  linkGeneration: number
}

/**
 * The saved card was refused for a plan's visit (declined, or the bank wants the customer present):
 * the customer is asked for a new card through the visit's manage link before `deadlineAt`, when
 * the visit's place is released. To the customer only.
 */
export interface PlanVisitDeclinedFacts extends PlanVisitChargeBase {
  kind: 'plan_visit_declined'
  /** The bank asked for the customer to confirm the payment (Stripe: authentication_required). */
  authenticationRequired: boolean
  /** Until when the visit keeps its place (ISO 8601). */
  deadlineAt: string
  /** ISO 8601. */
  declinedAt: string
}

/** No new card came before the deadline: the visit is released (its place offered again). To the office and the customer. */
export interface PlanVisitReleasedFacts extends PlanVisitChargeBase {
  kind: 'plan_visit_released'
  /** ISO 8601. */
  releasedAt: string
}

// The reminder before a visit and the review request after it.
/**
 * A visit's window starts within 48 hours (a one-time booking or a plan's visit): what the customer
 * needs on the day, and the booking's manage link. Queued by the visit-reminders job
 * (lib/booking/reminders.ts), once per visit and window start.
 */
export interface BookingReminderFacts {
  kind: 'booking_reminder'
  id: string
  reference: string
  industry: BookingPaidFacts['industry']
  /** The line item: 'House Cleaning – Regular Cleaning, Weekly'. */
  service: string
  /** YYYY-MM-DD, the arrival window ('HH:MM-HH:MM' Renton time) and when it starts (ISO 8601). */
  date: string
  arrivalWindow: string
  windowStartsAt: string
  location: string | null
  customer: BookingPaidFacts['customer']
  /** The visit's number in its plan (1 the first), or null for a one-time booking. */
  planVisit: number | null
  /** The booking's current manage link generation (the link that works). */
  linkGeneration: number
}

/**
 * The office marked a visit done: one e-mail asking for a review at the site settings' feedback
 * address, at most one per customer's address in 30 days (decided in office_mark_booking_outcome).
 */
export interface ReviewRequestFacts {
  kind: 'review_request'
  id: string
  reference: string
  service: string
  /** The visit's day (YYYY-MM-DD), or null for a booking made before the forms asked for one. */
  date: string | null
  customer: BookingPaidFacts['customer']
  /** Where the review is written (the site settings' feedback address: https: or mailto:). */
  feedbackUrl: string
  /** ISO 8601. */
  doneAt: string
}

// A plan's changes (lib/booking/plans/changes.ts).
/** The customer (manage link) or the office skipped a visit, paused, resumed or cancelled a plan. */
export interface PlanChangedFacts {
  kind: 'plan_changed'
  /** The plan's id. */
  id: string
  change: 'visit_skipped' | 'paused' | 'resumed' | 'cancelled'
  by: 'customer' | 'office'
  /** As sold: 'Weekly'. */
  frequency: string
  /** The first visit's line item. */
  service: string
  customer: BookingPaidFacts['customer']
  /** The visit skipped. */
  visit: {id: string; date: string | null; arrivalWindow: string | null} | null
  /** The manage link the message carries: the plan's next visit still to come (null: none). */
  manageVisit: {id: string; windowStartsAt: string; linkGeneration: number} | null
  /** Written by the database in the change's transaction: visits released, the early-cancellation difference owed (cents). */
  released: number
  earlyCancellationCents: number
  /** ISO 8601. */
  changedAt: string
}

/** What charging an early cancellation's difference did (the office hears of one that did not go through). */
export interface PlanEarlyCancellationFacts {
  kind: 'plan_early_cancellation'
  id: string
  service: string
  frequency: string
  customer: BookingPaidFacts['customer']
  amountCents: number
  status: 'succeeded' | 'declined' | 'authentication_required' | 'failed'
  error: string | null
  at: string
}

export type EventFacts =
  | StaffSignInFacts
  | StaffInvitationFacts
  | StaffAlertFacts
  | StaffDigestFacts
  | BookingCancelledFacts
  | BookingRefundedFacts
  | QuoteRequestFacts
  | ContactMessageFacts
  | EstimateRequestFacts
  | AppointmentFacts
  | BookingPaidFacts
  | BookingRescheduledFacts
  | BookingCancellationRequestedFacts
  | BookingMovedByOfficeFacts
  | LeadReplyFacts
  | PlanVisitPlacedFacts
  | PlanVisitUnplacedFacts
  | PlanVisitDeclinedFacts
  | PlanVisitReleasedFacts
  | BookingReminderFacts
  | ReviewRequestFacts
  | PlanChangedFacts
  | PlanEarlyCancellationFacts
  | CheckoutReminderFacts
export type EventKind = EventFacts['kind']
/** The events of customers and visitors (every kind but the office's own e-mails to staff). */
export type CustomerEventFacts = Exclude<EventFacts, StaffSignInFacts | StaffInvitationFacts | StaffAlertFacts | StaffDigestFacts>

export type EmailTemplate = `${EventKind}.${EmailAudience}`

/** One message to queue, in the shape the database function `enqueue_event_emails` takes. */
export interface QueuedEmail {
  audience: EmailAudience
  template: EmailTemplate
  /** The customer's address; null = the business's (from the site settings when sending). */
  to: string | null
  /** Business notifications answer the customer; null = answers go to the business. */
  replyTo: string | null
  payload: EventFacts
}

/** The customer's e-mail address of an event, if the form asked for one. */
function customerEmail(facts: EventFacts): string | null {
  // A booking's or a plan's event carries its customer's details; a form's event, the form's own fields.
  if ('customer' in facts) return facts.customer.email
  switch (facts.kind) {
    case 'quote_request':
    case 'contact_message':
    case 'estimate_request':
      return facts.email
    case 'appointment':
    case 'staff_sign_in':
    case 'staff_invitation':
    case 'staff_alert':
    case 'staff_digest':
    // Its address is the booking's, read by the database when queuing: the payload holds none.
    case 'checkout_reminder':
      return null
    case 'lead_reply':
      return facts.to
  }
}

/**
 * The messages an event sends: the business hears of every event (answering goes to the customer);
 * the customer gets an acknowledgement or confirmation when the form gave an address.
 */
export function eventEmails(facts: EventFacts): QueuedEmail[] {
  const email = customerEmail(facts)
  const messages: QueuedEmail[] = [{audience: 'business', template: `${facts.kind}.business`, to: null, replyTo: email, payload: facts}]
  if (email) messages.push({audience: 'customer', template: `${facts.kind}.customer`, to: email, replyTo: null, payload: facts})
  return messages
}

/** The customer's e-mail of an event the office caused (the staff member who did it knows already). */
export function customerEmailOnly(facts: EventFacts): QueuedEmail[] {
  return eventEmails(facts).filter((message) => message.audience === 'customer')
}
