import {MIGRATIONS_DIR} from './migrations.ts'
import {openPgliteDatabase} from './pglite-open.ts'

/**
 * Writes lib/database/functions.generated.ts from the migrated database itself: every function of
 * the public schema the app's server may call (granted to service_role), its arguments by name and
 * SQL type in declaration order, whether it answers one value or rows, and a zod schema of its
 * answer. scripts/generate-database-functions.ts (`npm run db:typegen`) writes the file; a test
 * fails when the file differs from what the migrations give.
 *
 * An answer's schema checks what the catalog knows and the drivers deliver without changing it
 * (PGlite and node-postgres give timestamps as Date, the Data API as ISO strings): scalars by type,
 * `returns table` rows by column. jsonb answers carry no shape in the catalog: they are checked as
 * JSON, and their fields are read by the code that asked for them.
 */

export type CatalogFunction = {
  name: string
  args: Array<[string, string]>
  returns: 'value' | 'rows'
  /** The SQL type of a value, or the columns of a row. */
  answer: string | Array<[string, string]>
}

const SQL_ARG_TYPES = new Set(['jsonb', 'uuid', 'text', 'integer', 'timestamptz', 'date', 'boolean'])

const TYPE_NAMES: Record<string, string> = {
  'timestamp with time zone': 'timestamptz',
  'character varying': 'text',
  bigint: 'bigint',
  integer: 'integer',
  smallint: 'integer',
}

function typeName(formatted: string): string {
  return TYPE_NAMES[formatted] ?? formatted
}

/** The functions of a database migrated by supabase/migrations, in name order. */
export async function readFunctionCatalog(migrationsDir: string = MIGRATIONS_DIR): Promise<CatalogFunction[]> {
  const db = await openPgliteDatabase(undefined, {migrationsDir})
  try {
    const {rows} = await db.query<{
      name: string
      arg_names: string[] | null
      arg_modes: string[] | null
      arg_types: string[]
      result: string
      result_columns: Array<[string, string]> | null
      retset: boolean
      granted: boolean
    }>(`
      select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
        array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) as t) as arg_types,
        format_type(p.prorettype, null) as result, p.proretset as retset,
        (select json_agg(json_build_array(a.attname, format_type(a.atttypid, null)) order by a.attnum)
          from pg_type rt join pg_attribute a on a.attrelid = rt.typrelid
          where rt.oid = p.prorettype and rt.typrelid <> 0 and a.attnum > 0 and not a.attisdropped) as result_columns,
        has_function_privilege('service_role', p.oid, 'execute') as granted
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'
      order by p.proname`)
    const functions: CatalogFunction[] = []
    for (const row of rows) {
      if (!row.granted || row.result === 'trigger') continue
      const names = row.arg_names ?? []
      const modes = row.arg_modes ?? row.arg_types.map(() => 'i')
      const args: Array<[string, string]> = []
      const columns: Array<[string, string]> = []
      row.arg_types.forEach((type, i) => {
        if (modes[i] === 't' || modes[i] === 'o') columns.push([names[i], typeName(type)])
        else args.push([names[i], typeName(type)])
      })
      // Functions taking or answering a row of a table are helpers inside the database, not calls of the app.
      if (args.some(([, type]) => !SQL_ARG_TYPES.has(type))) continue
      if (!row.retset && !(typeName(row.result) in ZOD_OF_TYPE)) continue
      if (row.retset) {
        // `returns table (…)`, `setof <table>` (its columns), or `setof <scalar>` (one column named after the function).
        const answer = columns.length > 0 ? columns : row.result_columns ? row.result_columns.map(([name, type]): [string, string] => [name, typeName(type)]) : [[row.name, typeName(row.result)] as [string, string]]
        functions.push({name: row.name, args, returns: 'rows', answer})
      } else {
        functions.push({name: row.name, args, returns: 'value', answer: typeName(row.result)})
      }
    }
    return functions
  } finally {
    await db.close()
  }
}

const ZOD_OF_TYPE: Record<string, string> = {
  jsonb: 'json',
  json: 'json',
  uuid: 'uuid',
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  numeric: 'numeric',
  boolean: 'boolean',
  timestamptz: 'timestamp',
  date: 'date',
  void: 'void',
}

function zodOf(type: string): string {
  const kind = ZOD_OF_TYPE[type]
  if (!kind) throw new Error(`No answer schema for the SQL type ${type}: add it to ZOD_OF_TYPE and lib/database/answers.ts`)
  return `sql.${kind}`
}

function objectKey(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : JSON.stringify(name)
}

/** The text of functions.generated.ts for these functions. */
export function renderFunctionRegistry(functions: CatalogFunction[]): string {
  const lines: string[] = [
    '// Generated by `npm run db:typegen` (scripts/generate-database-functions.ts) from the database the',
    '// migrations of supabase/migrations build. Do not edit: change a migration and run it again.',
    "import * as z from 'zod'",
    "import {sql} from './answers.ts'",
    '',
    'export const DATABASE_FUNCTIONS = {',
  ]
  for (const f of functions) {
    const args = f.args.map(([name, type]) => `${objectKey(name)}: '${type}'`).join(', ')
    lines.push(`  ${f.name}: {args: {${args}}, returns: '${f.returns}'},`)
  }
  lines.push('} as const', '', '/** The answer of each function: one value, or one row of its rows. */', 'export const DATABASE_ANSWERS = {')
  for (const f of functions) {
    const answer =
      typeof f.answer === 'string'
        ? zodOf(f.answer)
        : `z.object({${f.answer.map(([name, type]) => `${objectKey(name)}: ${zodOf(type)}`).join(', ')}})`
    lines.push(`  ${f.name}: ${answer},`)
  }
  lines.push('} as const satisfies Record<keyof typeof DATABASE_FUNCTIONS, z.ZodType>', '')
  return lines.join('\n')
}
