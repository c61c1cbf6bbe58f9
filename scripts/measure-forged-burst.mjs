// Page views while a burst of bookings arrives from rotating forged addresses (a forged X-Forwarded-For must never buy a fresh rate-limit quota):
// 200 POST /api/bookings at once, each with a new X-Forwarded-For, while one visitor keeps loading
// the home page. Prints the home page's latency (p50/p95/max) with and without the burst, and how
// the bookings were answered. Against a running production server with the default rate limit:
//   npm start   (another shell; or node scripts/serve.ts -p 3300 after next build)
//   node scripts/measure-forged-burst.mjs http://localhost:3000 200
import {randomUUID} from 'node:crypto'

const [base = 'http://localhost:3000', burstArg = '200'] = process.argv.slice(2)
const burst = Number(burstArg)
const day = new Date(Date.now() + 30 * 86_400_000)
if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1) // the business does not work Sundays
const date = day.toISOString().slice(0, 10)

function commercialBooking() {
  return {
    industry: 'commercial',
    idempotencyKey: randomUUID(),
    subService: 'Corporate Office Cleaning',
    frequency: 'Single Deep Cleaning',
    date,
    arrivalWindow: '08:00-10:00',
    firstName: 'Burst',
    lastName: 'Test',
    email: 'burst.test@example.com',
    phone: '(425) 555-0199',
    address: '1 Test Way, Renton, WA 98057',
    notes: '',
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `n=${sorted.length} p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`
}

async function pageView() {
  const started = performance.now()
  const response = await fetch(`${base}/`, {headers: {accept: 'text/html', 'accept-encoding': 'gzip'}})
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`)
  return performance.now() - started
}

/** Loads the home page one view after another until `until` settles; returns each view's time. */
async function viewsDuring(until) {
  const times = []
  let done = false
  until.finally(() => (done = true))
  while (!done || times.length < 20) times.push(await pageView())
  return times
}

for (let i = 0; i < 10; i++) await pageView() // warm-up
const quiet = []
for (let i = 0; i < 50; i++) quiet.push(await pageView())
console.log(`GET / alone:            ${summary(quiet)}`)

const statuses = new Map()
const bookings = Promise.all(
  Array.from({length: burst}, (_, i) =>
    fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'x-forwarded-for': `198.51.${(i >> 8) & 255}.${i & 255}`, 'x-real-ip': `203.0.113.${i & 255}`},
      body: JSON.stringify(commercialBooking()),
    }).then(async (response) => {
      await response.arrayBuffer()
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }),
  ),
)
const started = performance.now()
const during = await viewsDuring(bookings)
await bookings
console.log(`GET / during the burst: ${summary(during)}`)
console.log(`${burst} bookings from rotating forged addresses answered in ${(performance.now() - started).toFixed(0)} ms: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}`)
