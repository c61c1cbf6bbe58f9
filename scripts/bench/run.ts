/**
 * `npm run bench`: requests per second and latency of the site on loopback, each
 * beside its reference measured in the same run on the same machine:
 * - GET / (home page) against the bare Next.js app of perf/bare-app;
 * - the booking POST against the Next.js floor (the bare app's route handler doing the same
 *   INSERT), on an empty store and on one holding 20,000 bookings (./seed.ts); beside them the
 *   floor (node:http + one PGlite INSERT, ./floor-server.ts), for information;
 * - the quote request POST (no reference, no budget);
 * - the first 200 after start, the site with a new data directory, against the bare app.
 * At 10, 50 and 100 connections (autocannon), a warm-up before each cell, site and reference cells
 * interleaved so a change in the machine's load hits both. The site reads a dataset with room for
 * every booking, and the bookings go round every date and window it offers (./dataset.ts), so none
 * is refused for a full window. The load average is read at the start, every 5 s and at the end: a
 * run on a busy machine is not valid and judges no budget (scripts/measure-validity.ts). Prints the
 * tables, writes reports/bench.md and reports/bench.json, and exits 0 when every budget holds, 1
 * when a budget is missed or a cell saw anything but 2xx answers, 2 when the run could not be made,
 * 3 when it is not valid.
 *
 *   npm run bench -- [--no-build] [--duration S] [--only get|booking|quote|startup]
 */
import {cpSync, readFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {judgeLoad, NOT_VALID_EXIT_CODE, sampleLoad, START_LOAD_PER_CORE, waitForCalm} from '../measure-validity.ts'
import {bookingSlots, readAvailability, type BookingSlot} from './dataset.ts'
import {measureCell, settle, type CellResult} from './load.ts'
import {parseOptions, type BenchOptions} from './options.ts'
import {checkBudgets, invalidCells, median, renderTables, writeReports, type BenchResults, type BookingComparison, type Comparison} from './report.ts'
import {bookingRequest, checkOnce, floorBookingRequest, nextFloorBookingRequest, quoteRequest, staticPage, type BenchRequest} from './requests.ts'
import {createSeededStore} from './seed.ts'
import {
  BARE_APP_DIR,
  hasBuild,
  nextBuild,
  PORTS,
  removeRunDir,
  ROOT,
  siteDataset,
  startBare,
  startFloor,
  startNextFloor,
  startSite,
  stopAll,
  stopAllOnExit,
  tempDir,
  waitForFirst200,
  type Server,
} from './servers.ts'

const SEEDED_BOOKINGS = 20_000
const STARTUP_RUNS = 3

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`)
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {version: string}).version
}

function describe(cell: CellResult): string {
  const bad = cell.non2xx + cell.errors + cell.warmupNon2xx + cell.warmupErrors
  const cpu = cell.cpuMsPerResponse === null ? '' : `, ${cell.cpuMsPerResponse} ms CPU per response`
  return `${cell.rps} req/s, p50 ${cell.p50} / p95 ${cell.p95} / p99 ${cell.p99} ms${cpu}${bad ? `, ${bad} non-2xx or errors` : ''}`
}

interface Side {
  name: string
  server: Server
  request: BenchRequest
}

/**
 * The cells of servers at each connection count, interleaved (the order flips each time), so a
 * change in the machine's load meets all alike. Answers each side's cells, in the order given.
 */
async function interleave(label: string, sides: readonly Side[], options: BenchOptions): Promise<CellResult[][]> {
  const cells = sides.map((): CellResult[] => [])
  for (const [index, connections] of options.connections.entries()) {
    const order = index % 2 === 0 ? sides : [...sides].reverse()
    for (const side of order) {
      const cell = await measureCell(side.server.url, side.request, connections, options.duration, options.warmup, side.server.child.pid)
      await settle(side.server.child.pid)
      log(`${label}, ${side.name}, ${connections} conns: ${describe(cell)}`)
      cells[sides.indexOf(side)].push(cell)
    }
  }
  return cells
}

async function compare(label: string, site: Side, reference: Side, options: BenchOptions): Promise<Comparison> {
  const [referenceCells, siteCells] = await interleave(label, [reference, site], options)
  return {site: siteCells, reference: referenceCells}
}

/** The site's booking POST against the Next.js floor (its budgets' reference), and the node:http floor beside them. */
async function compareBooking(label: string, site: Side, floor: Side, nextFloor: Side, options: BenchOptions): Promise<BookingComparison> {
  const [floorCells, nextFloorCells, siteCells] = await interleave(label, [floor, nextFloor, site], options)
  return {site: siteCells, nextFloor: nextFloorCells, floor: floorCells}
}

async function started(server: Server): Promise<Server> {
  const ms = await waitForFirst200(server)
  log(`${server.name} answering on ${server.url} after ${(ms / 1000).toFixed(1)} s`)
  return server
}

/**
 * The site once its booking store is open: a booking answered 200 (the bench measures the steady
 * state; start-up is the "first 200" part). While the embedded database opens, on the server's main
 * thread, the site hardly answers at all.
 */
async function siteReady(server: Server, request: BenchRequest): Promise<Server> {
  await started(server)
  await checkOnce(server.url, request)
  log(`site: booking store open, a booking answered 200 after ${((performance.now() - server.spawnedAt) / 1000).toFixed(1)} s`)
  return server
}

const origin = (port: number) => `http://localhost:${port}`

async function measureStartup(slots: readonly BookingSlot[]): Promise<NonNullable<BenchResults['startup']>> {
  const site: number[] = []
  const siteBooking: number[] = []
  const bare: number[] = []
  // Alternated, so the machine's load drifts over both alike.
  for (let run = 0; run < STARTUP_RUNS; run++) {
    await waitForCalm()
    const bareServer = await startBare(PORTS.bareStartup)
    bare.push(await waitForFirst200(bareServer))
    await bareServer.stop()
    await waitForCalm()
    const siteServer = await startSite(PORTS.siteStartup, tempDir('startup-data'), tempDir('startup-outbox'))
    site.push(await waitForFirst200(siteServer))
    // Not budgeted, but what a visitor booking right after a deploy meets: the new database opening.
    await checkOnce(siteServer.url, bookingRequest(origin(PORTS.siteStartup), slots))
    siteBooking.push(performance.now() - siteServer.spawnedAt)
    await siteServer.stop()
    log(
      `first 200 after start, run ${run + 1}: site ${Math.round(site.at(-1) as number)} ms (first booking answered at ` +
        `${Math.round(siteBooking.at(-1) as number)} ms), bare app ${Math.round(bare.at(-1) as number)} ms`,
    )
  }
  return {site, bare, siteMedian: median(site), bareMedian: median(bare), siteFirstBooking: siteBooking, siteFirstBookingMedian: median(siteBooking)}
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2))
  const startedAt = performance.now()
  const parts = options.parts
  // Every date and window a house cleaning can be booked for during the run, in the site's dataset.
  const slots = bookingSlots(readAvailability(siteDataset()), new Date())
  const results: Omit<BenchResults, 'budgets' | 'invalid' | 'validity' | 'totalSeconds'> = {
    date: new Date().toISOString(),
    machine: {cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown'},
    room: {slots: slots.length, first: slots[0].date, last: slots[slots.length - 1].date},
    versions: {node: process.version, next: packageVersion('next'), autocannon: packageVersion('autocannon')},
    options: {duration: options.duration, warmup: options.warmup, build: options.build, parts: [...parts], connections: [...options.connections]},
  }
  log(`bookings go round ${slots.length} dates and windows, ${slots[0].date} to ${slots[slots.length - 1].date}`)

  // The booking part's Next.js floor is the bare app's route handler.
  const needsBare = parts.has('get') || parts.has('startup') || parts.has('booking')
  if (options.build) {
    log('next build (the site)…')
    const site = nextBuild(ROOT)
    let bare = 0
    if (needsBare) {
      log('next build perf/bare-app…')
      bare = nextBuild(BARE_APP_DIR)
    }
    results.buildSeconds = {site, bare}
  } else {
    if (!hasBuild(ROOT)) throw new Error('No build of the site in .next: run without --no-build')
    if (needsBare && !hasBuild(BARE_APP_DIR)) throw new Error('No build of perf/bare-app: run without --no-build')
  }

  // The measurement starts here, once the builds' load has fallen back (at most 5 minutes).
  const waited = await waitForCalm({perCore: START_LOAD_PER_CORE, maxMs: 300_000})
  if (waited) log(`waited ${Math.round(waited / 1000)} s for the load average to fall to ${START_LOAD_PER_CORE} per core`)
  const load = sampleLoad()
  log(`load average at start: ${load.start.map((value) => value.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`)
  const early = judgeLoad(load.soFar())
  if (!early.valid) log(`warning: ${early.reasons.join('; ')}: this run will not be valid (no budget judged); measure on an idle machine`)

  if (parts.has('startup')) {
    log('first 200 after start…')
    results.startup = await measureStartup(slots)
  }

  let template: string | undefined
  if (parts.has('booking')) {
    log(`seeding a store of ${SEEDED_BOOKINGS} bookings…`)
    const seedStarted = performance.now()
    template = tempDir('seeded-template')
    const counts = await createSeededStore(template, SEEDED_BOOKINGS, origin(PORTS.site))
    results.seeded = {...(counts as {bookings: number; sessions: number; emails: number}), seconds: (performance.now() - seedStarted) / 1000}
    log(`seeded: ${JSON.stringify(counts)} in ${results.seeded.seconds.toFixed(0)} s`)
  }

  let emptyBooking: BookingComparison | undefined
  if (parts.has('get') || parts.has('booking') || parts.has('quote')) {
    // Phase 1: the site on a new (empty) data directory.
    const siteOrigin = origin(PORTS.site)
    const site = await siteReady(await startSite(PORTS.site, tempDir('site-data'), tempDir('site-outbox')), bookingRequest(siteOrigin, slots))
    if (parts.has('get')) {
      const bare = await started(await startBare(PORTS.bare))
      results.get = await compare('GET /', {name: 'site', server: site, request: staticPage()}, {name: 'bare app', server: bare, request: staticPage()}, options)
      await bare.stop()
    }
    if (parts.has('booking')) {
      const floor = await started(await startFloor(PORTS.floor, tempDir('floor-data')))
      const nextFloor = await started(await startNextFloor(PORTS.nextFloor, tempDir('next-floor-data')))
      const siteBooking = bookingRequest(siteOrigin, slots)
      const floorBooking = floorBookingRequest(origin(PORTS.floor), slots)
      const nextFloorBooking = nextFloorBookingRequest(origin(PORTS.nextFloor), slots)
      // The site took one in siteReady; one for each floor too, so a refused request stops the run here.
      await checkOnce(floor.url, floorBooking)
      await checkOnce(nextFloor.url, nextFloorBooking)
      emptyBooking = await compareBooking(
        'booking, empty store',
        {name: 'site', server: site, request: siteBooking},
        {name: 'floor', server: floor, request: floorBooking},
        {name: 'Next.js floor', server: nextFloor, request: nextFloorBooking},
        options,
      )
      await Promise.all([floor.stop(), nextFloor.stop()])
    }
    if (parts.has('quote')) {
      // After the bookings: each quote request queues two e-mails, which the site's outbox worker
      // renders and writes while the next requests come in (part of what a quote request costs).
      const request = quoteRequest(siteOrigin)
      await checkOnce(site.url, request)
      const cells: CellResult[] = []
      for (const connections of options.connections) {
        const cell = await measureCell(site.url, request, connections, options.duration, options.warmup, site.child.pid)
        await settle(site.child.pid)
        log(`quote request, site, ${connections} conns: ${describe(cell)}`)
        cells.push(cell)
      }
      results.quote = {site: cells}
    }
    await site.stop()
  }

  if (parts.has('booking') && template && emptyBooking) {
    // Phase 2: the site and each floor on their own copy of the seeded store.
    const siteData = tempDir('site-seeded')
    const floorData = tempDir('floor-seeded')
    const nextFloorData = tempDir('next-floor-seeded')
    for (const dir of [siteData, floorData, nextFloorData]) cpSync(template, dir, {recursive: true})
    const siteBooking = bookingRequest(origin(PORTS.site), slots)
    const floorBooking = floorBookingRequest(origin(PORTS.floor), slots)
    const nextFloorBooking = nextFloorBookingRequest(origin(PORTS.nextFloor), slots)
    const site = await siteReady(await startSite(PORTS.site, siteData, tempDir('site-seeded-outbox')), siteBooking)
    const floor = await started(await startFloor(PORTS.floor, floorData))
    const nextFloor = await started(await startNextFloor(PORTS.nextFloor, nextFloorData))
    await checkOnce(floor.url, floorBooking)
    await checkOnce(nextFloor.url, nextFloorBooking)
    const seeded = await compareBooking(
      `booking, ${SEEDED_BOOKINGS} bookings`,
      {name: 'site', server: site, request: siteBooking},
      {name: 'floor', server: floor, request: floorBooking},
      {name: 'Next.js floor', server: nextFloor, request: nextFloorBooking},
      options,
    )
    await Promise.all([site.stop(), floor.stop(), nextFloor.stop()])
    // Rows in each store when each cell began: the seeded ones, the check request, every 2xx before.
    const before = (cells: CellResult[]) => cells.map((_, index) => SEEDED_BOOKINGS + 1 + cells.slice(0, index).reduce((sum, cell) => sum + cell.ok2xx, 0))
    results.booking = {
      empty: emptyBooking,
      seeded: {...seeded, storeBefore: {site: before(seeded.site), floor: before(seeded.floor), nextFloor: before(seeded.nextFloor)}},
    }
  }

  const loadRecord = load.stop()
  const final: BenchResults = {
    ...results,
    validity: {...judgeLoad(loadRecord), load: loadRecord},
    budgets: checkBudgets(results),
    invalid: invalidCells({
      'GET / site': results.get?.site,
      'GET / bare app': results.get?.reference,
      'booking (empty store) site': results.booking?.empty.site,
      'booking (empty store) floor': results.booking?.empty.floor,
      'booking (empty store) Next.js floor': results.booking?.empty.nextFloor,
      'booking (20,000 bookings) site': results.booking?.seeded.site,
      'booking (20,000 bookings) floor': results.booking?.seeded.floor,
      'booking (20,000 bookings) Next.js floor': results.booking?.seeded.nextFloor,
      'quote request site': results.quote?.site,
    }),
    totalSeconds: (performance.now() - startedAt) / 1000,
  }

  console.log(`\n${renderTables(final)}\n`)
  const files = writeReports(path.join(ROOT, 'reports'), final)
  console.log(`Written: ${path.relative(ROOT, files.md)}, ${path.relative(ROOT, files.json)}`)
  console.log(
    `Load average at start ${loadRecord.start.map((v) => v.toFixed(2)).join(' / ')}, at end ${loadRecord.end.map((v) => v.toFixed(2)).join(' / ')}, ` +
      `highest during ${loadRecord.maxDuring.toFixed(2)}`,
  )

  for (const line of final.invalid) console.error(`Failed: ${line}`)
  if (!final.validity.valid) {
    console.error(`Not valid: ${final.validity.reasons.join('; ')}. Budgets not judged; measure again on an idle machine.`)
    return NOT_VALID_EXIT_CODE
  }
  const missed = final.budgets.filter((b) => !b.ok)
  for (const b of missed) console.error(`Budget missed: ${b.name}: ${b.measured} ${b.unit}, must be ${b.how}`)
  return missed.length > 0 || final.invalid.length > 0 ? 1 : 0
}

stopAllOnExit()

let code: number
try {
  code = await main()
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`)
  code = 2
} finally {
  await stopAll()
  removeRunDir()
}
process.exit(code)
