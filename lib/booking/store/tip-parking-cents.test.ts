import {copyFileSync, mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {PGlite} from '@electric-sql/pglite'
import {afterAll, describe, expect, it} from 'vitest'
import {HOUSE_PARKING_OPTIONS, HOUSE_TIP_OPTIONS} from '../catalog/common'
import {toNewBooking} from '../flow/submit'
import {applyMigrations, MIGRATIONS_DIR, migrationFiles} from '../../database/migrations'
import {PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {priceBooking} from '../pricing'
import {createBookingSchemas} from '../schemas'
import {carpetRequest, exteriorRequest, fixedClock, houseRequest} from '../test-support/requests'
import {toInsertRow} from './mapping'
import {createSqlBookingStore} from './sql-store'

/**
 * A booking's tip and parking fee are kept in cents as the server priced them, so the office's
 * money figures can add them up in the database; bookings stored before the columns existed get
 * them worked out from what they stored, to the cent of the price list.
 */

const ADDED_BY = '20261201000000_booking_tip_parking_cents.sql'
const {bookingRequestSchema} = createBookingSchemas(fixedClock)

/** Every tip and parking choice, with and without a coupon, on homes of two sizes (odd cents and round ones). */
function houseBookings() {
  const bookings = []
  for (const tip of HOUSE_TIP_OPTIONS)
    for (const parkingFee of HOUSE_PARKING_OPTIONS)
      for (const coupon of ['', 'save10', 'flat5'])
        for (const [bedrooms, blinds] of [[2, 1], [5, 3]]) {
          const request = bookingRequestSchema.parse(houseRequest({tip, parkingFee, coupon, bedrooms, extras: {'Extra Heavy Duty': 0, Blinds: blinds, 'Interior Windows': 0, Oven: 0, Garage: 0}}))
          bookings.push({booking: toNewBooking(request, priceBooking(request)), price: priceBooking(request)})
        }
  return bookings
}

function otherBookings() {
  return [carpetRequest(), exteriorRequest({tip: '15%', parkingFee: '$10'})].map((raw) => {
    const request = bookingRequestSchema.parse(raw)
    return {booking: toNewBooking(request, priceBooking(request)), price: priceBooking(request)}
  })
}

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true})
})

describe("a booking's tip and parking in cents", () => {
  it('are stored as the server priced them, and read back', async () => {
    const db = new PGlite()
    await applyMigrations(db)
    const store = createSqlBookingStore(db)
    for (const {booking, price} of [...houseBookings(), ...otherBookings()]) {
      const {booking: stored} = await store.createPending(booking)
      expect({tip: stored.tipCents, parking: stored.parkingCents, total: stored.amountCents}).toEqual({tip: price.tipCents, parking: price.parkingCents, total: price.totalCents})
    }
    // An exterior tip is recorded, not charged: its cents are 0.
    const [, exterior] = otherBookings()
    expect(exterior.booking.tip).toBe('15%')
    expect(exterior.booking.tipCents).toBe(0)
    await db.close()
  }, PGLITE_SETUP_TIMEOUT)

  it('are worked out for bookings stored before they were kept, equal to the price list’s', async () => {
    // The migrations before the columns, bookings stored through them, then the one that adds them.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
    dirs.push(dir)
    const before = migrationFiles().filter((name) => name < ADDED_BY)
    for (const name of before) copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name))
    const db = new PGlite()
    await applyMigrations(db, dir)
    const bookings = [...houseBookings(), ...otherBookings()]
    const ids: string[] = []
    for (const {booking} of bookings) {
      const {rows} = await db.query<{answer: {id: string}}>('select public.create_pending_booking($1::jsonb, 1000, now()) as answer', [JSON.stringify(toInsertRow(booking))])
      ids.push(rows[0].answer.id)
    }
    // A house booking of the old kind with no tip or parking stored: the form's defaults (0 %, $0).
    const plain = bookingRequestSchema.parse(houseRequest({tip: '0%', parkingFee: '$0', coupon: ''}))
    const {rows: plainRows} = await db.query<{answer: {id: string}}>('select public.create_pending_booking($1::jsonb, 1000, now()) as answer', [
      JSON.stringify({...toInsertRow(toNewBooking(plain, priceBooking(plain))), tip: null, parking_fee: null}),
    ])

    copyFileSync(path.join(MIGRATIONS_DIR, ADDED_BY), path.join(dir, ADDED_BY))
    expect(await applyMigrations(db, dir)).toContain(ADDED_BY)
    const {rows} = await db.query<{id: string; tip_cents: number | null; parking_cents: number | null}>('select id, tip_cents, parking_cents from public.bookings')
    const byId = new Map(rows.map((row) => [row.id, row]))
    bookings.forEach(({booking, price}, index) => {
      expect(byId.get(ids[index]), `${booking.industry} ${booking.tip} ${booking.parkingFee} ${booking.coupon}`).toMatchObject({tip_cents: price.tipCents, parking_cents: price.parkingCents})
    })
    expect(byId.get(plainRows[0].answer.id)).toMatchObject({tip_cents: 0, parking_cents: 0})
    await db.close()
  }, PGLITE_SETUP_TIMEOUT)
})
