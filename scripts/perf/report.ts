/** The tables `npm run perf` prints and writes to reports/perf.md, and the raw runs in reports/perf.json. */
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {validityLines, type LoadRecord, type Validity} from '../measure-validity.ts'
import {BOOKING, BUDGET_COLUMNS, KB, MARKETING, medianRatio, MIN_ROUNDS, roundRatios, TBT_FLOOR_MS, type BudgetCheck} from './budgets.ts'
import type {LighthouseRun} from './lighthouse.ts'
import type {FirstPaintWeight, PageWeight} from './page-weight.ts'
import type {PageSummary} from './summary.ts'

export type RunInfo = {
  date: string
  finishedAt: string
  minutes: number
  /** The load averages of the run, and whether they leave it valid (scripts/measure-validity.ts). */
  load: LoadRecord
  validity: Validity
  cpus: number
  nextVersion: string
  lighthouseVersion: string
  chromiumVersion: string
  node: string
  runs: number
  referenceRuns: number
  built: boolean
  chromeFlags: {paintHoldingOff: string[]; reference: string[]}
}

/**
 * Whether the run's budgets are judged: only on a quiet machine (the load-average rule) and over at
 * least MIN_ROUNDS Lighthouse rounds, since a per-round budget is the median of that many ratios.
 */
export type Judgement = {valid: boolean; judged: boolean; reasons: string[]}

export function judgement(info: Pick<RunInfo, 'validity' | 'runs'>): Judgement {
  const reasons = [...(info.validity.valid ? [] : info.validity.reasons)]
  if (info.runs < MIN_ROUNDS) reasons.push(`${info.runs} Lighthouse round${info.runs === 1 ? '' : 's'}, fewer than the ${MIN_ROUNDS} a per-round budget needs`)
  return {valid: info.validity.valid, judged: reasons.length === 0, reasons}
}

function ratio(value: number | null, base: number | null): string {
  if (value === null || base === null || base <= 0) return ''
  return ` (${(value / base).toFixed(2)}×)`
}

const dash = '–'
const fmt = {
  score: (value: number | null) => (value === null ? dash : String(value)),
  seconds: (value: number | null) => (value === null ? dash : `${(value / 1000).toFixed(2)} s`),
  ms: (value: number | null) => (value === null ? dash : `${Math.round(value)} ms`),
  cls: (value: number | null) => (value === null ? dash : value.toFixed(3)),
  kB: (value: number | null) => (value === null ? dash : `${(value / KB).toFixed(1)} kB`),
}

/** A markdown table padded so it also reads as plain text on a terminal. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

export function metricsTable(summaries: PageSummary[], bare: PageSummary, info: Pick<RunInfo, 'runs' | 'referenceRuns'>): string {
  const header = [
    'Page',
    'Perf',
    'A11y',
    'BP',
    'SEO',
    'LCP (× bare: median of per-round ratios)',
    `LCP, paint holding on (${info.referenceRuns} run${info.referenceRuns === 1 ? '' : 's'}, reference)`,
    `TBT (× max(bare, ${TBT_FLOOR_MS} ms): median of per-round ratios)`,
    'CLS',
    'JS before interaction (gzip)',
    'JS after idle (gzip)',
    'Before first paint (as negotiated)',
    'Document (as negotiated)',
    'HTML',
    'HTML (gzip)',
  ]
  const roundRatio = (row: PageSummary, metric: 'lcpMs' | 'tbtMs', floor = 0) => {
    const middle = medianRatio(roundRatios(row.rounds, bare.rounds, metric, floor))
    return middle === null ? '' : ` (${middle.toFixed(2)}×)`
  }
  const rows = [bare, ...summaries].map((row) => {
    const isBare = row === bare
    const runs = row.runs < row.attempted ? ` [${row.runs}/${row.attempted} runs]` : ''
    const jsDelta = row.jsBeforeBytes !== null && bare.jsBeforeBytes !== null && !isBare ? `, ${row.jsBeforeBytes >= bare.jsBeforeBytes ? '+' : '−'}${(Math.abs(row.jsBeforeBytes - bare.jsBeforeBytes) / KB).toFixed(1)}` : ''
    return [
      `${isBare ? 'bare app' : row.page.name} \`${row.page.path}\`${runs}`,
      fmt.score(row.performance) + ratio(row.performance, bare.performance),
      fmt.score(row.accessibility) + ratio(row.accessibility, bare.accessibility),
      fmt.score(row.bestPractices) + ratio(row.bestPractices, bare.bestPractices),
      fmt.score(row.seo) + ratio(row.seo, bare.seo),
      fmt.seconds(row.lcpMs) + roundRatio(row, 'lcpMs'),
      fmt.seconds(row.referenceLcpMs) + ratio(row.referenceLcpMs, bare.referenceLcpMs),
      fmt.ms(row.tbtMs) + roundRatio(row, 'tbtMs', TBT_FLOOR_MS),
      fmt.cls(row.cls),
      fmt.kB(row.jsBeforeBytes) + (row.jsBeforeBytes !== null && bare.jsBeforeBytes ? ` (${(row.jsBeforeBytes / bare.jsBeforeBytes).toFixed(2)}×${jsDelta})` : ''),
      fmt.kB(row.jsAfterIdleBytes) + ratio(row.jsAfterIdleBytes, bare.jsAfterIdleBytes),
      fmt.kB(row.firstPaintBytes),
      fmt.kB(row.documentBytes) + (row.documentEncodings.length ? ` ${row.documentEncodings.join('/')}` : ''),
      fmt.kB(row.htmlBytes) + ratio(row.htmlBytes, bare.htmlBytes),
      fmt.kB(row.htmlGzipBytes) + ratio(row.htmlGzipBytes, bare.htmlGzipBytes),
    ]
  })
  return table(header, rows)
}

/**
 * The per-round budgets' ratios, one row per page: each round's ratio in round order (– for a round
 * without one), then their median, the figure judged.
 */
export function roundsTable(summaries: PageSummary[], checks: BudgetCheck[], rounds: number): string {
  const header = ['Page', ...['LCP', 'TBT'].map((budget) => `${budget}: rounds 1–${rounds} → median`)]
  const cell = (check: BudgetCheck | undefined) => {
    if (!check?.perRound) return ''
    const byRound = Array.from({length: rounds}, (_, index) => check.perRound?.find((ratio) => ratio.round === index + 1)?.ratio.toFixed(2) ?? dash)
    const middle = medianRatio(check.perRound)
    return `${byRound.join(' ')} → ${middle === null ? dash : `${middle.toFixed(2)}×`}`
  }
  const rows = summaries
    .filter((summary) => summary.page.kind !== 'bare')
    .map((summary) => [summary.page.name, ...['LCP', 'TBT'].map((budget) => cell(checks.find((check) => check.page === summary.page.name && check.budget === budget)))])
  return table(header, rows)
}

/** What each page's bytes before first paint counted, in the load whose total is the median. */
export function firstPaintLines(summaries: PageSummary[]): string[] {
  const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
  const path = (url: string) => new URL(url).pathname
  const line = (name: string, load: FirstPaintWeight) =>
    `- ${name}: ${kB(load.totalBytes)} = document ${kB(load.documentBytes)} (${load.responseEncoding})` +
    load.blocking.map((resource) => ` + ${resource.kind} \`${path(resource.url)}\` ${kB(resource.bytes)}`).join('') +
    load.fonts.map((font) => ` + font \`${path(font.url)}\` ${kB(font.bytes)}`).join('')
  return summaries.flatMap((summary) => (summary.firstPaint ? [line(summary.page.kind === 'bare' ? 'bare app' : summary.page.name, summary.firstPaint)] : []))
}

/**
 * One row per page, one column per budget: ✓ or ✗ and the figure when the run is judged; the figure
 * alone when it is not (`judged` false), since such a run proves nothing either way.
 */
export function budgetTable(summaries: PageSummary[], checks: BudgetCheck[], judged: boolean): string {
  const header = ['Page', ...BUDGET_COLUMNS]
  const cell = (check: BudgetCheck | undefined) => (!check ? '' : judged ? `${check.pass ? '✓' : '✗'} ${check.figure}` : check.figure)
  const rows = summaries
    .filter((summary) => summary.page.kind !== 'bare')
    .map((summary) => [
      `${summary.page.name} (${summary.page.kind})`,
      ...BUDGET_COLUMNS.map((column) => cell(checks.find((check) => check.page === summary.page.name && check.budget === column))),
    ])
  return table(header, rows)
}

/** The line under the budget table: how many hold, or that a run not judged judges none. */
export function budgetVerdict(checks: BudgetCheck[], judged: Judgement): string {
  const failed = checks.filter((check) => !check.pass)
  if (!judged.judged) {
    return `${judged.valid ? 'Budgets not judged' : 'Not valid: budgets not judged'} (${judged.reasons.join('; ')}). On these figures ${checks.length - failed.length} of ${checks.length} would hold, which proves nothing.`
  }
  return failed.length === 0 ? `All ${checks.length} budgets hold.` : `${failed.length} of ${checks.length} budgets missed:\n\n${failed.map((check) => `- ${check.page}: ${check.detail}`).join('\n')}`
}

const kBLimit = (bytes: number) => `${bytes / KB} kB`
const BUDGET_LEGEND = [
  `Marketing pages: Lighthouse performance ≥ ${MARKETING.performance} (median), LCP ≤ ${MARKETING.lcpRatio}× bare (paint holding off), TBT ≤ ${MARKETING.tbtRatio}× max(bare, ${TBT_FLOOR_MS} ms), CLS ≤ ${MARKETING.cls}, accessibility, best practices and SEO = ${MARKETING.score}, gzipped JS before interaction ≤ bare + ${MARKETING.jsBeforeExtraBytes / KB} kB, after idle (with next/link prefetches) ≤ ${MARKETING.jsAfterIdleRatio}× bare, bytes before first paint ≤ ${kBLimit(MARKETING.firstPaintBytes)}.`,
  `Booking screens: Lighthouse performance ≥ ${BOOKING.performance} (median), LCP ≤ ${BOOKING.lcpRatio}× bare (paint holding off), TBT ≤ ${BOOKING.tbtRatio}× max(bare, ${TBT_FLOOR_MS} ms), gzipped JS before interaction ≤ ${BOOKING.jsBeforeRatio}× bare, bytes before first paint ≤ ${kBLimit(BOOKING.firstPaintBytes)}.`,
  `LCP and TBT are judged per round: the page's figure in round k over the bare app's in round k, and the median of those ratios (the lower middle one for an even count) against the limit; at least ${MIN_ROUNDS} rounds with both figures. The JS ratios divide the medians (bytes hardly vary between loads).`,
  'Bytes before first paint: the compressed document, every render-blocking resource and every preloaded font, as Chromium negotiated them (its own Accept-Encoding), from its Resource Timing (scripts/perf/first-paint-bytes.ts); median of the loads. HTML sizes are figures only, no budget.',
  `A budget is met only in a judged run: a valid one (the load-average rule at the top) of at least ${MIN_ROUNDS} rounds.`,
]

export function markdownReport(info: RunInfo, summaries: PageSummary[], bare: PageSummary, checks: BudgetCheck[]): string {
  const [verdict, ...loadLines] = validityLines(info.load, info.validity)
  const judged = judgement(info)
  // A quiet machine is not enough when too few rounds ran: the first line must not say "judged".
  const opening = info.validity.valid && !judged.judged ? `**Valid, but not judged**: the machine was quiet, but ${judged.reasons.join('; ')} (\`--runs ${MIN_ROUNDS}\` or more). Figures only.` : verdict
  return [
    '# npm run perf',
    '',
    opening,
    ...loadLines,
    `- Date: ${info.date} (took ${info.minutes.toFixed(1)} min${info.built ? ', builds included' : ', --no-build'})`,
    `- Next.js ${info.nextVersion}, Lighthouse ${info.lighthouseVersion}, ${info.chromiumVersion}, Node ${info.node}`,
    `- Lighthouse: default config (mobile preset, simulated throttling), ${info.runs} round${info.runs === 1 ? '' : 's'} with Chromium's paint holding off (\`--disable-features=PaintHolding\`), median per metric; plus ${info.referenceRuns} round${info.referenceRuns === 1 ? '' : 's'} with Chromium's default (paint holding on) for the reference LCP column only. A round is one run of the bare app, then one of every page, so the bare app is measured throughout the run; LCP and TBT budgets are judged on the median of the per-round ratios (at least ${MIN_ROUNDS} rounds; fewer judge no budget).`,
    `- JS and HTML: Chromium through Playwright (Desktop Chrome viewport, gzip only), bytes on the wire until the network is quiet for 1 s; "before interaction" with next/link's prefetches (requests with a \`Next-Router-Prefetch\` header) blocked, "after idle" with them; median of ${info.runs} loads each, made before the Lighthouse runs and outside the load-average rule (bytes do not depend on the load). kB = 1024 bytes.`,
    `- Bytes before first paint and the document (as negotiated): Chromium through Playwright with its own Accept-Encoding, a fresh context per load, read from Resource Timing once the page has loaded (scripts/perf/first-paint-bytes.ts); median of ${info.runs} loads each.`,
    `- Ratios (×) are to the bare Next.js app (perf/bare-app) measured in the same run.`,
    '',
    '## Figures',
    '',
    metricsTable(summaries, bare, info),
    '',
    '### Per-round ratios (Lighthouse, paint holding off)',
    '',
    roundsTable(summaries, checks, info.runs),
    '',
    '### Bytes before first paint, as counted (the median load)',
    '',
    ...firstPaintLines([bare, ...summaries]),
    '',
    judged.judged ? '## Budgets' : `## Budgets: not judged (${info.validity.valid ? `fewer than ${MIN_ROUNDS} rounds` : 'run not valid'})`,
    '',
    ...BUDGET_LEGEND.map((line) => `- ${line}`),
    '',
    budgetTable(summaries, checks, judged.judged),
    '',
    budgetVerdict(checks, judged),
    '',
    ...(summaries.some((summary) => summary.failedAudits.length > 0)
      ? ['## Lighthouse audits that cost points (accessibility, best practices, SEO)', '', ...summaries.filter((summary) => summary.failedAudits.length > 0).map((summary) => `- ${summary.page.name}: ${summary.failedAudits.join(', ')}`), '']
      : []),
  ].join('\n')
}

export function writeReports(root: string, markdown: string, raw: {info: RunInfo; summaries: PageSummary[]; bare: PageSummary; checks: BudgetCheck[]; lighthouse: LighthouseRun[]; weights: PageWeight[]; firstPaint: FirstPaintWeight[]}): string[] {
  const dir = join(root, 'reports')
  mkdirSync(dir, {recursive: true})
  const md = join(dir, 'perf.md')
  const json = join(dir, 'perf.json')
  writeFileSync(md, markdown)
  writeFileSync(json, JSON.stringify(raw, null, 2) + '\n')
  return [md, json]
}
