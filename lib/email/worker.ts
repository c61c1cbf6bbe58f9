import {createClaimLoop, describeFailure, recordSent, type Every, type HeldClaim, type ShutdownResult} from '../claim-loop.ts'
import type {OutboxMessage, OutboxStore} from './outbox.ts'
import type {MailTransport, OutgoingMail} from './transport.ts'

/**
 * The e-mail channel's outbox worker, one per process that runs background work: it claims due
 * messages, renders and sends each, and records the result. Its claim outlives the send: it is
 * renewed while the send is in flight and right before it starts (../claim-loop.ts), and a message
 * whose claim could not be renewed is not sent by this process. A failure (SMTP down, a rendering error) is retried with exponential
 * back-off; a process that dies mid-send leaves its claim to run out, after which any worker tries
 * again. So a submission never waits for e-mail, and a stored message goes out once the mail server
 * is back, also after a restart. A process that stops gracefully (`shutdown`) finishes the message
 * it is sending and hands back the rest of its claims, so another process sends them at once (the
 * loop is ../claim-loop.ts, shared with the text outbox). Plain TypeScript: storage, transport and
 * rendering are passed in.
 */

export interface OutboxWorkerOptions {
  /** How often the outbox is checked for due messages besides `kick()` (default 10 s). */
  pollMs: number
  /**
   * How long a claim lasts without renewal (default 120 s). It is renewed every third of it while a
   * message is worked and right before its send, so a send may take longer than the lease.
   */
  leaseSeconds: number
  /**
   * Messages claimed at a time (default 1): a message claimed with others waits out their sends, and
   * one at a time hands the rest to other processes at once.
   */
  batchSize: number
  /** First retry delay; each later one doubles (default 30 s), up to `retryMaxSeconds` (default 1 h). */
  retryBaseSeconds: number
  retryMaxSeconds: number
  /** Attempts before a message is given up and logged as failed (default 20, about 15 hours). */
  maxAttempts: number
}

export const DEFAULT_OUTBOX_WORKER_OPTIONS: OutboxWorkerOptions = {
  pollMs: 10_000,
  leaseSeconds: 120,
  batchSize: 1,
  retryBaseSeconds: 30,
  retryMaxSeconds: 3600,
  maxAttempts: 20,
}

export interface OutboxWorkerDeps {
  outbox: () => Promise<OutboxStore>
  transport: MailTransport
  /** The message as it is sent: addresses, subject, HTML and text, attachments. */
  compose: (message: OutboxMessage) => Promise<OutgoingMail>
  options?: Partial<OutboxWorkerOptions>
  /** The clock of the claims (default: the database's). */
  now?: () => Date
  /** Schedules the renewals of a claim (default setInterval). */
  every?: Every
  log?: Pick<Console, 'error' | 'warn'>
}

export type DrainResult = {sent: number; retried: number; failed: number}

export type {ShutdownResult}

export interface OutboxWorker {
  /** Starts checking the outbox every `pollMs` (and once now). */
  start(): void
  stop(): void
  /** Checks the outbox now (after a submission was stored); calls made while it runs coalesce. */
  kick(): void
  /** Sends everything due now; resolves when the outbox has nothing due. */
  drain(): Promise<DrainResult>
  /**
   * Stops for good (the process is ending): claims nothing more, lets the message being sent
   * finish (for at most `graceMs`), then releases the messages it claimed but did not start. A send
   * still under way after the grace keeps its claim (it may have reached the mail server): its
   * lease runs out as if the process had died.
   */
  shutdown(graceMs?: number): Promise<ShutdownResult>
}

/** Seconds before attempt `attempts + 1`: base, 2 × base, 4 × base … capped. */
export function retryDelaySeconds(attempts: number, options: Pick<OutboxWorkerOptions, 'retryBaseSeconds' | 'retryMaxSeconds'>): number {
  const delay = options.retryBaseSeconds * 2 ** Math.max(0, attempts - 1)
  return Math.min(options.retryMaxSeconds, Math.max(1, Math.round(delay)))
}

export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const options = {...DEFAULT_OUTBOX_WORKER_OPTIONS, ...deps.options}
  const log = deps.log ?? console

  const now = () => deps.now?.() ?? null

  async function sendOne(outbox: OutboxStore, message: OutboxMessage, result: DrainResult, claim: HeldClaim): Promise<void> {
    let mail: OutgoingMail
    try {
      mail = await deps.compose(message)
      // A claim that ran out (this process stalled) may be another's now: then it sends the message, not this one.
      if (!(await claim.renew())) {
        log.warn(`E-mail outbox: the claim on ${message.eventKey} ran out before its send; left to the process that holds it now`)
        return
      }
      await deps.transport.send(mail)
    } catch (error) {
      await recordFailure(outbox, message, error, result)
      return
    }
    result.sent += 1
    // The Message-ID is the outbox message's own, the same on every attempt, so a resend is recognisable.
    await recordSent(() => outbox.complete(message, mail.messageId, now()), 'E-mail outbox', message.eventKey, log)
  }

  async function recordFailure(outbox: OutboxStore, message: OutboxMessage, error: unknown, result: DrainResult): Promise<void> {
    const giveUp = message.attempts >= options.maxAttempts
    const retry = giveUp ? null : retryDelaySeconds(message.attempts, options)
    const reason = describeFailure(error)
    if (giveUp) log.error(`E-mail outbox: ${message.eventKey} (${message.template}) failed ${message.attempts} times and is given up: ${reason}`)
    else log.warn(`E-mail outbox: ${message.eventKey} (${message.template}) not sent (attempt ${message.attempts}), retrying in ${retry} s: ${reason}`)
    await outbox.fail(message, reason, retry, now()).catch((recordError: unknown) => {
      // The claim runs out on its own and the message is tried again then.
      log.error(`E-mail outbox: the failure of ${message.eventKey} could not be recorded`, recordError)
    })
    if (giveUp) result.failed += 1
    else result.retried += 1
  }

  const loop = createClaimLoop<OutboxMessage, DrainResult>({
    logName: 'E-mail outbox',
    claim: async (limit) => (await deps.outbox()).claim(limit, options.leaseSeconds, now()),
    renew: async (message) => (await deps.outbox()).renew(message, options.leaseSeconds, now()),
    heartbeatMs: (options.leaseSeconds * 1000) / 3,
    every: deps.every,
    work: async (message, result, claim) => sendOne(await deps.outbox(), message, result, claim),
    release: async (messages) => (await deps.outbox()).release(messages),
    emptyResult: () => ({sent: 0, retried: 0, failed: 0}),
    batchSize: options.batchSize,
    pollMs: options.pollMs,
    log,
  })
  return {...loop, shutdown: (graceMs = 10_000) => loop.shutdown(graceMs)}
}
