import {databaseBackend, databaseDir} from './backend.ts'
import {lockDataDirectory} from './pglite-lock.ts'

/**
 * The production server's claim on the embedded database, taken before it serves (scripts/serve.ts):
 * a second server on the same data directory stops at start-up with the reason, instead of serving
 * pages and splitting the bookings between two copies of the database. Loaded by Node directly:
 * erasable TypeScript, `.ts` import paths.
 */

export type ServerDatabaseClaim =
  | {backend: 'supabase'}
  | {backend: 'pglite'; dataDir: string; lockFile: string; takenOverFrom: {pid: number; startedAt: string} | null}

/**
 * Takes the embedded database's lock for this process (nothing to take on Supabase); throws
 * DataDirectoryInUseError while another live process has the directory. Released when the process
 * ends; the server's database thread opens the directory under it.
 */
export function claimDatabaseForServer(env: Record<string, string | undefined> = process.env): ServerDatabaseClaim | null {
  let backend
  try {
    backend = databaseBackend(env)
  } catch {
    // Half a Supabase configuration: the app says so at start-up and stores nothing.
    return null
  }
  if (backend === 'supabase') return {backend}
  const dataDir = databaseDir(env)
  const lock = lockDataDirectory(dataDir)
  return {backend, dataDir, lockFile: lock.file, takenOverFrom: lock.takenOverFrom}
}

/** What the server says at start-up about running beside other processes. */
export function describeDatabaseClaim(claim: ServerDatabaseClaim): string[] {
  if (claim.backend === 'supabase') return ['[database] Supabase: any number of server processes can share it']
  const lines = [
    `[database] The embedded database (PGlite in ${claim.dataDir}) serves this one process only: it is locked (${claim.lockFile}) until this process ends. To run several server processes, use Supabase/PostgreSQL.`,
  ]
  if (claim.takenOverFrom) {
    lines.push(`[database] Took over the lock left by process ${claim.takenOverFrom.pid} (started ${claim.takenOverFrom.startedAt}), which is no longer running`)
  }
  return lines
}
