import {findPostgresTools, SHARED_CLUSTER_ENV, startSharedCluster} from '../../lib/database/test-support/postgres-cluster.ts'
import {migratedImage} from '../../lib/database/test-support/temp-pglite.ts'

/**
 * Once per `vitest run`, before any test file starts:
 * - the migrated embedded-database image (temp-pglite.ts), so the first files of a fresh clone do
 *   not each make it at the same time;
 * - one throwaway PostgreSQL cluster (when initdb is installed) with a migrated template database,
 *   which each real-PostgreSQL test file copies into a database of its own (postgres-cluster.ts).
 * The test files' processes start after this and inherit its environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const tools = findPostgresTools()
  const [, shared] = await Promise.all([migratedImage(), 'missing' in tools ? undefined : startSharedCluster(tools)])
  if (shared) process.env[SHARED_CLUSTER_ENV] = JSON.stringify(shared.address)
  return async () => {
    delete process.env[SHARED_CLUSTER_ENV]
    await shared?.stop()
  }
}
