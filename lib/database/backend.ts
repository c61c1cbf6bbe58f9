import path from 'node:path'

/**
 * Which database the environment asks for: Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY
 * are set, otherwise the embedded PGlite database. Apart from ./index.ts (server-only) so the
 * production server (scripts/serve.ts, loaded by Node directly) can tell before it serves whether it
 * must take the embedded database's lock.
 */

export type DatabaseBackend = 'supabase' | 'pglite'

/** Which database the environment asks for. Half a Supabase configuration is an error, not PGlite. */
export function databaseBackend(env: Record<string, string | undefined> = process.env): DatabaseBackend {
  const url = env.SUPABASE_URL?.trim()
  const key = env.SUPABASE_SERVICE_ROLE_KEY?.trim()
  if (url && key) return 'supabase'
  if (url || key) {
    throw new Error(
      `${url ? 'SUPABASE_SERVICE_ROLE_KEY' : 'SUPABASE_URL'} is not set: set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY to store bookings and messages in Supabase, or neither for the embedded database.`,
    )
  }
  return 'pglite'
}

/** SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, trimmed (call only when the backend is Supabase). */
export function supabaseConfig(env: Record<string, string | undefined> = process.env): {url: string; serviceRoleKey: string} {
  return {url: env.SUPABASE_URL!.trim(), serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!.trim()}
}

/** The embedded database's data directory when none is set: ./.data/pglite. */
export const DEFAULT_DATA_DIR = path.join('.data', 'pglite')

/** The embedded database's data directory: BOOKINGS_DATA_DIR, else ./.data/pglite, as an absolute path. */
export function databaseDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.BOOKINGS_DATA_DIR || DEFAULT_DATA_DIR)
}
