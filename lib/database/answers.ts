import * as z from 'zod'

/**
 * The zod schemas of database answers by SQL type, as the drivers deliver them: PGlite and
 * node-postgres give timestamptz and date as Date, the Data API (supabase-js) as ISO strings;
 * bigint and numeric arrive as strings or numbers. Any value may be SQL NULL. The adapters check an
 * answer against its function's schema and hand on the answer as it came.
 */
export const sql = {
  json: z.json().nullable(),
  uuid: z.string().nullable(),
  text: z.string().nullable(),
  integer: z.number().int().nullable(),
  bigint: z.union([z.string(), z.number(), z.bigint()]).nullable(),
  numeric: z.union([z.string(), z.number()]).nullable(),
  boolean: z.boolean().nullable(),
  timestamp: z.union([z.date(), z.string()]).nullable(),
  date: z.union([z.date(), z.string()]).nullable(),
  // A function that answers nothing: whatever the driver gives for it is not read.
  void: z.unknown(),
}
