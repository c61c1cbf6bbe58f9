import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import type {StoredBooking} from './store/store'
import {expectedStored, houseBooking} from './store/test-support/fixtures'
import {PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {checkSlot} from './availability'
import {checkoutDescription, slotFields, toNewBooking} from './flow'
import {ROOMY_AVAILABILITY} from './test-support/availability'
import {priceBooking} from './pricing'
import {createBookingSchemas} from './schemas'
import {bookingCharges, bookingDetails, bookingFormValues, crewJobDetails, bookingPaidFacts, bookingReference, storedBookingPrice} from './stored'
import {
  CARPET_TOTAL_CENTS,
  carpetRequest,
  COMMERCIAL_TOTAL_CENTS,
  commercialRequest,
  EXTERIOR_TOTAL_CENTS,
  exteriorRequest,
  FIXED_NOW,
  fixedClock,
  HOUSE_TOTAL_CENTS,
  houseRequest,
} from './test-support/requests'

// The databases are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * A stored booking read back in the terms of its form (the customer returning from a cancelled
 * payment finds the form as they left it) and of its price (every charge of the confirmation
 * e-mail), for bookings of each form stored through the real SQL booking store on PGlite.
 */

const schemas = createBookingSchemas(fixedClock)
const {db, store} = embeddedBookingStore()

beforeEach(async () => {
  await db.exec('delete from public.bookings')
})

/** The request as the server validates, prices and stores it. */
async function storeRequest(body: Record<string, unknown>): Promise<StoredBooking> {
  const request = schemas.bookingRequestSchema.parse(body)
  const check = checkSlot(ROOMY_AVAILABILITY, request.industry, request.date, request.arrivalWindow, FIXED_NOW)
  if (!check.ok) throw new Error(`The request's slot is not offered: ${check.reason}`)
  const newBooking = {...toNewBooking(request, priceBooking(request)), ...slotFields(check.slot, FIXED_NOW)}
  const {booking} = await store.createPending(newBooking, {capacity: check.slot.capacity, now: FIXED_NOW})
  return booking
}

/**
 * Deep Cleaning, 3 bedrooms, 2 bathrooms: 201.94 + 3 × 30.03 + 2 × 25.78 = 343.59;
 * tip 15 % = 51.5385 → 51.54; parking $10; save10 = $10 off → 343.59 + 51.54 + 10 − 10 = 395.13.
 */
const DEEP_TOTAL_CENTS = 39_513
function deepCleaningRequest(): Record<string, unknown> {
  return houseRequest({
    service: 'Deep Cleaning',
    frequency: '',
    bedrooms: 3,
    bathrooms: 2,
    halfBaths: 0,
    dens: 0,
    extras: {},
    tip: '15%',
    parkingFee: '$10',
    coupon: 'save10',
  })
}

/**
 * Post Construction 2 h 30 min: 154.65 × 2.5 = 386.625 → 386.63; tip 10 % = 38.663 → 38.66;
 * parking $5; save10 −$10 → 386.63 + 38.66 + 5 − 10 = 420.29.
 */
const POST_CONSTRUCTION_TOTAL_CENTS = 42_029
function postConstructionRequest(): Record<string, unknown> {
  return houseRequest({service: 'Post Construction', frequency: '', hours: 2, minutes: 30})
}

const FORMS: [string, () => Record<string, unknown>, number][] = [
  ['house, Regular Cleaning', houseRequest, HOUSE_TOTAL_CENTS],
  ['house, Deep Cleaning', deepCleaningRequest, DEEP_TOTAL_CENTS],
  ['house, Post Construction', postConstructionRequest, POST_CONSTRUCTION_TOTAL_CENTS],
  ['exterior', exteriorRequest, EXTERIOR_TOTAL_CENTS],
  ['carpet', carpetRequest, CARPET_TOTAL_CENTS],
  ['commercial', commercialRequest, COMMERCIAL_TOTAL_CENTS],
]

describe('bookingFormValues: the form as the customer left it', () => {
  it.each(FORMS)('%s: the values validate again to the very booking that was stored', async (_name, make, total) => {
    const body = make()
    const stored = await storeRequest(body)
    expect(stored.amountCents).toBe(total)
    const values = bookingFormValues(stored)
    expect(values).not.toHaveProperty('idempotencyKey')

    // Sent again from the form (which adds a new key), it is the same booking.
    const again = schemas.bookingRequestSchema.parse({...values, idempotencyKey: stored.idempotencyKey})
    const original = schemas.bookingRequestSchema.parse(body)
    expect(again).toEqual(original)
    expect(toNewBooking(again, priceBooking(again))).toEqual(toNewBooking(original, priceBooking(original)))
  })

  it('gives back what was typed, as the form shows it', async () => {
    const stored = await storeRequest(houseRequest())
    expect(bookingFormValues(stored)).toEqual({
      industry: 'house',
      location: 'King County',
      service: 'Regular Cleaning',
      frequency: 'Weekly',
      bedrooms: 2,
      bathrooms: 1,
      halfBaths: 0,
      dens: 0,
      hours: 0,
      minutes: 0,
      extras: {'Extra Heavy Duty': 0, Blinds: 1, 'Interior Windows': 0, Oven: 0, Garage: 0},
      instructions: {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'},
      date: '2030-02-01',
      arrivalWindow: '08:00-10:00',
      tip: '10%',
      parkingFee: '$5',
      coupon: 'save10',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      phone: '(425) 555-0142',
      address: '1200 Lake Washington Blvd N, Renton, WA 98056',
      notes: 'Side door, the dog is friendly',
      smsConsent: false,
    })
    // A booking made with consent to texts comes back with the box ticked.
    expect(bookingFormValues({...stored, smsConsentAt: '2030-01-15T18:00:00.000Z'})).toMatchObject({smsConsent: true})
  })

  it('keeps the key information of the carpet and exterior forms, and "none chosen" as empty', async () => {
    expect(bookingFormValues(await storeRequest(carpetRequest()))).toMatchObject({keyInfo: 'I Will Hide The Keys', coupon: 'save20', notes: ''})
    expect(bookingFormValues(await storeRequest(exteriorRequest()))).toMatchObject({keyInfo: 'Someone Will Be At Home', tip: '15%', parkingFee: 'Other'})
    expect(bookingFormValues(await storeRequest(exteriorRequest({keyInfo: ''})))).toMatchObject({keyInfo: ''})
    expect(bookingFormValues(await storeRequest(commercialRequest({notes: ''})))).toMatchObject({notes: '', subService: 'Corporate Office Cleaning'})
  })
})

describe('storedBookingPrice and bookingCharges: every charge of the confirmation', () => {
  it.each(FORMS)('%s: the price worked out again is the amount charged, and the charges add up to it', async (_name, make, total) => {
    const stored = await storeRequest(make())
    expect(storedBookingPrice(stored)?.totalCents).toBe(total)
    const charges = bookingCharges(stored)
    expect(charges.reduce((sum, charge) => sum + charge.cents, 0)).toBe(total)
  })

  it('lists a house booking charge by charge (Deep Cleaning, 3 bedrooms, 2 bathrooms, tip 15 %, parking $10, save10)', async () => {
    const stored = await storeRequest(deepCleaningRequest())
    expect(bookingCharges(stored)).toEqual([
      {label: 'Base service charge', cents: 20_194},
      {label: 'Bedrooms: 3 × $30.03', cents: 9009},
      {label: 'Bathrooms: 2 × $25.78', cents: 5156},
      {label: 'Tip (15%)', cents: 5154},
      {label: 'Parking', cents: 1000},
      {label: 'Coupon save10 ($10.00 off)', cents: -1000},
    ])
  })

  it('lists a carpet booking with its percentage coupon (2 rooms + 1 staircase, 2 hallways, every 6 months, save20)', async () => {
    const stored = await storeRequest(carpetRequest())
    // (2 + 1) × $47 = $141 as two lines, 2 × $7.42 = $14.84; 20 % of $155.84 = $31.168 → $31.17.
    expect(bookingCharges(stored)).toEqual([
      {label: 'Rooms: 2 × $47.00', cents: 9400},
      {label: 'Staircases: 1 × $47.00', cents: 4700},
      {label: 'HALLWAYS: 2 × $7.42', cents: 1484},
      {label: expect.stringMatching(/^Coupon save20 \(20 %/), cents: -3117},
    ])
  })

  it('shows only the total when the stored booking no longer prices to what was charged (prices changed since)', () => {
    // The fixture's amount ($219.17) is not what its choices price to today.
    const stored = expectedStored(houseBooking(), {id: '3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b', createdAt: '2030-01-15T18:00:00.000Z'}) as StoredBooking
    expect(storedBookingPrice(stored)).toBeNull()
    expect(bookingCharges(stored)).toEqual([{label: 'House Cleaning', cents: 21_917}])
  })
})

describe('bookingReference', () => {
  it("is the id's first eight hex digits, upper case, as XXXX-XXXX", () => {
    expect(bookingReference('3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b')).toBe('3F9A-2B1C')
    expect(bookingReference('00000000-0000-4000-8000-000000000000')).toBe('0000-0000')
  })

  it('is short and readable for every stored booking', async () => {
    const stored = await storeRequest(commercialRequest())
    expect(bookingReference(stored.id)).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/)
    expect(bookingReference(stored.id).replace('-', '').toLowerCase()).toBe(stored.id.slice(0, 8))
  })
})

describe('bookingDetails and bookingPaidFacts: what the business is told', () => {
  it('names every choice of a house booking in the form’s words', async () => {
    const stored = await storeRequest(houseRequest())
    expect(bookingDetails(stored)).toEqual([
      {label: 'Booking form', value: 'House Cleaning'},
      {label: 'Location', value: 'King County'},
      {label: 'Service', value: 'Regular Cleaning'},
      {label: 'Frequency', value: 'Weekly'},
      {label: 'Bedrooms', value: '2'},
      {label: 'Bathrooms', value: '1'},
      {label: 'Half baths', value: '0'},
      {label: 'Dens', value: '0'},
      {label: 'Extras', value: 'Blinds × 1'},
      {label: 'How Clean Is Your Home?', value: 'Mostly Clean'},
      {label: 'How Will We Get Inside?', value: 'I will be Home'},
      {label: 'Where Can We Park?', value: 'Street Parking'},
      {label: 'Date', value: 'February 1, 2030'},
      {label: 'Arrival window', value: '8:00 AM – 10:00 AM'},
      {label: 'Tip', value: '10%'},
      {label: 'Parking', value: '$5'},
      {label: 'Coupon', value: 'save10 (−$10.00)'},
    ])
  })

  it('gives the time required of a Post Construction booking, and says the exterior tip is not charged online', async () => {
    expect(bookingDetails(await storeRequest(postConstructionRequest()))).toContainEqual({label: 'Time required', value: '2 h 30 min'})
    const exterior = bookingDetails(await storeRequest(exteriorRequest()))
    expect(exterior).toContainEqual({label: 'Tip (not charged online)', value: '15%'})
    expect(exterior).toContainEqual({label: 'Key information', value: 'Someone Will Be At Home'})
    expect(exterior.map((detail) => detail.label)).not.toContain('Coupon')
  })

  it('crewJobDetails: the job under the job (How Clean Is Your Home? included), getting in and parking under access, no money', async () => {
    const house = crewJobDetails(await storeRequest(houseRequest()))
    expect(house).toEqual({
      job: [
        {label: 'Location', value: 'King County'},
        {label: 'Service', value: 'Regular Cleaning'},
        {label: 'Frequency', value: 'Weekly'},
        {label: 'Bedrooms', value: '2'},
        {label: 'Bathrooms', value: '1'},
        {label: 'Half baths', value: '0'},
        {label: 'Dens', value: '0'},
        {label: 'Extras', value: 'Blinds × 1'},
        {label: 'How Clean Is Your Home?', value: 'Mostly Clean'},
      ],
      access: [
        {label: 'How Will We Get Inside?', value: 'I will be Home'},
        {label: 'Where Can We Park?', value: 'Street Parking'},
      ],
    })
    const carpet = crewJobDetails(await storeRequest(carpetRequest()))
    expect(carpet.job.map((detail) => detail.label)).toEqual(expect.arrayContaining(['Rooms', 'Staircases', 'Extras']))
    expect(carpet.access.map((detail) => detail.label)).toEqual(['Key information'])
    const exterior = crewJobDetails(await storeRequest(exteriorRequest()))
    // Every field of the form is either the crew's or the business's: nothing with an amount reaches the crew.
    for (const details of [house, carpet, exterior]) expect(JSON.stringify(details)).not.toMatch(/\$|Tip|Coupon|Parking \(/)
    expect(exterior.access).toEqual([{label: 'Key information', value: 'Someone Will Be At Home'}])
  })

  it('bookingPaidFacts: reference, service, date, customer, charges and the total paid', async () => {
    const stored = await storeRequest(carpetRequest())
    const paidAt = new Date('2030-01-15T18:00:00Z')
    const facts = bookingPaidFacts(stored, checkoutDescription(stored), paidAt)
    expect(facts).toEqual({
      kind: 'booking_paid',
      id: stored.id,
      reference: bookingReference(stored.id),
      industry: 'carpet',
      service: 'Carpet Cleaning – Every 6 Months',
      date: '2030-02-11',
      arrivalWindow: '08:00-10:00',
      windowStartsAt: '2030-02-11T16:00:00.000Z',
      location: 'King County',
      customer: {firstName: 'Björn', lastName: 'Nguyen-Smith', email: 'bjorn@example.org', phone: '2065550199', address: '88 Main Ave S, Kent, WA 98032'},
      details: bookingDetails(stored),
      notes: null,
      charges: bookingCharges(stored),
      totalCents: CARPET_TOTAL_CENTS,
      paidAt: '2030-01-15T18:00:00.000Z',
      // The form's box was left unticked: the confirmation promises no texts.
      textsConsented: false,
    })
    const consented = {...stored, smsConsentAt: FIXED_NOW.toISOString()}
    expect(bookingPaidFacts(consented, checkoutDescription(consented), paidAt).textsConsented).toBe(true)
  })
})
