import type {Server, ServerResponse} from 'node:http'
import {ownShutdownSignals, runShutdownSteps} from './shutdown.ts'

/**
 * How the production server stops when asked (SIGTERM from a process manager or a deploy, SIGINT
 * from Ctrl-C), so a restart or a scale-down loses no request: it stops accepting connections at
 * once (the load balancer's next try goes to another process), lets the requests in flight finish
 * for up to the grace (SHUTDOWN_GRACE_SECONDS, default 15 s), closing each keep-alive connection
 * as soon as it has nothing in flight, then cuts what is left; then it runs the services' stop
 * steps (lib/shutdown.ts: the e-mail outbox worker hands back its claims, the database closes) and
 * exits 0. Loaded by Node directly (scripts/serve.ts): erasable TypeScript, `.ts` import paths.
 */

export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 15

/** SHUTDOWN_GRACE_SECONDS (a positive number), else the default. */
export function shutdownGraceMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = Number(env.SHUTDOWN_GRACE_SECONDS?.trim())
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_SHUTDOWN_GRACE_SECONDS) * 1000
}

type Log = Pick<Console, 'log' | 'warn' | 'error'>

/**
 * Stops `server` accepting and waits for its connections to end, for at most `graceMs`; resolves
 * with how many requests were still unfinished and cut at the end of the grace (`inFlight`: the
 * responses under way, kept by `trackRequests`).
 */
export function stopAccepting(server: Server, graceMs: number, inFlight: ReadonlySet<ServerResponse> = new Set()): Promise<{cut: number}> {
  return new Promise((resolve) => {
    let done = false
    // A request that arrives on a kept-alive connection meanwhile is answered, then its connection closes.
    server.prependListener('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('connection', 'close')
    })
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close')
    const finish = (cut: number) => {
      if (done) return
      done = true
      clearInterval(sweep)
      clearTimeout(deadline)
      resolve({cut})
    }
    server.close(() => finish(0))
    // Idle keep-alive connections would hold `close` open until they time out: close each as it
    // goes idle (Node closes the idle ones once, at `close()`). An event stream (the preview's feed
    // of content changes) never finishes by itself: its connection is closed, as when a visitor
    // leaves, and the browser's EventSource reconnects — to another process.
    const sweep = setInterval(() => {
      server.closeIdleConnections()
      for (const res of inFlight) if (isEventStream(res)) res.destroy()
    }, 100)
    const deadline = setTimeout(() => {
      const cut = inFlight.size
      server.closeAllConnections()
      finish(cut)
    }, graceMs)
  })
}

/** A Server-Sent Events answer, or a request for one (an EventSource asks with this Accept header). */
function isEventStream(res: ServerResponse): boolean {
  const type = (value: unknown) => String(value ?? '').toLowerCase().startsWith('text/event-stream')
  return type(res.getHeader('content-type')) || type(res.req?.headers.accept)
}

/** The responses under way on `server`, kept up to date from now on. */
export function trackRequests(server: Server): ReadonlySet<ServerResponse> {
  const inFlight = new Set<ServerResponse>()
  server.prependListener('request', (_req, res) => {
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
  })
  return inFlight
}

/**
 * Takes SIGTERM and SIGINT over for the production server: on the first, stops gracefully and
 * exits 0 (1 if a step failed badly enough to pass the last deadline); a second signal while
 * stopping ends the process at once.
 */
export function stopGracefullyOnSignals(server: Server, options: {graceMs?: number; log?: Log} = {}): void {
  const graceMs = options.graceMs ?? shutdownGraceMs()
  const log = options.log ?? console
  ownShutdownSignals()
  const inFlight = trackRequests(server)
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`[server] ${signal} again while stopping: exiting now`)
      process.exit(1)
    }
    stopping = true
    log.log(`[server] ${signal}: not accepting new connections; finishing the requests in flight (up to ${graceMs / 1000} s)`)
    // Whatever happens below, the process ends: the services get their own grace after the requests'.
    setTimeout(() => {
      log.error('[server] Stopping took too long: exiting now')
      process.exit(1)
    }, graceMs + 30_000).unref()
    void (async () => {
      const {cut} = await stopAccepting(server, graceMs, inFlight)
      if (cut > 0) log.warn(`[server] ${cut} request(s) still unfinished after ${graceMs / 1000} s were cut`)
      await runShutdownSteps(log)
      log.log('[server] Stopped')
      process.exit(0)
    })()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
