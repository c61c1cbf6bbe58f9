import {randomUUID} from 'node:crypto'
import {createSqlDatabaseFunctions} from '../../database/sql-functions.ts'
import type {SqlClient} from '../../database/sql.ts'
import {createDatabaseRateLimiter} from '../database.ts'
import type {RateLimiter} from '../limiter.ts'

/** The key secret of the tests' limiters (the server's comes from app_secrets). */
export const TEST_KEY_SECRET = 'rate-limit-test-key-secret-0123456789abcdef'

/**
 * The server's default limiter, in a test's own database, under a name of its own (so two limiters
 * of one test never share a quota unless given the same name), on the test's clock when given.
 */
export function databaseRateLimiter(
  /** The database, or how to get it when the limiter is made before the database is open. */
  db: SqlClient | (() => SqlClient),
  options: {limit: number; windowSeconds: number; name?: string; now?: () => Date},
): RateLimiter {
  const settings = {
    name: options.name ?? `test-${randomUUID()}`,
    limit: options.limit,
    windowSeconds: options.windowSeconds,
    keySecret: async () => TEST_KEY_SECRET,
    now: options.now,
  }
  const database = typeof db === 'function' ? db : () => db
  return {check: (address) => createDatabaseRateLimiter(createSqlDatabaseFunctions(database()), settings).check(address)}
}
