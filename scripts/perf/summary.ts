/**
 * From raw runs to one figure per page and metric: the median of the runs (the lower middle one
 * for an even count, so a figure is always one that was measured).
 */
import type {LighthouseRun} from './lighthouse.ts'
import type {PageWeight} from './page-weight.ts'
import type {PerfPage} from './pages.ts'

export type PageSummary = {
  page: PerfPage
  url: string
  /** Lighthouse runs with paint holding off that gave a result, of those attempted. */
  runs: number
  attempted: number
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  seo: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  fcpMs: number | null
  /** Reference: Chromium's default (paint holding on). */
  referenceLcpMs: number | null
  referencePerformance: number | null
  jsBeforeBytes: number | null
  jsAfterIdleBytes: number | null
  htmlBytes: number | null
  htmlGzipBytes: number | null
  failedAudits: string[]
}

export function median(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b)
  if (known.length === 0) return null
  return known[Math.floor((known.length - 1) / 2)]
}

export function summarise(page: PerfPage, url: string, lighthouse: LighthouseRun[], weights: PageWeight[]): PageSummary {
  const measured = lighthouse.filter((run) => !run.paintHolding && !run.runtimeError)
  const reference = lighthouse.filter((run) => run.paintHolding && !run.runtimeError)
  const own = weights.filter((weight) => weight.blockPrefetch)
  const all = weights.filter((weight) => !weight.blockPrefetch)
  return {
    page,
    url,
    runs: measured.length,
    attempted: lighthouse.filter((run) => !run.paintHolding).length,
    performance: median(measured.map((run) => run.performance)),
    accessibility: median(measured.map((run) => run.accessibility)),
    bestPractices: median(measured.map((run) => run.bestPractices)),
    seo: median(measured.map((run) => run.seo)),
    lcpMs: median(measured.map((run) => run.lcpMs)),
    tbtMs: median(measured.map((run) => run.tbtMs)),
    cls: median(measured.map((run) => run.cls)),
    fcpMs: median(measured.map((run) => run.fcpMs)),
    referenceLcpMs: median(reference.map((run) => run.lcpMs)),
    referencePerformance: median(reference.map((run) => run.performance)),
    jsBeforeBytes: median(own.map((weight) => weight.jsBytes)),
    jsAfterIdleBytes: median(all.map((weight) => weight.jsBytes)),
    htmlBytes: median(weights.map((weight) => weight.htmlBytes)),
    htmlGzipBytes: median(weights.map((weight) => weight.htmlWireBytes)),
    failedAudits: [...new Set(measured.flatMap((run) => run.failedAudits))].sort(),
  }
}
