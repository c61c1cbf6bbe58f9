/**
 * Runs once when the server starts (Next.js instrumentation hook). In the Node.js runtime it opens
 * the booking store, so the first booking does not wait for the embedded database (about 2 s on a
 * new data directory), and logs which payment mode and booking store are in use.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const {startBookingServices} = await import('./lib/booking/server')
  await startBookingServices()
}
