/**
 * `npm run bench:proxy`: the reference deployment of deploy/README.md on
 * loopback (tests/e2e/support/deploy-stack.ts: nginx with deploy/nginx/'s configuration, PostgreSQL
 * behind Supabase's Data API, Redis, SMTP), measured through nginx with autocannon:
 * - GET / requests per second with one server process and with two (one stack, a second nginx in
 *   front of its first process only, measured in turns);
 * - the booking POST's latency (p50/p95) with the rate limits shared (REDIS_URL set) against the
 *   same stack without REDIS_URL (the limits then live in the database; never only in one
 *   process's memory).
 * Uses the existing build (`next build` first). Prints a table and writes reports/bench-proxy.md.
 *
 *   npm run bench:proxy -- [--duration S] [--connections N] [--only get|booking]
 *
 * On a machine of two cores the load generator, nginx, PostgreSQL and the servers share them: the
 * figures compare configurations measured in one run, not what a real host would serve.
 */
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {missingDeployTools, startDeployStack, startNginx, type DeployStack} from '../../tests/e2e/support/deploy-stack.ts'
import {freePort} from '../../tests/e2e/support/private-server.ts'
import {bookingSlots, readAvailability, roomForEveryBooking} from './dataset.ts'
import {measureCell, type CellResult} from './load.ts'
import {bookingRequest, checkOnce, staticPage} from './requests.ts'
import {ROOT} from './servers.ts'

function log(message: string): void {
  process.stderr.write(`[bench:proxy] ${message}\n`)
}

function options(argv: string[]): {duration: number; connections: number; parts: Set<string>} {
  let duration = 10
  let connections = 50
  const parts = new Set<string>()
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].includes('=') ? argv[i].split('=', 2) : [argv[i], undefined]
    const value = () => inline ?? argv[++i]
    if (name === '--duration') duration = Number(value())
    else if (name === '--connections') connections = Number(value())
    else if (name === '--only') value().split(',').forEach((part) => parts.add(part))
    else throw new Error(`Unknown option ${argv[i]}\nnpm run bench:proxy -- [--duration S] [--connections N] [--only get|booking]`)
  }
  if (!(duration > 0) || !(connections > 0)) throw new Error('--duration and --connections take positive numbers')
  if (parts.size === 0) ['get', 'booking'].forEach((part) => parts.add(part))
  return {duration, connections, parts}
}

type Row = {what: string; cell: CellResult}

const ROUNDS = 3

/** The round with the median requests per second. */
function medianCell(cells: CellResult[]): CellResult {
  return [...cells].sort((a, b) => a.rps - b.rps)[Math.floor(cells.length / 2)]
}

async function withStack<T>(settings: {processes: number; env?: Record<string, string>}, work: (stack: DeployStack) => Promise<T>): Promise<T> {
  const stack = await startDeployStack({
    processes: settings.processes,
    // Every request comes from one address (loopback): the real limits would refuse most of them.
    env: {BOOKING_RATE_LIMIT_MAX: '100000000', LEAD_RATE_LIMIT_MAX: '100000000', AVAILABILITY_RATE_LIMIT_MAX: '100000000', ...settings.env},
    prepareContent: roomForEveryBooking,
  })
  try {
    return await work(stack)
  } finally {
    await stack.close()
  }
}

async function main(): Promise<void> {
  const {duration, connections, parts} = options(process.argv.slice(2))
  const missing = missingDeployTools()
  if (missing) throw new Error(`The reference deployment needs ${missing}`)
  if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('No build: run `npm run build` first')
  const warmup = Math.max(2, Math.round(duration / 3))
  const load = os.loadavg().map((value) => value.toFixed(2)).join(', ')
  log(`load average before: ${load}; ${os.cpus().length} cores; ${connections} connections, ${duration} s measured after ${warmup} s of warm-up`)
  const rows: Row[] = []

  if (parts.has('get')) {
    // One stack with two processes and two nginx in front of it: the repository's configuration with
    // both processes, and the same with the first one only. Measured in turns (one, two, one, two…),
    // so a change in the machine's load hits both sides; the median of the rounds is reported.
    await withStack({processes: 2}, async (stack) => {
      const singleDir = mkdtempSync(path.join(os.tmpdir(), 'bench-proxy-one-'))
      const single = await startNginx({dir: singleDir, listenPort: await freePort(), upstreamPorts: [stack.servers[0].port]})
      try {
        const page = staticPage('/')
        await checkOnce(stack.proxy.url, page)
        await checkOnce(single.url, page)
        const cells: Record<'one' | 'two', CellResult[]> = {one: [], two: []}
        for (let round = 1; round <= ROUNDS; round++) {
          log(`GET / through nginx, round ${round} of ${ROUNDS}: one process, then two…`)
          cells.one.push(await measureCell(single.url, page, connections, duration, warmup))
          cells.two.push(await measureCell(stack.proxy.url, page, connections, duration, warmup))
          log(`  one process ${cells.one.at(-1)!.rps} req/s, two processes ${cells.two.at(-1)!.rps} req/s (load average ${os.loadavg()[0].toFixed(2)})`)
        }
        rows.push({what: `GET / through nginx, 1 server process (median of ${ROUNDS})`, cell: medianCell(cells.one)})
        rows.push({what: `GET / through nginx, 2 server processes (median of ${ROUNDS})`, cell: medianCell(cells.two)})
      } finally {
        await single.stop()
        rmSync(singleDir, {recursive: true, force: true})
      }
    })
  }
  if (parts.has('booking')) {
    for (const [label, env] of [
      ['rate limits in Redis (REDIS_URL set)', {}],
      ['rate limits without Redis (REDIS_URL unset)', {REDIS_URL: ''}],
    ] as const) {
      await withStack({processes: 2, env}, async (stack) => {
        const booking = bookingRequest(stack.proxy.url, bookingSlots(readAvailability(stack.datasetFile), new Date()))
        await checkOnce(stack.proxy.url, booking)
        log(`POST /api/bookings through nginx, ${label}…`)
        // Fewer connections: each booking is a transaction on the one database.
        rows.push({what: `POST /api/bookings, 2 processes, ${label}`, cell: await measureCell(stack.proxy.url, booking, Math.min(connections, 10), duration, warmup)})
      })
    }
  }

  const table = [
    '| Measured | Connections | Requests/s | p50 ms | p95 ms | p99 ms | Non-2xx or errors |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(({what, cell}) => `| ${what} | ${cell.connections} | ${cell.rps} | ${cell.p50} | ${cell.p95} | ${cell.p99} | ${cell.non2xx + cell.errors + cell.timeouts} |`),
  ].join('\n')
  const report = `# The reference deployment through nginx (npm run bench:proxy)

${new Date().toISOString()}, ${os.cpus().length} cores, load average before the run ${load}; autocannon, ${duration} s per row after ${warmup} s of warm-up.
Everything (load generator, nginx, PostgreSQL, Redis, the servers) shares this machine.

${table}
`
  writeFileSync(path.join(ROOT, 'reports', 'bench-proxy.md'), report)
  process.stdout.write(`${report}\n`)
  if (rows.some(({cell}) => cell.non2xx + cell.errors + cell.timeouts > 0)) process.exitCode = 1
}

await main()
