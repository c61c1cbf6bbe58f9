/**
 * Lighthouse through its Node API, driving Debian's Chromium headless with the default config: the
 * mobile preset with simulated throttling. One Chrome serves many runs (Lighthouse opens and closes
 * a tab per run, and resets the origin's cache and storage before each).
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CHROMIUM = '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export type LighthouseRun = {
  url: string
  paintHolding: boolean
  /** The round (1, 2, …) of the run: the bare app and every page once each. Ratios pair runs of one round. */
  round: number
  startedAt: string
  seconds: number
  /** 0–100, null when Lighthouse could not score the category. */
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  seo: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  fcpMs: number | null
  speedIndexMs: number | null
  /** Audits that cost points in accessibility, best practices or SEO: what to fix. */
  failedAudits: string[]
  /** The same with what Lighthouse found (a few items each), for whoever fixes them. */
  failedAuditDetails: {id: string; title: string; items: string[]}[]
  runtimeError: string | null
  warnings: string[]
  benchmarkIndex: number | null
}

export type Chrome = {
  paintHolding: boolean
  flags: string[]
  run: (url: string, round: number) => Promise<LighthouseRun>
  close: () => Promise<void>
}

/**
 * chrome-launcher's defaults with our switches. Chromium honours only one --disable-features, so
 * PaintHolding joins the defaults' list rather than adding a second switch that would replace it.
 */
function chromeFlags(paintHolding: boolean): string[] {
  const flags = chromeLauncher.Launcher.defaultFlags().map((flag) =>
    !paintHolding && flag.startsWith('--disable-features=') ? `${flag},PaintHolding` : flag,
  )
  return [...flags, '--headless=new', '--no-sandbox', '--disable-setuid-sandbox']
}

/** `port`: Chrome's remote-debugging port (0: any free port). */
export async function launchChrome({paintHolding, port}: {paintHolding: boolean; port: number}): Promise<Chrome> {
  const flags = chromeFlags(paintHolding)
  const launched = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    ignoreDefaultFlags: true,
    chromeFlags: flags,
    port: port || undefined,
    // The runner stops Chrome with the servers on Ctrl-C; chrome-launcher's own handler would exit first.
    handleSIGINT: false,
    logLevel: 'silent',
  })
  return {
    paintHolding,
    flags,
    run: (url, round) => runOnce(url, launched.port, paintHolding, round),
    // Waits for Chrome to be gone, so a Chrome launched next on the same port meets no old one there.
    close: async () => {
      const exited = launched.process.exitCode !== null || launched.process.signalCode !== null
      const gone = exited ? Promise.resolve() : new Promise<void>((resolve) => launched.process.once('exit', () => resolve()))
      launched.kill()
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))])
    },
  }
}

function score(value: number | null | undefined): number | null {
  return typeof value === 'number' ? Math.round(value * 100) : null
}

async function runOnce(url: string, port: number, paintHolding: boolean, round: number): Promise<LighthouseRun> {
  const started = Date.now()
  const result = await lighthouse(url, {port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES]})
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const {lhr} = result
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    return typeof value === 'number' ? value : null
  }
  const failedAudits: string[] = []
  const failedAuditDetails: LighthouseRun['failedAuditDetails'] = []
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && typeof audit?.score === 'number' && audit.score < 1) {
        failedAudits.push(`${category}/${ref.id}`)
        const items = audit.details && 'items' in audit.details && Array.isArray(audit.details.items) ? audit.details.items : []
        failedAuditDetails.push({id: `${category}/${ref.id}`, title: audit.title, items: items.slice(0, 5).map((item) => JSON.stringify(item).slice(0, 500))})
      }
    }
  }
  return {
    url,
    paintHolding,
    round,
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    speedIndexMs: numeric('speed-index'),
    failedAudits,
    failedAuditDetails,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  }
}
