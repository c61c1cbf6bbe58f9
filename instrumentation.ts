/**
 * Runs once when the server starts (Next.js instrumentation hook). In the Node.js runtime it starts
 * opening the database, so the first booking does not wait for the embedded database (about 2–4 s
 * on a new data directory) — without holding the server back: pages are served meanwhile, and a
 * booking that comes first waits for the same opening. It starts the e-mail outbox worker (messages
 * stored before a restart go out now) and logs which payment mode, database and e-mail transport
 * are in use.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const {startBookingServices} = await import('./lib/booking/server')
  void startBookingServices()
  const [{startEmailOutbox}, {renderEmail}] = await Promise.all([import('./lib/email/server'), import('./components/email/render')])
  const {transport} = startEmailOutbox(renderEmail)
  console.log(`[email] E-mail: ${transport}`)
}
