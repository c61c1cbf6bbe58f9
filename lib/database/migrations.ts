import {readFileSync, readdirSync} from 'node:fs'
import path from 'node:path'
import type {MigrationClient} from './sql.ts'

/**
 * Applies the SQL files of supabase/migrations (the ones the Supabase CLI deploys) to an embedded
 * or plain Postgres database, in file-name order, each once: public.schema_migrations records the
 * files applied. Each file runs in one transaction with its record, so a failing file leaves
 * nothing behind and is tried again next time. Files must not contain their own BEGIN/COMMIT.
 */

export const MIGRATIONS_DIR = path.join(process.cwd(), 'supabase', 'migrations')

export type {MigrationClient}

export function migrationFiles(dir: string = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
}

/** Applies the files not applied yet; returns their names. */
export async function applyMigrations(db: MigrationClient, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`create table if not exists public.schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  );
  revoke all on table public.schema_migrations from public;`)
  const {rows} = await db.query<{name: string}>('select name from public.schema_migrations')
  const applied = new Set(rows.map((row) => row.name))
  const done: string[] = []
  for (const name of migrationFiles(dir)) {
    if (applied.has(name)) continue
    const sql = readFileSync(path.join(dir, name), 'utf8')
    const quoted = `'${name.replaceAll("'", "''")}'`
    try {
      await db.exec(`begin;\n${sql}\n;\ninsert into public.schema_migrations (name) values (${quoted});\ncommit;`)
    } catch (error) {
      await db.exec('rollback').catch(() => {})
      throw new Error(`Migration ${name} failed: ${(error as Error).message}`, {cause: error})
    }
    done.push(name)
  }
  return done
}
