/**
 * The floor of the booking bench: the least a server can do for a booking on this machine. A plain
 * node:http server that, for each POST, parses the JSON body and INSERTs one booking row with the
 * same columns the site's store writes into the same embedded database (PGlite, opened the way the
 * app opens it: `openPgliteDatabase`, its migrations, synchronous commit), then answers 200 JSON.
 * No validation, pricing or checkout: what the site spends beyond this is the site's own cost. The
 * INSERT is ./floor-booking.ts, shared with the Next.js floor (perf/bare-app/app/api/bookings).
 *
 *   node scripts/bench/floor-server.ts <port> <data directory>
 *
 * A GET answers 200 (the bench's "is it up" poll).
 */
import {createServer, type ServerResponse} from 'node:http'
import {insertFloorBooking, openPgliteDatabase} from './floor-booking.ts'

const [portArg, dataDir] = process.argv.slice(2)
if (!portArg || !dataDir) {
  console.error('usage: node scripts/bench/floor-server.ts <port> <data directory>')
  process.exit(2)
}

const db = await openPgliteDatabase(dataDir)

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
    insertFloorBooking(db, body).then(
      (bookingId) => send(res, 200, {ok: true, bookingId}),
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
