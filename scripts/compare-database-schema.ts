/**
 * Compares the database that supabase/migrations builds with the one the migrations of a git
 * revision build: both are applied to throwaway PostgreSQL databases and their `pg_dump
 * --schema-only` compared. Use it when folding or reordering migrations, where the result must stay
 * the same to the letter (apart from intended renames).
 *
 *   node scripts/compare-database-schema.ts <git revision> [--rename old=new …]
 *
 * `--rename bookings1=bookings` renames in the revision's dump before comparing. Prints the
 * differing lines and exits 1 when the two differ, 0 when they are the same.
 */
import {execFileSync} from 'node:child_process'
import {chmodSync, mkdtempSync, rmSync, writeFileSync, mkdirSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {applyMigrations, MIGRATIONS_DIR} from '../lib/database/migrations.ts'
import {findPostgresTools, startThrowawayCluster} from '../lib/database/test-support/postgres-cluster.ts'

const [revision, ...rest] = process.argv.slice(2)
if (!revision) {
  console.error('usage: node scripts/compare-database-schema.ts <git revision> [--rename old=new …]')
  process.exit(2)
}
const renames: Array<[RegExp, string]> = []
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--rename' && rest[i + 1]?.includes('=')) {
    const [from, to] = rest[++i].split('=')
    renames.push([new RegExp(`\\b${from}`, 'g'), to])
  }
}

function revisionMigrations(dir: string): void {
  const names = execFileSync('git', ['ls-tree', '--name-only', `${revision}:supabase/migrations`], {encoding: 'utf8'})
    .split('\n')
    .filter((name) => name.endsWith('.sql'))
  mkdirSync(dir, {recursive: true})
  for (const name of names) {
    writeFileSync(path.join(dir, name), execFileSync('git', ['show', `${revision}:supabase/migrations/${name}`], {encoding: 'utf8'}))
  }
}

const tools = findPostgresTools()
if ('missing' in tools) {
  console.error(`PostgreSQL is needed: ${tools.missing}`)
  process.exit(2)
}

const work = mkdtempSync(path.join(os.tmpdir(), 'schema-compare-'))
chmodSync(work, 0o755)
const oldDir = path.join(work, 'old')
revisionMigrations(oldDir)
const cluster = await startThrowawayCluster(tools)
try {
  const admin = new pg.Client({host: cluster.host, port: cluster.port, user: cluster.user, database: cluster.database})
  await admin.connect()
  const dumps: string[] = []
  for (const [database, dir] of [
    ['schema_before', oldDir],
    ['schema_after', MIGRATIONS_DIR],
  ] as const) {
    await admin.query(`create database ${database}`)
    const client = new pg.Client({host: cluster.host, port: cluster.port, user: cluster.user, database})
    await client.connect()
    await applyMigrations(
      {
        query: async <R,>(text: string, params?: unknown[]) => ({rows: (await client.query(text, params)).rows as R[]}),
        exec: (text: string) => client.query(text),
      },
      dir,
    )
    await client.end()
    const dump = execFileSync(
      path.join(tools.binDir, 'pg_dump'),
      ['-h', cluster.host, '-p', String(cluster.port), '-U', cluster.user, '--schema-only', '--no-owner', '--exclude-table=public.schema_migrations', database],
      {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024},
    )
    // pg_dump's \restrict key differs on every run.
    dumps.push(dump.replace(/^\\(un)?restrict .*$/gm, ''))
  }
  await admin.end()
  let before = dumps[0]
  for (const [from, to] of renames) before = before.replace(from, to)
  writeFileSync(path.join(work, 'before.sql'), before)
  writeFileSync(path.join(work, 'after.sql'), dumps[1])
  if (before === dumps[1]) {
    console.log(`The migrations of ${revision} and of the working tree build the same database.`)
  } else {
    try {
      execFileSync('diff', ['-u', path.join(work, 'before.sql'), path.join(work, 'after.sql')], {stdio: 'inherit'})
    } catch {
      // diff exits 1 when the files differ: the differences are printed above.
    }
    process.exitCode = 1
  }
} finally {
  await cluster.stop()
  rmSync(work, {recursive: true, force: true})
}
