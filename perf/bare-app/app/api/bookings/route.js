// The Next.js floor of npm run bench: what the node:http floor (scripts/bench/floor-server.ts) does
// per booking, in a bare route handler of this Next.js version: parse the JSON body, one INSERT
// (the same code: scripts/bench/floor-booking.ts), answer 200 JSON. The gap between the two floors
// is what Next.js itself costs a POST, before any of the site's own work.
import path from 'node:path'
import {pathToFileURL} from 'node:url'

// Opened on the first request, not at import: `next build` imports this module to collect its config.
let opening

/**
 * The floor's module is loaded by Node at run time, as floor-server.ts loads it, not bundled: a
 * bundled import of PGlite (an ES module external) makes Turbopack add its async-module support to
 * the client runtime every page loads (+0.4 kB gzipped), and the bare page must stay as it was.
 * `next start perf/bare-app` keeps the working directory: the bench starts it in the repository.
 */
async function database() {
  const dataDir = process.env.BENCH_FLOOR_DATA_DIR
  if (!dataDir) throw new Error('BENCH_FLOOR_DATA_DIR is not set (npm run bench sets it)')
  opening ??= import(/* turbopackIgnore: true */ pathToFileURL(path.join(process.cwd(), 'scripts', 'bench', 'floor-booking.ts')).href).then(
    async (floor) => ({floor, db: await floor.openPgliteDatabase(dataDir)}),
  )
  return opening
}

const NO_STORE = {'cache-control': 'no-store'}

/** 200 once the database is open: the bench's "is it up" poll. */
export async function GET() {
  await database()
  return Response.json({ok: true}, {headers: NO_STORE})
}

export async function POST(request) {
  let body
  try {
    body = await request.json()
  } catch {
    return Response.json({ok: false}, {status: 400, headers: NO_STORE})
  }
  try {
    const {floor, db} = await database()
    const bookingId = await floor.insertFloorBooking(db, body)
    return Response.json({ok: true, bookingId}, {headers: NO_STORE})
  } catch (error) {
    console.error('next floor: insert failed', error)
    return Response.json({ok: false}, {status: 500, headers: NO_STORE})
  }
}
