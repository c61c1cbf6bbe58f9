/**
 * What the office benches share (`npm run bench:office`, scripts/bench/office.ts, times the lib
 * functions; `npm run bench:office:http`, scripts/bench/office-http.ts, the pages over HTTP): the
 * store of 20,000 bookings they measure, written with SQL into a new embedded database, the
 * searches they make of it, percentiles, and their report, reports/bench-office.md, where each
 * keeps its own part.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {registerHooks} from 'node:module'
import path from 'node:path'
import {performance} from 'node:perf_hooks'
import type {EmbeddedDatabase} from '../../lib/database/pglite-worker-client.ts'

// lib/ imports its modules without extensions (as Next and Vitest resolve them); Node needs one.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      if ((specifier.startsWith('.') || specifier.startsWith('/')) && !path.extname(specifier)) return nextResolve(`${specifier}.ts`, context)
      throw error
    }
  },
})

/**
 * The bookings, written with SQL (the booking endpoint at its own pace would take many minutes):
 * dates from 180 days back to 185 ahead, each crew's windows, and the office's statuses in the
 * mix a business sees (mostly paid; holds, ended holds, abandoned checkouts, cancellation requests,
 * cancellations, visits done and no-shows).
 */
export const SEED_SQL = `
with base as (
  select i,
    (array['house','house','house','house','house','house','house','house','carpet','carpet','carpet','exterior','exterior','exterior','commercial','commercial'])[i % 16 + 1] as industry,
    (current_date - 180 + (i * 7919) % 366) as day,
    i % 100 as mix,
    (array['Avery','Jordan','Mei','Santiago','Priya','Olusegun','Hannah','Tomasz','Lucía','Kenji','Zoë','Åsa'])[i % 12 + 1] as first_name,
    (array['Nguyen','Okafor','Lindqvist','García','Patel','Schmidt','Haddad','Kowalski','Tanaka','Murphy','Ivanova','Ångström','O''Hara'])[i % 13 + 1] as last_name,
    (1000 + (i * 37) % 9000) as street_number,
    (array['Maple Valley Hwy','Logan Ave S','NE 4th St','Benson Rd S','Rainier Ave S','Sunset Blvd NE'])[i % 6 + 1] as street,
    (array['Renton, WA 98057','Renton, WA 98058','Kent, WA 98031','Bellevue, WA 98006','Everett, WA 98201'])[i % 5 + 1] as city,
    (12000 + (i * 7919) % 38000) as cents
  from generate_series(1, $1::int) as g(i)
),
placed as (
  select *,
    case industry when 'exterior' then 'exterior' when 'commercial' then 'commercial' else 'indoor' end as family,
    case when industry = 'commercial'
      then (array['06:00-08:00','08:00-10:00','12:00-14:00','14:00-16:00','18:00-20:00','20:00-22:00'])[i % 6 + 1]
      else (array['08:00-10:00','10:00-12:00','12:00-14:00','14:00-16:00'])[i % 4 + 1] end as arrival_window,
    (day - 14 + (i % 13))::timestamp at time zone 'America/Los_Angeles' + interval '10 hours' as created
  from base
)
insert into public.bookings (
  industry, first_name, last_name, email, phone, address, notes, service, instructions, date,
  amount, amount_cents, payment_status, payment_provider, payment_session_id, idempotency_key,
  created_at, paid_at, arrival_window, service_family, window_starts_at, hold_expires_at,
  cancellation_requested_at, cancelled_at, refunded_cents, outcome, outcome_at
)
select industry, first_name, last_name,
  lower(translate(first_name, 'ëåÅúí', 'eaAui')) || '.' || lower(translate(last_name, 'íÅö''', 'iAo')) || i || '@example.com',
  '425' || lpad(((i * 104729) % 10000000)::text, 7, '0'),
  street_number || ' ' || street || ', ' || city,
  case when i % 3 = 0 then 'Gate code 4821; the dog is friendly.' end,
  case industry
    when 'house' then (array['Regular Cleaning','Move Out & Move In','Deep Cleaning','Post Construction'])[i % 4 + 1]
    when 'exterior' then (array['Roof Cleaning','Gutter Cleaning','House Washing','Pressure Washing'])[i % 4 + 1]
    when 'commercial' then (array['Corporate Office Cleaning','Retail Spaces Cleaning','VRBO and AIRBNB Cleaning'])[i % 3 + 1]
  end,
  case industry
    when 'house' then jsonb_build_object('How Will We Get Inside?', (array['I will be Home','leave the key','provide an access code'])[i % 3 + 1])
    when 'exterior' then jsonb_build_object('keyInfo', 'Someone Will Be At Home')
    when 'carpet' then to_jsonb('I Will Hide The Keys'::text)
  end,
  day,
  cents / 100.0, cents,
  case when mix < 80 then 'paid' when mix < 92 then 'pending' when mix < 96 then 'expired' else 'cancelled' end,
  'test-checkout', 'test_cs_' || md5('office-bench-' || i), gen_random_uuid(),
  created,
  case when mix < 80 then created + interval '3 minutes' end,
  arrival_window, family,
  (day + split_part(arrival_window, '-', 1)::time) at time zone 'America/Los_Angeles',
  case when mix >= 80 and mix < 92 then case when mix < 84 then now() + interval '20 minutes' else created + interval '31 minutes' end end,
  case when mix between 60 and 67 then created + interval '1 day' end,
  case when mix between 68 and 71 then created + interval '2 days' end,
  case when mix between 68 and 71 then cents else 0 end,
  case when mix between 72 and 76 and day < current_date then 'done' when mix between 77 and 78 and day < current_date then 'no_show' end,
  case when mix between 72 and 78 and day < current_date then day + interval '18 hours' end
from placed
`

/** The embedded database in `dataDir` (PGlite in its worker thread, as the server opens it; migrated). */
export async function openOfficeDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const {openPgliteWorkerDatabase} = await import('../../lib/database/pglite-worker-client.ts')
  return openPgliteWorkerDatabase(dataDir)
}

/** Writes `count` bookings into `db` (SEED_SQL) and analyzes the table; how many it holds and how long it took. */
export async function seedOfficeBookings(db: EmbeddedDatabase, count: number): Promise<{bookings: number; seedSeconds: number}> {
  const started = performance.now()
  await db.query(SEED_SQL, [count])
  await db.query('analyze public.bookings')
  const seedSeconds = (performance.now() - started) / 1000
  const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.bookings')
  return {bookings: rows[0].n, seedSeconds}
}

/**
 * What the benches search for, taken from one booking of the store: its phone number as staff type
 * it ("(425) 701-4683") and its reference as the office shows it ("39CE-E25A").
 */
export async function sampleSearches(db: EmbeddedDatabase): Promise<{phoneAsTyped: string; reference: string}> {
  const {rows} = await db.query<{phone: string; id: string}>('select phone, id::text from public.bookings order by created_at limit 1 offset least(777, (select count(*) / 2 from public.bookings))')
  const phone = rows[0].phone
  const compact = rows[0].id.replace(/-/g, '').slice(0, 8).toUpperCase()
  return {phoneAsTyped: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, reference: `${compact.slice(0, 4)}-${compact.slice(4)}`}
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** p50, p95 and max of some timings in milliseconds. */
export function summarize(times: number[]): {p50: number; p95: number; max: number} {
  const sorted = [...times].sort((a, b) => a - b)
  return {p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]}
}

export const REPORT_FILE = 'reports/bench-office.md'
const HTTP_PART_START = '<!-- bench:office:http -->'
const HTTP_PART_END = '<!-- /bench:office:http -->'

function readReport(): string {
  return existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : ''
}

function httpPartOf(report: string): string | null {
  const start = report.indexOf(HTTP_PART_START)
  const end = report.indexOf(HTTP_PART_END)
  return start >= 0 && end > start ? report.slice(start, end + HTTP_PART_END.length) : null
}

/** Writes the lib bench's part of the report, keeping the HTTP bench's part after it. */
export function writeLibReport(markdown: string): void {
  const httpPart = httpPartOf(readReport())
  mkdirSync(path.dirname(REPORT_FILE), {recursive: true})
  writeFileSync(REPORT_FILE, httpPart ? `${markdown.trimEnd()}\n\n${httpPart}\n` : markdown)
}

/** Writes the HTTP bench's part of the report, after the lib bench's part (kept as it is). */
export function writeHttpReport(markdown: string): void {
  const report = readReport()
  const httpPart = httpPartOf(report)
  const libPart = (httpPart ? report.replace(httpPart, '') : report).trimEnd()
  const part = `${HTTP_PART_START}\n${markdown.trim()}\n${HTTP_PART_END}`
  mkdirSync(path.dirname(REPORT_FILE), {recursive: true})
  writeFileSync(REPORT_FILE, libPart ? `${libPart}\n\n${part}\n` : `${part}\n`)
}
