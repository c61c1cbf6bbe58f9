/**
 * The speed budgets, each a ratio to the bare Next.js app measured in the same run (or
 * a fixed bound). Plain data in, pass/fail out; a budget is met only in a valid run
 * (scripts/measure-validity.ts), which the report judges.
 */
import type {PageSummary} from './summary.ts'

/** kB here and in the report: 1024 bytes, as in tests/e2e/page-weight.spec.ts. */
export const KB = 1024

/**
 * The bare app's TBT under simulated throttling can be a few ms or zero; a ratio to that would make
 * the budget unpassable (or meaningless). TBT ratios divide by at least this.
 */
export const TBT_FLOOR_MS = 50

/** A marketing page paints within 1.5× of the bare app. */
export const MARKETING = {
  lcpRatio: 1.5,
  tbtRatio: 1.3,
  cls: 0.02,
  score: 100,
  jsBeforeExtraBytes: 12 * KB,
  jsAfterIdleRatio: 1.2,
}

/** Booking screens paint within 2× of the bare app and load at most 1.3× its JS before interaction. */
export const BOOKING = {
  lcpRatio: 2,
  tbtRatio: 1.5,
  jsBeforeRatio: 1.3,
}

/**
 * Uncompressed HTML of each marketing page: 0.6 × its size when this budget was set. The home page
 * gets 73.7 kB. The sizes are the document bytes this script
 * measured (reports/perf.json, `weights[].htmlBytes`, the same in every run) on the build of commit
 * 87db904, before any of the page-weight fixes: home 131,614; service 111,862; quote 119,981;
 * article 74,511; blogs 68,635; contact 67,589 bytes.
 */
export const HTML_BUDGET_BYTES: Record<string, number> = {
  home: Math.floor(73.7 * KB),
  service: Math.floor(0.6 * 111_862),
  quote: Math.floor(0.6 * 119_981),
  article: Math.floor(0.6 * 74_511),
  blogs: Math.floor(0.6 * 68_635),
  contact: Math.floor(0.6 * 67_589),
}

export type BudgetCheck = {
  page: string
  /** Column of the budget table: LCP, TBT, CLS, A11y, BP, SEO, JS before, JS idle, HTML. */
  budget: string
  pass: boolean
  /** What was measured against what limit, for a person. */
  detail: string
  /** Short text for the table cell: the ratio or value (the report adds ✓ or ✗ when it judges). */
  figure: string
}

export const BUDGET_COLUMNS = ['LCP', 'TBT', 'CLS', 'A11y', 'BP', 'SEO', 'JS before', 'JS idle', 'HTML'] as const

const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
const ms = (value: number) => `${Math.round(value)} ms`
const s = (value: number) => `${(value / 1000).toFixed(2)} s`
const times = (value: number) => `${value.toFixed(2)}×`

export function tbtBase(bareTbtMs: number): number {
  return Math.max(bareTbtMs, TBT_FLOOR_MS)
}

function ratioCheck(page: string, budget: string, value: number | null, base: number | null, maxRatio: number, unit: (n: number) => string, baseNote = 'bare'): BudgetCheck {
  if (value === null || base === null || base <= 0) {
    return {page, budget, pass: false, detail: `${budget}: not measured (${value === null ? 'page' : 'bare app'} has no figure)`, figure: 'n/a'}
  }
  const ratio = value / base
  const pass = value <= base * maxRatio
  return {
    page,
    budget,
    pass,
    detail: `${budget} ${unit(value)} = ${times(ratio)} ${baseNote} (${unit(base)}); limit ${times(maxRatio)} = ${unit(base * maxRatio)}`,
    figure: times(ratio),
  }
}

function boundCheck(page: string, budget: string, value: number | null, limit: number, unit: (n: number) => string, higherIsBetter = false): BudgetCheck {
  if (value === null) return {page, budget, pass: false, detail: `${budget}: not measured`, figure: 'n/a'}
  const pass = higherIsBetter ? value >= limit : value <= limit
  return {
    page,
    budget,
    pass,
    detail: `${budget} ${unit(value)}; limit ${higherIsBetter ? '≥' : '≤'} ${unit(limit)}`,
    figure: unit(value),
  }
}

export function checkBudgets(pages: PageSummary[], bare: PageSummary): BudgetCheck[] {
  const checks: BudgetCheck[] = []
  const bareTbt = bare.tbtMs === null ? null : tbtBase(bare.tbtMs)
  for (const summary of pages) {
    const name = summary.page.name
    if (summary.page.kind === 'marketing') {
      checks.push(
        ratioCheck(name, 'LCP', summary.lcpMs, bare.lcpMs, MARKETING.lcpRatio, s),
        ratioCheck(name, 'TBT', summary.tbtMs, bareTbt, MARKETING.tbtRatio, ms, `max(bare, ${TBT_FLOOR_MS} ms)`),
        boundCheck(name, 'CLS', summary.cls, MARKETING.cls, (n) => n.toFixed(3)),
        boundCheck(name, 'A11y', summary.accessibility, MARKETING.score, String, true),
        boundCheck(name, 'BP', summary.bestPractices, MARKETING.score, String, true),
        boundCheck(name, 'SEO', summary.seo, MARKETING.score, String, true),
      )
      const jsBefore = summary.jsBeforeBytes
      const bareJs = bare.jsBeforeBytes
      if (jsBefore === null || bareJs === null) {
        checks.push({page: name, budget: 'JS before', pass: false, detail: 'JS before interaction: not measured', figure: 'n/a'})
      } else {
        const pass = jsBefore <= bareJs + MARKETING.jsBeforeExtraBytes
        const extra = jsBefore - bareJs
        checks.push({
          page: name,
          budget: 'JS before',
          pass,
          detail: `JS before interaction ${kB(jsBefore)} = bare ${kB(bareJs)} ${extra >= 0 ? '+' : '−'} ${kB(Math.abs(extra))}; limit bare + ${kB(MARKETING.jsBeforeExtraBytes)} = ${kB(bareJs + MARKETING.jsBeforeExtraBytes)}`,
          figure: `${extra >= 0 ? '+' : '−'}${kB(Math.abs(extra))}`,
        })
      }
      checks.push(ratioCheck(name, 'JS idle', summary.jsAfterIdleBytes, bare.jsAfterIdleBytes, MARKETING.jsAfterIdleRatio, kB))
      const htmlLimit = HTML_BUDGET_BYTES[name]
      if (htmlLimit === undefined) {
        checks.push({page: name, budget: 'HTML', pass: false, detail: `HTML: no budget for page "${name}" in HTML_BUDGET_BYTES`, figure: 'no budget'})
      } else {
        checks.push(boundCheck(name, 'HTML', summary.htmlBytes, htmlLimit, kB))
      }
    } else if (summary.page.kind === 'booking') {
      checks.push(
        ratioCheck(name, 'LCP', summary.lcpMs, bare.lcpMs, BOOKING.lcpRatio, s),
        ratioCheck(name, 'TBT', summary.tbtMs, bareTbt, BOOKING.tbtRatio, ms, `max(bare, ${TBT_FLOOR_MS} ms)`),
        ratioCheck(name, 'JS before', summary.jsBeforeBytes, bare.jsBeforeBytes, BOOKING.jsBeforeRatio, kB),
      )
    }
  }
  return checks
}
