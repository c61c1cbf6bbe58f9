/** The tables `npm run perf` prints and writes to reports/perf.md, and the raw runs in reports/perf.json. */
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {validityLines, type LoadRecord, type Validity} from '../measure-validity.ts'
import {BOOKING, BUDGET_COLUMNS, KB, MARKETING, TBT_FLOOR_MS, tbtBase, type BudgetCheck} from './budgets.ts'
import type {LighthouseRun} from './lighthouse.ts'
import type {PageWeight} from './page-weight.ts'
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
    `LCP`,
    `LCP, paint holding on (${info.referenceRuns} run${info.referenceRuns === 1 ? '' : 's'}, reference)`,
    `TBT (× max(bare, ${TBT_FLOOR_MS} ms))`,
    'CLS',
    'JS before interaction (gzip)',
    'JS after idle (gzip)',
    'HTML',
    'HTML (gzip)',
  ]
  const bareTbt = bare.tbtMs === null ? null : tbtBase(bare.tbtMs)
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
      fmt.seconds(row.lcpMs) + ratio(row.lcpMs, bare.lcpMs),
      fmt.seconds(row.referenceLcpMs) + ratio(row.referenceLcpMs, bare.referenceLcpMs),
      fmt.ms(row.tbtMs) + ratio(row.tbtMs, bareTbt),
      fmt.cls(row.cls) + ratio(row.cls, bare.cls),
      fmt.kB(row.jsBeforeBytes) + (row.jsBeforeBytes !== null && bare.jsBeforeBytes ? ` (${(row.jsBeforeBytes / bare.jsBeforeBytes).toFixed(2)}×${jsDelta})` : ''),
      fmt.kB(row.jsAfterIdleBytes) + ratio(row.jsAfterIdleBytes, bare.jsAfterIdleBytes),
      fmt.kB(row.htmlBytes) + ratio(row.htmlBytes, bare.htmlBytes),
      fmt.kB(row.htmlGzipBytes) + ratio(row.htmlGzipBytes, bare.htmlGzipBytes),
    ]
  })
  return table(header, rows)
}

/**
 * One row per page, one column per budget: ✓ or ✗ and the figure when the run is valid; the figure
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

/** The line under the budget table: how many hold, or that a run not valid judges none. */
export function budgetVerdict(checks: BudgetCheck[], validity: Validity): string {
  const failed = checks.filter((check) => !check.pass)
  if (!validity.valid) {
    return `Not valid: budgets not judged (${validity.reasons.join('; ')}). On these figures ${checks.length - failed.length} of ${checks.length} would hold, which proves nothing.`
  }
  return failed.length === 0 ? `All ${checks.length} budgets hold.` : `${failed.length} of ${checks.length} budgets missed:\n\n${failed.map((check) => `- ${check.page}: ${check.detail}`).join('\n')}`
}

const BUDGET_LEGEND = [
  `Marketing pages: LCP ≤ ${MARKETING.lcpRatio}× bare (paint holding off), TBT ≤ ${MARKETING.tbtRatio}× max(bare, ${TBT_FLOOR_MS} ms), CLS ≤ ${MARKETING.cls}, accessibility, best practices and SEO = ${MARKETING.score}, gzipped JS before interaction ≤ bare + ${MARKETING.jsBeforeExtraBytes / KB} kB, after idle (with next/link prefetches) ≤ ${MARKETING.jsAfterIdleRatio}× bare, HTML (uncompressed) ≤ its limit in scripts/perf/budgets.ts (0.6× its size before the page-weight fixes; home 73.7 kB).`,
  `Booking screens: LCP ≤ ${BOOKING.lcpRatio}× bare (paint holding off), TBT ≤ ${BOOKING.tbtRatio}× max(bare, ${TBT_FLOOR_MS} ms), gzipped JS before interaction ≤ ${BOOKING.jsBeforeRatio}× bare.`,
  'A budget is met only in a valid run (the load-average rule at the top); a run not valid judges none.',
]

export function markdownReport(info: RunInfo, summaries: PageSummary[], bare: PageSummary, checks: BudgetCheck[]): string {
  const [verdict, ...loadLines] = validityLines(info.load, info.validity)
  return [
    '# npm run perf',
    '',
    verdict,
    ...loadLines,
    `- Date: ${info.date} (took ${info.minutes.toFixed(1)} min${info.built ? ', builds included' : ', --no-build'})`,
    `- Next.js ${info.nextVersion}, Lighthouse ${info.lighthouseVersion}, ${info.chromiumVersion}, Node ${info.node}`,
    `- Lighthouse: default config (mobile preset, simulated throttling), ${info.runs} run${info.runs === 1 ? '' : 's'} per page with Chromium's paint holding off (\`--disable-features=PaintHolding\`), median per metric; plus ${info.referenceRuns} run${info.referenceRuns === 1 ? '' : 's'} per page with Chromium's default (paint holding on) for the reference LCP column only. Runs go in rounds (the bare app, then every page), so the bare app is measured throughout the run.`,
    `- JS and HTML: Chromium through Playwright (Desktop Chrome viewport, gzip only), bytes on the wire until the network is quiet for 1 s; "before interaction" with next/link's prefetches (requests with a \`Next-Router-Prefetch\` header) blocked, "after idle" with them; median of ${info.runs} loads each. kB = 1024 bytes.`,
    `- Ratios (×) are to the bare Next.js app (perf/bare-app) measured in the same run.`,
    '',
    '## Figures',
    '',
    metricsTable(summaries, bare, info),
    '',
    info.validity.valid ? '## Budgets' : '## Budgets: not judged (run not valid)',
    '',
    ...BUDGET_LEGEND.map((line) => `- ${line}`),
    '',
    budgetTable(summaries, checks, info.validity.valid),
    '',
    budgetVerdict(checks, info.validity),
    '',
    ...(summaries.some((summary) => summary.failedAudits.length > 0)
      ? ['## Lighthouse audits that cost points (accessibility, best practices, SEO)', '', ...summaries.filter((summary) => summary.failedAudits.length > 0).map((summary) => `- ${summary.page.name}: ${summary.failedAudits.join(', ')}`), '']
      : []),
  ].join('\n')
}

export function writeReports(root: string, markdown: string, raw: {info: RunInfo; summaries: PageSummary[]; bare: PageSummary; checks: BudgetCheck[]; lighthouse: LighthouseRun[]; weights: PageWeight[]}): string[] {
  const dir = join(root, 'reports')
  mkdirSync(dir, {recursive: true})
  const md = join(dir, 'perf.md')
  const json = join(dir, 'perf.json')
  writeFileSync(md, markdown)
  writeFileSync(json, JSON.stringify(raw, null, 2) + '\n')
  return [md, json]
}
