/**
 * Defaults only, like a new app: the floor for npm run perf and npm run bench. The one setting is
 * for the bench's booking route handler (app/api/bookings): PGlite loaded from node_modules at run
 * time, as the site loads it, not bundled (its WebAssembly and data files sit beside its code).
 */
const config = {serverExternalPackages: ['@electric-sql/pglite']}
export default config
