/**
 * What a bench run found: the speed budgets checked against the references measured in the
 * same run, judged only when the run is valid (scripts/measure-validity.ts), the tables (printed,
 * and written to reports/bench.md) and the raw figures (reports/bench.json).
 */
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {validityLines, type LoadRecord, type Validity} from '../measure-validity.ts'
import {BENCH_WINDOW_CAPACITY} from './dataset.ts'
import {cellFailed, type CellResult} from './load.ts'

export interface Comparison {
  /** The site's cells and the reference's (the bare app), by connection count. */
  site: CellResult[]
  reference: CellResult[]
}

/** The booking POST: the site against the Next.js floor, and the node:http floor measured beside them. */
export interface BookingComparison {
  site: CellResult[]
  /** The bare app's route handler doing the floor's INSERT: the booking budgets' reference. */
  nextFloor: CellResult[]
  /** node:http + one PGlite INSERT: what the machine and the database allow at all (for information). */
  floor: CellResult[]
}

export interface BenchResults {
  date: string
  machine: {cpus: number; model: string}
  versions: {node: string; next: string; autocannon: string}
  options: {duration: number; warmup: number; build: boolean; parts: string[]; connections: number[]}
  /** The dates and windows the bookings went round (each with BENCH_WINDOW_CAPACITY places). */
  room: {slots: number; first: string; last: string}
  buildSeconds?: {site: number; bare: number}
  seeded?: {bookings: number; sessions: number; emails: number; seconds: number}
  get?: Comparison
  booking?: {empty: BookingComparison; seeded: BookingComparison & {storeBefore: {site: number[]; floor: number[]; nextFloor: number[]}}}
  quote?: {site: CellResult[]}
  /** ms from spawn to the first 200 of GET /; for the site also to its first booking answered (the new database open). */
  startup?: {site: number[]; bare: number[]; siteMedian: number; bareMedian: number; siteFirstBooking: number[]; siteFirstBookingMedian: number}
  /** Whether the machine was quiet enough for the figures to mean anything (the load average). */
  validity: Validity & {load: LoadRecord}
  budgets: Budget[]
  /** Cells whose figures are not a measurement (non-2xx answers, errors). */
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

/**
 * The budgets, each against a reference measured in the same run. The booking POST's
 * reference is the Next.js floor (a bare route handler doing the same INSERT): what the site adds
 * to Next.js itself: the measure the product owner chose for the booking POST.
 */
export const BENCH_BUDGETS = {
  bookingRpsRatio: 0.5,
  bookingP95Ratio: 2,
  /**
   * "Flat from an empty store to 20,000 bookings": the site's req/s on the seeded store at least
   * 0.8× its req/s on the empty one, each as a ratio to the Next.js floor measured beside it (the
   * two stores are measured minutes apart; the ratio cancels a change in the machine's load between
   * them, which a plain comparison would count against the site). 0.8, not 1: two cells of a few
   * seconds on a shared 2-core machine differ by 10–20 % with nothing changed (the floors
   * moved 20–40 % between the stores at a load of 12); a lookup that grows with the store costs
   * far more than that at 20,000 rows.
   */
  bookingFlatRatio: 0.8,
  getRpsRatio: 0.5,
  firstResponseRatio: 1.5,
} as const

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
  return {name, measured: round(measured, unit === '×' ? 2 : 1), limit: round(limit, unit === '×' ? 2 : 1), op, unit, ok, how}
}

const STORES = [['empty', 'empty store'], ['seeded', '20,000 bookings']] as const

/** The budgets for what was measured (whether they count is the run's validity). */
export function checkBudgets(results: Pick<BenchResults, 'booking' | 'get' | 'startup'>): Budget[] {
  const budgets: Budget[] = []
  const c = BUDGET_CONNECTIONS
  const b = BENCH_BUDGETS
  if (results.booking) {
    for (const [key, store] of STORES) {
      const comparison = results.booking[key]
      const site = at(comparison.site, c)
      const next = at(comparison.nextFloor, c)
      if (!site || !next) continue
      budgets.push(
        budget(`Booking POST req/s, ${c} conns, ${store}`, site.rps, '≥', b.bookingRpsRatio * next.rps, 'req/s', `≥ ${b.bookingRpsRatio} × the Next.js floor's ${next.rps}`),
        budget(`Booking POST p95, ${c} conns, ${store}`, site.p95, '≤', b.bookingP95Ratio * next.p95, 'ms', `≤ ${b.bookingP95Ratio} × the Next.js floor's ${next.p95} ms`),
      )
    }
    const empty = {site: at(results.booking.empty.site, c), next: at(results.booking.empty.nextFloor, c)}
    const seeded = {site: at(results.booking.seeded.site, c), next: at(results.booking.seeded.nextFloor, c)}
    if (empty.site && empty.next && seeded.site && seeded.next && empty.next.rps > 0 && seeded.next.rps > 0 && empty.site.rps > 0) {
      const emptyShare = empty.site.rps / empty.next.rps
      const seededShare = seeded.site.rps / seeded.next.rps
      budgets.push(
        budget(
          `Booking POST flat from an empty store to 20,000 bookings, ${c} conns`,
          seededShare / emptyShare,
          '≥',
          b.bookingFlatRatio,
          '×',
          `≥ ${b.bookingFlatRatio}: req/s on 20,000 bookings ${seeded.site.rps} (${seededShare.toFixed(2)}× its Next.js floor's ${seeded.next.rps}) against ` +
            `the empty store's ${empty.site.rps} (${emptyShare.toFixed(2)}× ${empty.next.rps})`,
        ),
      )
    }
  }
  if (results.get) {
    const site = at(results.get.site, c)
    const bare = at(results.get.reference, c)
    if (site && bare) budgets.push(budget(`GET / req/s, ${c} conns`, site.rps, '≥', b.getRpsRatio * bare.rps, 'req/s', `≥ ${b.getRpsRatio} × the bare app's ${bare.rps}`))
  }
  if (results.startup) {
    const {siteMedian, bareMedian} = results.startup
    budgets.push(budget('First 200 after start (new data directory)', siteMedian, '≤', b.firstResponseRatio * bareMedian, 'ms', `≤ ${b.firstResponseRatio} × the bare app's ${Math.round(bareMedian)} ms`))
  }
  return budgets
}

/**
 * Not budgets: the node:http floor (no framework at all), so a reader sees how much of the booking
 * POST's cost is Next.js itself and how much the site's own work.
 */
function floorNotes(results: BenchResults): (string | number)[][] {
  const rows: (string | number)[][] = []
  const c = BUDGET_CONNECTIONS
  for (const [key, store] of STORES) {
    const comparison = results.booking?.[key]
    const floor = comparison && at(comparison.floor, c)
    const next = comparison && at(comparison.nextFloor, c)
    const site = comparison && at(comparison.site, c)
    if (!floor || !next || !site || floor.rps <= 0 || floor.p95 <= 0) continue
    rows.push([
      `Note, not a budget: the node:http floor (node:http + the same INSERT), ${c} conns, ${store}`,
      `${floor.rps} req/s, p95 ${floor.p95} ms`,
      `site ${(site.rps / floor.rps).toFixed(2)}× its req/s, p95 ${(site.p95 / floor.p95).toFixed(2)}×; the Next.js floor ${(next.rps / floor.rps).toFixed(2)}×, p95 ${(next.p95 / floor.p95).toFixed(2)}×`,
      'for information',
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

/** The node:http floor, both stores, beside the Next.js floor and the site: for information, no budget. */
function floorTable(booking: NonNullable<BenchResults['booking']>): string {
  const header = [
    'store', 'conns', 'floor req/s', 'floor p50 / p95 / p99 ms', 'req/s Next floor ÷ floor', 'p95 Next floor ÷ floor',
    'req/s site ÷ floor', 'p95 site ÷ floor', 'CPU ms per answer, site / Next floor / floor', 'non-2xx + errors (floor)',
  ]
  const rows: (string | number)[][] = []
  for (const [key, store] of STORES) {
    const comparison = booking[key]
    for (const floor of comparison.floor) {
      const next = at(comparison.nextFloor, floor.connections)
      const site = at(comparison.site, floor.connections)
      rows.push([
        store,
        floor.connections,
        floor.rps,
        latencies(floor),
        next ? ratio(next.rps, floor.rps) : '–',
        next ? ratio(next.p95, floor.p95) : '–',
        site ? ratio(site.rps, floor.rps) : '–',
        site ? ratio(site.p95, floor.p95) : '–',
        `${site ? cpu(site) : '–'} / ${next ? cpu(next) : '–'} / ${cpu(floor)}`,
        failures(floor),
      ])
    }
  }
  return table(header, rows)
}

/** The budget table's result column: judged only in a valid run. */
function verdict(budget: Budget, valid: boolean): string {
  if (!valid) return 'not judged'
  return budget.ok ? 'ok' : '**MISSED**'
}

export function renderTables(results: BenchResults): string {
  const parts: string[] = []
  if (results.get) {
    parts.push('### GET / (home page, accept-encoding: gzip, deflate, br): site vs bare Next.js app', comparisonTable(results.get, 'bare'))
  }
  if (results.booking) {
    const {empty, seeded} = results.booking
    const before = seeded.storeBefore
    parts.push(
      '### Booking POST /api/bookings (house cleaning), empty store: site vs the Next.js floor (the bare app\'s route handler doing the same INSERT: perf/bare-app/app/api/bookings)',
      comparisonTable({site: empty.site, reference: empty.nextFloor}, 'Next floor'),
      '### Booking POST, store holding 20,000 bookings: site vs the Next.js floor',
      comparisonTable({site: seeded.site, reference: seeded.nextFloor}, 'Next floor', {
        header: 'bookings stored before (site / Next floor / floor)',
        cells: (index) => [`${before.site[index]} / ${before.nextFloor[index]} / ${before.floor[index]}`],
      }),
      '### Booking POST: the node:http floor (node:http + one PGlite INSERT), for information',
      floorTable(results.booking),
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
    const valid = results.validity.valid
    parts.push(
      valid ? '### Budgets' : '### Budgets: not judged, the run is not valid',
      table(
        ['budget', 'measured', 'limit', 'result'],
        [...results.budgets.map((b) => [b.name, `${b.measured} ${b.unit}`, b.how, verdict(b, valid)]), ...floorNotes(results)],
      ),
    )
    if (!valid) parts.push(`Not valid: budgets not judged (${results.validity.reasons.join('; ')}). These figures prove nothing either way.`)
  }
  if (results.invalid.length > 0) parts.push('### Not a valid measurement\n', results.invalid.map((line) => `- ${line}`).join('\n'))
  return parts.join('\n\n')
}

/** Where the seeded bookings sit (./seed.ts): beside the bench's own, never filling a window it books. */
const SEEDED_PLACES =
  'each dated booking in an arrival window of its crew, dates from a year back to 12 days ahead: the first days the bench books hold a dozen seeded bookings a window at most (places a booking counts, against a million)'

/** The most bookings the site's cells put in one window in a store (they go round the windows evenly). */
function perWindow(results: BenchResults): string {
  if (!results.booking) return ''
  const most = Math.max(
    ...[results.booking.empty.site, results.booking.seeded.site].map((cells) => Math.ceil((1 + cells.reduce((sum, cell) => sum + cell.ok2xx, 0)) / results.room.slots)),
  )
  return ` (at most ${most} bookings a window in this run)`
}

export function markdown(results: BenchResults): string {
  const {load, ...validity} = results.validity
  return [
    '# npm run bench',
    '',
    ...validityLines(load, validity),
    `- Date: ${results.date}; ${results.totalSeconds.toFixed(0)} s in all`,
    `- Machine: ${results.machine.cpus} × ${results.machine.model}`,
    `- Node ${results.versions.node}, Next.js ${results.versions.next}, autocannon ${results.versions.autocannon}`,
    `- Each cell: ${results.options.warmup} s warm-up, then ${results.options.duration} s measured; latencies in ms over every response of the cell; CPU ms per answer: the server process's user + system CPU time in the measured part ÷ its answers (steadier than req/s when others load the machine)`,
    `- Site: \`node scripts/serve.ts\` on the build of \`next build\`, SITE_URL=http://localhost:<port>, a new BOOKINGS_DATA_DIR and EMAIL_OUTBOX_DIR under the OS temp dir, BOOKING_RATE_LIMIT_MAX=LEAD_RATE_LIMIT_MAX=100000000 (every request comes from one address); measured once its booking store is open (a booking answered 200: while the embedded database opens the site hardly answers; start-up is the first-200 table)`,
    `- Room for every booking: the site reads a copy of studio/dataset (SANITY_LOCAL_DATASET) in which every offered arrival window takes ${BENCH_WINDOW_CAPACITY.toLocaleString('en-US')} bookings (scripts/bench/dataset.ts), and the booking POSTs go round the ${results.room.slots} dates and windows a house cleaning can be booked for, ${results.room.first} to ${results.room.last}, one after another, so no window fills${perWindow(results)}. A cell with any non-2xx answer is not a measurement (listed at the end)`,
    '- Bare app: `next start perf/bare-app`; floor: `scripts/bench/floor-server.ts` (node:http, JSON.parse, one INSERT into PGlite opened by `openPgliteDatabase`); Next.js floor: the bare app\'s route handler `app/api/bookings/route.js` doing the same (`request.json()`, the INSERT of `scripts/bench/floor-booking.ts`, `Response.json`), under `next start`; site and reference cells alternate at each connection count',
    ...(results.seeded
      ? [`- Store of 20,000 bookings: seeded with SQL before start (${results.seeded.bookings} bookings, ${results.seeded.sessions} test checkout sessions, ${results.seeded.emails} sent e-mails; ${results.seeded.seconds.toFixed(0)} s), one copy each for the site and both floors; ${SEEDED_PLACES}`]
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
