import 'server-only'

import {manageBookingUrl, manageLinkExpiry, signManageToken} from '../booking/manage-link'
import {manageLinkSecret} from '../booking/manage-link-secret'
import {getDatabaseFunctions} from '../database'
import {registerShutdownStep} from '../shutdown'
import {siteUrl} from '../site-url'
import {composeMail, type ManageLinkFor, type RenderEmail} from './compose'
import {createFolderTransport, outboxFolder} from './folder-transport'
import {createOutboxStore} from './outbox'
import {createSmtpTransport, smtpSettingsFromEnv} from './smtp-transport'
import type {MailTransport} from './transport'
import {createOutboxWorker, DEFAULT_OUTBOX_WORKER_OPTIONS, type OutboxWorker, type OutboxWorkerOptions} from './worker'

/**
 * E-mail wired to the environment (the only module that reads it for e-mail): SMTP when SMTP_URL or
 * SMTP_HOST is set, otherwise .eml files in the outbox folder (EMAIL_OUTBOX_DIR, default
 * ./.data/outbox); the From address EMAIL_FROM (default: the company's name and e-mail from the site
 * settings); the outbox worker of this process, started at server start-up (instrumentation.ts).
 */

export function mailTransportFromEnv(env: Record<string, string | undefined> = process.env): MailTransport {
  const smtp = smtpSettingsFromEnv(env)
  return smtp ? createSmtpTransport(smtp) : createFolderTransport(outboxFolder(env))
}

function seconds(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = Number(env[name]?.trim())
  return Number.isFinite(value) && value > 0 ? value : undefined
}

/**
 * Worker timings from the environment (tests shorten them): EMAIL_OUTBOX_POLL_SECONDS,
 * EMAIL_RETRY_BASE_SECONDS, EMAIL_OUTBOX_LEASE_SECONDS.
 */
export function outboxWorkerOptionsFromEnv(env: Record<string, string | undefined> = process.env): Partial<OutboxWorkerOptions> {
  const poll = seconds(env, 'EMAIL_OUTBOX_POLL_SECONDS')
  return {
    pollMs: poll ? poll * 1000 : DEFAULT_OUTBOX_WORKER_OPTIONS.pollMs,
    retryBaseSeconds: seconds(env, 'EMAIL_RETRY_BASE_SECONDS') ?? DEFAULT_OUTBOX_WORKER_OPTIONS.retryBaseSeconds,
    leaseSeconds: seconds(env, 'EMAIL_OUTBOX_LEASE_SECONDS') ?? DEFAULT_OUTBOX_WORKER_OPTIONS.leaseSeconds,
  }
}

const WORKER_KEY = Symbol.for('renton-cleaning.email.outboxWorker')
/** How long a stopping server lets the message being sent finish. */
const OUTBOX_SHUTDOWN_GRACE_MS = 10_000
type Holder = {[WORKER_KEY]?: OutboxWorker}

/**
 * Starts this process's outbox worker (once): messages stored before a restart go out now, new
 * ones as they are queued. `render` turns a message's view into HTML and text (components/email).
 */
export function startEmailOutbox(render: RenderEmail, env: Record<string, string | undefined> = process.env): {transport: string} {
  const holder = globalThis as typeof globalThis & Holder
  const transport = mailTransportFromEnv(env)
  if (!holder[WORKER_KEY]) {
    const from = env.EMAIL_FROM?.trim() || undefined
    const worker = createOutboxWorker({
      outbox: async () => createOutboxStore(await getDatabaseFunctions()),
      transport,
      compose: async (message) => {
        // The content client (and the local dataset) is loaded for the first message, not at start-up.
        const {getEmailSettings, getSiteSettings} = await import('../content')
        const [wording, company] = await Promise.all([getEmailSettings(), getSiteSettings()])
        // Only e-mails about one booking carry its manage link (confirmation, moves, a cancellation request, a plan visit's card, the reminder): other e-mails never wait for its key.
        const kind = message.payload.kind
        const linked =
          kind === 'booking_paid' ||
          kind === 'booking_rescheduled' ||
          kind === 'booking_cancellation_requested' ||
          kind === 'booking_moved_by_office' ||
          // A plan visit's declined card and its release link to its manage page (a new card).
          kind === 'plan_visit_declined' ||
          kind === 'plan_visit_released' ||
          kind === 'booking_reminder' ||
          // A plan's change carries the link of its next visit.
          kind === 'plan_changed'
        const secret = linked ? await manageLinkSecret(env) : null
        const manageUrl = secret
          ? (booking: ManageLinkFor) =>
              manageBookingUrl(siteUrl, signManageToken(booking.id, manageLinkExpiry(booking.windowStartsAt), secret, booking.linkGeneration))
          : undefined
        return composeMail(message, {wording, company, siteUrl, from, render, manageUrl})
      },
      options: outboxWorkerOptionsFromEnv(env),
    })
    holder[WORKER_KEY] = worker
    worker.start()
    // When the process stops: finish the message being sent, hand the other claims back so another
    // process sends them now rather than after the lease, before the database closes.
    registerShutdownStep('email-outbox', 'work', async () => {
      const {released, sendStillUnderWay} = await worker.shutdown(OUTBOX_SHUTDOWN_GRACE_MS)
      if (released > 0) console.log(`[email] Handed back ${released} claimed e-mail(s) to the outbox for another process`)
      if (sendStillUnderWay) console.warn('[email] A send was still under way when the server stopped; its message goes out again when its claim runs out')
    })
  }
  return {transport: transport.description}
}

/** Wakes the outbox worker after a submission stored its e-mails (nothing when none runs). */
export function wakeEmailOutbox(): void {
  ;(globalThis as typeof globalThis & Holder)[WORKER_KEY]?.kick()
}
