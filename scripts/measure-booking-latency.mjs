// Measures the booking request (POST /api/bookings: validate, price, store, create checkout) under
// concurrent load against a running server, e.g.:
//   BOOKING_RATE_LIMIT_MAX=100000 TEST_CHECKOUT_ENABLED=true next start -p 3300   (another shell)
//   node scripts/measure-booking-latency.mjs http://localhost:3300 20 400
// Arguments: base URL, concurrent clients (default 20), total requests (default 400).
import {randomUUID} from 'node:crypto'

const [base = 'http://localhost:3000', clientsArg = '20', totalArg = '400'] = process.argv.slice(2)
const clients = Number(clientsArg)
const total = Number(totalArg)
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

function houseBooking() {
  return {
    industry: 'house',
    idempotencyKey: randomUUID(),
    location: 'King County',
    service: 'Deep Cleaning',
    frequency: null,
    bedrooms: 3,
    bathrooms: 2,
    halfBaths: 1,
    dens: 0,
    hours: 0,
    minutes: 0,
    extras: {'Extra Heavy Duty': 0, Blinds: 1, 'Interior Windows': 0, Oven: 1, Garage: 0},
    instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
    date,
    tip: '15%',
    parkingFee: '$10',
    firstName: 'Load',
    lastName: 'Test',
    email: 'load.test@example.com',
    phone: '425-555-0199',
    address: '1 Test Way, Renton, WA 98057',
    notes: '',
    coupon: 'save10',
  }
}

const durations = []
let failures = 0
let next = 0

async function client() {
  while (next < total) {
    next++
    const started = performance.now()
    const response = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(houseBooking()),
    })
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
  `${durations.length} booking requests, ${clients} concurrent clients: p50 ${pct(50)} ms, p95 ${pct(95)} ms, ` +
    `max ${durations.at(-1).toFixed(0)} ms, ${(durations.length / wall).toFixed(1)} req/s, ${failures} not 200`,
)
if (failures > 0) process.exit(1)
