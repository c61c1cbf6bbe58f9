/**
 * What the main thread and the database thread (pglite-worker.ts) send each other. Plain data only:
 * messages are copied with the structured clone algorithm.
 */

export type WorkerRequest = {id: number; op: 'query'; text: string; params?: unknown[]} | {id: number; op: 'exec'; sql: string} | {id: number; op: 'close'}

export type SerializedError = {name: string; message: string; stack?: string; fields: Record<string, string | number | boolean>}

export type WorkerMessage =
  | {type: 'ready'}
  | {type: 'failed'; error: SerializedError}
  | {id: number; ok: true; result: unknown}
  | {id: number; ok: false; error: SerializedError}

/**
 * An error as plain data. Structured clone keeps only an Error's message and stack, and the app
 * needs Postgres's fields: the SQLSTATE `code` above all (23505, 40001, …), also `constraint`,
 * `detail` and the like.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return {name: 'Error', message: String(error), fields: {}}
  const fields: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value
  }
  return {name: error.name, message: error.message, stack: error.stack, fields}
}

/** The error again, in the receiving thread: same name, message and fields (`code`, …). */
export function deserializeError(data: SerializedError): Error {
  const error = Object.assign(new Error(data.message), data.fields)
  error.name = data.name
  if (data.stack) error.stack = data.stack
  return error
}
