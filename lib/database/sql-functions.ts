import {checkAnswer, DatabaseError, functionArguments, type DatabaseFunctionName, type DatabaseFunctions} from './functions.ts'
import type {SqlClient} from './sql.ts'

/**
 * The database functions on a Postgres client (PGlite, node-postgres): `select public.f(a => $1::t, …)`,
 * with every parameter cast to the type the function declares; each answer checked against its schema.
 */

function call(name: DatabaseFunctionName, args: Record<string, unknown>): {sql: string; params: unknown[]} {
  const params: unknown[] = []
  const list = functionArguments(name).map(([arg, type]) => {
    const value = args[arg]
    params.push(value === undefined || value === null ? null : type === 'jsonb' ? JSON.stringify(value) : value instanceof Date ? value.toISOString() : value)
    return `${arg} => $${params.length}::${type}`
  })
  return {sql: `public.${name}(${list.join(', ')})`, params}
}

async function run<R>(db: SqlClient, sql: string, params: unknown[]): Promise<R[]> {
  try {
    return (await db.query<R>(sql, params)).rows
  } catch (error) {
    const code = (error as {code?: unknown}).code
    throw new DatabaseError(`Database: ${(error as Error).message}`, {code: typeof code === 'string' ? code : undefined, cause: error})
  }
}

export function createSqlDatabaseFunctions(db: SqlClient): DatabaseFunctions {
  return {
    async value<T>(name: DatabaseFunctionName, args: Record<string, unknown>): Promise<T> {
      const {sql, params} = call(name, args)
      const [row] = await run<{result: T}>(db, `select ${sql} as result`, params)
      return checkAnswer(name, row.result)
    },
    async rows<R>(name: DatabaseFunctionName, args: Record<string, unknown>): Promise<R[]> {
      const {sql, params} = call(name, args)
      return (await run<R>(db, `select * from ${sql}`, params)).map((row) => checkAnswer(name, row))
    },
  }
}
