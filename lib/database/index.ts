import 'server-only'

import {databaseBackend, supabaseConfig} from './backend.ts'
import type {DatabaseFunctions} from './functions.ts'

/**
 * The app's database: Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, otherwise
 * the embedded PGlite database in BOOKINGS_DATA_DIR (default ./.data/pglite), which runs the SQL of
 * supabase/migrations when it opens. The stores (bookings, submissions, e-mail outbox) get their
 * connection here; nothing else in the app knows which database is in use.
 */

export {databaseBackend, supabaseConfig, type DatabaseBackend} from './backend.ts'

let supabaseFunctions: {key: string; functions: DatabaseFunctions} | undefined

/**
 * The database functions (submissions with their e-mails, the outbox). The first call on the
 * embedded database opens it (seconds on a new data directory).
 */
export async function getDatabaseFunctions(): Promise<DatabaseFunctions> {
  if (databaseBackend() === 'supabase') {
    const config = supabaseConfig()
    const key = `${config.url}\n${config.serviceRoleKey}`
    if (supabaseFunctions?.key !== key) {
      const [{createServiceRoleClient}, {createSupabaseDatabaseFunctions}] = await Promise.all([
        import('./supabase.ts'),
        import('./supabase-functions.ts'),
      ])
      supabaseFunctions = {key, functions: createSupabaseDatabaseFunctions(createServiceRoleClient(config))}
    }
    return supabaseFunctions.functions
  }
  const [{getPgliteDatabase}, {createSqlDatabaseFunctions}] = await Promise.all([import('./pglite.ts'), import('./sql-functions.ts')])
  return createSqlDatabaseFunctions(await getPgliteDatabase())
}
