/**
 * The database functions of supabase/migrations that the app calls: the one way the app writes a
 * submission with its e-mails, stores a booking in its arrival window's last places, pays a booking
 * with its e-mails, lets the customer move it or ask to cancel, works the outboxes, the office, the
 * plans and their charges, the local test checkout and the app's own secrets. Each runs in one
 * transaction in the database itself, so the same guarantees hold on the embedded PGlite, on a
 * PostgreSQL server and on Supabase (where the Data API exposes them as /rpc/<name>).
 *
 * The registry (./functions.generated.ts: argument names and SQL types, one value or rows, the zod
 * schema of the answer) is generated from the migrated database by `npm run db:typegen`; a test
 * fails when it is stale. Two adapters implement `DatabaseFunctions` and check every answer against
 * its schema: SQL on a Postgres client (./sql-functions.ts) and supabase-js `rpc`
 * (./supabase-functions.ts).
 */
import {DATABASE_ANSWERS, DATABASE_FUNCTIONS} from './functions.generated.ts'

export {DATABASE_FUNCTIONS}

type SqlType = 'jsonb' | 'uuid' | 'text' | 'integer' | 'timestamptz' | 'date' | 'boolean'

DATABASE_FUNCTIONS satisfies Record<string, {args: Record<string, SqlType>; returns: 'value' | 'rows'}>

export type DatabaseFunctionName = keyof typeof DATABASE_FUNCTIONS
type Spec<N extends DatabaseFunctionName> = (typeof DATABASE_FUNCTIONS)[N]
/** The arguments of a function, by name; `null` passes SQL NULL. */
export type DatabaseFunctionArgs<N extends DatabaseFunctionName> = {[K in keyof Spec<N>['args']]: unknown}
export type ValueFunctionName = {[N in DatabaseFunctionName]: Spec<N>['returns'] extends 'value' ? N : never}[DatabaseFunctionName]
export type RowsFunctionName = {[N in DatabaseFunctionName]: Spec<N>['returns'] extends 'rows' ? N : never}[DatabaseFunctionName]

export interface DatabaseFunctions {
  /** Calls a function that answers one value (jsonb, boolean). */
  value<T>(name: ValueFunctionName, args: DatabaseFunctionArgs<ValueFunctionName>): Promise<T>
  /** Calls a set-returning function: its rows, as the adapter's driver gives them. */
  rows<R = Record<string, unknown>>(name: RowsFunctionName, args: DatabaseFunctionArgs<RowsFunctionName>): Promise<R[]>
}

/** A database call that failed (unreachable, a constraint refused the row, …). */
export class DatabaseError extends Error {
  readonly code: string | undefined

  constructor(message: string, options?: {code?: string; cause?: unknown}) {
    super(message, {cause: options?.cause})
    this.name = 'DatabaseError'
    this.code = options?.code
  }
}

/** The argument names and SQL types of a function, in declaration order. */
export function functionArguments(name: DatabaseFunctionName): [string, SqlType][] {
  return Object.entries(DATABASE_FUNCTIONS[name].args) as [string, SqlType][]
}

/**
 * Checks an answer (one value, or one row) against its function's schema and hands it on as it
 * came; an answer of another shape is a DatabaseError, never passed on.
 */
export function checkAnswer<T>(name: DatabaseFunctionName, answer: T): T {
  const result = DATABASE_ANSWERS[name].safeParse(answer)
  if (!result.success) {
    throw new DatabaseError(`Database: ${name} answered an unexpected shape: ${result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'} ${issue.message}`).join('; ')}`)
  }
  return answer
}
