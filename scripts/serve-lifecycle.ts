/**
 * The production server's start and stop around the database (scripts/serve.ts): it claims the
 * embedded database before it serves, and stops gracefully on SIGTERM/SIGINT. Kept apart from
 * serve.ts's listening and edge settings. Run by Node directly: erasable TypeScript, `.ts` paths.
 */
import {claimDatabaseForServer, describeDatabaseClaim} from '../lib/database/server-lock.ts'
import {DataDirectoryInUseError} from '../lib/database/pglite-lock.ts'
import {ownShutdownSignals} from '../lib/shutdown.ts'

export {stopGracefullyOnSignals} from '../lib/graceful-stop.ts'

/**
 * Takes the embedded database's lock for this process and says what that means, or ends the
 * process (exit code 1) with the reason when another process has the directory. Also takes the
 * stop signals over from the services, which register their stop steps as they start.
 */
export function claimDatabaseOrExit(): void {
  ownShutdownSignals()
  try {
    const claim = claimDatabaseForServer()
    if (claim) for (const line of describeDatabaseClaim(claim)) console.log(line)
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error
    console.error(`[database] Not starting: ${error.message}`)
    process.exit(1)
  }
}
