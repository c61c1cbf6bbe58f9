/**
 * What the process does when it is asked to stop (SIGTERM, SIGINT), in one ordered sequence: first
 * the work that still uses the database (the outbox's workers finish their send and hand back
 * their claims; a job run under way finishes), then the database itself closes. Services register their steps here as they start.
 *
 * The production server (scripts/serve.ts) owns the signals: it stops accepting connections, lets
 * the requests in flight finish, then runs these steps and exits 0. The worker process
 * (scripts/worker.ts) owns them too: it runs these steps and exits 0. Where nothing owns them (`next
 * dev`, a script), the first service that registers installs a fallback that runs the steps and
 * then lets the signal end the process as it would have.
 *
 * The registry lives on globalThis: scripts/serve.ts runs outside Next's bundles, and the services
 * (lib/email/server.ts, lib/database/pglite.ts) inside them, each with its own copy of this module.
 * Loaded by Node directly (serve.ts) too: erasable TypeScript, no imports.
 */

/** The order of the steps: everything of one phase finishes before the next begins. */
export const SHUTDOWN_PHASES = ['work', 'database'] as const
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number]

type Step = {name: string; phase: ShutdownPhase; run: () => Promise<void>}
type Registry = {steps: Step[]; signalsOwned: boolean; fallbackInstalled: boolean; running?: Promise<void>}

const KEY = Symbol.for('renton-cleaning.shutdown')

function registry(): Registry {
  const holder = globalThis as typeof globalThis & {[KEY]?: Registry}
  return (holder[KEY] ??= {steps: [], signalsOwned: false, fallbackInstalled: false})
}

type Log = Pick<Console, 'log' | 'error'>

/**
 * Adds a step to the stop sequence (one per name: registering a name again replaces it). Answers a
 * function that takes it out again.
 */
export function registerShutdownStep(name: string, phase: ShutdownPhase, run: () => Promise<void>): () => void {
  const state = registry()
  const step = {name, phase, run}
  state.steps = [...state.steps.filter((other) => other.name !== name), step]
  installFallbackSignalHandlers()
  return () => {
    state.steps = state.steps.filter((other) => other !== step)
  }
}

/** Runs the steps, phase by phase (once: later calls wait for the same run). A failing step is logged; the rest still run. */
export function runShutdownSteps(log: Log = console): Promise<void> {
  const state = registry()
  state.running ??= (async () => {
    for (const phase of SHUTDOWN_PHASES) {
      const steps = state.steps.filter((step) => step.phase === phase)
      await Promise.all(
        steps.map((step) =>
          step.run().catch((error: unknown) => {
            log.error(`[server] Stopping: ${step.name} failed:`, error)
          }),
        ),
      )
    }
  })()
  return state.running
}

/** The production server takes SIGTERM/SIGINT over: no fallback handler is installed after this. */
export function ownShutdownSignals(): void {
  registry().signalsOwned = true
}

/**
 * Where no server owns the signals: on the first SIGTERM or SIGINT, run the steps, then raise the
 * signal again so the process ends as it would have (unless something else listens for it).
 */
function installFallbackSignalHandlers(): void {
  const state = registry()
  if (state.signalsOwned || state.fallbackInstalled || typeof process.once !== 'function') return
  state.fallbackInstalled = true
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (state.signalsOwned) return
      const othersListen = process.listenerCount(signal) > 0
      void runShutdownSteps().finally(() => {
        if (!othersListen) process.kill(process.pid, signal)
      })
    })
  }
}
