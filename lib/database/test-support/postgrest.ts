import {createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import type {PGlite} from '@electric-sql/pglite'
import type pg from 'pg'
import {openMigratedMemoryDatabase} from './temp-pglite'

/**
 * A local stand-in for Supabase's Data API (PostgREST v12+), for the Supabase adapter's contract
 * tests. It checks the wire format a PostgREST server relies on and refuses anything else:
 * `/rest/v1/{table}` paths of exposed tables, the `apikey` header and `Authorization: Bearer` with a
 * known key, `Accept-Profile` / `Content-Profile`, `select`, `on_conflict` and `col=op.value`
 * filters in the query string, the `Prefer` header (`return=…`, `resolution=…`), a JSON body with
 * `Content-Type: application/json`. It answers as PostgREST does, by running the request as SQL on
 * a PGlite database in a transaction under the key's role (`set local role`), so grants, row level
 * security, constraints, defaults and JSON rendering are Postgres's own. The database is a PGlite
 * (one connection: requests take turns) or a node-postgres pool on a PostgreSQL server (each request
 * on a connection of its own, so requests from several app servers really run side by side, as on
 * Supabase):
 * - GET → 200 and a JSON array (or one object for `Accept: application/vnd.pgrst.object+json`);
 * - POST → 201, the inserted rows with `return=representation`, else an empty body; with
 *   `on_conflict` + `resolution=ignore-duplicates`: ON CONFLICT (…) DO NOTHING;
 * - PATCH → 200 with the updated rows with `return=representation`, else 204;
 * - POST /rest/v1/rpc/{function} → 200 and the function's result (see callFunction);
 * - errors → `{code, message, details, hint}` with PostgREST's status codes.
 */

export type RecordedRequest = {
  method: string
  /** Path and query string as sent. */
  url: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** `Prefer` tokens, e.g. ['resolution=ignore-duplicates', 'return=representation']. */
  prefer: string[]
  body: unknown
}

export type PostgrestStandIn = {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

type Answer = {status: number; body?: unknown}

// Plain fields rather than parameter properties: Node runs this file as it is (type stripping) in the
// deploy harness and the bench.
class HttpError extends Error {
  readonly status: number
  readonly body: {code: string; message: string; details: string | null; hint: string | null}
  constructor(status: number, body: {code: string; message: string; details: string | null; hint: string | null}) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

function fail(status: number, code: string, message: string, details: string | null = null): never {
  throw new HttpError(status, {code, message, details, hint: null})
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) fail(400, 'PGRST100', `"${name}" is not a valid column name`)
  return `"${name}"`
}

/** PostgREST status for a Postgres error code (see PostgREST's "HTTP status codes" table). */
function statusFor(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503') return 409
  if (code === '42P01') return 404
  if (code.startsWith('22') || code.startsWith('23') || code === '42703') return 400
  return 500
}

type Rows<R> = {rows: R[]}
type Transaction = {exec(text: string): Promise<unknown>; query<R>(text: string, params?: unknown[]): Promise<Rows<R>>}
/** What the stand-in needs of its database, whichever it is. */
type Database = {
  query<R>(text: string, params?: unknown[]): Promise<Rows<R>>
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
}

function isPool(db: PGlite | pg.Pool): db is pg.Pool {
  return typeof (db as pg.Pool).connect === 'function' && typeof (db as PGlite).transaction !== 'function'
}

function poolDatabase(pool: pg.Pool): Database {
  return {
    query: async <R,>(text: string, params?: unknown[]) => ({rows: (await pool.query(text, params)).rows as R[]}),
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work({
          exec: (text) => client.query(text),
          query: async <R,>(text: string, params?: unknown[]) => ({rows: (await client.query(text, params)).rows as R[]}),
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startPostgrestStandIn(
  database: PGlite | pg.Pool,
  options: {keys: Record<string, 'anon' | 'authenticated' | 'service_role'>; exposedTables: string[]; port?: number},
): Promise<PostgrestStandIn> {
  const db: Database = isPool(database) ? poolDatabase(database) : (database as unknown as Database)
  const requests: RecordedRequest[] = []
  const columnsOf = new Map<string, Set<string>>()
  for (const table of options.exposedTables) {
    const {rows} = await db.query<{column_name: string}>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [table],
    )
    columnsOf.set(table, new Set(rows.map((row) => row.column_name)))
  }

  function columnList(table: string, names: string[]): string {
    const known = columnsOf.get(table)!
    return names
      .map((name) => {
        if (!known.has(name)) fail(400, '42703', `column ${table}.${name} does not exist`)
        return quoteIdent(name)
      })
      .join(', ')
  }

  /** `col=eq.value`, `col=neq.value`, `col=is.null` → SQL conditions and parameters. */
  function filters(table: string, query: URLSearchParams, params: unknown[], qualifier = ''): string {
    const reserved = new Set(['select', 'on_conflict', 'columns', 'order', 'limit', 'offset'])
    const conditions: string[] = []
    for (const [column, expression] of query) {
      if (reserved.has(column)) continue
      const match = /^(eq|neq|is)\.([\s\S]*)$/.exec(expression)
      if (!match) fail(400, 'PGRST100', `"failed to parse filter (${expression})" (line 1, column 1)`)
      const [, operator, value] = match
      const target = qualifier + columnList(table, [column])
      if (operator === 'is') {
        if (!['null', 'true', 'false'].includes(value)) fail(400, 'PGRST100', `failed to parse filter (${expression})`)
        conditions.push(`${target} is ${value}`)
      } else {
        params.push(value)
        conditions.push(`${target} ${operator === 'eq' ? '=' : '<>'} $${params.length}`)
      }
    }
    return conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
  }

  function selectList(table: string, query: URLSearchParams, qualifier = ''): string {
    const select = query.get('select') ?? '*'
    if (select === '*') return `${qualifier}*`
    return select
      .split(',')
      .map((name) => qualifier + columnList(table, [name]))
      .join(', ')
  }

  async function answer(req: IncomingMessage, rawBody: string, recorded: RecordedRequest): Promise<Answer> {
    const apikey = req.headers.apikey
    const role = typeof apikey === 'string' ? options.keys[apikey] : undefined
    if (!role) return {status: 401, body: {message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.'}}
    if (req.headers.authorization !== `Bearer ${apikey}`) fail(401, 'PGRST301', 'Authorization must be "Bearer <the apikey>"')

    const rpc = /^\/rest\/v1\/rpc\/([a-z_][a-z0-9_]*)$/.exec(recorded.path)
    if (rpc) return callFunction(rpc[1], role, req, rawBody)

    const match = /^\/rest\/v1\/([a-z_][a-z0-9_]*)$/.exec(recorded.path)
    const table = match?.[1]
    if (!table || !columnsOf.has(table)) {
      fail(404, 'PGRST205', `Could not find the table 'public.${table ?? recorded.path}' in the schema cache`)
    }
    const profile = req.method === 'GET' || req.method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile']
    if (profile !== undefined && profile !== 'public') fail(406, 'PGRST106', `The schema must be one of the following: public`)

    const prefer = recorded.prefer
    const returnPreference = prefer.find((token) => token.startsWith('return='))?.slice('return='.length) ?? 'minimal'
    const resolution = prefer.find((token) => token.startsWith('resolution='))?.slice('resolution='.length)
    const singleObject = (req.headers.accept ?? '').startsWith('application/vnd.pgrst.object+json')
    const query = recorded.query
    const params: unknown[] = []
    let sql: string
    let status: number

    if (req.method === 'GET') {
      sql = `select ${selectList(table, query)} from public.${quoteIdent(table)} ${filters(table, query, params)}`
      status = 200
    } else if (req.method === 'POST' || req.method === 'PATCH') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
        fail(415, 'PGRST102', 'Content-Type must be application/json')
      }
      let body: unknown
      try {
        body = JSON.parse(rawBody)
      } catch {
        fail(400, 'PGRST102', 'Empty or invalid json')
      }
      const rows = Array.isArray(body) ? body : [body]
      if (rows.length === 0 || rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
        fail(400, 'PGRST102', 'All object keys must match')
      }
      const names = query.get('columns')?.split(',').map((name) => name.replaceAll('"', '')) ?? Object.keys(rows[0] as object)
      const columns = columnList(table, names)
      params.push(JSON.stringify(rows))
      const returning = (qualifier = '') =>
        returnPreference === 'representation' ? `returning ${selectList(table, query, qualifier)}` : 'returning 1'
      if (req.method === 'POST') {
        const onConflict = query.get('on_conflict')
        let conflict = ''
        if (resolution !== undefined && !onConflict) fail(400, 'PGRST100', 'resolution= needs on_conflict (or a primary key)')
        if (onConflict) {
          const target = columnList(table, onConflict.split(','))
          if (resolution === 'ignore-duplicates') conflict = `on conflict (${target}) do nothing`
          else if (resolution === 'merge-duplicates') {
            const updates = names.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`).join(', ')
            conflict = `on conflict (${target}) do update set ${updates}`
          } else fail(400, 'PGRST100', 'on_conflict needs Prefer: resolution=ignore-duplicates or merge-duplicates')
        }
        sql = `insert into public.${quoteIdent(table)} (${columns})
          select ${columns} from json_populate_recordset(null::public.${quoteIdent(table)}, $1::json) _
          ${conflict} ${returning()}`
        status = 201
      } else {
        if (rows.length !== 1) fail(400, 'PGRST102', 'PATCH takes one object')
        const assignments = names.map((name) => `${quoteIdent(name)} = _.${quoteIdent(name)}`).join(', ')
        sql = `update public.${quoteIdent(table)} as t set ${assignments}
          from (select * from json_populate_record(null::public.${quoteIdent(table)}, ($1::json)->0)) _
          ${filters(table, query, params, 't.')} ${returning('t.')}`
        status = returnPreference === 'representation' ? 200 : 204
      }
    } else {
      fail(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
    }

    // PostgREST renders the JSON in the database: numeric as a number, date as YYYY-MM-DD,
    // timestamptz as 2025-01-02T03:04:05.123456+00:00.
    const wrapped = `with pgrst_source as (${sql}) select coalesce(json_agg(_postgrest_t), '[]')::text as body, count(*)::int as n from (select * from pgrst_source) _postgrest_t`
    const result = await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`)
      try {
        return (await tx.query<{body: string; n: number}>(wrapped, params)).rows[0]
      } catch (error) {
        const {code = 'XX000', message, detail, hint} = error as {code?: string; message: string; detail?: string; hint?: string}
        throw new HttpError(statusFor(code, role), {code, message, details: detail ?? null, hint: hint ?? null})
      }
    })
    const rows = JSON.parse(result.body) as unknown[]
    if (singleObject) {
      if (rows.length !== 1) {
        fail(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows.length} rows`)
      }
      return {status, body: rows[0]}
    }
    if (req.method === 'GET' || returnPreference === 'representation') return {status, body: rows}
    return {status}
  }

  /**
   * POST /rest/v1/rpc/{function} with the arguments as a JSON object, as PostgREST does: the
   * function is looked up in the database by name and argument names, called with named arguments
   * cast to its declared types, under the key's role (EXECUTE privileges apply). A set-returning
   * function answers a JSON array of its rows, any other its value as JSON.
   */
  async function callFunction(name: string, role: string, req: IncomingMessage, rawBody: string): Promise<Answer> {
    if (req.method !== 'POST') fail(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) fail(415, 'PGRST102', 'Content-Type must be application/json')
    let args: unknown
    try {
      args = rawBody === '' ? {} : JSON.parse(rawBody)
    } catch {
      fail(400, 'PGRST102', 'Empty or invalid json')
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args)) fail(400, 'PGRST102', 'Arguments must be a JSON object')
    const given = Object.keys(args as object).sort()
    // The input arguments only: a function `returns table (…)` lists its columns among its argument
    // names too (as OUT arguments), which a call never names.
    const {rows: candidates} = await db.query<{argnames: string[] | null; argtypes: string; retset: boolean}>(
      `select array(select n from unnest(p.proargnames, coalesce(p.proargmodes, array_fill('i'::"char", array[coalesce(cardinality(p.proargnames), 0)]))) as a(n, m)
          where m in ('i', 'b', 'v')) as argnames,
        array_to_string(array(select format_type(t, null) from unnest(p.proargtypes) as t), ',') as argtypes,
        p.proretset as retset
       from pg_proc p where p.proname = $1 and p.pronamespace = 'public'::regnamespace`,
      [name],
    )
    const fn = candidates.find((candidate) => JSON.stringify([...(candidate.argnames ?? [])].sort()) === JSON.stringify(given))
    if (!fn) {
      fail(404, 'PGRST202', `Could not find the function public.${name}(${given.join(', ')}) in the schema cache`)
    }
    const types = fn.argtypes === '' ? [] : fn.argtypes.split(',')
    const params: unknown[] = []
    const list = (fn.argnames ?? []).map((arg, i) => {
      const value = (args as Record<string, unknown>)[arg]
      params.push(value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value))
      return `${quoteIdent(arg)} => $${params.length}::${types[i]}`
    })
    const call = `public.${quoteIdent(name)}(${list.join(', ')})`
    const sql = fn.retset
      ? `select coalesce(json_agg(_t), '[]')::text as body from ${call} as _t`
      : `select to_json(${call})::text as body`
    const result = await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`)
      try {
        return (await tx.query<{body: string}>(sql, params)).rows[0]
      } catch (error) {
        const {code = 'XX000', message, detail, hint} = error as {code?: string; message: string; detail?: string; hint?: string}
        throw new HttpError(statusFor(code, role), {code, message, details: detail ?? null, hint: hint ?? null})
      }
    })
    return {status: 200, body: JSON.parse(result.body)}
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const rawBody = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://localhost')
    const preferHeader = req.headers.prefer
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      prefer: (Array.isArray(preferHeader) ? preferHeader.join(',') : (preferHeader ?? ''))
        .split(',')
        .map((token) => token.trim())
        .filter(Boolean),
      body: rawBody === '' ? undefined : JSON.parse(rawBody),
    }
    requests.push(recorded)
    let result: Answer
    try {
      result = await answer(req, rawBody, recorded)
    } catch (error) {
      if (!(error instanceof HttpError)) {
        result = {status: 500, body: {code: 'XX000', message: String(error), details: null, hint: null}}
      } else result = {status: error.status, body: error.body}
    }
    if (result.body === undefined) res.writeHead(result.status).end()
    else {
      res
        .writeHead(result.status, {'content-type': 'application/json; charset=utf-8'})
        .end(JSON.stringify(result.body))
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, {'content-type': 'application/json'}).end(JSON.stringify({message: String(error)}))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // Clients keep connections open (keep-alive): end them, so the stand-in is really gone.
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/**
 * The embedded database with every migration behind a PostgREST stand-in, as Supabase's Data API
 * stands before its database; close() stops the stand-in, then the database.
 */
export async function openPostgrestOnPglite(options: Parameters<typeof startPostgrestStandIn>[1]): Promise<{db: PGlite; postgrest: PostgrestStandIn; close(): Promise<void>}> {
  const db = await openMigratedMemoryDatabase()
  const postgrest = await startPostgrestStandIn(db, options)
  return {
    db,
    postgrest,
    async close() {
      await postgrest.close()
      await db.close()
    },
  }
}
