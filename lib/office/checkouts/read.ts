/**
 * The office's list of checkouts that ended unpaid, with each one's reminder (the database decides
 * every state: office_checkout_reminders, with the rules the reminder job applies).
 */
import {z} from 'zod'
import type {DatabaseFunctions} from '../../database/functions'
import {CHECKOUT_REMINDER_GRACE_HOURS} from '../../booking/checkout-reminders'

/** How far back the page looks. */
export const CHECKOUT_LIST_DAYS = 30

export const CHECKOUT_REMINDER_STATES = ['queued', 'sent', 'failed', 'booked_since', 'opted_out', 'later_checkout', 'address_reminded', 'not_due', 'too_old', 'due'] as const
export type CheckoutReminderState = (typeof CHECKOUT_REMINDER_STATES)[number]

const instant = z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString())

const row = z.object({
  bookingId: z.string(),
  reference: z.string(),
  emailKey: z.string(),
  name: z.string(),
  endedAt: instant,
  dueAt: instant,
  state: z.enum(CHECKOUT_REMINDER_STATES),
  queuedAt: instant.nullable(),
  sentAt: instant.nullable(),
})

export type EndedCheckout = z.infer<typeof row>

/** The checkouts that ended unpaid in the last 30 days before `now`, latest first (at most 500). */
export async function listEndedCheckouts(functions: DatabaseFunctions, now: Date, delayHours: number): Promise<EndedCheckout[]> {
  const answer = await functions.value<unknown>('office_checkout_reminders', {
    p_now: now,
    p_days: CHECKOUT_LIST_DAYS,
    p_delay_seconds: Math.round(delayHours * 3600),
    p_max_age_seconds: Math.round((delayHours + CHECKOUT_REMINDER_GRACE_HOURS) * 3600),
  })
  return z.array(row).parse(typeof answer === 'string' ? JSON.parse(answer) : answer)
}
