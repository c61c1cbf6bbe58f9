// Measures the availability request (GET /api/availability: the rules and the places taken) and the
// booking request (POST /api/bookings: validate, check the slot, price, store under the window's
// lock, create checkout) under concurrent load against a running server, e.g.:
//   BOOKING_RATE_LIMIT_MAX=100000 AVAILABILITY_RATE_LIMIT_MAX=100000 TEST_CHECKOUT_ENABLED=true node scripts/serve.ts -p 3300
//   node scripts/measure-booking-latency.mjs http://localhost:3300 50 400
// Arguments: base URL, concurrent clients (default 20), total requests of each kind (default 400).
// Bookings are spread over the offered days and windows, one place each, so none is refused as full.
import {randomUUID} from 'node:crypto'
import {houseBookingValues} from './bench/requests.ts'

const [base = 'http://localhost:3000', clientsArg = '20', totalArg = '400'] = process.argv.slice(2)
const clients = Number(clientsArg)
const total = Number(totalArg)

/** Every free place the house form is offered, as [date, window] pairs, round-robin over the days. */
async function freePlaces() {
  const offer = await (await fetch(`${base}/api/availability?form=house`)).json()
  const places = []
  for (let round = 0; ; round++) {
    let added = false
    for (const day of offer.days) {
      for (const window of day.windows) {
        if (window.left > round) {
          places.push([day.date, window.window])
          added = true
        }
      }
    }
    if (!added || places.length >= total) return places
  }
}

/** The bench's full house booking (every section filled in) for the place, under a fresh key. */
function houseBooking([date, arrivalWindow]) {
  return {...houseBookingValues({date, arrivalWindow}), idempotencyKey: randomUUID()}
}

/** Runs `request` `total` times from `clients` concurrent clients; prints p50/p95; answers the failures. */
async function measure(name, request) {
  const durations = []
  let failures = 0
  let next = 0
  async function client() {
    while (next < total) {
      const n = next++
      const started = performance.now()
      const response = await request(n)
      await response.arrayBuffer()
      durations.push(performance.now() - started)
      if (response.status !== 200) failures++
    }
  }
  const wallStart = performance.now()
  await Promise.all(Array.from({length: clients}, client))
  const wall = (performance.now() - wallStart) / 1000
  durations.sort((a, b) => a - b)
  const pct = (p) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))].toFixed(0)
  console.log(
    `${durations.length} ${name} requests, ${clients} concurrent clients: p50 ${pct(50)} ms, p95 ${pct(95)} ms, ` +
      `max ${durations.at(-1).toFixed(0)} ms, ${(durations.length / wall).toFixed(1)} req/s, ${failures} not 200`,
  )
  return failures
}

let failures = await measure('availability', () => fetch(`${base}/api/availability?form=house`))
const places = await freePlaces()
if (places.length < total) throw new Error(`Only ${places.length} free places are offered; ask for fewer bookings`)
failures += await measure('booking', (n) =>
  fetch(`${base}/api/bookings`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(houseBooking(places[n]))}),
)
if (failures > 0) process.exit(1)
