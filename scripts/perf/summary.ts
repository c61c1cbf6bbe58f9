/**
 * From raw runs to one figure per page and metric: the median of the runs (the lower middle one
 * for an even count, so a figure is always one that was measured). The Lighthouse timings are also
 * kept per round, since their budgets pair each round's page figure with the bare app's of the
 * same round (budgets.ts).
 */
import type {LighthouseRun} from './lighthouse.ts'
import type {FirstPaintWeight, PageWeight} from './page-weight.ts'
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
  /** LCP and TBT of each round's run that gave a result (paint holding off), in round order. */
  rounds: RoundFigures[]
  /** Reference: Chromium's default (paint holding on). */
  referenceLcpMs: number | null
  referencePerformance: number | null
  jsBeforeBytes: number | null
  jsAfterIdleBytes: number | null
  htmlBytes: number | null
  htmlGzipBytes: number | null
  /** Bytes before first paint as the browser negotiated them (median of the loads) and the load whose total that is. */
  firstPaintBytes: number | null
  firstPaint: FirstPaintWeight | null
  /** The document's compressed bytes as negotiated (median of the loads) and every encoding it came in. */
  documentBytes: number | null
  documentEncodings: string[]
  failedAudits: string[]
}

export type RoundFigures = {round: number; lcpMs: number | null; tbtMs: number | null}

export function median(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b)
  if (known.length === 0) return null
  return known[Math.floor((known.length - 1) / 2)]
}

export function summarise(page: PerfPage, url: string, lighthouse: LighthouseRun[], weights: PageWeight[], firstPaints: FirstPaintWeight[]): PageSummary {
  const measured = lighthouse.filter((run) => !run.paintHolding && !run.runtimeError)
  const reference = lighthouse.filter((run) => run.paintHolding && !run.runtimeError)
  const own = weights.filter((weight) => weight.blockPrefetch)
  const all = weights.filter((weight) => !weight.blockPrefetch)
  const firstPaintTotal = median(firstPaints.map((load) => load.totalBytes))
  return {
    page,
    url,
    runs: measured.length,
    attempted: lighthouse.filter((run) => !run.paintHolding).length,
    ...(Object.fromEntries(MEDIAN_METRICS.map((metric) => [metric, median(measured.map((run) => run[metric]))])) as Pick<LighthouseRun, MedianMetric>),
    rounds: measured.map((run) => ({round: run.round, lcpMs: run.lcpMs, tbtMs: run.tbtMs})).sort((a, b) => a.round - b.round),
    referenceLcpMs: median(reference.map((run) => run.lcpMs)),
    referencePerformance: median(reference.map((run) => run.performance)),
    jsBeforeBytes: median(own.map((weight) => weight.jsBytes)),
    jsAfterIdleBytes: median(all.map((weight) => weight.jsBytes)),
    htmlBytes: median(weights.map((weight) => weight.htmlBytes)),
    htmlGzipBytes: median(weights.map((weight) => weight.htmlWireBytes)),
    firstPaintBytes: firstPaintTotal,
    firstPaint: firstPaints.find((load) => load.totalBytes === firstPaintTotal) ?? null,
    documentBytes: median(firstPaints.map((load) => load.documentBytes)),
    documentEncodings: [...new Set(firstPaints.map((load) => load.responseEncoding))].sort(),
    failedAudits: [...new Set(measured.flatMap((run) => run.failedAudits))].sort(),
  }
}
