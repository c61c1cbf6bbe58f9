/**
 * The smallest Postgres client the app's SQL needs, satisfied by PGlite and by node-postgres
 * (`pg.Pool`, `pg.Client`), so the same SQL runs on the embedded database and on a PostgreSQL server.
 */
export interface SqlClient {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{rows: R[]}>
}

/** A client that can also run a script of several statements (PGlite's `exec`, pg's simple query). */
export interface MigrationClient extends SqlClient {
  exec(sql: string): Promise<unknown>
}
