import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEFAULT_DATASET_FILE} from '@/lib/content/local-dataset'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '@/lib/database/test-support/temp-pglite'
import {bookingSlots, readAvailability} from '@/scripts/bench/dataset'
import {seedBookings} from '@/scripts/bench/seed'
import type {PGlite} from '@electric-sql/pglite'

// The seeded store of `npm run bench` holds bookings in the windows the bench then books (as a real
// store would), but never so many that a window of the committed dataset would be near full, let
// alone one of the bench's million places. The bookings come 26 minutes apart, so 2,000 of them
// cover the same future days (up to 12 ahead) as the bench's 20,000, and as densely.

let db: PGlite
let close: () => Promise<void>

beforeAll(async () => {
  ;({db, close} = await openTempPglite())
  await seedBookings(db, 2_000, 'http://localhost:4201')
}, PGLITE_SETUP_TIMEOUT)
afterAll(() => close())

describe('the store of bookings the bench seeds', () => {
  it('gives every dated booking an arrival window of its crew, as the site stores it', async () => {
    const {rows} = await db.query<{industry: string; dated: number; windowed: number}>(
      `select industry, count(date)::int as dated, count(arrival_window)::int as windowed
       from public.bookings group by industry order by industry`,
    )
    expect(rows.map((row) => row.industry)).toEqual(['carpet', 'commercial', 'exterior', 'house'])
    for (const row of rows) expect(row.windowed, row.industry).toBe(row.dated)
    const {rows: starts} = await db.query<{late: number}>(
      `select count(*)::int as late from public.bookings
       where arrival_window is not null and window_starts_at <> (date + split_part(arrival_window, '-', 1)::time) at time zone 'America/Los_Angeles'`,
    )
    expect(starts[0].late).toBe(0)
  })

  it('takes a few places in the first days the bench books, a dozen a window at most', async () => {
    const slots = bookingSlots(readAvailability(DEFAULT_DATASET_FILE), new Date())
    const {rows} = await db.query<{date: string; arrival_window: string; taken: number}>(
      `select * from public.window_places_taken_between('indoor', $1::date, $2::date, now())`,
      [slots[0].date, slots.at(-1)!.date],
    )
    const taken = rows.filter((row) => slots.some((slot) => slot.date === row.date && slot.arrivalWindow === row.arrival_window))
    expect(taken.length).toBeGreaterThan(0)
    expect(Math.max(...taken.map((row) => row.taken))).toBeLessThanOrEqual(12)
    // None beyond 12 days ahead: the rest of the bench's days are empty.
    const twelveDays = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10)
    expect(rows.filter((row) => row.date > twelveDays)).toEqual([])
  })
})
