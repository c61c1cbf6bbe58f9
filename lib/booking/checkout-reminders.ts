/**
 * The one reminder to a customer whose checkout ended unpaid, as plain TypeScript with the database
 * passed in.
 *
 * A job (`checkout-reminders`, every 5 minutes) reads the switch and the delay from the E-mails
 * document of the Studio; when on, it takes the checkouts due their reminder
 * (checkout_reminder_candidates: ended unpaid between the delay and the delay plus three days ago,
 * the address's latest, not booked since, not stopped, the address not reminded in 30 days), makes
 * for each a signed link that fills its form in again (14 days) and a signed link that stops such
 * e-mails, and hands it to queue_checkout_reminder, which checks all of it again under a lock on the
 * address and stores the reminder and its e-mail in one transaction: two runs at once queue one.
 *
 * The address was never confirmed, so the e-mail carries nothing the visitor typed, and the link
 * fills in their choices and the e-mail only: a mistyped address hands a stranger no name, phone,
 * address or note.
 *
 * Links: `<booking id>.<expiry, base 36 seconds>.<HMAC-SHA-256>`, each signed with its own purpose
 * (resume-booking:v1, email-opt-out:v1) by the key of the manage links, so neither passes for the
 * other nor for a manage link.
 */
import {createHmac, timingSafeEqual} from 'node:crypto'
import type {DatabaseFunctions} from '../database/functions'
import type {CheckoutReminderFacts, QueuedEmail} from '../email/queue'
import type {ScheduledJob} from '../jobs/runner'
import {INDUSTRY_PATHS, type Industry} from './catalog'
import {bookingReference} from './stored'

/** How often the job runs, its lease, and how many reminders it queues per run at most. */
export const CHECKOUT_REMINDERS_JOB = {name: 'checkout-reminders', everySeconds: 300, leaseSeconds: 120, batch: 100} as const

/** The resume link works this many days after it is sent. */
export const RESUME_LINK_VALID_DAYS = 14
/** The stop link works this long after it is sent. */
export const STOP_LINK_VALID_DAYS = 365
/**
 * A checkout is reminded only up to this many hours after its delay: turning reminders on never
 * mails the old checkouts of before, and a job that was down for a while catches up.
 */
export const CHECKOUT_REMINDER_GRACE_HOURS = 72
/** The delay the Studio allows (hours). */
export const CHECKOUT_REMINDER_DELAY_HOURS = {min: 1, max: 168, default: 24} as const

export interface CheckoutReminderSettings {
  enabled: boolean
  /** Hours after the checkout ended (1–168). */
  delayHours: number
}

/** The settings as the Studio gave them, a delay outside 1–168 or not whole read as the default. */
export function checkoutReminderSettings(content: {checkoutReminderEnabled?: boolean | null; checkoutReminderDelayHours?: number | null}): CheckoutReminderSettings {
  const hours = content.checkoutReminderDelayHours
  const valid = typeof hours === 'number' && Number.isInteger(hours) && hours >= CHECKOUT_REMINDER_DELAY_HOURS.min && hours <= CHECKOUT_REMINDER_DELAY_HOURS.max
  return {enabled: content.checkoutReminderEnabled === true, delayHours: valid ? hours : CHECKOUT_REMINDER_DELAY_HOURS.default}
}

// ---- Signed links ----

export type LinkPurpose = 'resume-booking:v1' | 'email-opt-out:v1'

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{43})$/

export type LinkCheck = {ok: true; bookingId: string; expiresAt: Date} | {ok: false; reason: 'invalid' | 'expired'}

function signature(purpose: LinkPurpose, payload: string, secret: string): string {
  // The purpose is signed too: a stop link never resumes a booking, nor the other way round.
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url')
}

/** A link's token for `bookingId` and `purpose`, valid until `expiresAt` (whole seconds). */
export function signBookingLink(purpose: LinkPurpose, bookingId: string, expiresAt: Date, secret: string): string {
  const payload = `${bookingId.toLowerCase()}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`
  return `${payload}.${signature(purpose, payload, secret)}`
}

/** The booking a token of `purpose` is for, if the server signed it and it has not expired at `now`. */
export function verifyBookingLink(purpose: LinkPurpose, token: unknown, secret: string, now: Date): LinkCheck {
  if (typeof token !== 'string' || token.length > 200) return {ok: false, reason: 'invalid'}
  const match = TOKEN.exec(token)
  if (!match) return {ok: false, reason: 'invalid'}
  const [, bookingId, expiry, given] = match
  const expected = Buffer.from(signature(purpose, `${bookingId}.${expiry}`, secret))
  const actual = Buffer.from(given)
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return {ok: false, reason: 'invalid'}
  const expiresAt = new Date(parseInt(expiry, 36) * 1000)
  if (!(expiresAt.getTime() > now.getTime())) return {ok: false, reason: 'expired'}
  return {ok: true, bookingId, expiresAt}
}

/** Where the stop page and its one-click address live. */
export const EMAIL_PREFERENCES_PATH = '/email-preferences'
export const EMAIL_OPT_OUT_API_PATH = '/api/email-opt-out'

function site(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '')
}

/** The reminder's e-mail of one checkout, its links signed at `now`. */
export function checkoutReminderEmail(candidate: {bookingId: string; industry: Industry}, now: Date, siteUrl: string, secret: string): QueuedEmail {
  const resumeUntil = new Date(now.getTime() + RESUME_LINK_VALID_DAYS * 86_400_000)
  const resume = signBookingLink('resume-booking:v1', candidate.bookingId, resumeUntil, secret)
  const stop = signBookingLink('email-opt-out:v1', candidate.bookingId, new Date(now.getTime() + STOP_LINK_VALID_DAYS * 86_400_000), secret)
  const payload: CheckoutReminderFacts = {
    kind: 'checkout_reminder',
    id: candidate.bookingId,
    reference: bookingReference(candidate.bookingId),
    resumeUrl: `${site(siteUrl)}${INDUSTRY_PATHS[candidate.industry]}?${new URLSearchParams({resume: candidate.bookingId, t: resume})}`,
    resumeUntil: new Date(Math.floor(resumeUntil.getTime() / 1000) * 1000).toISOString(),
    stopUrl: `${site(siteUrl)}${EMAIL_PREFERENCES_PATH}/${stop}`,
    oneClickUrl: `${site(siteUrl)}${EMAIL_OPT_OUT_API_PATH}?${new URLSearchParams({t: stop})}`,
  }
  // The address is the booking's, read by the database as it queues: the payload holds none.
  return {audience: 'customer', template: 'checkout_reminder.customer', to: null, replyTo: null, payload}
}

// ---- The database ----

export interface CheckoutReminderCandidate {
  bookingId: string
  industry: Industry
  emailKey: string
  endedAt: string
}

export type QueueOutcome = 'queued' | 'unknown' | 'not_due' | 'reminded' | 'later_checkout' | 'booked_since' | 'opted_out' | 'address_reminded'

export interface CheckoutReminderStore {
  candidates(now: Date, delayHours: number, limit: number): Promise<CheckoutReminderCandidate[]>
  queue(bookingId: string, now: Date, delayHours: number, email: QueuedEmail): Promise<QueueOutcome>
  /** Stops reminders to the address of `bookingId`; false for an unknown booking. */
  optOut(bookingId: string, source: 'link' | 'one_click', now: Date): Promise<boolean>
}

function seconds(hours: number): number {
  return Math.round(hours * 3600)
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()
}

export function createCheckoutReminderStore(functions: DatabaseFunctions): CheckoutReminderStore {
  return {
    async candidates(now, delayHours, limit) {
      const rows = await functions.rows<{booking_id: string; industry: Industry; email_key: string; ended_at: unknown}>('checkout_reminder_candidates', {
        p_now: now,
        p_delay_seconds: seconds(delayHours),
        p_max_age_seconds: seconds(delayHours + CHECKOUT_REMINDER_GRACE_HOURS),
        p_limit: limit,
      })
      return rows.map((row) => ({bookingId: row.booking_id, industry: row.industry, emailKey: row.email_key, endedAt: iso(row.ended_at)}))
    },
    async queue(bookingId, now, delayHours, email) {
      return functions.value<QueueOutcome>('queue_checkout_reminder', {
        p_booking_id: bookingId,
        p_now: now,
        p_delay_seconds: seconds(delayHours),
        p_max_age_seconds: seconds(delayHours + CHECKOUT_REMINDER_GRACE_HOURS),
        p_email: email,
      })
    },
    async optOut(bookingId, source, now) {
      return Boolean(await functions.value<boolean>('record_email_opt_out', {p_booking_id: bookingId, p_source: source, p_now: now}))
    },
  }
}

// ---- The job ----

export interface CheckoutRemindersDeps {
  store: () => Promise<CheckoutReminderStore>
  settings: () => Promise<CheckoutReminderSettings>
  /** The public address the links start with (SITE_URL); null: nothing is sent (links would lead nowhere). */
  siteUrl: () => string | null
  linkSecret: () => Promise<string>
  emailsQueued?: () => void
  batch?: number
}

/** Queues every reminder due at `now`; answers how many checkouts were due and how many were queued. */
export async function queueCheckoutReminders(now: Date, deps: CheckoutRemindersDeps): Promise<{due: number; queued: number}> {
  const settings = await deps.settings()
  const siteUrl = deps.siteUrl()
  if (!settings.enabled || !siteUrl) return {due: 0, queued: 0}
  const store = await deps.store()
  const candidates = await store.candidates(now, settings.delayHours, deps.batch ?? CHECKOUT_REMINDERS_JOB.batch)
  if (candidates.length === 0) return {due: 0, queued: 0}
  const secret = await deps.linkSecret()
  let queued = 0
  for (const candidate of candidates) {
    const outcome = await store.queue(candidate.bookingId, now, settings.delayHours, checkoutReminderEmail(candidate, now, siteUrl, secret))
    if (outcome === 'queued') queued++
  }
  if (queued > 0) deps.emailsQueued?.()
  return {due: candidates.length, queued}
}

/** The checkout-reminders job, run by the job runner every 5 minutes. */
export function createCheckoutRemindersJob(deps: CheckoutRemindersDeps): ScheduledJob {
  return {
    name: CHECKOUT_REMINDERS_JOB.name,
    everySeconds: CHECKOUT_REMINDERS_JOB.everySeconds,
    leaseSeconds: CHECKOUT_REMINDERS_JOB.leaseSeconds,
    run: (now) => queueCheckoutReminders(now, deps),
  }
}
