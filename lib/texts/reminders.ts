import type {StoredBooking} from '../booking/store/store'
import {companyLocalTimeToDate} from '../company-time'
import type {ScheduledJob} from '../jobs/runner'
import {queuedText, type QueuedText} from './messages'
import type {TextOutboxStore} from './outbox'
import {dayBefore, sendableAt} from './quiet-hours'

/**
 * The reminder text the day before each visit (a paid visit, or a plan's scheduled one) whose
 * customer consented: a job every 10 minutes queues one text per visit and window start (the event
 * key names both: a visit moved to another window gets a reminder for its new window, the old one
 * is skipped at send time), due at 18:00 company time the day before, or at once when booked later,
 * never in quiet hours. Queued ahead of time; the worker checks consent, STOP and the visit again
 * when it sends.
 */

/** When the reminder is due on the day before the visit (company time). */
export const REMINDER_LOCAL_TIME = '18:00'
/** How far ahead the job looks: the day before's 18:00 is at most 38 hours before a window. */
export const REMINDER_LOOKAHEAD_HOURS = 48
export const VISIT_TEXT_REMINDERS_JOB = 'visit-text-reminders'

export function reminderEventKey(booking: Pick<StoredBooking, 'id' | 'windowStartsAt'>): string {
  return `visit_reminder:${booking.id}:${new Date(booking.windowStartsAt ?? 0).toISOString().replace(/\.000Z$/, 'Z')}`
}

/**
 * When a visit's reminder goes: 18:00 the day before (or now, when that has passed), moved out of
 * quiet hours; null when it could only go once the window has begun (booked overnight for 8 am).
 */
export function reminderDueAt(booking: Pick<StoredBooking, 'date' | 'windowStartsAt'>, now: Date): Date | null {
  if (!booking.date || !booking.windowStartsAt) return null
  const windowStart = new Date(booking.windowStartsAt)
  const planned = companyLocalTimeToDate(`${dayBefore(booking.date)}T${REMINDER_LOCAL_TIME}`) as Date
  const due = sendableAt(planned.getTime() > now.getTime() ? planned : now)
  return due.getTime() < windowStart.getTime() ? due : null
}

/** The reminders to queue for these visits at `now`. */
export function reminderTexts(visits: readonly StoredBooking[], now: Date): QueuedText[] {
  const texts: QueuedText[] = []
  for (const visit of visits) {
    const due = reminderDueAt(visit, now)
    if (!due || !visit.windowStartsAt) continue
    const text = queuedText(visit, 'visit_reminder', reminderEventKey(visit), due, new Date(visit.windowStartsAt))
    if (text) texts.push(text)
  }
  return texts
}

export interface VisitTextRemindersDeps {
  outbox: () => Promise<TextOutboxStore>
  /** Wakes the text worker after texts were queued. */
  textsQueued?: () => void
}

/** The job (lib/jobs/registry.ts): every 10 minutes, queues the reminders of the next 48 hours' visits. */
export function createVisitTextRemindersJob(deps: VisitTextRemindersDeps): ScheduledJob {
  return {
    name: VISIT_TEXT_REMINDERS_JOB,
    everySeconds: 600,
    leaseSeconds: 300,
    async run(now) {
      const outbox = await deps.outbox()
      const visits = await outbox.visitsForReminders(now, new Date(now.getTime() + REMINDER_LOOKAHEAD_HOURS * 3600_000))
      const queued = await outbox.enqueue(reminderTexts(visits, now))
      if (queued > 0) deps.textsQueued?.()
      return {visits: visits.length, queued}
    },
  }
}
