/**
 * `npm run bench:office:http`: how fast the office's pages answer staff with 20,000 bookings in the
 * store (budgets: p95 within 150 ms for the dashboard and a customer's record, 300 ms for the rest,
 * on this machine), over HTTP as a browser asks for them, where `npm run bench:office` times the lib
 * functions alone.
 *
 * 1. Writes the store of `npm run bench:office` (scripts/bench/office-seed.ts: bookings, plans,
 *    leads, refunds) into a new embedded database directory, and closes it.
 * 2. Builds the site (`next build`) when `.next` is missing or older than a source file, then starts
 *    the production server as `npm start` does (`node scripts/serve.ts`, behind the site's edge
 *    server) on a free port, on that directory, with an outbox folder of its own, the owner
 *    owner@bench.test (OFFICE_OWNER_EMAIL) and the rate limits raised (every request is from loopback).
 * 3. Signs in as the owner the way a browser does: posts the sign-in form (keeping the binding
 *    cookie), reads the link in the e-mail the outbox wrote, opens the page it leads to and posts its
 *    button, and keeps the session cookie. Every POST carries the site's Origin.
 * 4. Times sequential GETs of the office's pages (the bookings list, searches, a filter, the week and
 *    today's schedule, a day sheet, the CSV export's first 500 rows, the owner's dashboard over the
 *    last 30 days, a customer's record, the customers search): each after warm-up runs, RUNS
 *    times in a row, from the request to the last byte of the page. Each answer is the whole path:
 *    the edge server (compression included), the session check in the database, the page's queries
 *    and Next's render.
 * 5. Writes its part of reports/bench-office.md (the lib bench's part is kept), and exits 1 when a
 *    p95 is over its budget.
 *
 * The machine's 1-minute load is taken before and after the timed requests: other work on the
 * machine shows in the figures.
 *
 * Options: --bookings N (20000), --runs N (40), --warmup N (3), --no-build (serve the existing
 * build even if it is older than the sources).
 */
import {mkdirSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {execFileSync} from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import {performance} from 'node:perf_hooks'
import {parseArgs} from 'node:util'
import {simpleParser} from 'mailparser'
import {closedPort as freePort} from '../../lib/database/test-support/ports.ts'
import {hasBuild, hasCurrentSiteBuild, nextBuild, removeRunDir, ROOT, startSite, stopAll, stopAllOnExit, tempDir, waitForFirst200} from './servers.ts'

// First: lets the lib modules below load (their imports have no extensions).
const {openOfficeDatabase, seedOfficeBookings, sampleSearches, sampleCustomer, summarize, writeHttpReport, REPORT_FILE} = await import('./office-seed.ts')
const {companyToday, mondayOf} = await import('../../lib/office/schedule/rules.ts')
const {addDays} = await import('../../lib/booking/availability.ts')

const {values: options} = parseArgs({
  options: {
    bookings: {type: 'string', default: '20000'},
    runs: {type: 'string', default: '40'},
    warmup: {type: 'string', default: '3'},
    'no-build': {type: 'boolean', default: false},
  },
})
const BOOKINGS = Number(options.bookings)
const RUNS = Number(options.runs)
const WARMUP = Number(options.warmup)
const BUDGET_MS = 300
/** The issue's budget for the dashboard and a customer's record. */
const RECORD_BUDGET_MS = 150
const OWNER_EMAIL = 'owner@bench.test'
/** The CSV export is timed until this many lines (the header and the first 500 bookings) have arrived. */
const EXPORT_LINES = 501

const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) office-http-bench',
}

function cookieFrom(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';')
    const index = pair.indexOf('=')
    if (pair.slice(0, index).trim() === name && pair.slice(index + 1).trim()) return pair.slice(index + 1).trim()
  }
  return null
}

function fail(message: string): never {
  throw new Error(message)
}

/** The newest .eml in `dir` written after `since` (ms since the epoch), waiting up to 60 s for it. */
async function newestEmail(dir: string, since: number): Promise<string> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const files = readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((name) => name.endsWith('.eml'))
      .map((name) => ({file: path.join(dir, name), at: statSync(path.join(dir, name)).mtimeMs}))
      .filter(({at}) => at >= since - 1_000)
      .sort((a, b) => b.at - a.at)
    if (files.length > 0) return readFileSync(files[0].file, 'utf8')
    if (Date.now() > deadline) fail(`No sign-in e-mail reached the outbox (${dir}) within 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Signs in as `email` through the sign-in form, the e-mailed link and its page's button; the session cookie. */
async function signIn(base: string, siteOrigin: string, outboxDir: string, email: string): Promise<string> {
  const post = (pathname: string, form: Record<string, string>, cookie: string) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {...BROWSER_HEADERS, origin: siteOrigin, 'content-type': 'application/x-www-form-urlencoded', cookie},
      body: new URLSearchParams(form).toString(),
    })

  const askedAt = Date.now()
  const asked = await post('/office/sign-in/link', {email, next: '/office'}, '')
  await asked.arrayBuffer()
  const binding = cookieFrom(asked, 'office_sign_in')
  if (asked.status !== 303 || !binding || !asked.headers.get('location')?.includes('sent=1')) {
    fail(`The sign-in form answered ${asked.status} (location ${asked.headers.get('location')}), without a binding cookie or not "sent"`)
  }

  const mail = await simpleParser(await newestEmail(outboxDir, askedAt))
  const link = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`.match(/https?:\/\/[^\s"'<>]+\/office\/sign-in\/verify\?[^\s"'<>]+/)?.[0]
  if (!link) fail(`No sign-in link in the e-mail "${mail.subject}"`)
  const linkUrl = new URL(link.replace(/&amp;/g, '&'))
  if (linkUrl.origin !== siteOrigin) fail(`The sign-in link is for ${linkUrl.origin}, not ${siteOrigin}`)

  const verify = await fetch(`${base}${linkUrl.pathname}${linkUrl.search}`, {redirect: 'manual', headers: {...BROWSER_HEADERS, cookie: `office_sign_in=${binding}`}})
  const page = await verify.text()
  const field = (name: string) => page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replace(/&amp;/g, '&')
  const token = field('token')
  if (verify.status !== 200 || !token) fail(`The sign-in link's page answered ${verify.status} without the sign-in button's form`)

  const signedIn = await post('/office/sign-in/session', {token, next: field('next') ?? '/office'}, `office_sign_in=${binding}`)
  await signedIn.arrayBuffer()
  const session = cookieFrom(signedIn, 'office_session')
  if (signedIn.status !== 303 || !session) fail(`Signing in answered ${signedIn.status} (location ${signedIn.headers.get('location')}) without a session cookie`)
  return session
}

/**
 * `shows`: text the answer must hold (checked once, before the timing: the search found its booking);
 * `budget`: its p95 budget in ms (BUDGET_MS when none).
 */
type Timed = {name: string; path: string; kind: 'page' | 'export'; shows?: string; budget?: number}

/** One GET of `request` with the session: milliseconds until the page's last byte (the export: its first EXPORT_LINES lines), and the bytes read. */
async function timeOnce(base: string, session: string, request: Timed, check = false): Promise<{ms: number; bytes: number}> {
  const started = performance.now()
  const response = await fetch(`${base}${request.path}`, {redirect: 'manual', headers: {...BROWSER_HEADERS, cookie: `office_session=${session}`}})
  const expected = request.kind === 'export' ? 'text/csv' : 'text/html'
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith(expected)) {
    await response.body?.cancel()
    fail(`GET ${request.path} answered ${response.status} ${response.headers.get('content-type')} (location ${response.headers.get('location')}), not 200 ${expected}`)
  }
  if (request.kind === 'page') {
    const body = await response.arrayBuffer()
    const ms = performance.now() - started
    if (check && request.shows && !new TextDecoder().decode(body).includes(request.shows)) fail(`GET ${request.path} does not show "${request.shows}"`)
    return {ms, bytes: body.byteLength}
  }
  const reader = response.body!.getReader()
  let bytes = 0
  let lines = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    bytes += value.byteLength
    for (const byte of value) if (byte === 10) lines++
    if (lines >= EXPORT_LINES) break
  }
  const ms = performance.now() - started
  await reader.cancel()
  return {ms, bytes}
}

const loadAtStart = os.loadavg()[0]
stopAllOnExit()

try {
  // 1. The store.
  const dataDir = tempDir('office-http-data')
  const outboxDir = tempDir('office-http-outbox')
  mkdirSync(outboxDir, {recursive: true})
  const db = await openOfficeDatabase(dataDir)
  let seeded: Awaited<ReturnType<typeof seedOfficeBookings>>
  let searches: {phoneAsTyped: string; reference: string}
  let customer: {emailKey: string; name: string}
  try {
    seeded = await seedOfficeBookings(db, BOOKINGS)
    searches = await sampleSearches(db)
    customer = await sampleCustomer(db)
  } finally {
    await db.close()
  }
  console.log(`${seeded.bookings} bookings, ${seeded.plans} plans, ${seeded.leads} leads written in ${seeded.seedSeconds.toFixed(1)} s (${dataDir})`)

  // 2. The build and the server.
  let buildSeconds: number | null = null
  if (options['no-build']) {
    if (!hasBuild(ROOT)) fail('--no-build: there is no build in .next')
  } else if (!hasCurrentSiteBuild()) {
    console.log('The build in .next is missing or older than the sources: next build')
    buildSeconds = nextBuild(ROOT)
  }
  const port = await freePort()
  const siteOrigin = `http://localhost:${port}`
  const site = await startSite(port, dataDir, outboxDir, {
    OFFICE_OWNER_EMAIL: OWNER_EMAIL,
    OFFICE_SIGN_IN_RATE_LIMIT_MAX: '100000',
    AVAILABILITY_RATE_LIMIT_MAX: '100000000',
  })
  const startedMs = await waitForFirst200(site)
  console.log(`Site on ${site.url} answered in ${(startedMs / 1000).toFixed(1)} s`)

  // 3. Signed in as the owner.
  const session = await signIn(site.url, siteOrigin, outboxDir, OWNER_EMAIL)
  console.log('Signed in as the owner')

  // 4. The requests.
  const now = new Date()
  const today = companyToday(now)
  const q = (value: string) => `/office/bookings?q=${encodeURIComponent(value)}`
  const nameFragment = customer.name.split(' ')[1].slice(0, 5)
  const escapedName = customer.name.replace(/'/g, '&#x27;')
  const requests: Timed[] = [
    {name: 'Bookings list, first page (newest first)', path: '/office/bookings', kind: 'page'},
    {name: 'Search a name substring ("ngstr")', path: q('ngstr'), kind: 'page', shows: 'Ångström'},
    {name: `Search a phone as typed ("${searches.phoneAsTyped}")`, path: q(searches.phoneAsTyped), kind: 'page', shows: searches.phoneAsTyped},
    {name: `Search a reference ("${searches.reference}")`, path: q(searches.reference), kind: 'page', shows: searches.reference},
    {
      name: 'Filter: paid, house and carpet crew, next 30 days, by date, page 2',
      path: `/office/bookings?status=paid&crew=indoor&from=${today}&to=${addDays(today, 30)}&sort=date_asc&page=2`,
      kind: 'page',
    },
    {name: 'Week schedule (three crews, this week)', path: `/office/schedule?week=${mondayOf(today)}`, kind: 'page'},
    {name: 'Schedule, today', path: '/office/schedule', kind: 'page'},
    {name: 'Day sheet (house and carpet crews, today)', path: `/office/schedule/${today}/indoor`, kind: 'page'},
    {name: 'Dashboard, owner (money included), the last 30 days', path: `/office?from=${addDays(today, -30)}&to=${today}`, kind: 'page', budget: RECORD_BUDGET_MS},
    {
      name: 'Customer record (3 bookings and a lead)',
      path: `/office/customers/${encodeURIComponent(customer.emailKey)}`,
      kind: 'page',
      shows: escapedName,
      budget: RECORD_BUDGET_MS,
    },
    {name: `Customers search, a name fragment ("${nameFragment}")`, path: `/office/customers?q=${encodeURIComponent(nameFragment)}`, kind: 'page'},
    // Last: the export goes on writing the rest of its rows after the bench has read its first ones and
    // hung up, which would keep the server busy during the requests timed after it.
    {name: `CSV export of everything, until its first ${EXPORT_LINES - 1} rows`, path: '/office/bookings/export', kind: 'export'},
  ]
  // Once each (the first render of each route after start; the searches find what they look for), then per request its warm-up runs.
  for (const request of requests) await timeOnce(site.url, session, request, true)

  const loadBefore = os.loadavg()[0]
  const results: {name: string; path: string; p50: number; p95: number; max: number; bytes: number; budget: number}[] = []
  for (const request of requests) {
    for (let i = 0; i < WARMUP; i++) await timeOnce(site.url, session, request)
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < RUNS; i++) {
      const run = await timeOnce(site.url, session, request)
      times.push(run.ms)
      bytes = run.bytes
    }
    const summary = summarize(times)
    results.push({name: request.name, path: request.path, ...summary, bytes, budget: request.budget ?? BUDGET_MS})
    console.log(`${request.name}: p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms, max ${summary.max.toFixed(1)} ms`)
  }
  const loadAfter = os.loadavg()[0]
  await stopAll()

  // 5. The report.
  const over = results.filter((result) => result.p95 > result.budget)
  let commit = 'unknown'
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: ROOT, encoding: 'utf8'}).trim()
  } catch {
    // Not a checkout.
  }
  const report = [
    '## The same pages over HTTP, as staff get them (`npm run bench:office:http`)',
    '',
    `Measured ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, the build of commit ${commit}${buildSeconds === null ? '' : ` (built for this run in ${buildSeconds.toFixed(0)} s)`}.`,
    `1-minute load average before the timed requests: **${loadBefore.toFixed(2)}** (after: ${loadAfter.toFixed(2)}; when the script started: ${loadAtStart.toFixed(2)}); other work on the machine shows in the figures.`,
    '',
    `${seeded.bookings.toLocaleString('en-US')} bookings, ${seeded.plans.toLocaleString('en-US')} plans and ${seeded.leads.toLocaleString('en-US')} leads (the store above, written with the same SQL, scripts/bench/office-seed.ts) in a new embedded database directory, served by the production server as \`npm start\` runs it (\`node scripts/serve.ts\` on the \`next build\` of the site, SITE_URL=http://localhost:<port>, the rate limits raised).`,
    `Signed in as the owner the real way: the sign-in form's POST, the link in the e-mail the outbox wrote, its page and its button's POST (with the site's Origin), then the session cookie on every request.`,
    `Each figure is one GET over HTTP on loopback, from the request to the page's last byte (the export: until its first ${EXPORT_LINES - 1} rows have arrived), through the site's edge server (compression included, \`accept-encoding: gzip, deflate, br\`), the session check in the database, the page's queries and Next's server render of the whole page. Sequential, one request at a time; every address once after the server started, then ${WARMUP} warm-up runs and ${RUNS} timed runs each. Budget: p95 ≤ ${RECORD_BUDGET_MS} ms for the dashboard and a customer's record, ≤ ${BUDGET_MS} ms for the rest.`,
    '',
    '| Request | Address | p50 (ms) | p95 (ms) | max (ms) | Read (kB, unzipped) | Budget (ms) | Within budget |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (result) =>
        `| ${result.name} | \`${result.path}\` | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.max.toFixed(1)} | ${(result.bytes / 1000).toFixed(1)} | ${result.budget} | ${result.p95 <= result.budget ? 'yes' : '**no**'} |`,
    ),
  ].join('\n')
  writeHttpReport(report)
  console.log(`\nWritten to ${REPORT_FILE} (load before ${loadBefore.toFixed(2)}, after ${loadAfter.toFixed(2)}).`)
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((result) => `${result.name} (p95 ${result.p95.toFixed(1)} ms > ${result.budget} ms)`).join('; ')}`)
    process.exitCode = 1
  }
} finally {
  await stopAll()
  removeRunDir()
}
