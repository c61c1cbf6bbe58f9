/**
 * The speed budgets: ratios to the bare Next.js app measured in the same run, or fixed bounds.
 * Plain data in, pass/fail out; a budget is met only in a valid run of at least MIN_ROUNDS rounds
 * (scripts/measure-validity.ts and report.ts judge that).
 *
 * The bare app's LCP swings by 2× between runs on this machine, so a Lighthouse timing is judged
 * per round: the page's figure in round k over the bare app's in round k, and the budget holds when
 * the median of those ratios does. One lucky or unlucky bare run then moves one ratio, not the
 * verdict. JS bytes hardly vary between loads, so their ratios divide the medians.
 */
import {median, type PageSummary, type RoundFigures} from './summary.ts'

/** kB here and in the report: 1024 bytes, as in tests/e2e/page-weight.spec.ts. */
export const KB = 1024

/**
 * The bare app's TBT under simulated throttling can be a few ms or zero; a ratio to that would make
 * the budget unpassable (or meaningless). TBT ratios divide by at least this.
 */
export const TBT_FLOOR_MS = 50

/** A per-round ratio budget needs at least this many rounds with a figure for both the page and the bare app. */
export const MIN_ROUNDS = 5

export const MARKETING = {
  /** Lighthouse performance score, median of the runs. */
  performance: 97,
  lcpRatio: 1.5,
  tbtRatio: 1.3,
  cls: 0.02,
  /** Accessibility, best practices and SEO. */
  score: 100,
  jsBeforeExtraBytes: 12 * KB,
  jsAfterIdleRatio: 1.2,
  /** The compressed document, render-blocking resources and preloaded fonts (first-paint-bytes.ts). */
  firstPaintBytes: 45 * KB,
}

export const BOOKING = {
  performance: 95,
  lcpRatio: 2,
  tbtRatio: 1.5,
  jsBeforeRatio: 1.3,
  firstPaintBytes: 60 * KB,
}

export type BudgetCheck = {
  page: string
  /** Column of the budget table (BUDGET_COLUMNS). */
  budget: string
  pass: boolean
  /** What was measured against what limit, for a person. */
  detail: string
  /** Short text for the table cell: the ratio or value (the report adds ✓ or ✗ when it judges). */
  figure: string
  /** A per-round budget's ratios, in round order (the figure is their median). */
  perRound?: RoundRatio[]
}

export type RoundRatio = {round: number; ratio: number}

export const BUDGET_COLUMNS = ['Perf', 'LCP', 'TBT', 'CLS', 'A11y', 'BP', 'SEO', 'JS before', 'JS idle', 'First paint'] as const

const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
const ms = (value: number) => `${Math.round(value)} ms`
const s = (value: number) => `${(value / 1000).toFixed(2)} s`
const times = (value: number) => `${value.toFixed(2)}×`

export function tbtBase(bareTbtMs: number): number {
  return Math.max(bareTbtMs, TBT_FLOOR_MS)
}

type RoundMetric = 'lcpMs' | 'tbtMs'

/**
 * The page's figure over the bare app's in each round both have one (the bare figure raised to
 * `floor` first), in round order.
 */
export function roundRatios(page: RoundFigures[], bare: RoundFigures[], metric: RoundMetric, floor = 0): RoundRatio[] {
  const ratios: RoundRatio[] = []
  for (const own of page) {
    const value = own[metric]
    const base = bare.find((candidate) => candidate.round === own.round)?.[metric]
    if (value === null || base === null || base === undefined) continue
    const divisor = Math.max(base, floor)
    if (divisor > 0) ratios.push({round: own.round, ratio: value / divisor})
  }
  return ratios.sort((a, b) => a.round - b.round)
}

/** The median of a per-round budget's ratios, or null when none could be formed. */
export function medianRatio(ratios: RoundRatio[]): number | null {
  return median(ratios.map((ratio) => ratio.ratio))
}

function perRoundCheck(page: string, budget: string, summary: PageSummary, bare: PageSummary, metric: RoundMetric, maxRatio: number, unit: (n: number) => string, floor = 0): BudgetCheck {
  const perRound = roundRatios(summary.rounds, bare.rounds, metric, floor)
  const middle = medianRatio(perRound)
  const base = floor > 0 ? `max(bare, ${unit(floor)})` : 'bare'
  const listed = perRound.map((ratio) => ratio.ratio.toFixed(2)).join(', ')
  if (middle === null || perRound.length < MIN_ROUNDS) {
    return {
      page,
      budget,
      pass: false,
      detail: `${budget}: ${perRound.length} round${perRound.length === 1 ? '' : 's'} with a figure for both the page and the bare app${listed ? ` (${listed})` : ''}; the budget needs the median of at least ${MIN_ROUNDS}`,
      figure: middle === null ? 'n/a' : `${times(middle)} (${perRound.length} rounds)`,
      perRound,
    }
  }
  const pageMedian = summary[metric]
  const bareMedian = bare[metric]
  const medians = pageMedian === null || bareMedian === null ? '' : `; medians: page ${unit(pageMedian)}, bare ${unit(bareMedian)}`
  return {
    page,
    budget,
    pass: middle <= maxRatio,
    detail: `${budget} ${times(middle)} ${base}, the median of ${perRound.length} rounds' ratios (${listed})${medians}; limit ${times(maxRatio)}`,
    figure: times(middle),
    perRound,
  }
}

function ratioCheck(page: string, budget: string, value: number | null, base: number | null, maxRatio: number, unit: (n: number) => string): BudgetCheck {
  if (value === null || base === null || base <= 0) {
    return {page, budget, pass: false, detail: `${budget}: not measured (${value === null ? 'page' : 'bare app'} has no figure)`, figure: 'n/a'}
  }
  const ratio = value / base
  return {
    page,
    budget,
    pass: value <= base * maxRatio,
    detail: `${budget} ${unit(value)} = ${times(ratio)} bare (${unit(base)}); limit ${times(maxRatio)} = ${unit(base * maxRatio)}`,
    figure: times(ratio),
  }
}

function boundCheck(page: string, budget: string, value: number | null, limit: number, unit: (n: number) => string, higherIsBetter = false, what = budget): BudgetCheck {
  if (value === null) return {page, budget, pass: false, detail: `${what}: not measured`, figure: 'n/a'}
  const pass = higherIsBetter ? value >= limit : value <= limit
  return {
    page,
    budget,
    pass,
    detail: `${what} ${unit(value)}; limit ${higherIsBetter ? '≥' : '≤'} ${unit(limit)}`,
    figure: unit(value),
  }
}

function firstPaintCheck(page: string, summary: PageSummary, limit: number): BudgetCheck {
  const check = boundCheck(page, 'First paint', summary.firstPaintBytes, limit, kB, false, 'Bytes before first paint')
  const counted = summary.firstPaint
  if (!counted) return check
  const parts = [
    `document ${kB(counted.documentBytes)} ${counted.responseEncoding}`,
    ...counted.blocking.map((resource) => `${resource.kind} ${kB(resource.bytes)}`),
    ...counted.fonts.map((font) => `font ${kB(font.bytes)}`),
  ]
  return {...check, detail: `${check.detail} (${parts.join(' + ')})`}
}

export function checkBudgets(pages: PageSummary[], bare: PageSummary): BudgetCheck[] {
  const checks: BudgetCheck[] = []
  for (const summary of pages) {
    const kind = summary.page.kind
    const page = summary.page.name
    if (kind === 'marketing') {
      checks.push(
        boundCheck(page, 'Perf', summary.performance, MARKETING.performance, String, true, 'Lighthouse performance'),
        perRoundCheck(page, 'LCP', summary, bare, 'lcpMs', MARKETING.lcpRatio, s),
        perRoundCheck(page, 'TBT', summary, bare, 'tbtMs', MARKETING.tbtRatio, ms, TBT_FLOOR_MS),
        boundCheck(page, 'CLS', summary.cls, MARKETING.cls, (n) => n.toFixed(3)),
        boundCheck(page, 'A11y', summary.accessibility, MARKETING.score, String, true),
        boundCheck(page, 'BP', summary.bestPractices, MARKETING.score, String, true),
        boundCheck(page, 'SEO', summary.seo, MARKETING.score, String, true),
      )
      const jsBefore = summary.jsBeforeBytes
      const bareJs = bare.jsBeforeBytes
      if (jsBefore === null || bareJs === null) {
        checks.push({page, budget: 'JS before', pass: false, detail: 'JS before interaction: not measured', figure: 'n/a'})
      } else {
        const pass = jsBefore <= bareJs + MARKETING.jsBeforeExtraBytes
        const extra = jsBefore - bareJs
        checks.push({
          page,
          budget: 'JS before',
          pass,
          detail: `JS before interaction ${kB(jsBefore)} = bare ${kB(bareJs)} ${extra >= 0 ? '+' : '−'} ${kB(Math.abs(extra))}; limit bare + ${kB(MARKETING.jsBeforeExtraBytes)} = ${kB(bareJs + MARKETING.jsBeforeExtraBytes)}`,
          figure: `${extra >= 0 ? '+' : '−'}${kB(Math.abs(extra))}`,
        })
      }
      checks.push(
        ratioCheck(page, 'JS idle', summary.jsAfterIdleBytes, bare.jsAfterIdleBytes, MARKETING.jsAfterIdleRatio, kB),
        firstPaintCheck(page, summary, MARKETING.firstPaintBytes),
      )
    } else if (kind === 'booking') {
      checks.push(
        boundCheck(page, 'Perf', summary.performance, BOOKING.performance, String, true, 'Lighthouse performance'),
        perRoundCheck(page, 'LCP', summary, bare, 'lcpMs', BOOKING.lcpRatio, s),
        perRoundCheck(page, 'TBT', summary, bare, 'tbtMs', BOOKING.tbtRatio, ms, TBT_FLOOR_MS),
        ratioCheck(page, 'JS before', summary.jsBeforeBytes, bare.jsBeforeBytes, BOOKING.jsBeforeRatio, kB),
        firstPaintCheck(page, summary, BOOKING.firstPaintBytes),
      )
    }
  }
  return checks
}
