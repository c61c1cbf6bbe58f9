// Time to the first 200 after a server is spawned, for the site (new and existing data directory)
// and the bare Next.js app (perf/bare-app), run in turns so the machine's load falls on each alike.
// Build both first (`next build` and `next build perf/bare-app`), then, e.g.:
//   node scripts/measure-first-response.mjs --runs 5 --port 4310
//   node scripts/measure-first-response.mjs --runs 3 --only site-new,bare
//   node scripts/measure-first-response.mjs --runs 3 --site-env PRELOAD=false   (site only: K=V,K2=V2)
//   node scripts/measure-first-response.mjs --runs 3 --site-script scripts/other-serve.ts   (instead of scripts/serve.ts)
//   node scripts/measure-first-response.mjs --runs 3 -- node my-server.mjs -p {port}   (any command)
// For each run it prints the time from spawn to: the port accepting a connection, the first 200,
// each line the server logs (so start-up steps show up: "▲ Serving", "[booking] … ready"), and the
// slowest GET answered while it kept polling for --watch ms after the first 200 (a long one means
// the event loop was blocked, e.g. by the embedded database opening). On a busy machine wall times
// swing with the load, so it also reads the CPU time the server had used by its first 200 (Linux
// /proc): its main thread's (what stands between a request and its answer; the database thread
// runs beside it) and the whole process's. Medians at the end, with each scenario's ratio to the
// bare app.
import {execFileSync, spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const argv = process.argv.slice(2)
const dash = argv.indexOf('--')
const flags = dash === -1 ? argv : argv.slice(0, dash)
const custom = dash === -1 ? null : argv.slice(dash + 1)
function flag(name, fallback) {
  const i = flags.indexOf(`--${name}`)
  return i === -1 ? fallback : flags[i + 1]
}
const runs = Number(flag('runs', 3))
const port = Number(flag('port', 4310))
const urlPath = flag('path', '/')
const watchMs = Number(flag('watch', 6000))
const only = flag('only', null)?.split(',')
const siteScript = flag('site-script', 'scripts/serve.ts')
const siteEnvExtra = Object.fromEntries((flag('site-env', '') || '').split(',').filter(Boolean).map((pair) => pair.split(/=(.*)/s).slice(0, 2)))
const root = path.resolve(import.meta.dirname, '..')
const nodeBin = process.execPath

/** Scenarios: the command, its environment and a data directory made per run or once. */
function scenarios() {
  if (custom) return [{name: 'custom', command: custom, env: () => ({})}]
  const existing = mkdtempSync(path.join(os.tmpdir(), 'first-response-existing-'))
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'first-response-outbox-'))
  const siteEnv = (dataDir) => ({SITE_URL: `http://localhost:${port}`, BOOKINGS_DATA_DIR: dataDir, EMAIL_OUTBOX_DIR: outbox, ...siteEnvExtra})
  const all = [
    {name: 'bare', command: [path.join(root, 'node_modules/.bin/next'), 'start', 'perf/bare-app', '-p', '{port}'], env: () => ({})},
    {
      name: 'site-new',
      command: [nodeBin, siteScript, '-p', '{port}'],
      env: (run) => {
        run.tempDir = mkdtempSync(path.join(os.tmpdir(), 'first-response-new-'))
        return siteEnv(run.tempDir)
      },
    },
    // The first run of this one creates the directory (a warm-up, not counted).
    {name: 'site-existing', command: [nodeBin, siteScript, '-p', '{port}'], env: () => siteEnv(existing), warmUp: true},
  ]
  process.on('exit', () => {
    rmSync(existing, {recursive: true, force: true})
    rmSync(outbox, {recursive: true, force: true})
  })
  return all.filter((s) => !only || only.includes(s.name))
}

function get(timeoutMs) {
  return new Promise((resolve) => {
    const started = performance.now()
    const request = http.get({host: '127.0.0.1', port, path: urlPath, timeout: timeoutMs, agent: false}, (response) => {
      response.resume()
      response.on('end', () => resolve({status: response.statusCode, ms: performance.now() - started}))
      response.on('error', () => resolve({status: 0, ms: performance.now() - started}))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve({status: 0, ms: performance.now() - started}))
  })
}

function accepts() {
  return new Promise((resolve) => {
    const socket = net.connect({host: '127.0.0.1', port}, () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).trim())
  } catch {
    return 10
  }
})()

/** CPU time (user + system, ms) of a process or one of its threads, from /proc; null elsewhere. */
function cpuMs(statPath) {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS
  } catch {
    return null
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function portFree() {
  for (let i = 0; i < 200; i++) {
    if (!(await accepts())) return
    await sleep(50)
  }
  throw new Error(`port ${port} still in use`)
}

async function once(scenario) {
  await portFree()
  const run = {}
  const env = {...process.env, ...scenario.env(run), PORT: String(port)}
  const command = scenario.command.map((part) => part.replaceAll('{port}', String(port)))
  const t0 = performance.now()
  const child = spawn(command[0], command.slice(1), {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']})
  const lines = []
  let exited = null
  child.on('exit', (code, signal) => (exited = {code, signal}))
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = ''
    stream.on('data', (chunk) => {
      const at = performance.now() - t0
      buffered += chunk.toString()
      const parts = buffered.split('\n')
      buffered = parts.pop()
      for (const line of parts) if (line.trim()) lines.push({at, line: line.trim()})
    })
  }
  let listening = null
  let first = null
  while (first === null) {
    if (exited) throw new Error(`${scenario.name}: the server exited (${JSON.stringify(exited)}):\n${lines.map((l) => l.line).join('\n')}`)
    if (performance.now() - t0 > 60_000) throw new Error(`${scenario.name}: no 200 within 60 s`)
    if (listening === null) {
      if (await accepts()) listening = performance.now() - t0
      else {
        await sleep(10)
        continue
      }
    }
    const answer = await get(30_000)
    if (answer.status === 200) first = performance.now() - t0
    else await sleep(10)
  }
  const mainCpu = cpuMs(`/proc/${child.pid}/task/${child.pid}/stat`)
  const processCpu = cpuMs(`/proc/${child.pid}/stat`)
  // Keep asking for the page, one request at a time: the slowest answer shows how long the event
  // loop was held while the server finished starting.
  let slowest = 0
  let polled = 0
  while (performance.now() - t0 - first < watchMs) {
    const answer = await get(30_000)
    polled++
    slowest = Math.max(slowest, answer.ms)
    await sleep(25)
  }
  child.kill('SIGTERM')
  const deadline = Date.now() + 10_000
  while (!exited && Date.now() < deadline) await sleep(20)
  if (!exited) child.kill('SIGKILL')
  while (!exited) await sleep(20)
  if (run.tempDir) rmSync(run.tempDir, {recursive: true, force: true})
  return {listening, first, mainCpu, processCpu, slowest, polled, lines}
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const ms = (value) => (value === null || value === undefined ? '–' : `${Math.round(value)} ms`)

const list = scenarios()
const results = Object.fromEntries(list.map((s) => [s.name, []]))
console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`)
for (const scenario of list) if (scenario.warmUp) await once(scenario)
for (let i = 0; i < runs; i++) {
  for (const scenario of list) {
    const result = await once(scenario)
    results[scenario.name].push(result)
    console.log(
      `\n${scenario.name} run ${i + 1}: listening ${ms(result.listening)}, first 200 ${ms(result.first)} (CPU by then: main thread ${ms(result.mainCpu)}, process ${ms(result.processCpu)}), slowest GET in the next ${watchMs} ms ${ms(result.slowest)} (${result.polled} requests)`,
    )
    for (const {at, line} of result.lines) console.log(`  ${ms(at).padStart(8)}  ${line.slice(0, 140)}`)
  }
}
console.log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
const medianOf = (name, key) => median(results[name].map((r) => r[key]))
const ratio = (name, key) => (results.bare ? `${(medianOf(name, key) / medianOf('bare', key)).toFixed(2)}×` : '–')
console.log(`\nmedians of ${runs} runs (${urlPath}); ratios to the bare app:`)
console.log('scenario        listening   first 200  (ratio)   main-thread CPU  (ratio)   process CPU   slowest GET after')
for (const name of Object.keys(results)) {
  console.log(
    [
      name.padEnd(15),
      ms(medianOf(name, 'listening')).padStart(9),
      ms(medianOf(name, 'first')).padStart(11),
      ratio(name, 'first').padStart(8),
      ms(medianOf(name, 'mainCpu')).padStart(16),
      ratio(name, 'mainCpu').padStart(8),
      ms(medianOf(name, 'processCpu')).padStart(13),
      ms(medianOf(name, 'slowest')).padStart(19),
    ].join(' '),
  )
}
