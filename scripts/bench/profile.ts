/**
 * Where the booking POST's time goes on the site: the site as `npm start` serves it, on the current
 * build, with the V8 CPU profiler (through the inspector, so only the load is profiled, not start-up)
 * while autocannon posts bookings; then the profile summarised by self time per function (mapped to
 * the source through the build's source maps), per source file / package, and the inclusive time of
 * the steps of the booking path.
 *
 *   node scripts/bench/profile.ts [--duration S] [--connections N] [--seeded] [--out file.cpuprofile]
 *   node scripts/bench/profile.ts --from file.cpuprofile   (summarise a saved profile)
 *
 * --seeded: on a store of 20,000 bookings (./seed.ts) instead of an empty one. Needs a build (`next build`).
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {SourceMap} from 'node:module'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {bookingSlots, readAvailability} from './dataset.ts'
import {measureCell} from './load.ts'
import {bookingRequest, checkOnce} from './requests.ts'
import {createSeededStore} from './seed.ts'
import {hasBuild, removeRunDir, ROOT, siteDataset, startSite, stopAll, tempDir, waitForFirst200} from './servers.ts'

const PORT = 4221
const INSPECTOR_PORT = 4222

function option(name: string): string | undefined {
  const args = process.argv.slice(2)
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}

const duration = Number(option('--duration') ?? 15)
const connections = Number(option('--connections') ?? 50)
const seeded = process.argv.includes('--seeded')
const out = option('--out')

// ---------------------------------------------------------------------------------------------
// The inspector protocol, just enough for the profiler
// ---------------------------------------------------------------------------------------------

interface ProfileNode {
  id: number
  callFrame: {functionName: string; url: string; lineNumber: number; columnNumber: number}
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {webSocketDebuggerUrl: string}[]
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let nextId = 1
  const pending = new Map<number, (result: unknown) => void>()
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as {id?: number; result?: unknown; error?: unknown}
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result)
      pending.delete(message.id)
    }
  }
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++
      socket.send(JSON.stringify({id, method, params}))
      return new Promise<T>((resolve) => pending.set(id, resolve as (result: unknown) => void))
    },
    close: () => socket.close(),
  }
}

// ---------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------

const maps = new Map<string, SourceMap | null>()

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null
    try {
      const file = fileURLToPath(url)
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
    } catch {
      // No map (Node's own code, node_modules outside the bundle).
    }
    maps.set(url, map)
  }
  return maps.get(url) ?? null
}

/** A source map's source, relative to the repository ('lib/booking/flow/submit.ts', 'node_modules/zod/…'). */
function resolveSource(source: string, generatedFile: string): string {
  if (source.startsWith('turbopack:///[project]/')) return source.slice('turbopack:///[project]/'.length)
  if (source.startsWith('file://')) return path.relative(ROOT, fileURLToPath(source))
  // Next's own prebuilt code keeps its webpack names ('webpack://next/./src/server/…').
  if (/^[a-z]+:\/\//.test(source)) return source
  return path.relative(ROOT, path.resolve(path.dirname(generatedFile), source))
}

/** 'lib/booking/schemas.ts:123' for a frame of a built chunk, else the file as it is. */
function locate(frame: ProfileNode['callFrame']): {file: string; line: number} {
  const url = frame.url
  if (!url) return {file: '', line: 0}
  if (url.startsWith('file://')) {
    const map = sourceMapOf(url)
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as {originalSource?: string; originalLine?: number} | undefined
    if (entry?.originalSource) return {file: resolveSource(entry.originalSource, fileURLToPath(url)), line: (entry.originalLine ?? 0) + 1}
    return {file: path.relative(ROOT, fileURLToPath(url)), line: frame.lineNumber + 1}
  }
  return {file: url, line: frame.lineNumber + 1}
}

/** What a file belongs to: a package, Next's server, the app's own code, Node, PGlite's WebAssembly. */
function groupOf(file: string, functionName: string): string {
  if (!file) return functionName.startsWith('(') ? functionName : '(native / V8)'
  if (file.startsWith('wasm://')) return 'PGlite WebAssembly (Postgres)'
  if (file.startsWith('node:')) return 'Node.js internals'
  const modules = file.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const rest = file.slice(modules + 'node_modules/'.length).split('/')
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
    if (name === 'next') return `next (${rest.slice(1, 4).join('/')})`
    return name
  }
  if (file.startsWith('webpack://next/')) return 'next (prebuilt server)'
  if (file.startsWith('.next/')) return `.next (unmapped): ${file}`
  if (file.startsWith('../') || /^[a-z]+:\/\//.test(file)) return `other: ${file.split('/').slice(0, 4).join('/')}`
  return `app: ${file.split('/').slice(0, 2).join('/')}`
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<number, number>()
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)))
  const total = [...self.values()].reduce((a, b) => a + b, 0)

  const frames = new Map<number, {key: string; group: string}>()
  const frameOf = (node: ProfileNode) => {
    let frame = frames.get(node.id)
    if (!frame) {
      const {file, line} = locate(node.callFrame)
      const name = node.callFrame.functionName || '(anonymous)'
      frame = {key: file ? `${name}  ${file}:${line}` : name, group: groupOf(file, name)}
      frames.set(node.id, frame)
    }
    return frame
  }

  const byFunction = new Map<string, number>()
  const byGroup = new Map<string, number>()
  let idle = 0
  for (const [id, time] of self) {
    const node = byId.get(id) as ProfileNode
    if (node.callFrame.functionName === '(idle)') idle += time
    const {key, group} = frameOf(node)
    byFunction.set(key, (byFunction.get(key) ?? 0) + time)
    byGroup.set(group, (byGroup.get(group) ?? 0) + time)
  }

  // Inclusive time of the booking path's own steps: each sample counts once for every step on its stack.
  const STEPS = [
    'handleBookingRequest', 'readJsonBody', 'submitBooking', 'safeParse', 'priceBooking', 'createPending', 'startCheckout',
    'createCheckout', 'save', 'attachPaymentSession', 'query', 'exec', 'runEdge', 'render', 'compress', 'clientAddress',
  ]
  const inclusive = new Map<string, number>()
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>()
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const name = (byId.get(current) as ProfileNode).callFrame.functionName
      if (STEPS.includes(name)) seen.add(name)
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0))
  })

  // The same time counted for the nearest frame of a package or of the app: Node's internals and
  // native code (streams, zlib, fs writes, microtasks) are charged to whoever called them.
  const byOwner = new Map<string, number>()
  profile.samples.forEach((id, index) => {
    let owner = 'Node.js / V8 (no caller in a package or the app)'
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const node = byId.get(current) as ProfileNode
      const name = node.callFrame.functionName
      if (name === '(root)') break
      if (name === '(idle)' || name === '(garbage collector)' || name === '(program)') {
        owner = name
        break
      }
      const group = frameOf(node).group
      if (group !== 'Node.js internals' && group !== '(native / V8)') {
        owner = group
        break
      }
    }
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + (profile.timeDeltas[index] ?? 0))
  })

  // Who calls the busiest functions that have no source (native code: fs and socket writes, …).
  const callers = new Map<string, Map<string, number>>()
  profile.samples.forEach((id, index) => {
    const node = byId.get(id) as ProfileNode
    if (node.callFrame.url || node.callFrame.functionName.startsWith('(')) return
    let caller = parent.get(id)
    while (caller !== undefined && !(byId.get(caller) as ProfileNode).callFrame.url) caller = parent.get(caller)
    const name = frameOf(node).key
    const by = callers.get(name) ?? new Map<string, number>()
    const key = caller === undefined ? '(none)' : frameOf(byId.get(caller) as ProfileNode).key
    by.set(key, (by.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0))
    callers.set(name, by)
  })
  const nativeTop = [...callers].map(([name, by]) => [name, [...by.values()].reduce((a, b) => a + b, 0), by] as const).sort((a, b) => b[1] - a[1]).slice(0, 6)

  const busy = total - idle
  const pct = (time: number) => `${((100 * time) / busy).toFixed(1)} %`
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([key, time]) => `| ${pct(time)} | ${(time / 1000).toFixed(0)} ms | ${key.replaceAll('|', '\\|')} |`)
  return [
    `Profiled ${(total / 1e6).toFixed(1)} s of the site's main thread: busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %), idle ${(idle / 1e6).toFixed(1)} s. Shares below are of the busy time.`,
    '',
    '#### Self time by package / source',
    '| share | time | where |',
    '|---|---|---|',
    ...top(byGroup, 25),
    '',
    '#### Self time charged to the nearest package or app file (Node internals and native code to their caller)',
    '| share | time | where |',
    '|---|---|---|',
    ...top(byOwner, 25),
    '',
    '#### Top self-time functions',
    '| share | time | function  source |',
    '|---|---|---|',
    ...top(byFunction, 40),
    '',
    '#### Native functions and their nearest JavaScript callers',
    ...nativeTop.flatMap(([name, time, by]) => [
      `- ${name}: ${pct(time)}`,
      ...[...by].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([caller, t]) => `  - ${pct(t)} from ${caller}`),
    ]),
    '',
    '#### Inclusive time of the steps (a sample counts for every step on its stack)',
    '| share | time | step |',
    '|---|---|---|',
    ...top(inclusive, STEPS.length),
  ].join('\n')
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const from = option('--from')
  if (from) {
    console.log(summarise(JSON.parse(readFileSync(from, 'utf8')) as Profile))
    return
  }
  if (!hasBuild(ROOT)) throw new Error('No build in .next: run `next build` first')
  const dataDir = tempDir('profile-data')
  if (seeded) await createSeededStore(dataDir, 20_000, `http://localhost:${PORT}`)
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${INSPECTOR_PORT}`.trim()
  const site = await startSite(PORT, dataDir, tempDir('profile-outbox'))
  delete process.env.NODE_OPTIONS
  await waitForFirst200(site)
  const request = bookingRequest(`http://localhost:${PORT}`, bookingSlots(readAvailability(siteDataset()), new Date()))
  await checkOnce(site.url, request)
  // Warm: routes loaded, JIT settled, before the profiler starts.
  await measureCell(site.url, request, connections, 3, 1, site.child.pid)

  const session = await inspector(INSPECTOR_PORT)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', {interval: 500})
  await session.send('Profiler.start')
  const cell = await measureCell(site.url, request, connections, duration, 1, site.child.pid)
  const {profile} = await session.send<{profile: Profile}>('Profiler.stop')
  session.close()
  await site.stop()

  if (out) writeFileSync(out, JSON.stringify(profile))
  console.log(
    `Booking POST, ${connections} connections, ${seeded ? '20,000 bookings' : 'empty store'}: ${cell.rps} req/s, ` +
      `p50 ${cell.p50} / p95 ${cell.p95} / p99 ${cell.p99} ms, ${cell.cpuMsPerResponse} ms CPU per response (profiler on), ` +
      `${cell.non2xx + cell.errors} non-2xx or errors\n`,
  )
  console.log(summarise(profile))
}

try {
  await main()
} finally {
  await stopAll()
  removeRunDir()
}
