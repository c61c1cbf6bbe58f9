/**
 * The latency of Confirm & Pay (POST /api/bookings) on a running production server, with
 * autocannon: `--bookings` distinct bookings (house and commercial, spread over the arrival windows
 * the server offers, so each is stored and gets its checkout), `--connections` at a time. Prints the
 * status counts and the latency percentiles (p50, p95, p99) in milliseconds, and the same as JSON.
 *
 *   node scripts/perf/booking-latency.ts --url http://127.0.0.1:4700 [--bookings 200] [--connections 4]
 *
 * Used for issue 21 to compare the shared rate limit (in the database or Redis) with the former
 * in-memory one: run it against a server of each build on a fresh database, with the same load.
 * The server must allow the load: BOOKING_RATE_LIMIT_MAX and AVAILABILITY_RATE_LIMIT_MAX above it.
 */
import {randomUUID} from 'node:crypto'
import {parseArgs} from 'node:util'
import autocannon from 'autocannon'

type OfferedDay = {date: string; windows: {window: string; left: number}[]}

const {values} = parseArgs({
  options: {url: {type: 'string'}, bookings: {type: 'string', default: '200'}, connections: {type: 'string', default: '4'}},
  strict: true,
})
if (!values.url) {
  console.error('Usage: node scripts/perf/booking-latency.ts --url http://127.0.0.1:<port> [--bookings N] [--connections N]')
  process.exit(2)
}
const base = values.url.replace(/\/$/, '')
const bookings = Number(values.bookings)
const connections = Number(values.connections)

async function places(form: 'house' | 'commercial'): Promise<{date: string; window: string}[]> {
  const response = await fetch(`${base}/api/availability?form=${form}`)
  if (!response.ok) throw new Error(`GET /api/availability?form=${form}: ${response.status}`)
  const {days} = (await response.json()) as {days: OfferedDay[]}
  return days.flatMap((day) => day.windows.flatMap((window) => Array.from({length: window.left}, () => ({date: day.date, window: window.window}))))
}

const customer = {
  firstName: 'Load',
  lastName: 'Test',
  email: 'load.test@example.com',
  phone: '(425) 555-0142',
  address: '1200 Lake Washington Blvd N, Renton, WA 98056',
  notes: null,
}

function house(place: {date: string; window: string}): Record<string, unknown> {
  return {
    ...customer,
    industry: 'house',
    idempotencyKey: randomUUID(),
    location: 'King County',
    service: 'Regular Cleaning',
    frequency: 'Weekly',
    bedrooms: 2,
    bathrooms: 1,
    halfBaths: 0,
    dens: 0,
    hours: 0,
    minutes: 0,
    extras: {'Extra Heavy Duty': 0, Blinds: 0, 'Interior Windows': 0, Oven: 0, Garage: 0},
    instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
    date: place.date,
    arrivalWindow: place.window,
    tip: '0%',
    parkingFee: '$0',
  }
}

function commercial(place: {date: string; window: string}): Record<string, unknown> {
  return {
    ...customer,
    industry: 'commercial',
    idempotencyKey: randomUUID(),
    location: 'Snohomish County',
    subService: 'Corporate Office Cleaning',
    frequency: 'Recurring',
    date: place.date,
    arrivalWindow: place.window,
  }
}

const queue = [...(await places('house')).map(house), ...(await places('commercial')).map(commercial)]
if (queue.length < bookings) throw new Error(`The server offers ${queue.length} places, fewer than --bookings ${bookings}`)
// Interleaved, so both forms and all windows are spread over the run.
const bodies = queue.sort(() => Math.random() - 0.5).slice(0, bookings)

const times: number[] = []
const statuses: Record<number, number> = {}
let next = 0
const instance = autocannon({
  url: base,
  connections,
  amount: bookings,
  requests: [
    {
      method: 'POST',
      path: '/api/bookings',
      headers: {'content-type': 'application/json'},
      setupRequest: (request: Record<string, unknown>) => ({...request, body: JSON.stringify(bodies[next++ % bodies.length])}),
    },
  ],
})
instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
  times.push(responseTime)
  statuses[status] = (statuses[status] ?? 0) + 1
})
const result = await instance

times.sort((a, b) => a - b)
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]
const summary = {
  url: base,
  bookings,
  connections,
  statuses,
  errors: result.errors,
  requestsPerSecond: Math.round(result.requests.average * 10) / 10,
  latencyMs: {p50: at(50), p95: at(95), p99: at(99), max: times.at(-1), mean: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10},
}
console.log(`POST /api/bookings × ${bookings}, ${connections} at a time: ${JSON.stringify(statuses)}`)
console.log(`  p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms`)
console.log(JSON.stringify(summary))
