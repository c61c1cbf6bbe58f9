/**
 * `npm run bench:office`: how fast the office's lists, dashboard and customer records answer with
 * 20,000 bookings in the store (budgets: p95 within 150 ms for the dashboard and a customer's
 * record, 300 ms for the rest, on this machine).
 *
 * Fills a new embedded database (PGlite in its worker thread, as the server opens it, in a temporary
 * directory) with the office's store (scripts/bench/office-seed.ts: 20,000 bookings of about 7,000
 * customers spread over a year around today, of every crew, window and office status, 2,000 plans,
 * 5,000 leads, the refunds), then times the same lib functions the pages call
 * (lib/office/bookings/lists.ts: the bookings list's search, the week schedule, a crew's day sheet,
 * the first chunk of the CSV export; the owner's dashboard over the last 30 days; a customer's record
 * and the customers search) through the same database functions. Not over HTTP: what is measured is the database and the
 * office's rules, without the sign-in check, Next's render or the network. Each query runs a few
 * times to warm up, then RUNS times in a row; p50 and p95 of those. The machine's 1-minute load is
 * taken before the run (other work on the machine shows in the figures). Writes
 * reports/bench-office.md and exits 1 when a p95 is over its budget.
 *
 * Options: --bookings N (20000), --runs N (40).
 */
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {performance} from 'node:perf_hooks'
import {parseArgs} from 'node:util'

// First: lets the lib modules below load (their imports have no extensions).
const {openOfficeDatabase, seedOfficeBookings, sampleSearches, sampleCustomer, summarize, writeLibReport, REPORT_FILE} = await import('./office-seed.ts')

const {values: options} = parseArgs({options: {bookings: {type: 'string', default: '20000'}, runs: {type: 'string', default: '40'}}})
const BOOKINGS = Number(options.bookings)
const RUNS = Number(options.runs)
const BUDGET_MS = 300
/** The issue's budget for the dashboard and a customer's record. */
const RECORD_BUDGET_MS = 150

const {createSqlDatabaseFunctions} = await import('../../lib/database/sql-functions.ts')
const {searchBookings, readSchedule, readDaySheet, bookingsCsvStream} = await import('../../lib/office/bookings/lists.ts')
const {parseBookingFilter} = await import('../../lib/office/bookings/filter.ts')
const {scheduleRange, companyToday} = await import('../../lib/office/schedule/rules.ts')
const {TEST_AVAILABILITY} = await import('../../lib/booking/test-support/availability.ts')
const {readDashboard} = await import('../../lib/office/dashboard/read.ts')
const {readCustomer, listCustomers} = await import('../../lib/office/customers/read.ts')
const {addDays} = await import('../../lib/booking/availability.ts')

const loadBefore = os.loadavg()[0]
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'office-bench-'))
const db = await openOfficeDatabase(dataDir)
try {
  const seeded = await seedOfficeBookings(db, BOOKINGS)
  const {bookings, seedSeconds} = seeded

  const now = new Date()
  const deps = {functions: createSqlDatabaseFunctions(db), now: () => now, availability: async () => TEST_AVAILABILITY}
  const list = (query: string) => () => searchBookings(deps, parseBookingFilter(new URLSearchParams(query)))
  const today = companyToday(now)
  const {phoneAsTyped, reference} = await sampleSearches(db)
  const customer = await sampleCustomer(db)
  const nameFragment = customer.name.split(' ')[1].slice(0, 5)

  // [name, run, budget in ms (BUDGET_MS when none)]
  const cases: [string, () => Promise<unknown>, number?][] = [
    ['Bookings list, first page (newest first)', list('')],
    ['Search a name substring ("ngstr")', list('q=ngstr')],
    [`Search a phone as typed ("${phoneAsTyped}")`, list(`q=${encodeURIComponent(phoneAsTyped)}`)],
    ['Search the end of a phone number ("0142")', list('q=0142')],
    [`Search a reference ("${reference}")`, list(`q=${reference.toLowerCase()}`)],
    ['Search an e-mail fragment ("lindqvist1")', list('q=lindqvist1')],
    ['Filter: paid, house and carpet crew, next 30 days, by date, page 2', list(`status=paid&crew=indoor&from=${today}&to=${new Date(now.getTime() + 30 * 864e5).toISOString().slice(0, 10)}&sort=date_asc&page=2`)],
    ['Filter: cancellation requested, by total', list('status=cancellation_requested&sort=total_desc')],
    ['Sort by customer name, page 100', list('sort=name_asc&page=100')],
    ['Week schedule (three crews, this week)', () => readSchedule(deps, scheduleRange({week: today}, now))],
    ['Day schedule (today)', () => readSchedule(deps, scheduleRange({date: today}, now))],
    ['Day sheet (house and carpet crews, today)', () => readDaySheet(deps, 'indoor', today)],
    [
      'CSV export, first 500 rows of everything',
      async () => {
        const reader = bookingsCsvStream(deps, parseBookingFilter(new URLSearchParams(''))).getReader()
        await reader.read()
        await reader.read()
        await reader.cancel()
      },
    ],
    [
      `Dashboard, owner (money included), ${addDays(today, -30)} to ${today}`,
      () => readDashboard(deps.functions, {now, range: {from: addDays(today, -30), to: today}, withMoney: true}),
      RECORD_BUDGET_MS,
    ],
    [`Customer record (3 bookings and a lead: ${customer.emailKey})`, () => readCustomer(deps.functions, customer.emailKey, now), RECORD_BUDGET_MS],
    [`Customers search, a name fragment ("${nameFragment}")`, () => listCustomers(deps.functions, {q: nameFragment, page: 1})],
    ['Customers list, first page (no search)', () => listCustomers(deps.functions, {q: '', page: 1})],
  ]

  const results: {name: string; p50: number; p95: number; max: number; budget: number}[] = []
  for (const [name, run, budget = BUDGET_MS] of cases) {
    for (let i = 0; i < 3; i++) await run()
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      await run()
      times.push(performance.now() - started)
    }
    const summary = summarize(times)
    results.push({name, ...summary, budget})
    console.log(`${name}: p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms`)
  }
  const loadAfter = os.loadavg()[0]
  const over = results.filter((result) => result.p95 > result.budget)

  const report = [
    '# Office lists, dashboard and customer records with 20,000 bookings (`npm run bench:office`)',
    '',
    `Measured ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}.`,
    `1-minute load average before the run: **${loadBefore.toFixed(2)}** (after: ${loadAfter.toFixed(2)}); other work on the machine shows in the figures.`,
    '',
    `${bookings.toLocaleString('en-US')} bookings of ${seeded.customers.toLocaleString('en-US')} customers, ${seeded.plans.toLocaleString('en-US')} plans and ${seeded.leads.toLocaleString('en-US')} leads (seeded with SQL in ${seedSeconds.toFixed(1)} s, scripts/bench/office-seed.ts) in a new embedded database (PGlite in its worker thread, as the server opens it), over a year around today, every crew, window and office status, with the refunds, the plans' charges and the leads' statuses.`,
    `Each figure times the lib function the page calls (lib/office/bookings/lists.ts, lib/office/dashboard/read.ts, lib/office/customers/read.ts) through the same database functions: the database and the office's rules, not the sign-in check, Next's render or the network. ${RUNS} runs each after 3 warm-up runs. Budget: p95 ≤ ${RECORD_BUDGET_MS} ms for the dashboard and a customer's record, ≤ ${BUDGET_MS} ms for the rest.`,
    '',
    '| Query | p50 (ms) | p95 (ms) | max (ms) | Budget (ms) | Within budget |',
    '|---|---:|---:|---:|---:|---|',
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.max.toFixed(1)} | ${result.budget} | ${result.p95 <= result.budget ? 'yes' : '**no**'} |`,
    ),
    '',
  ].join('\n')
  writeLibReport(report)
  console.log(`\nWritten to ${REPORT_FILE} (load before ${loadBefore.toFixed(2)}).`)
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((result) => `${result.name} (p95 ${result.p95.toFixed(1)} ms > ${result.budget} ms)`).join('; ')}`)
    process.exitCode = 1
  }
} finally {
  await db.close()
  rmSync(dataDir, {recursive: true, force: true})
}
