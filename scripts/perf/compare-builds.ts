/**
 * Two builds of the site side by side under Lighthouse (mobile preset, paint holding off), with the
 * bare app, one run of each per round, so a machine whose speed drifts touches all three alike:
 * what a change did to the timings, when the machine's own speed (Lighthouse's benchmarkIndex) is
 * not the one of an earlier report. Each root must hold a production build (`next build`).
 *
 *   node scripts/perf/compare-builds.ts --before /path/to/old/checkout [--after .] [--rounds 4] [--pages /,/house_cleaning]
 */
import {parseArgs} from 'node:util'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import {closedPort as freePort} from '../../lib/database/test-support/ports.ts'
import {CHROMIUM} from './lighthouse.ts'
import {startBareApp, startSite, warmUp} from './servers.ts'

// A signal ends the script through process.exit, so the servers it started stop with it (servers.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

const {values} = parseArgs({options: {before: {type: 'string'}, after: {type: 'string', default: '.'}, rounds: {type: 'string', default: '4'}, pages: {type: 'string', default: '/,/house_cleaning'}}})
if (!values.before) throw new Error('--before <checkout with a production build> is required')
const paths = values.pages.split(',')

const after = await startSite(values.after, await freePort())
const before = await startSite(values.before, await freePort())
const bare = await startBareApp(values.after, await freePort())
const targets: [string, string][] = [['bare', `${bare.origin}/`]]
for (const path of paths) targets.push([`after ${path}`, after.origin + path], [`before ${path}`, before.origin + path])
await warmUp(targets.map(([, url]) => url))

type Item = {group?: string; url?: string; duration?: number; scripting?: number}
const items = (details: unknown): Item[] => (details && typeof details === 'object' && 'items' in details && Array.isArray(details.items) ? (details.items as Item[]) : [])
const flags = chromeLauncher.Launcher.defaultFlags().map((flag) => (flag.startsWith('--disable-features=') ? `${flag},PaintHolding` : flag))
const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, ignoreDefaultFlags: true, chromeFlags: [...flags, '--headless=new', '--no-sandbox'], logLevel: 'silent'})
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [name, url] of targets) {
      const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']})
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      const {lhr} = result
      const figure = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
      const work = items(lhr.audits['mainthread-work-breakdown']?.details).slice(0, 4).map((item) => `${item.group}:${Math.round(item.duration ?? 0)}`)
      console.log(
        `${round} ${name.padEnd(22)} perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} LCP ${figure('largest-contentful-paint')} ms TBT ${figure('total-blocking-time')} ms ` +
          `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)} | main thread (ms) ${work.join(' ')}`,
      )
    }
  }
} finally {
  chrome.kill()
  await Promise.all([after.stop(), before.stop(), bare.stop()])
}
