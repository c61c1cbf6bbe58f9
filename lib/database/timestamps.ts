/**
 * A timestamptz as the database's adapters return it: a Date from the Postgres drivers (PGlite,
 * node-postgres), an ISO string from PostgREST (Supabase). The app's types hold ISO 8601 (UTC).
 */
export function isoTimestamp(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString()
}

/** The same, with SQL NULL as null. */
export function isoTimestampOrNull(value: unknown): string | null {
  return value == null ? null : isoTimestamp(value)
}
