import {createClaimLoop, describeFailure, recordSent, type Every, type HeldClaim, type ShutdownResult} from '../claim-loop'
import {DEFAULT_OUTBOX_WORKER_OPTIONS, retryDelaySeconds, type DrainResult, type OutboxWorkerOptions} from '../email/worker'
import type {TextMessage, TextOutboxStore, TextSkipReason} from './outbox'
import {inQuietHours, sendableAt} from './quiet-hours'
import {TextRefusedError, type OutgoingText, type TextTransport} from './transport'

/**
 * The text channel's outbox worker, one per process that runs background work, on the e-mails'
 * design (the same options and back-off as ../email/worker.ts, the same loop, claim renewal and
 * graceful stop, ../claim-loop.ts): it claims due texts, checks each again at send time, sends it
 * and records the result. Checked at send time, whatever was true when it was queued:
 * the number has not replied STOP, the customer's consent stands, the visit still stands in the same
 * window, it is not too late, and it is not quiet hours (then the text is due again at 8 am). A
 * number the provider reports as opted out is recorded as such and never retried.
 */

export interface TextWorkerDeps {
  outbox: () => Promise<TextOutboxStore>
  transport: TextTransport
  /** The text as sent (the content's wording, read at send time). */
  compose: (message: TextMessage) => Promise<OutgoingText>
  now: () => Date
  options?: Partial<OutboxWorkerOptions>
  /** Schedules the renewals of a claim (default setInterval). */
  every?: Every
  log?: Pick<Console, 'error' | 'warn'>
}

export type TextDrainResult = DrainResult & {skipped: number; deferred: number}

export interface TextWorker {
  start(): void
  stop(): void
  kick(): void
  drain(): Promise<TextDrainResult>
  shutdown(graceMs?: number): Promise<ShutdownResult>
}

/** Why a claimed text is not to be sent at `now`, or null when it may go. */
export function skipReason(message: TextMessage, now: Date): TextSkipReason | null {
  if (message.optedOut) return 'opted_out'
  if (!message.consented) return 'no_consent'
  if (!message.visitStands) return 'visit_changed'
  const queuedWindow = 'windowStartsAt' in message.payload ? message.payload.windowStartsAt : null
  if (message.template === 'visit_reminder' && queuedWindow && message.windowStartsAt !== new Date(queuedWindow).toISOString()) {
    return 'visit_changed'
  }
  if (now.getTime() >= Date.parse(message.payload.expiresAt)) return 'too_late'
  return null
}

export function createTextWorker(deps: TextWorkerDeps): TextWorker {
  const options = {...DEFAULT_OUTBOX_WORKER_OPTIONS, ...deps.options}
  const log = deps.log ?? console

  async function sendOne(outbox: TextOutboxStore, message: TextMessage, result: TextDrainResult, claim: HeldClaim): Promise<void> {
    const now = deps.now()
    const reason = skipReason(message, now)
    if (reason) {
      await outbox.skip(message, reason, now)
      result.skipped += 1
      return
    }
    if (inQuietHours(now)) {
      await outbox.defer(message, sendableAt(now))
      result.deferred += 1
      return
    }
    let sent: {providerMessageId: string; status: string}
    try {
      const text = await deps.compose(message)
      // A claim that ran out (this process stalled) may be another's now: then it sends the text, not this one.
      if (!(await claim.renew())) {
        log.warn(`Text outbox: the claim on ${message.eventKey} ran out before its send; left to the process that holds it now`)
        return
      }
      sent = await deps.transport.send(text)
    } catch (error) {
      await recordFailure(outbox, message, error, result)
      return
    }
    result.sent += 1
    await recordSent(() => outbox.complete(message, sent, deps.now()), 'Text outbox', message.eventKey, log)
  }

  async function recordFailure(outbox: TextOutboxStore, message: TextMessage, error: unknown, result: TextDrainResult): Promise<void> {
    const now = deps.now()
    const reason = describeFailure(error)
    try {
      if (error instanceof TextRefusedError && error.optedOut) {
        // The number replied STOP to the sender: never text it again until it replies START.
        await outbox.optOut(message.to, 'provider', now)
        await outbox.skip(message, 'opted_out', now)
        result.skipped += 1
        return
      }
      const giveUp = error instanceof TextRefusedError || message.attempts >= options.maxAttempts
      const retry = giveUp ? null : retryDelaySeconds(message.attempts, options)
      if (giveUp) log.error(`Text outbox: ${message.eventKey} (${message.template}) is given up after ${message.attempts} attempt(s): ${reason}`)
      else log.warn(`Text outbox: ${message.eventKey} (${message.template}) not sent (attempt ${message.attempts}), retrying in ${retry} s: ${reason}`)
      await outbox.fail(message, reason, retry, now)
      if (giveUp) result.failed += 1
      else result.retried += 1
    } catch (recordError) {
      // The claim runs out on its own and the text is tried again then.
      log.error(`Text outbox: the failure of ${message.eventKey} could not be recorded`, recordError)
    }
  }

  const loop = createClaimLoop<TextMessage, TextDrainResult>({
    logName: 'Text outbox',
    claim: async (limit) => (await deps.outbox()).claim(limit, options.leaseSeconds, deps.now()),
    renew: async (message) => (await deps.outbox()).renew(message, options.leaseSeconds, deps.now()),
    heartbeatMs: (options.leaseSeconds * 1000) / 3,
    every: deps.every,
    work: async (message, result, claim) => sendOne(await deps.outbox(), message, result, claim),
    release: async (messages) => (await deps.outbox()).release(messages),
    emptyResult: () => ({sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0}),
    batchSize: options.batchSize,
    pollMs: options.pollMs,
    log,
  })
  return {...loop, shutdown: (graceMs = 10_000) => loop.shutdown(graceMs)}
}
