/**
 * The floor of the booking bench: the least a server can do for a booking on this machine. A plain
 * node:http server that, for each POST, parses the JSON body and INSERTs one booking row with the
 * same columns the site's store writes into the same embedded database (PGlite, opened the way the
 * app opens it: `openPgliteDatabase`, its migrations, synchronous commit), then answers 200 JSON.
 * No validation, pricing or checkout: what the site spends beyond this is the site's own cost.
 *
 *   node scripts/bench/floor-server.ts <port> <data directory>
 *
 * A GET answers 200 (the bench's "is it up" poll).
 */
import {createServer, type ServerResponse} from 'node:http'
import {openPgliteDatabase} from '../../lib/database/pglite.ts'

const [portArg, dataDir] = process.argv.slice(2)
if (!portArg || !dataDir) {
  console.error('usage: node scripts/bench/floor-server.ts <port> <data directory>')
  process.exit(2)
}

const db = await openPgliteDatabase(dataDir)

const COLUMNS = [
  'industry', 'idempotency_key', 'first_name', 'last_name', 'email', 'phone', 'address', 'notes',
  'location', 'service', 'frequency', 'bedrooms', 'bathrooms', 'half_bath', 'den', 'extras', 'instructions',
  'date', 'tip', 'parking_fee', 'hours', 'minutes', 'coupon', 'discount_cents', 'discount', 'amount_cents', 'amount',
]
const JSON_COLUMNS = new Set(['extras', 'instructions'])
// As the site's store inserts (lib/bookings/sql-store.ts): idempotent on the key.
const INSERT_SQL = `insert into public.bookings1 (${COLUMNS.join(', ')})
values (${COLUMNS.map((column, i) => (JSON_COLUMNS.has(column) ? `$${i + 1}::jsonb` : `$${i + 1}`)).join(', ')})
on conflict (idempotency_key) do nothing
returning id`

function params(body: Record<string, unknown>): unknown[] {
  const value = (key: string) => (body[key] === '' || body[key] === undefined ? null : body[key])
  return [
    value('industry'), value('idempotencyKey'), value('firstName'), value('lastName'), value('email'), value('phone'),
    value('address'), value('notes'), value('location'), value('service'), value('frequency'), value('bedrooms'),
    value('bathrooms'), value('halfBaths'), value('dens'), JSON.stringify(body.extras ?? null), JSON.stringify(body.instructions ?? null),
    value('date'), value('tip'), value('parkingFee'), value('hours'), value('minutes'), value('coupon'),
    // Pricing is the site's work, not the floor's: fixed amounts of the same shape.
    3000, '30.00', 27000, '270.00',
  ]
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store'})
  res.end(text)
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return send(res, 200, {ok: true})
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    } catch {
      return send(res, 400, {ok: false})
    }
    db.query<{id: string}>(INSERT_SQL, params(body)).then(
      ({rows}) => send(res, 200, {ok: true, bookingId: rows[0]?.id ?? null}),
      (error: unknown) => {
        console.error('floor: insert failed', error)
        send(res, 500, {ok: false})
      },
    )
  })
})

server.listen(Number(portArg), () => console.log(`floor: listening on ${portArg}, database ${dataDir}`))

// The bench stops it with SIGTERM; pglite.ts only closes its own process-wide instance on signals.
process.once('SIGTERM', () => {
  server.close()
  db.close().finally(() => process.exit(0))
})
