import type {SupabaseClient} from '@supabase/supabase-js'
import * as z from 'zod'
import {checkAnswer, DatabaseError, type DatabaseFunctionName, type DatabaseFunctions} from './functions.ts'
import {DATABASE_ANSWERS} from './functions.generated.ts'

/**
 * A function whose table has one column is typed by PostgreSQL as a set of that column's type, so
 * the Data API answers its bare values; each comes back as a row under its column's name, as the SQL
 * adapter gives it.
 */
function asRow(name: DatabaseFunctionName, row: unknown): unknown {
  const schema: z.ZodType = DATABASE_ANSWERS[name]
  if (!(schema instanceof z.ZodObject)) return row
  const columns = Object.keys(schema.shape)
  return columns.length === 1 ? {[columns[0]]: row} : row
}

/**
 * The database functions on Supabase: supabase-js `rpc`, a POST to the Data API's /rpc/<name>
 * with the arguments as JSON; each answer checked against its schema. Server only, with the service role key.
 */
export function createSupabaseDatabaseFunctions(client: SupabaseClient): DatabaseFunctions {
  async function rpc<T>(name: DatabaseFunctionName, args: Record<string, unknown>): Promise<T> {
    const body = Object.fromEntries(Object.entries(args).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : (value ?? null)]))
    const {data, error} = await client.rpc(name, body)
    if (error) {
      const more = [error.details, error.hint].filter(Boolean).join(' ')
      throw new DatabaseError(`Database: ${error.message}${more ? ` (${more})` : ''}`, {code: error.code || undefined})
    }
    return data as T
  }
  return {
    value: async <T>(name: DatabaseFunctionName, args: Record<string, unknown>) => checkAnswer(name, await rpc<T>(name, args)),
    rows: async <R>(name: DatabaseFunctionName, args: Record<string, unknown>) => ((await rpc<R[] | null>(name, args)) ?? []).map((row) => checkAnswer(name, asRow(name, row) as R)),
  }
}
