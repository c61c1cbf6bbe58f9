/**
 * `npm run perf`: the site against a bare Next.js app of the same version, page by page, with
 * Lighthouse and a byte count; prints a table, writes reports/perf.md and reports/perf.json. The
 * load average is read as the Lighthouse runs start (after the byte counts, which do not depend on
 * it), every 5 s and at the end; a run on a busy machine is not valid and judges no budget (scripts/measure-validity.ts), nor does one of fewer than 5 rounds
 * (LCP and TBT budgets are the median of the per-round ratios). Exits 0 when every budget
 * holds (scripts/perf/budgets.ts), 1 when one is missed, 2 when the run could not be made,
 * 3 when it is not valid or has too few rounds to judge.
 *
 *   node scripts/perf/run.ts [--pages home,contact,booking] [--runs 5] [--reference-runs 1]
 *                            [--no-build] [--port 4100]
 *
 * --port N serves the site on N, the bare app on N+1 and gives Chrome's debugging port N+2
 * (default: free ports the system picks).
 */
import {readFileSync} from 'node:fs'
import {cpus} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {judgeLoad, NOT_VALID_EXIT_CODE, sampleLoad, START_LOAD_PER_CORE, waitForCalm} from '../measure-validity.ts'
import {closedPort as freePort} from '../../lib/database/test-support/ports.ts'
import {checkBudgets, KB, MIN_ROUNDS} from './budgets.ts'
import {launchChrome, type Chrome, type LighthouseRun} from './lighthouse.ts'
import {launchWeighingBrowser, weighFirstPaint, weighPage, type FirstPaintWeight, type PageWeight} from './page-weight.ts'
import {BARE_PAGE, selectPages, sitePages, type PerfPage} from './pages.ts'
import {budgetTable, budgetVerdict, judgement, markdownReport, metricsTable, roundsTable, writeReports, type RunInfo} from './report.ts'
import {assertBuilt, buildBoth, SetupError, startBareApp, startSite, warmUp, type Server} from './servers.ts'
import {summarise} from './summary.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const DEFAULT_ROUNDS = MIN_ROUNDS

function usage(message: string, code = 2): never {
  const print = code === 0 ? console.log : console.error
  print(
    `${message}\nUsage: npm run perf -- [--pages <names, paths or marketing/booking>] [--runs N] [--reference-runs N] [--no-build] [--port N]\n` +
      `  --runs N: rounds of Lighthouse runs and page loads (default ${DEFAULT_ROUNDS}); budgets are judged only with at least ${MIN_ROUNDS}`,
  )
  process.exit(code)
}

function count(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min) usage(`--${name} must be a whole number ≥ ${min}, not "${value}"`)
  return n
}

let parsed: ReturnType<typeof parseOptions>
function parseOptions() {
  return parseArgs({
    options: {
      pages: {type: 'string'},
      runs: {type: 'string'},
      'reference-runs': {type: 'string'},
      'no-build': {type: 'boolean', default: false},
      port: {type: 'string'},
      help: {type: 'boolean', default: false},
    },
    strict: true,
  })
}
try {
  parsed = parseOptions()
} catch (error) {
  usage((error as Error).message)
}
if (parsed.values.help) usage('npm run perf: Lighthouse and page weight of the site against a bare Next.js app.', 0)

const runs = count(parsed.values.runs, DEFAULT_ROUNDS, 'runs', 1)
const referenceRuns = count(parsed.values['reference-runs'], 1, 'reference-runs', 0)
const basePort = count(parsed.values.port, 0, 'port', 0)
let pages: PerfPage[]
try {
  pages = selectPages(sitePages(root), parsed.values.pages)
} catch (error) {
  usage((error as Error).message)
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {version: string}).version
}

// Everything started here is stopped on the way out, also on Ctrl-C or an error.
const cleanups: (() => Promise<void>)[] = []
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error('Cleanup failed:', error))
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and browsers`)
    void cleanUp().finally(() => process.exit(130))
  })
}

const startedAt = new Date()
const log = (line: string) => console.log(`[perf ${((Date.now() - startedAt.getTime()) / 60_000).toFixed(1)} min] ${line}`)

async function main(): Promise<number> {
  if (parsed.values['no-build']) assertBuilt(root)
  else await buildBoth(root)
  log(`pages: ${pages.map((page) => page.name).join(', ')}; ${runs} run(s) each (paint holding off) + ${referenceRuns} reference run(s)`)
  if (runs < MIN_ROUNDS) log(`warning: ${runs} round(s): budgets are judged only over at least ${MIN_ROUNDS}; this run gives figures only`)

  const [sitePort, barePort] = basePort ? [basePort, basePort + 1] : [await freePort(), await freePort()]
  const chromePort = basePort ? basePort + 2 : 0
  log('starting the site and the bare app')
  const [site, bare] = await Promise.all([startSite(root, sitePort), startBareApp(root, barePort)])
  cleanups.push(site.stop, bare.stop)

  const targets: {page: PerfPage; server: Server}[] = [{page: BARE_PAGE, server: bare}, ...pages.map((page) => ({page, server: site}))]
  const url = ({page, server}: {page: PerfPage; server: Server}) => `${server.origin}${page.path}`
  await warmUp(targets.map(url))

  // Page weight first: bytes hardly depend on the machine's load, so the loads follow one another
  // without waiting for a calm machine (only Lighthouse's timings need one).
  const weights: PageWeight[] = []
  const firstPaints: FirstPaintWeight[] = []
  const browser = await launchWeighingBrowser()
  cleanups.push(() => browser.close())
  const chromiumVersion = `Chromium ${browser.version()}`
  for (let round = 1; round <= runs; round++) {
    for (const target of targets) {
      for (const blockPrefetch of [true, false]) {
        const weight = await weighPage(browser, url(target), {blockPrefetch})
        weights.push(weight)
        if (weight.jsEncodings.some((encoding) => encoding !== 'gzip' && encoding !== 'identity')) {
          throw new Error(`${weight.url}: scripts came as ${weight.jsEncodings.join(', ')}, not gzip: the byte counts would not compare`)
        }
      }
      const firstPaint = await weighFirstPaint(browser, url(target))
      firstPaints.push(firstPaint)
      const [own, all] = weights.slice(-2)
      const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
      log(
        `weight ${round}/${runs} ${target.page.name}: JS ${kB(own.jsBytes)} (${own.jsFiles} files), after idle ${kB(all.jsBytes)} (${all.jsFiles} files, ${all.prefetches} prefetches), HTML ${kB(own.htmlBytes)} / ${kB(own.htmlWireBytes)} ${own.htmlEncoding}; ` +
          `before first paint ${kB(firstPaint.totalBytes)} (document ${kB(firstPaint.documentBytes)} ${firstPaint.responseEncoding}, ${firstPaint.blocking.length} render-blocking, ${firstPaint.fonts.length} fonts)`,
      )
    }
  }
  await browser.close()

  // The timings start here, once the builds' and the weighing's load has fallen back (at most 5
  // minutes); the load is judged from here to the end (bytes do not depend on it).
  const waited = await waitForCalm({perCore: START_LOAD_PER_CORE, maxMs: 300_000})
  if (waited) log(`waited ${Math.round(waited / 1000)} s for the load average to fall to ${START_LOAD_PER_CORE} per core`)
  const load = sampleLoad()
  log(`Lighthouse: load average ${load.start.map((n) => n.toFixed(2)).join(' ')}`)
  const early = judgeLoad(load.soFar())
  if (!early.valid) log(`warning: ${early.reasons.join('; ')}: this run will not be valid (no budget judged); measure on an idle machine`)

  // Lighthouse: rounds of the bare app then every page, one run at a time, so a change in the
  // machine's load during the run touches the bare app as much as the pages.
  const lighthouseRuns: LighthouseRun[] = []
  const chromeFlags = {paintHoldingOff: [] as string[], reference: [] as string[]}
  for (const [paintHolding, rounds] of [[false, runs], [true, referenceRuns]] as const) {
    if (rounds === 0) continue
    let chrome: Chrome = await launchChrome({paintHolding, port: chromePort})
    let closeChrome = () => chrome.close()
    cleanups.push(() => closeChrome())
    chromeFlags[paintHolding ? 'reference' : 'paintHoldingOff'] = chrome.flags
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        let run: LighthouseRun | undefined
        // One retry, in a fresh Chrome: a busy machine can make a run time out or Chrome fall over.
        for (let attempt = 1; attempt <= 2 && !run; attempt++) {
          try {
            await waitForCalm()
            run = await chrome.run(url(target), round)
            if (run.runtimeError && attempt === 1) {
              log(`lighthouse ${target.page.name}: ${run.runtimeError}; trying again`)
              run = undefined
            }
          } catch (error) {
            log(`lighthouse ${target.page.name} failed: ${(error as Error).message}${attempt === 1 ? '; trying again in a new Chrome' : ''}`)
            await chrome.close()
            chrome = await launchChrome({paintHolding, port: chromePort})
            closeChrome = () => chrome.close()
          }
        }
        if (!run) {
          run = {url: url(target), paintHolding, round, startedAt: new Date().toISOString(), seconds: 0, performance: null, accessibility: null, bestPractices: null, seo: null, lcpMs: null, tbtMs: null, cls: null, fcpMs: null, speedIndexMs: null, failedAudits: [], failedAuditDetails: [], runtimeError: 'Lighthouse failed twice', warnings: [], benchmarkIndex: null}
        }
        lighthouseRuns.push(run)
        log(
          `lighthouse ${paintHolding ? 'reference (paint holding on)' : 'paint holding off'} ${round}/${rounds} ${target.page.name}: ` +
            (run.runtimeError ?? `perf ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, seo ${run.seo}, LCP ${((run.lcpMs ?? 0) / 1000).toFixed(2)} s, TBT ${Math.round(run.tbtMs ?? 0)} ms, CLS ${(run.cls ?? 0).toFixed(3)}`) +
            ` (${run.seconds} s)`,
        )
      }
    }
    await chrome.close()
    closeChrome = async () => {}
  }
  await cleanUp()

  const summaryOf = (target: {page: PerfPage; server: Server}) =>
    summarise(
      target.page,
      url(target),
      lighthouseRuns.filter((run) => run.url === url(target)),
      weights.filter((weight) => weight.url === url(target)),
      firstPaints.filter((load) => load.url === url(target)),
    )
  const [bareSummary, ...summaries] = targets.map(summaryOf)
  const checks = checkBudgets(summaries, bareSummary)
  const loadRecord = load.stop()
  const validity = judgeLoad(loadRecord)

  const info: RunInfo = {
    date: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    minutes: (Date.now() - startedAt.getTime()) / 60_000,
    load: loadRecord,
    validity,
    cpus: cpus().length,
    nextVersion: packageVersion('next'),
    lighthouseVersion: packageVersion('lighthouse'),
    chromiumVersion,
    node: process.versions.node,
    runs,
    referenceRuns,
    built: !parsed.values['no-build'],
    chromeFlags,
  }
  const markdown = markdownReport(info, summaries, bareSummary, checks)
  const files = writeReports(root, markdown, {info, summaries, bare: bareSummary, checks, lighthouse: lighthouseRuns, weights, firstPaint: firstPaints})
  const judged = judgement(info)

  console.log(`\n${metricsTable(summaries, bareSummary, info)}\n\n${roundsTable(summaries, checks, runs)}\n\n${budgetTable(summaries, checks, judged.judged)}\n`)
  console.log(`${budgetVerdict(checks, judged)}\n\nWritten: ${files.map((file) => file.slice(root.length + 1)).join(', ')}`)
  if (!judged.judged) return NOT_VALID_EXIT_CODE
  return checks.every((check) => check.pass) ? 0 : 1
}

main().then(
  (code) => cleanUp().then(() => process.exit(code)),
  (error: unknown) => {
    // A setup problem the message explains (e.g. --no-build without builds) needs no stack trace.
    console.error(error instanceof SetupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error)
    void cleanUp().finally(() => process.exit(2))
  },
)
