/**
 * Runs once when the server starts (Next.js instrumentation hook). In the Node.js runtime it opens
 * the database, so the first booking does not wait for the embedded database (about 2 s on a new
 * data directory), starts the e-mail outbox worker (messages stored before a restart go out now),
 * and logs which payment mode, database and e-mail transport are in use.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const {startBookingServices} = await import('./lib/booking/server')
  await startBookingServices()
  const [{startEmailOutbox}, {renderEmail}] = await Promise.all([import('./lib/email/server'), import('./components/email/render')])
  const {transport} = startEmailOutbox(renderEmail)
  console.log(`[email] E-mail: ${transport}`)
}
