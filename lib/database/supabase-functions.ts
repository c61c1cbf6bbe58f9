import type {SupabaseClient} from '@supabase/supabase-js'
import {checkAnswer, DatabaseError, type DatabaseFunctionName, type DatabaseFunctions} from './functions.ts'

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
    rows: async <R>(name: DatabaseFunctionName, args: Record<string, unknown>) => ((await rpc<R[] | null>(name, args)) ?? []).map((row) => checkAnswer(name, row)),
  }
}
