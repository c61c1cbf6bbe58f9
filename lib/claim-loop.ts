/**
 * The loop every outbox channel's worker runs (the e-mails', ./email/worker.ts; the texts',
 * ./texts/worker.ts): claim a batch of due items in the database, work them one by one, claim again
 * while batches come full; look every `pollMs` and when kicked (calls made while a pass runs
 * coalesce into one more pass); and, when the process stops, claim nothing more, let the item being
 * worked finish (for at most a grace period), then hand back the claimed items not started so
 * another process takes them at once.
 *
 * A claim outlives its work: while an item is worked its claim is renewed every `heartbeatMs` (a
 * third of the lease), and the work renews it once more right before it sends (`claim.renew()`)
 * and sends nothing when that fails: a claim whose lease ran out may be another process's by now.
 * So a slow mail server or a slow machine never lets a second process send the same message; only a
 * process that stalls longer than a whole lease in the middle of a send can. What is claimed and
 * how an item is worked are passed in. Plain TypeScript.
 */

/** What a shutdown did: claims handed back, and whether an item was still being worked at the end of the grace. */
export type ShutdownResult = {released: number; sendStillUnderWay: boolean}

/** The claim on the item being worked. */
export interface HeldClaim {
  /** Keeps the claim a whole lease more; false when it is lost (then the item must not be sent). */
  renew(): Promise<boolean>
}

/**
 * Calls `run` every `ms` until the answered function is called (setInterval by default; tests pass
 * their own and wait for what `run` answers).
 */
export type Every = (ms: number, run: () => Promise<unknown>) => () => void

export const everyInterval: Every = (ms, run) => {
  const timer = setInterval(() => void run(), ms)
  timer.unref?.()
  return () => clearInterval(timer)
}

export interface ClaimLoopDeps<Item extends {id: string}, Result extends Record<string, number>> {
  /** Names the loop in the log: 'E-mail outbox'. */
  logName: string
  /** Claims up to `batchSize` due items. */
  claim(batchSize: number): Promise<Item[]>
  /** Keeps an item's claim a whole lease more; false when it is lost. */
  renew(item: Item): Promise<boolean>
  /** How often the claim of the item being worked is renewed (a third of the lease or less). */
  heartbeatMs: number
  every?: Every
  /**
   * Works one claimed item, counting what it did in `result`; records its outcome itself. Before it
   * sends, it calls `claim.renew()` and sends nothing when that answers false.
   */
  work(item: Item, result: Result, claim: HeldClaim): Promise<void>
  /** Hands back claims not started (the process is stopping); answers how many were still ours. */
  release(items: Item[]): Promise<number>
  /** A result with every count 0. */
  emptyResult(): Result
  batchSize: number
  pollMs: number
  log: Pick<Console, 'error' | 'warn'>
}

export interface ClaimLoop<Result> {
  /** Looks every `pollMs` (and once now). */
  start(): void
  stop(): void
  /** Looks now; calls made while a pass runs coalesce. */
  kick(): void
  /** Works everything due now; resolves when nothing due is left. */
  drain(): Promise<Result>
  /**
   * Stops for good: claims nothing more, lets the item being worked finish (for at most `graceMs`),
   * then releases the items claimed but not started. An item still being worked after the grace
   * keeps its claim (it may have reached the provider): its lease runs out as if the process had died.
   */
  shutdown(graceMs: number): Promise<ShutdownResult>
}

export function createClaimLoop<Item extends {id: string}, Result extends Record<string, number>>(deps: ClaimLoopDeps<Item, Result>): ClaimLoop<Result> {
  const {log, logName} = deps
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<Result> | undefined
  let again = false
  let stopped = true
  let ending = false
  /** Claimed by this process and not yet started: what a shutdown hands back. */
  const notStarted = new Map<string, Item>()

  function add(total: Result, result: Result): void {
    for (const key of Object.keys(result) as (keyof Result)[]) (total[key] as number) += result[key] as number
  }

  /** Works `item` while renewing its claim every `heartbeatMs`. */
  async function workHoldingClaim(item: Item, result: Result): Promise<void> {
    let renewing: Promise<unknown> | undefined
    let lost = false
    const renew = async (): Promise<boolean> => {
      const held = await deps.renew(item)
      if (!held) lost = true
      return held
    }
    const stopHeartbeat = (deps.every ?? everyInterval)(deps.heartbeatMs, () => {
      // One renewal at a time; a claim found lost stays lost.
      if (renewing || lost) return renewing ?? Promise.resolve()
      renewing = renew()
        .then((held) => {
          if (!held) log.warn(`${logName}: the claim on ${item.id} ran out while it was being worked; it may be sent again`)
        })
        .catch((error: unknown) => log.error(`${logName}: the claim on ${item.id} could not be renewed`, error))
        .finally(() => {
          renewing = undefined
        })
      return renewing
    })
    try {
      await deps.work(item, result, {renew: () => (lost ? Promise.resolve(false) : renew())})
    } finally {
      stopHeartbeat()
      await renewing
    }
  }

  async function drainOnce(): Promise<Result> {
    const result = deps.emptyResult()
    while (!ending) {
      const batch = await deps.claim(deps.batchSize)
      for (const item of batch) notStarted.set(item.id, item)
      for (const item of batch) {
        if (ending) return result
        notStarted.delete(item.id)
        await workHoldingClaim(item, result)
      }
      if (batch.length < deps.batchSize) return result
    }
    return result
  }

  function drain(): Promise<Result> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      const total = deps.emptyResult()
      do {
        again = false
        add(total, await drainOnce())
      } while (again && !ending)
      return total
    })().finally(() => {
      running = undefined
    })
    return running
  }

  function tick(): void {
    drain()
      .catch((error: unknown) => log.error(`${logName}: the outbox could not be read`, error))
      .finally(() => schedule())
  }

  function schedule(): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(tick, deps.pollMs)
    timer.unref?.()
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      tick()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
    kick() {
      if (ending) return
      drain().catch((error: unknown) => log.error(`${logName}: the outbox could not be read`, error))
    },
    drain,
    async shutdown(graceMs) {
      stopped = true
      ending = true
      clearTimeout(timer)
      let sendStillUnderWay = false
      if (running) {
        let graceTimer: ReturnType<typeof setTimeout> | undefined
        const graceOver = new Promise<'over'>((resolve) => (graceTimer = setTimeout(() => resolve('over'), graceMs)))
        const outcome = await Promise.race([running.then(() => 'done' as const, () => 'done' as const), graceOver])
        clearTimeout(graceTimer)
        sendStillUnderWay = outcome === 'over'
      }
      const unsent = [...notStarted.values()]
      notStarted.clear()
      let released = 0
      if (unsent.length > 0) {
        try {
          released = await deps.release(unsent)
        } catch (error) {
          // Their leases run out instead, and any process takes them then.
          log.error(`${logName}: ${unsent.length} claimed item(s) could not be handed back`, error)
        }
      }
      return {released, sendStillUnderWay}
    },
  }
}

/** A failure as the outbox records it: the provider's code first when there is one ('535: Authentication failed', '21211: …'). */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    const fields = error as {responseCode?: unknown; code?: unknown; status?: unknown}
    const code = fields.responseCode ?? fields.code ?? fields.status
    return code ? `${String(code)}: ${error.message}` : error.message
  }
  return String(error)
}

/**
 * Records that an item went out (`record`: false when its claim had run out meanwhile). From here a
 * failure must not schedule a resend: recording is tried 3 times; if the database stays away, the
 * claim runs out and the item may go out once more.
 */
export async function recordSent(record: () => Promise<boolean>, logName: string, eventKey: string, log: Pick<Console, 'error' | 'warn'>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await record())) log.warn(`${logName}: ${eventKey} was sent after its claim ran out; another worker may send it again`)
      return
    } catch (error) {
      if (attempt >= 3) {
        log.error(`${logName}: ${eventKey} was sent but could not be recorded; it may be sent again`, error)
        return
      }
    }
  }
}
