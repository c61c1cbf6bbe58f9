/**
 * What the floors of the booking bench do per booking, shared so both do exactly the same: the
 * node:http floor (./floor-server.ts) and the Next.js floor (perf/bare-app/app/api/bookings/route.js,
 * which imports this file by relative path, so: `.ts` import paths and erasable TypeScript only).
 * One INSERT of a booking row with the columns the site's store writes, into the embedded database
 * opened the way the app opens it (`openPgliteDatabase`: its migrations, synchronous commit).
 */
import type {PGlite} from '@electric-sql/pglite'
import {openPgliteDatabase} from '../../lib/database/pglite-open.ts'

export {openPgliteDatabase}

const COLUMNS = [
  'industry', 'idempotency_key', 'first_name', 'last_name', 'email', 'phone', 'address', 'notes',
  'location', 'service', 'frequency', 'bedrooms', 'bathrooms', 'half_bath', 'den', 'extras', 'instructions',
  'date', 'tip', 'parking_fee', 'hours', 'minutes', 'coupon', 'discount_cents', 'discount', 'amount_cents', 'amount',
]
const JSON_COLUMNS = new Set(['extras', 'instructions'])
// As the site's store inserts (lib/booking/store/sql-store.ts): idempotent on the key.
const INSERT_SQL = `insert into public.bookings (${COLUMNS.join(', ')})
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

/** Stores the posted booking (its fields as they come, no validation); answers the new row's id (null when the key was there). */
export async function insertFloorBooking(db: PGlite, body: Record<string, unknown>): Promise<string | null> {
  const {rows} = await db.query<{id: string}>(INSERT_SQL, params(body))
  return rows[0]?.id ?? null
}
