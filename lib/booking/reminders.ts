/**
 * The reminder e-mail before every visit (a one-time booking or a plan's visit) and the review
 * request after one is done, as plain TypeScript with the database passed in.
 *
 * Reminders: a job (`visit-reminders`, every 10 minutes) reads the visits due theirs
 * (visits_due_reminder), makes each one's e-mail here (the same service line, reference and address
 * as its confirmation) and hands them to queue_visit_reminders, which queues in one statement those
 * still due, each under a key naming the booking and its window's start: two runs at once, or two
 * server processes, queue one reminder per visit and window, and a moved visit gets the reminder of
 * its new time. The rule (supabase/migrations/20261122000300_baseline_outboxes.sql, visit_reminder_due):
 * paid, or a plan's visit waiting for its charge (not a declined one: that customer was asked for a
 * new card); not cancelled, not asked to cancel, not done; its window starting within 48 hours and
 * not begun. A visit booked less than 48 hours ahead has just had its confirmation: it gets a
 * reminder only while its window is more than 12 hours away.
 *
 * Review requests: see `reviewRequestEmails` (queued by office_mark_booking_outcome).
 */
import type {DatabaseFunctions} from '../database/functions'
import {customerEmailOnly, type BookingReminderFacts, type QueuedEmail, type ReviewRequestFacts} from '../email/queue'
import type {ScheduledJob} from '../jobs/runner'
import {checkoutDescription} from './flow'
import {fromRow} from './store/mapping'
import type {StoredBooking} from './store/store'
import {bookingReference} from './stored'

export interface ReminderSettings {
  /** A visit is reminded this many hours before its window starts (48). */
  leadHours: number
  /** A visit booked inside the lead time is reminded only while its window is more than this many hours away (12). */
  minNoticeHours: number
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {leadHours: 48, minNoticeHours: 12}

/** How often the job looks for visits due their reminder, and how many it queues per database call. */
export const VISIT_REMINDERS_JOB = {name: 'visit-reminders', everySeconds: 600, leaseSeconds: 300, batch: 200} as const

/** The reminder of a paid or scheduled visit with an arrival window (null for one without). */
export function reminderFacts(booking: StoredBooking): BookingReminderFacts | null {
  if (!booking.date || !booking.arrivalWindow || !booking.windowStartsAt) return null
  return {
    kind: 'booking_reminder',
    id: booking.id,
    reference: bookingReference(booking.id),
    industry: booking.industry,
    service: checkoutDescription(booking),
    date: booking.date,
    arrivalWindow: booking.arrivalWindow,
    windowStartsAt: booking.windowStartsAt,
    location: booking.location,
    customer: {firstName: booking.firstName, lastName: booking.lastName, email: booking.email, phone: booking.phone, address: booking.address},
    planVisit: booking.planVisit,
    linkGeneration: booking.manageLinkGeneration,
  }
}

function jsonObject(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  if (typeof parsed !== 'object' || parsed === null) throw new Error('visits_due_reminder answered a row that is not an object')
  return parsed as Record<string, unknown>
}

export interface ReminderStore {
  /** The visits due their reminder at `now` without one queued for their current window, soonest first. */
  dueVisits(now: Date, settings: ReminderSettings, limit: number): Promise<StoredBooking[]>
  /** Queues the reminders of `emails` still due at `now` (none twice); answers how many were queued. */
  queue(now: Date, settings: ReminderSettings, emails: readonly QueuedEmail[]): Promise<number>
}

function seconds(hours: number): number {
  return Math.round(hours * 3600)
}

export function createReminderStore(functions: DatabaseFunctions): ReminderStore {
  return {
    async dueVisits(now, settings, limit) {
      const rows = await functions.rows<{booking: unknown; event_key: string}>('visits_due_reminder', {
        p_now: now,
        p_lead_seconds: seconds(settings.leadHours),
        p_min_notice_seconds: seconds(settings.minNoticeHours),
        p_limit: limit,
      })
      return rows.map((row) => fromRow(jsonObject(row.booking)))
    },
    async queue(now, settings, emails) {
      if (emails.length === 0) return 0
      return Number(
        await functions.value<number>('queue_visit_reminders', {
          p_now: now,
          p_lead_seconds: seconds(settings.leadHours),
          p_min_notice_seconds: seconds(settings.minNoticeHours),
          p_emails: emails,
        }),
      )
    },
  }
}

export interface VisitRemindersDeps {
  store: () => Promise<ReminderStore>
  settings?: ReminderSettings
  /** Wakes the e-mail outbox after reminders were queued. */
  emailsQueued?: () => void
  /** Visits per database call (default VISIT_REMINDERS_JOB.batch). */
  batch?: number
}

/** Queues every reminder due at `now`; answers how many visits were read and how many reminders queued. */
export async function queueVisitReminders(now: Date, deps: VisitRemindersDeps): Promise<{due: number; queued: number}> {
  const store = await deps.store()
  const settings = deps.settings ?? DEFAULT_REMINDER_SETTINGS
  const batch = deps.batch ?? VISIT_REMINDERS_JOB.batch
  let due = 0
  let queued = 0
  // Batch after batch: each queued visit leaves the list; one that could not be queued (it changed
  // meanwhile) would come back, so stop when a batch queues nothing.
  for (;;) {
    const visits = await store.dueVisits(now, settings, batch)
    due += visits.length
    const emails = visits.flatMap((visit) => {
      const facts = reminderFacts(visit)
      return facts ? customerEmailOnly(facts) : []
    })
    const added = await store.queue(now, settings, emails)
    queued += added
    if (visits.length < batch || added === 0) break
  }
  if (queued > 0) deps.emailsQueued?.()
  return {due, queued}
}

/** The visit-reminders job, run by the job runner every 10 minutes. */
export function createVisitRemindersJob(deps: VisitRemindersDeps): ScheduledJob {
  return {
    name: VISIT_REMINDERS_JOB.name,
    everySeconds: VISIT_REMINDERS_JOB.everySeconds,
    leaseSeconds: VISIT_REMINDERS_JOB.leaseSeconds,
    run: (now) => queueVisitReminders(now, deps),
  }
}

/** Reviews are asked at most once per customer's address in this many days (the database decides: office_mark_booking_outcome). */
export const REVIEW_REQUEST_INTERVAL_DAYS = 30

/**
 * The review request to queue when the office marks `booking` done: none when the site settings
 * have no feedback address. The database queues it only if this address was not asked in the last
 * 30 days (and this visit never), under a lock on the address.
 */
export function reviewRequestEmails(booking: StoredBooking, feedbackUrl: string | null | undefined, doneAt: Date): QueuedEmail[] {
  const url = feedbackUrl?.trim()
  if (!url) return []
  const facts: ReviewRequestFacts = {
    kind: 'review_request',
    id: booking.id,
    reference: bookingReference(booking.id),
    service: checkoutDescription(booking),
    date: booking.date,
    customer: {firstName: booking.firstName, lastName: booking.lastName, email: booking.email, phone: booking.phone, address: booking.address},
    feedbackUrl: url,
    doneAt: doneAt.toISOString(),
  }
  return customerEmailOnly(facts)
}
