/**
 * Runs once when the server starts (Next.js instrumentation hook). In the Node.js runtime it starts
 * opening the database in its own thread (lib/database/pglite.ts; seconds on a new data directory),
 * so the first booking need not wait for it, and then starts the e-mail outbox worker (messages
 * stored before a restart go out now); it logs which payment mode, database and e-mail transport
 * are in use. Next waits for `register()` before the server answers anything, so it returns at once
 * and the rest runs beside the first requests; a booking that comes first waits for the same opening.
 * Only what start-up needs is loaded here: the payment SDKs, the content client and the e-mail
 * renderer (React Email) load when first used.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  // Not awaited; inside register() after the runtime check, so the Edge build drops these imports.
  void (async () => {
    const {startBookingServices} = await import('./lib/booking/start')
    // The outbox worker's first look at the database would wait for the same opening.
    await startBookingServices()
    const {startEmailOutbox} = await import('./lib/email/server')
    const {transport} = startEmailOutbox(async (view) => (await import('./components/email/render')).renderEmail(view))
    console.log(`[email] E-mail: ${transport}`)
    // i24-texts: the text outbox beside the e-mail outbox.
    const {startTextOutbox} = await import('./lib/texts/server')
    console.log(`[texts] Texts: ${startTextOutbox().transport}`)
    const {startScheduledJobs} = await import('./lib/jobs/server')
    const jobs = startScheduledJobs()
    console.log(`[jobs] Scheduled jobs: ${jobs ? `${jobs.jobs.join(', ') || 'none'}, looked for every ${jobs.pollSeconds} s` : 'off (SCHEDULED_JOBS=off)'}`)
  })().catch((error: unknown) => console.error('[server] Starting the booking and e-mail services failed:', error))
}
