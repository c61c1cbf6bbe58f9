/**
 * What a bench run found: the budgets of issue 8 checked against the references measured in the
 * same run, the tables (printed, and written to reports/bench.md) and the raw figures
 * (reports/bench.json).
 */
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {cellFailed, type CellResult} from './load.ts'

export interface Comparison {
  /** The site's cells and the reference's (bare app or floor), by connection count. */
  site: CellResult[]
  reference: CellResult[]
}

/** The booking POST: the site against the floor, and the Next.js floor measured beside them. */
export interface BookingComparison extends Comparison {
  /** The bare app's route handler doing the floor's INSERT: what Next.js alone leaves of the floor. */
  nextFloor: CellResult[]
}

export interface BenchResults {
  date: string
  machine: {cpus: number; model: string; loadStart: number[]; loadEnd: number[]}
  versions: {node: string; next: string; autocannon: string}
  options: {duration: number; warmup: number; build: boolean; parts: string[]; connections: number[]}
  buildSeconds?: {site: number; bare: number}
  seeded?: {bookings: number; sessions: number; emails: number; seconds: number}
  get?: Comparison
  booking?: {empty: BookingComparison; seeded: BookingComparison & {storeBefore: {site: number[]; floor: number[]; nextFloor: number[]}}}
  quote?: {site: CellResult[]}
  /** ms from spawn to the first 200 of GET /; for the site also to its first booking answered (the new database open). */
  startup?: {site: number[]; bare: number[]; siteMedian: number; bareMedian: number; siteFirstBooking: number[]; siteFirstBookingMedian: number}
  budgets: Budget[]
  /** Why the run is not valid as a measurement (non-2xx answers, errors). */
  invalid: string[]
  totalSeconds: number
}

export interface Budget {
  name: string
  measured: number
  limit: number
  /** '≥' or '≤': how measured must compare with limit. */
  op: '≥' | '≤'
  unit: string
  ok: boolean
  how: string
}

export const BUDGET_CONNECTIONS = 50

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function at(cells: readonly CellResult[], connections: number): CellResult | undefined {
  return cells.find((cell) => cell.connections === connections)
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function budget(name: string, measured: number, op: '≥' | '≤', limit: number, unit: string, how: string): Budget {
  const ok = op === '≥' ? measured >= limit : measured <= limit
  return {name, measured: round(measured), limit: round(limit), op, unit, ok, how}
}

/** The budgets of issue 8 for what was measured. */
export function checkBudgets(results: Omit<BenchResults, 'budgets' | 'invalid' | 'totalSeconds'>): Budget[] {
  const budgets: Budget[] = []
  const c = BUDGET_CONNECTIONS
  if (results.booking) {
    for (const [store, comparison] of [['empty store', results.booking.empty], ['20,000 bookings', results.booking.seeded]] as const) {
      const site = at(comparison.site, c)
      const floor = at(comparison.reference, c)
      if (!site || !floor) continue
      budgets.push(
        budget(`Booking POST req/s, ${c} conns, ${store}`, site.rps, '≥', 0.5 * floor.rps, 'req/s', `≥ 0.5 × the floor's ${floor.rps}`),
        budget(`Booking POST p95, ${c} conns, ${store}`, site.p95, '≤', 2 * floor.p95, 'ms', `≤ 2 × the floor's ${floor.p95} ms`),
      )
    }
  }
  if (results.get) {
    const site = at(results.get.site, c)
    const bare = at(results.get.reference, c)
    if (site && bare) budgets.push(budget(`GET / req/s, ${c} conns`, site.rps, '≥', 0.5 * bare.rps, 'req/s', `≥ 0.5 × the bare app's ${bare.rps}`))
  }
  if (results.startup) {
    const {siteMedian, bareMedian} = results.startup
    budgets.push(budget('First 200 after start (new data directory)', siteMedian, '≤', 1.5 * bareMedian, 'ms', `≤ 1.5 × the bare app's ${Math.round(bareMedian)} ms`))
  }
  return budgets
}

/**
 * Not budgets: how far the Next.js floor (a bare route handler, nothing of the site) gets towards
 * the booking budgets, so a reader sees whether Next.js can meet them at all on this machine.
 */
function nextFloorNotes(results: BenchResults): (string | number)[][] {
  const rows: (string | number)[][] = []
  const c = BUDGET_CONNECTIONS
  for (const [store, comparison] of [['empty store', results.booking?.empty], ['20,000 bookings', results.booking?.seeded]] as const) {
    const next = comparison && at(comparison.nextFloor, c)
    const floor = comparison && at(comparison.reference, c)
    if (!next || !floor || floor.rps <= 0 || floor.p95 <= 0) continue
    const rpsRatio = next.rps / floor.rps
    const p95Ratio = next.p95 / floor.p95
    const reaches = [rpsRatio >= 0.5 ? 'meets ≥ 0.5× req/s' : 'misses ≥ 0.5× req/s', p95Ratio <= 2 ? 'meets p95 ≤ 2×' : 'misses p95 ≤ 2×']
    rows.push([
      `Note, not a budget: the Next.js floor (bare route handler + the floor's INSERT), ${c} conns, ${store}`,
      `${rpsRatio.toFixed(2)}× the floor's req/s (${next.rps}), p95 ${p95Ratio.toFixed(2)}× (${next.p95} ms)`,
      `the site's booking budgets: ≥ 0.5× req/s, p95 ≤ 2×`,
      `Next.js alone ${reaches.join(', ')}`,
    ])
  }
  return rows
}

/** Every cell that saw a non-2xx answer, an error or a timeout: its figures are not a measurement. */
export function invalidCells(groups: Record<string, CellResult[] | undefined>): string[] {
  const invalid: string[] = []
  for (const [name, cells] of Object.entries(groups)) {
    for (const cell of cells ?? []) {
      if (!cellFailed(cell)) continue
      const statuses = Object.entries(cell.statuses)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, count]) => `${count}× ${code}`)
      if (cell.responses === 0) {
        invalid.push(`${name} at ${cell.connections} connections: no answer within the ${cell.seconds} s measured`)
        continue
      }
      invalid.push(
        `${name} at ${cell.connections} connections: ${cell.non2xx + cell.warmupNon2xx} non-2xx (${statuses.join(', ') || 'warm-up'}), ` +
          `${cell.errors + cell.warmupErrors} errors, ${cell.timeouts} timeouts`,
      )
    }
  }
  return invalid
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`]
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`)
  return lines.join('\n')
}

const latencies = (cell: CellResult) => `${cell.p50} / ${cell.p95} / ${cell.p99}`
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–')
const failures = (cell: CellResult) => String(cell.non2xx + cell.errors + cell.warmupNon2xx + cell.warmupErrors)

const cpu = (cell: CellResult) => (cell.cpuMsPerResponse === null ? '–' : String(cell.cpuMsPerResponse))

function comparisonTable(comparison: Comparison, referenceName: string, extra?: {header: string; cells: (index: number) => string[]}): string {
  const r = referenceName
  const header = ['conns', 'site req/s', 'site p50 / p95 / p99 ms', `${r} req/s`, `${r} p50 / p95 / p99 ms`, `req/s site ÷ ${r}`, `p95 site ÷ ${r}`, `CPU ms per answer, site / ${r}`, `non-2xx + errors (site / ${r})`]
  const rows = comparison.site.map((site, index) => {
    const reference = at(comparison.reference, site.connections)
    if (!reference) return [site.connections, site.rps, latencies(site), '–', '–', '–', '–', cpu(site), failures(site)]
    const cpuRatio = site.cpuMsPerResponse !== null && reference.cpuMsPerResponse ? ` (${ratio(site.cpuMsPerResponse, reference.cpuMsPerResponse)})` : ''
    return [
      site.connections,
      site.rps,
      latencies(site),
      reference.rps,
      latencies(reference),
      ratio(site.rps, reference.rps),
      ratio(site.p95, reference.p95),
      `${cpu(site)} / ${cpu(reference)}${cpuRatio}`,
      `${failures(site)} / ${failures(reference)}`,
      ...(extra?.cells(index) ?? []),
    ]
  })
  return table(extra ? [...header, extra.header] : header, rows)
}

/** The Next.js floor against the floor, both stores, and the site against the Next.js floor. */
function nextFloorTable(booking: NonNullable<BenchResults['booking']>): string {
  const header = [
    'store', 'conns', 'Next floor req/s', 'Next floor p50 / p95 / p99 ms', 'floor req/s', 'floor p95 ms', 'req/s Next floor ÷ floor',
    'p95 Next floor ÷ floor', 'CPU ms per answer, Next floor / floor', 'req/s site ÷ Next floor', 'non-2xx + errors (Next floor)',
  ]
  const rows: (string | number)[][] = []
  for (const [store, comparison] of [['empty', booking.empty], ['20,000 bookings', booking.seeded]] as const) {
    for (const next of comparison.nextFloor) {
      const floor = at(comparison.reference, next.connections)
      const site = at(comparison.site, next.connections)
      const cpuRatio = floor && next.cpuMsPerResponse !== null && floor.cpuMsPerResponse ? ` (${ratio(next.cpuMsPerResponse, floor.cpuMsPerResponse)})` : ''
      rows.push([
        store,
        next.connections,
        next.rps,
        latencies(next),
        floor?.rps ?? '–',
        floor?.p95 ?? '–',
        floor ? ratio(next.rps, floor.rps) : '–',
        floor ? ratio(next.p95, floor.p95) : '–',
        `${cpu(next)} / ${floor ? cpu(floor) : '–'}${cpuRatio}`,
        site ? ratio(site.rps, next.rps) : '–',
        failures(next),
      ])
    }
  }
  return table(header, rows)
}

export function renderTables(results: BenchResults): string {
  const parts: string[] = []
  if (results.get) {
    parts.push('### GET / (home page, accept-encoding: gzip, deflate, br): site vs bare Next.js app', comparisonTable(results.get, 'bare'))
  }
  if (results.booking) {
    parts.push('### Booking POST /api/bookings (house cleaning), empty store: site vs floor (node:http + one PGlite INSERT)', comparisonTable(results.booking.empty, 'floor'))
    const before = results.booking.seeded.storeBefore
    parts.push(
      '### Booking POST, store holding 20,000 bookings: site vs floor',
      comparisonTable(results.booking.seeded, 'floor', {
        header: 'bookings stored before (site / floor / Next floor)',
        cells: (index) => [`${before.site[index]} / ${before.floor[index]} / ${before.nextFloor[index]}`],
      }),
      '### Booking POST: the Next.js floor (a bare route handler doing the floor\'s INSERT: perf/bare-app/app/api/bookings) vs the floor',
      nextFloorTable(results.booking),
    )
  }
  if (results.quote) {
    parts.push(
      '### Quote request POST /api/quote-requests (no budget)',
      table(
        ['conns', 'site req/s', 'site p50 / p95 / p99 ms', 'CPU ms per answer', 'non-2xx + errors'],
        results.quote.site.map((cell) => [cell.connections, cell.rps, latencies(cell), cpu(cell), failures(cell)]),
      ),
    )
  }
  if (results.startup) {
    const s = results.startup
    parts.push(
      '### First 200 after start (spawn → first 200 of GET /; the site with a new data directory each time), median of 3',
      table(
        ['', 'median ms', 'runs ms', 'site ÷ bare'],
        [
          ['site (scripts/serve.ts)', Math.round(s.siteMedian), s.site.map(Math.round).join(', '), ratio(s.siteMedian, s.bareMedian)],
          ['bare app (next start)', Math.round(s.bareMedian), s.bare.map(Math.round).join(', '), ''],
          ['site: first booking answered (no budget)', Math.round(s.siteFirstBookingMedian), s.siteFirstBooking.map(Math.round).join(', '), ''],
        ],
      ),
    )
  }
  if (results.budgets.length > 0) {
    parts.push(
      '### Budgets (issue 8)',
      table(
        ['budget', 'measured', 'limit', 'result'],
        [...results.budgets.map((b) => [b.name, `${b.measured} ${b.unit}`, b.how, b.ok ? 'ok' : '**MISSED**']), ...nextFloorNotes(results)],
      ),
    )
  }
  if (results.invalid.length > 0) parts.push('### Not a valid measurement\n', results.invalid.map((line) => `- ${line}`).join('\n'))
  return parts.join('\n\n')
}

function markdown(results: BenchResults): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ')
  return [
    '# npm run bench',
    '',
    `- Date: ${results.date}; ${results.totalSeconds.toFixed(0)} s in all`,
    `- Machine: ${results.machine.cpus} × ${results.machine.model}; load average (1 / 5 / 15 min) at start ${load(results.machine.loadStart)}, at end ${load(results.machine.loadEnd)}`,
    `- Node ${results.versions.node}, Next.js ${results.versions.next}, autocannon ${results.versions.autocannon}`,
    `- Each cell: ${results.options.warmup} s warm-up, then ${results.options.duration} s measured; latencies in ms over every response of the cell; CPU ms per answer: the server process's user + system CPU time in the measured part ÷ its answers (steadier than req/s when others load the machine)`,
    `- Site: \`node scripts/serve.ts\` on the build of \`next build\`, SITE_URL=http://localhost:<port>, a new BOOKINGS_DATA_DIR and EMAIL_OUTBOX_DIR under the OS temp dir, BOOKING_RATE_LIMIT_MAX=LEAD_RATE_LIMIT_MAX=100000000 (every request comes from one address); measured once its booking store is open (a booking answered 200: while the embedded database opens the site hardly answers; start-up is the first-200 table)`,
    '- Bare app: `next start perf/bare-app`; floor: `scripts/bench/floor-server.ts` (node:http, JSON.parse, one INSERT into PGlite opened by `openPgliteDatabase`); Next.js floor: the bare app\'s route handler `app/api/bookings/route.js` doing the same (`request.json()`, the INSERT of `scripts/bench/floor-booking.ts`, `Response.json`), under `next start`; site and reference cells alternate at each connection count',
    ...(results.seeded
      ? [`- Store of 20,000 bookings: seeded with SQL before start (${results.seeded.bookings} bookings, ${results.seeded.sessions} test checkout sessions, ${results.seeded.emails} sent e-mails; ${results.seeded.seconds.toFixed(0)} s), one copy each for the site and both floors`]
      : []),
    results.buildSeconds ? `- Builds: site ${results.buildSeconds.site.toFixed(0)} s, bare app ${results.buildSeconds.bare.toFixed(0)} s` : '- Builds: existing (--no-build)',
    '',
    renderTables(results),
    '',
  ].join('\n')
}

export function writeReports(dir: string, results: BenchResults): {md: string; json: string} {
  mkdirSync(dir, {recursive: true})
  const md = path.join(dir, 'bench.md')
  const json = path.join(dir, 'bench.json')
  writeFileSync(md, markdown(results))
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`)
  return {md, json}
}
