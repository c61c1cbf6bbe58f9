/**
 * From raw runs to one figure per page and metric: the median of the runs (the lower middle one
 * for an even count, so a figure is always one that was measured).
 */
import type {LighthouseRun} from './lighthouse.ts'
import type {PageWeight} from './page-weight.ts'
import type {PerfPage} from './pages.ts'

/** The Lighthouse figures of a page that are the median of its runs. */
const MEDIAN_METRICS = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'fcpMs'] as const
type MedianMetric = (typeof MEDIAN_METRICS)[number]

export type PageSummary = Pick<LighthouseRun, MedianMetric> & {
  page: PerfPage
  url: string
  /** Lighthouse runs with paint holding off that gave a result, of those attempted. */
  runs: number
  attempted: number
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
    ...(Object.fromEntries(MEDIAN_METRICS.map((metric) => [metric, median(measured.map((run) => run[metric]))])) as Pick<LighthouseRun, MedianMetric>),
    referenceLcpMs: median(reference.map((run) => run.lcpMs)),
    referencePerformance: median(reference.map((run) => run.performance)),
    jsBeforeBytes: median(own.map((weight) => weight.jsBytes)),
    jsAfterIdleBytes: median(all.map((weight) => weight.jsBytes)),
    htmlBytes: median(weights.map((weight) => weight.htmlBytes)),
    htmlGzipBytes: median(weights.map((weight) => weight.htmlWireBytes)),
    failedAudits: [...new Set(measured.flatMap((run) => run.failedAudits))].sort(),
  }
}
