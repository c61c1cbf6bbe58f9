/**
 * Runs once when the server starts (Next.js instrumentation hook). In the Node.js runtime it starts
 * opening the database in its own thread (lib/database/pglite.ts; seconds on a new data directory),
 * so the first booking need not wait for it, and then starts the background work: the outbox's
 * workers (messages stored before a restart go out now) and the scheduled jobs, unless
 * BACKGROUND_WORK=off (a worker process, `npm run worker`, does it). It logs which payment mode,
 * database and transports are in use. Next waits for `register()` before the server answers
 * anything, so it returns at once and the rest runs beside the first requests; a booking that comes
 * first waits for the same opening. Only what start-up needs is loaded here: the payment SDKs, the
 * content client and the e-mail renderer (React Email) load when first used.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  // Not awaited; inside register() after the runtime check, so the Edge build drops these imports.
  void (async () => {
    const {startBookingServices} = await import('./lib/booking/start')
    // The outbox workers' first look at the database would wait for the same opening.
    await startBookingServices()
    const {startBackgroundWork} = await import('./lib/background/start')
    const lines = await startBackgroundWork(async (view) => (await import('./components/email/render')).renderEmail(view))
    for (const line of lines) console.log(line)
  })().catch((error: unknown) => console.error('[server] Starting the booking services and the background work failed:', error))
}
