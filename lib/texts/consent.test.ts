import {beforeEach, describe, expect, it} from 'vitest'
import {embeddedBookingStore} from '../booking/store/test-support/embedded-store'
import {submitBooking, type BookingFlowDeps} from '../booking/flow'
import {roomyAvailability} from '../booking/test-support/availability'
import {carpetRequest, commercialRequest, exteriorRequest, fixedClock, FIXED_NOW, houseRequest, ORIGIN} from '../booking/test-support/requests'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'

/**
 * The consent to texts as a booking is submitted: given only by ticking the box (the field is
 * optional and false by default), stored with the time it was given (bookings.sms_consent_at,
 * through create_pending_booking), and a repeat of the same submission is still the same booking.
 */

const {db, store} = embeddedBookingStore()
let payments: TestCheckoutProvider

beforeEach(async () => {
  await db.exec('delete from public.bookings')
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
})

function deps(now: () => Date = fixedClock): BookingFlowDeps {
  return {store, payments, origin: ORIGIN, now, availability: roomyAvailability}
}

async function consentOf(body: Record<string, unknown>, now?: () => Date): Promise<string | null> {
  const result = await submitBooking(body, deps(now))
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  return (await store.findById(result.bookingId))?.smsConsentAt ?? null
}

describe('the consent to texts with a booking', () => {
  it('is stored with its time when ticked, on each of the four forms; unticked or not sent, none', async () => {
    for (const request of [houseRequest, exteriorRequest, carpetRequest, commercialRequest]) {
      expect(await consentOf(request({smsConsent: true})), String(request.name)).toBe(FIXED_NOW.toISOString())
      expect(await consentOf(request({smsConsent: false})), String(request.name)).toBeNull()
      expect(await consentOf(request()), String(request.name)).toBeNull()
    }
  })

  it('anything but true or false is refused with a message and stores nothing', async () => {
    const result = await submitBooking(houseRequest({smsConsent: 'yes'}), deps())
    expect(result).toMatchObject({ok: false, kind: 'validation'})
    expect((await db.query('select 1 from public.bookings')).rows).toHaveLength(0)
  })

  it('the same submission sent again a minute later is the same booking (its consent time is the first)', async () => {
    const body = houseRequest({smsConsent: true})
    const first = await submitBooking(body, deps())
    const again = await submitBooking(body, deps(() => new Date(FIXED_NOW.getTime() + 60_000)))
    expect(first.ok && again.ok).toBe(true)
    expect(again).toEqual(first)
    expect(await consentOf(body)).toBe(FIXED_NOW.toISOString())
    // Taking the consent back with the same key is other details: refused, as any change is.
    expect(await submitBooking({...body, smsConsent: false}, deps())).toMatchObject({ok: false, kind: 'conflict'})
  })
})
