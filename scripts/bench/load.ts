/**
 * One cell of the bench: autocannon on loopback at a number of connections for a while, after a
 * warm-up that is not measured. Latencies are every response's own time (autocannon's summary has
 * no 95th percentile), requests per second are responses ÷ measured seconds.
 */
import {waitForCalm} from '../measure-validity.ts'
import {readFileSync} from 'node:fs'
import autocannon from 'autocannon'
import type {BenchRequest} from './requests.ts'

export interface CellResult {
  connections: number
  /** Seconds measured. */
  seconds: number
  responses: number
  rps: number
  p50: number
  p95: number
  p99: number
  max: number
  /** Answers other than 2xx, connection errors and timeouts, in the measured part. */
  non2xx: number
  errors: number
  timeouts: number
  /** The same during the warm-up (a booking run must have none either). */
  warmupNon2xx: number
  warmupErrors: number
  /** 2xx answers, warm-up included (for a booking: rows the cell added to the store). */
  ok2xx: number
  /** Count per status code, measured part. */
  statuses: Record<string, number>
  /**
   * CPU time the server process used per response in the measured part (ms; Linux /proc, else
   * null): what a request costs, far steadier than req/s on a machine others load too.
   */
  cpuMsPerResponse: number | null
}

/** User + system CPU time of a process so far, in ms (Linux); null when unavailable. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / CLOCK_TICKS
  } catch {
    return null
  }
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100

interface RawRun {
  result: autocannon.Result
  latencies: number[]
}

function run(url: string, request: BenchRequest, connections: number, seconds: number): Promise<RawRun> {
  const latencies: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        // A booking under heavy load may take seconds; a timeout is still counted as a failure.
        timeout: 30,
        requests: [
          {
            method: request.method,
            path: request.path,
            headers: request.headers,
            ...(request.body
              ? {
                  setupRequest: (req: autocannon.Request) => {
                    req.body = request.body?.()
                    return req
                  },
                  body: request.body(),
                }
              : {}),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({result, latencies})),
    )
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms))
  })
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/**
 * Waits until a server has finished the requests still in flight when a run stopped, and the work
 * they left behind (the e-mails of quote requests), i.e. until it used under a tenth of a core for
 * 300 ms; at most `maxMs`. So none of it runs into the next measurement.
 */
export async function settle(pid: number | undefined, maxMs = 60_000): Promise<void> {
  const started = performance.now()
  let last = processCpuMs(pid)
  while (last !== null && performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const now = processCpuMs(pid)
    if (now === null || now - last < 30) return
    last = now
  }
}

/** One cell; `pid` is the server's process, for its CPU time per response. */
export async function measureCell(
  url: string,
  request: BenchRequest,
  connections: number,
  seconds: number,
  warmupSeconds: number,
  pid?: number,
): Promise<CellResult> {
  // The cells before this one kept the cores busy: let the load average fall back first (so the
  // run's own work never makes it not valid; scripts/measure-validity.ts).
  await waitForCalm()
  const warmup = await run(url, request, connections, warmupSeconds)
  // The warm-up's requests still in flight were abandoned, not cancelled: let the server finish
  // them first, or the measured requests queue behind them.
  await settle(pid)
  const cpuBefore = processCpuMs(pid)
  const {result, latencies} = await run(url, request, connections, seconds)
  const cpuAfter = processCpuMs(pid)
  const sorted = latencies.sort((a, b) => a - b)
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]))
  const round = (value: number) => Math.round(value * 10) / 10
  return {
    connections,
    seconds: result.duration,
    responses: sorted.length,
    rps: round(sorted.length / result.duration),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    warmupNon2xx: warmup.result.non2xx,
    warmupErrors: warmup.result.errors,
    ok2xx: warmup.result['2xx'] + result['2xx'],
    statuses,
    cpuMsPerResponse: cpuBefore !== null && cpuAfter !== null && sorted.length > 0 ? Math.round((100 * (cpuAfter - cpuBefore)) / sorted.length) / 100 : null,
  }
}

/** Whether the cell saw anything but 2xx answers (warm-up included), or no answer at all. */
export function cellFailed(cell: CellResult): boolean {
  return cell.responses === 0 || cell.non2xx + cell.errors + cell.timeouts + cell.warmupNon2xx + cell.warmupErrors > 0
}
