import {describe, expect, it} from 'vitest'
import {judgeLoad, type LoadRecord} from '@/scripts/measure-validity'
import type {CellResult} from '@/scripts/bench/load'
import {checkBudgets, markdown, renderTables, type BenchResults, type BookingComparison, type Budget} from '@/scripts/bench/report'

/** A cell at `connections` with these req/s and p95 (and no failures). */
function cell(connections: number, rps: number, p95: number): CellResult {
  return {
    connections, seconds: 6, responses: rps * 6, rps, p50: p95 / 2, p95, p99: p95 * 1.2, max: p95 * 2,
    non2xx: 0, errors: 0, timeouts: 0, warmupNon2xx: 0, warmupErrors: 0, ok2xx: rps * 8, statuses: {'200': rps * 6}, cpuMsPerResponse: 4,
  }
}

/** The booking cells of one store: the figures at 50 connections, the others alike. */
function store(site: [number, number], nextFloor: [number, number], floor: [number, number]): BookingComparison {
  const cells = ([rps, p95]: [number, number]) => [10, 50, 100].map((connections) => cell(connections, rps, p95))
  return {site: cells(site), nextFloor: cells(nextFloor), floor: cells(floor)}
}

function booking(empty: BookingComparison, seeded: BookingComparison): NonNullable<BenchResults['booking']> {
  return {empty, seeded: {...seeded, storeBefore: {site: [20_001, 21_000, 23_000], floor: [20_001, 26_000, 36_000], nextFloor: [20_001, 22_000, 25_000]}}}
}

const find = (budgets: Budget[], name: string) => {
  const found = budgets.find((candidate) => candidate.name.startsWith(name))
  if (!found) throw new Error(`no budget "${name}" in ${budgets.map((b) => b.name).join(', ')}`)
  return found
}

describe('the bench budgets', () => {
  it('judges the booking POST against the Next.js floor, not the node:http floor', () => {
    // The site at 100 req/s: half of the Next.js floor's 200, a sixth of the node:http floor's 600.
    const budgets = checkBudgets({booking: booking(store([100, 400], [200, 200], [600, 80]), store([100, 400], [200, 200], [600, 80]))})
    const rps = find(budgets, 'Booking POST req/s, 50 conns, empty store')
    expect(rps).toMatchObject({ok: true, measured: 100, limit: 100, how: "≥ 0.5 × the Next.js floor's 200"})
    expect(find(budgets, 'Booking POST p95, 50 conns, empty store')).toMatchObject({ok: true, limit: 400})
    expect(find(budgets, 'Booking POST req/s, 50 conns, 20,000 bookings').ok).toBe(true)
  })

  it('misses the booking budgets below half the Next.js floor’s req/s or above twice its p95, on either store', () => {
    const budgets = checkBudgets({booking: booking(store([120, 300], [200, 200], [600, 80]), store([99, 401], [200, 200], [600, 80]))})
    expect(find(budgets, 'Booking POST req/s, 50 conns, empty store').ok).toBe(true)
    expect(find(budgets, 'Booking POST req/s, 50 conns, 20,000 bookings').ok).toBe(false)
    expect(find(budgets, 'Booking POST p95, 50 conns, 20,000 bookings').ok).toBe(false)
  })

  it('holds the site flat from an empty store to 20,000 bookings: at least 0.8× its share of the Next.js floor', () => {
    // The machine slowed between the stores (both floors lost a quarter); the site's share held.
    const drift = checkBudgets({booking: booking(store([120, 300], [200, 200], [600, 80]), store([90, 400], [150, 260], [450, 100]))})
    expect(find(drift, 'Booking POST flat')).toMatchObject({ok: true, measured: 1, unit: '×'})
    // The site alone lost a quarter on the larger store: a cost that grows with the bookings.
    const grows = checkBudgets({booking: booking(store([120, 300], [200, 200], [600, 80]), store([90, 400], [200, 200], [600, 80]))})
    expect(find(grows, 'Booking POST flat')).toMatchObject({ok: false, measured: 0.75, limit: 0.8})
  })

  it('keeps GET / at half the bare app’s req/s or more, and the first 200 after start within 1.5× the bare app’s', () => {
    const get = {site: [cell(50, 300, 200)], reference: [cell(50, 590, 100)]}
    expect(find(checkBudgets({get}), 'GET / req/s').ok).toBe(true)
    expect(find(checkBudgets({get: {...get, site: [cell(50, 236, 200)]}}), 'GET / req/s').ok).toBe(false)
    const startup = (siteMedian: number) => ({site: [siteMedian], bare: [1000], siteMedian, bareMedian: 1000, siteFirstBooking: [siteMedian + 500], siteFirstBookingMedian: siteMedian + 500})
    expect(find(checkBudgets({startup: startup(1500)}), 'First 200').ok).toBe(true)
    expect(find(checkBudgets({startup: startup(1780)}), 'First 200').ok).toBe(false)
  })
})

describe('the bench report and the load average', () => {
  const quiet: LoadRecord = {cpus: 2, start: [0.5, 0.6, 0.7], end: [1.4, 1.0, 0.8], maxDuring: 2.2, samples: 240, sampleSeconds: 5}
  const busy: LoadRecord = {...quiet, maxDuring: 4.1}
  const results = (load: LoadRecord): BenchResults => {
    const partial = {booking: booking(store([50, 900], [200, 200], [600, 80]), store([50, 900], [200, 200], [600, 80]))}
    return {
      date: '2026-11-26T18:00:00.000Z',
      machine: {cpus: 2, model: 'AMD EPYC'},
      versions: {node: 'v24.0.0', next: '16.0.0', autocannon: '8.0.0'},
      options: {duration: 6, warmup: 2, build: false, parts: ['booking'], connections: [10, 50, 100]},
      room: {slots: 196, first: '2026-11-28', last: '2027-01-25'},
      ...partial,
      validity: {...judgeLoad(load), load},
      budgets: checkBudgets(partial),
      invalid: [],
      totalSeconds: 600,
    }
  }

  it('opens with “Valid” and marks each budget ok or MISSED when the machine was quiet', () => {
    const report = markdown(results(quiet))
    expect(report.split('\n')[2]).toMatch(/^\*\*Valid\*\*/)
    expect(report).toContain('### Budgets\n')
    expect(report).toContain('**MISSED**')
  })

  it('opens with “Not valid” and judges no budget when the load rose above 3 on 2 cores', () => {
    const report = markdown(results(busy))
    expect(report.split('\n')[2]).toMatch(/^\*\*Not valid\*\*: 1-minute load average reached 4\.10 during the run, above 3\.00/)
    const tables = renderTables(results(busy))
    expect(tables).toContain('### Budgets: not judged, the run is not valid')
    expect(tables).not.toContain('MISSED')
    expect(tables).not.toMatch(/\| ok \|/)
    expect(tables).toContain('| not judged |')
  })

  it('says in its header how the store was given room for every booking, and shows the node:http floor for information only', () => {
    const report = markdown(results(quiet))
    expect(report).toMatch(/Room for every booking: .*every offered arrival window takes 1,000,000 bookings .*196 dates and windows a house cleaning can be booked for, 2026-11-28 to 2027-01-25/)
    // 50 req/s × 8 s × 3 cells + the check = 1,201 bookings over 196 places: 7 a window at most.
    expect(report).toContain('at most 7 bookings a window in this run')
    expect(report).toContain('Note, not a budget: the node:http floor')
    expect(report).toContain('site vs the Next.js floor')
  })
})
