import {randomUUID} from 'node:crypto'
import Stripe from 'stripe'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import {openMigratedMemoryDatabase} from '../database/test-support/temp-pglite'
import {createSqlBookingStore} from './store/sql-store'
import type {StoredBooking} from './store/store'
import {InvalidWebhookSignatureError, type PaymentEvent} from '../payments/provider'
import {StripePaymentProvider} from '../payments/stripe'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'
import {databaseTestCheckoutSessions} from '../payments/test-checkout-sessions'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {
  acknowledgeCancel,
  bookingSummaryForSuccess,
  CHECKOUT_HOLD_MINUTES,
  checkoutDescription,
  fulfilCheckout,
  handlePaymentEvent,
  PAYMENT_CHECK_INTERVAL_SECONDS,
  setFlowLogger,
  submitBooking,
  successPageSummary,
  type BookingFlowDeps,
  type SubmitBookingResult,
} from './flow'
import {BOOKING_MESSAGES} from './flow-messages'
import {priceBooking} from './pricing'
import {createBookingSchemas} from './schemas'
import {
  CARPET_TOTAL_CENTS,
  carpetRequest,
  COMMERCIAL_TOTAL_CENTS,
  commercialRequest,
  EXTERIOR_TOTAL_CENTS,
  exteriorRequest,
  fixedClock,
  FIXED_NOW,
  HOUSE_TOTAL_CENTS,
  houseRequest,
  ORIGIN,
} from './test-support/requests'
import {roomyAvailability, testAvailability} from './test-support/availability'

/**
 * The booking flow against real adapters: the embedded PGlite store in a temporary directory and
 * the local test checkout with in-memory sessions (and, for webhooks, the Stripe adapter verifying
 * events signed by the Stripe SDK's own test helper).
 */

let payments: TestCheckoutProvider
const log = {error: vi.fn(), warn: vi.fn()}
const {db, store} = embeddedBookingStore({set: setFlowLogger, log})

beforeEach(async () => {
  await db.exec('delete from public.bookings')
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  log.error.mockReset()
  log.warn.mockReset()
})

function deps(overrides: Partial<BookingFlowDeps> = {}): BookingFlowDeps {
  return {store, payments, origin: ORIGIN, now: fixedClock, availability: roomyAvailability, ...overrides}
}

async function rowCount(): Promise<number> {
  const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.bookings')
  return rows[0].n
}

function sessionIdOf(checkoutUrl: string): string {
  return decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop() ?? '')
}

async function submitOk(body: Record<string, unknown>): Promise<{bookingId: string; checkoutUrl: string; booking: StoredBooking}> {
  const result = await submitBooking(body, deps())
  if (!result.ok) throw new Error(`Expected a booking, got ${JSON.stringify(result)}`)
  const booking = await store.findById(result.bookingId)
  if (!booking) throw new Error('The booking was not stored')
  return {...result, booking}
}

function expectFailure<K extends string>(result: SubmitBookingResult, kind: K) {
  expect(result.ok).toBe(false)
  expect((result as {kind: string}).kind).toBe(kind)
}

describe('submitBooking: the date and arrival window (Availability)', () => {
  // FIXED_NOW is Tuesday 2030-01-15, 10 am in Renton: the earliest day is Wednesday the 16th.
  it('stores the window, its crew and start, and holds the place while the checkout is open', async () => {
    const {booking} = await submitOk(houseRequest({date: '2030-01-16', arrivalWindow: '10:00-12:00'}))
    expect(booking).toMatchObject({
      date: '2030-01-16',
      arrivalWindow: '10:00-12:00',
      serviceFamily: 'indoor',
      windowStartsAt: '2030-01-16T18:00:00.000Z',
      holdExpiresAt: new Date(FIXED_NOW.getTime() + CHECKOUT_HOLD_MINUTES * 60_000).toISOString(),
    })
    const exterior = await submitOk(exteriorRequest({date: '2030-01-17', arrivalWindow: '12:00-14:00'}))
    expect(exterior.booking).toMatchObject({date: '2030-01-17', arrivalWindow: '12:00-14:00', serviceFamily: 'exterior'})
  })

  it('refuses, on its field, a closed day, a day too soon or too far, a window the crew does not work; stores nothing', async () => {
    const before = await rowCount()
    const refused = async (overrides: Record<string, unknown>) => {
      const result = await submitBooking(houseRequest(overrides), deps())
      return !result.ok && result.kind === 'validation' ? result.fieldErrors : result
    }
    expect(await refused({date: '2030-01-20', arrivalWindow: '08:00-10:00'})).toEqual({date: 'dateClosed'}) // a Sunday
    expect(await refused({date: '2030-01-15', arrivalWindow: '14:00-16:00'})).toEqual({date: 'dateTooSoon'})
    expect(await refused({date: '2030-03-18', arrivalWindow: '08:00-10:00'})).toEqual({date: 'dateTooFar?days=60'})
    expect(await refused({date: '2030-01-16', arrivalWindow: '07:00-09:00'})).toEqual({arrivalWindow: 'windowUnknown'})
    const commercial = await submitBooking(commercialRequest({date: '2030-01-16', arrivalWindow: '10:00-12:00'}), deps())
    expect(commercial).toMatchObject({kind: 'validation', fieldErrors: {arrivalWindow: 'windowUnknown'}})
    expect(await rowCount()).toBe(before)
  })

  it("refuses a full window with 'windowFull', keeps answering the booking that took the place, and opens it again once that checkout is cancelled", async () => {
    const first = commercialRequest({date: '2030-01-18', arrivalWindow: '08:00-10:00'})
    const taken = await submitOk(first)
    const second = await submitBooking(commercialRequest({date: '2030-01-18', arrivalWindow: '08:00-10:00'}), deps({availability: testAvailability}))
    expect(second).toMatchObject({ok: false, kind: 'validation', fieldErrors: {arrivalWindow: 'windowFull'}})
    // The same submission again (a retry) is the same booking, not a refusal.
    expect(await submitBooking(first, deps({availability: testAvailability}))).toMatchObject({ok: true, bookingId: taken.bookingId})
    await store.markClosed(taken.bookingId, 'cancelled')
    expect(await submitBooking(commercialRequest({date: '2030-01-18', arrivalWindow: '08:00-10:00'}), deps({availability: testAvailability}))).toMatchObject({ok: true})
  })
})

describe('submitBooking', () => {
  it('stores a valid house booking as pending with the server price and answers the checkout URL', async () => {
    const body = houseRequest()
    const {bookingId, checkoutUrl, booking} = await submitOk(body)

    expect(checkoutUrl).toMatch(new RegExp(`^${ORIGIN}/checkout/test/test_cs_[0-9a-f]{32}$`))
    expect(booking).toMatchObject({
      id: bookingId,
      industry: 'house',
      idempotencyKey: body.idempotencyKey,
      paymentStatus: 'pending',
      paymentProvider: 'test-checkout',
      paymentSessionId: sessionIdOf(checkoutUrl),
      amountCents: HOUSE_TOTAL_CENTS,
      amount: '139.60',
      discountCents: 1000,
      discount: '10.00',
      coupon: 'save10',
      // every field the customer entered
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      phone: '4255550142',
      address: '1200 Lake Washington Blvd N, Renton, WA 98056',
      notes: 'Side door, the dog is friendly',
      location: 'King County',
      service: 'Regular Cleaning',
      frequency: 'Weekly',
      bedrooms: 2,
      bathrooms: 1,
      halfBath: 0,
      den: 0,
      extras: {'Extra Heavy Duty': 0, Blinds: 1, 'Interior Windows': 0, Oven: 0, Garage: 0},
      instructions: {
        'How Clean Is Your Home?': 'Mostly Clean',
        'How Will We Get Inside?': 'I will be Home',
        'Where Can We Park?': 'Street Parking',
      },
      date: '2030-02-01',
      tip: '10%',
      parkingFee: '$5',
      hours: 0,
      minutes: 0,
      paidAt: null,
    })

    const session = await payments.getSession(sessionIdOf(checkoutUrl))
    expect(session).toMatchObject({
      bookingId,
      amountCents: HOUSE_TOTAL_CENTS,
      currency: 'usd',
      description: 'House Cleaning – Regular Cleaning, Weekly',
      successUrl: `${ORIGIN}/success?bookingId=${bookingId}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/cancel?bookingId=${bookingId}`,
      idempotencyKey: body.idempotencyKey,
      status: 'open',
    })
  })

  it('stores every field of the carpet (location, date, coupon), exterior and commercial (total) forms', async () => {
    const carpet = await submitOk(carpetRequest())
    expect(carpet.booking).toMatchObject({
      industry: 'carpet',
      location: 'King County',
      date: '2030-02-11',
      coupon: 'save20',
      discountCents: 3117,
      amountCents: CARPET_TOTAL_CENTS,
      frequency: 'Every 6 Months',
      rooms: 2,
      stairs: 1,
      extras: {'Pet, Food, Drink Stain': 0, HAZARD: 0, 'WINE STAIN REMOVAL': 0, HALLWAYS: 2},
      instructions: 'I Will Hide The Keys',
      notes: null,
    })

    const exterior = await submitOk(exteriorRequest())
    expect(exterior.booking).toMatchObject({
      industry: 'exterior',
      service: 'Gutter Cleaning',
      frequency: 'One-Time',
      tip: '15%',
      parkingFee: 'Other',
      instructions: {keyInfo: 'Someone Will Be At Home'},
      amountCents: EXTERIOR_TOTAL_CENTS,
      coupon: null,
      notes: 'Moss on the north side',
    })

    const commercial = await submitOk(commercialRequest())
    expect(commercial.booking).toMatchObject({
      industry: 'commercial',
      location: 'Snohomish County',
      service: 'Corporate Office Cleaning',
      frequency: 'Recurring',
      date: '2030-03-04',
      amountCents: COMMERCIAL_TOTAL_CENTS,
      amount: '60.00',
      notes: 'Loading dock entrance',
    })
    expect(await rowCount()).toBe(3)
  })

  it('ignores an amount, total or discount in the request: the server alone prices', async () => {
    const {booking, checkoutUrl} = await submitOk(
      commercialRequest({amount: 0.5, amountCents: 50, total: 1, totalCents: 50, discount: 59, discountCents: 5900}),
    )
    expect(booking.amountCents).toBe(COMMERCIAL_TOTAL_CENTS)
    expect(booking.discountCents).toBe(0)
    expect((await payments.getSession(sessionIdOf(checkoutUrl)))?.amountCents).toBe(COMMERCIAL_TOTAL_CENTS)
  })

  it('refuses invalid input with a message per field and stores nothing', async () => {
    const createCheckout = vi.spyOn(payments, 'createCheckout')
    const result = await submitBooking(houseRequest({firstName: '  ', email: 'not-an-email', bedrooms: 9, date: '2030-01-14'}), deps())
    expectFailure(result, 'validation')
    if (result.ok || result.kind !== 'validation') return
    expect(result.fieldErrors).toMatchObject({
      firstName: 'firstNameRequired',
      email: 'emailInvalid',
      bedrooms: 'countInvalid?label=Bedrooms&min=1&max=7',
      date: 'datePast',
    })
    expect(result.message).toBe(Object.values(result.fieldErrors)[0])
    expect(await rowCount()).toBe(0)
    expect(createCheckout).not.toHaveBeenCalled()
  })

  it('refuses an unknown service, frequency, industry or a request that is not an object', async () => {
    for (const body of [
      commercialRequest({subService: 'Window Cleaning'}),
      exteriorRequest({frequency: 'Daily'}),
      houseRequest({industry: 'pool'}),
      'house',
      null,
      [houseRequest()],
    ]) {
      expectFailure(await submitBooking(body, deps()), 'validation')
    }
    expect(await rowCount()).toBe(0)
  })

  it('refuses an unknown coupon (couponInvalid) and stores nothing', async () => {
    const result = await submitBooking(houseRequest({coupon: 'FREEBIE'}), deps())
    expectFailure(result, 'validation')
    if (!result.ok && result.kind === 'validation') expect(result.fieldErrors.coupon).toBe('couponInvalid')
    const carpet = await submitBooking(carpetRequest({coupon: 'flat5'}), deps())
    if (!carpet.ok && carpet.kind === 'validation') expect(carpet.fieldErrors.coupon).toBe('couponInvalid')
    else throw new Error('flat5 is a house coupon only')
    expect(await rowCount()).toBe(0)
  })

  it('returns the same booking and checkout URL for the same idempotency key', async () => {
    const body = houseRequest()
    const first = await submitBooking(body, deps())
    // The same details written differently (spacing, phone format, coupon case) are the same submission.
    const second = await submitBooking({...body, phone: '425.555.0142', coupon: 'save10', firstName: ' Ada '}, deps())
    expect(first.ok && second.ok).toBe(true)
    expect(second).toEqual(first)
    expect(await rowCount()).toBe(1)
  })

  it('refuses the same key with other details instead of silently keeping the first ones', async () => {
    const body = houseRequest()
    const first = await submitOk(body)
    const changed = await submitBooking({...body, date: '2030-02-02'}, deps())
    expect(changed).toEqual({ok: false, kind: 'conflict', message: BOOKING_MESSAGES.alreadySubmitted})
    expect(await store.findById(first.bookingId)).toEqual(first.booking)
    expect(await rowCount()).toBe(1)
  })

  it('makes one booking and one checkout from 5 concurrent submissions with one key', async () => {
    const createCheckout = vi.spyOn(payments, 'createCheckout')
    const body = commercialRequest()
    const results = await Promise.all(Array.from({length: 5}, () => submitBooking(body, deps())))
    expect(results.every((result) => result.ok)).toBe(true)
    expect(new Set(results.map((result) => result.ok && result.bookingId)).size).toBe(1)
    expect(new Set(results.map((result) => result.ok && result.checkoutUrl)).size).toBe(1)
    expect(await rowCount()).toBe(1)
    const sessions = await Promise.all(createCheckout.mock.results.map((call) => call.value as Promise<{id: string}>))
    expect(new Set(sessions.map((session) => session.id)).size).toBe(1)
  })

  it('a repeat of a paid booking answers its success page; of a cancelled one, that it can no longer be paid', async () => {
    const paidBody = commercialRequest()
    const paid = await submitOk(paidBody)
    const paidSession = sessionIdOf(paid.checkoutUrl)
    await payments.complete(paidSession, 'paid')
    await fulfilCheckout(paidSession, deps())
    expect(await submitBooking(paidBody, deps())).toEqual({
      ok: true,
      bookingId: paid.bookingId,
      checkoutUrl: `${ORIGIN}/success?bookingId=${paid.bookingId}&session_id=${paidSession}`,
    })

    const cancelledBody = commercialRequest()
    const cancelled = await submitOk(cancelledBody)
    await store.markClosed(cancelled.bookingId, 'cancelled')
    expect(await submitBooking(cancelledBody, deps())).toEqual({ok: false, kind: 'conflict', message: BOOKING_MESSAGES.bookingClosed})
  })

  it('answers a save failure when the store cannot be reached', async () => {
    const closedDb = await openMigratedMemoryDatabase()
    await closedDb.close()
    const result = await submitBooking(houseRequest(), deps({store: createSqlBookingStore(closedDb)}))
    expect(result).toEqual({ok: false, kind: 'save', message: BOOKING_MESSAGES.saveFailed})
    expect(log.error).toHaveBeenCalled()
  }, 60_000)

  it('answers a payment failure when the checkout cannot be created; the retry with the same key pays the same booking', async () => {
    // Sessions kept in a database that is closed: every write fails.
    const closedDb = await openMigratedMemoryDatabase()
    await closedDb.close()
    const broken = new TestCheckoutProvider(databaseTestCheckoutSessions(async () => createSqlDatabaseFunctions(closedDb)))
    const body = houseRequest()
    const failed = await submitBooking(body, deps({payments: broken}))
    expect(failed).toEqual({ok: false, kind: 'payment', message: BOOKING_MESSAGES.paymentFailed})
    expect(await rowCount()).toBe(1)

    const retried = await submitBooking(body, deps())
    expect(retried.ok).toBe(true)
    expect(await rowCount()).toBe(1)
  })

  it('answers no-url when the provider gives no payment page', async () => {
    const noUrl = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    vi.spyOn(noUrl, 'createCheckout').mockResolvedValue({id: 'test_cs_00000000000000000000000000000000', url: ''})
    expect(await submitBooking(houseRequest(), deps({payments: noUrl}))).toEqual({ok: false, kind: 'no-url'})
  })

  it('names industry and service in the line item, exactly as pricing does', async () => {
    const schemas = createBookingSchemas(fixedClock)
    const requests = [
      houseRequest(),
      houseRequest({service: 'Deep Cleaning', frequency: ''}),
      houseRequest({service: 'Post Construction', frequency: '', hours: 2, minutes: 30}),
      houseRequest({service: 'Regular Cleaning', frequency: 'One-Time'}),
      exteriorRequest(),
      carpetRequest(),
      commercialRequest(),
    ]
    for (const body of requests) {
      const request = schemas.bookingRequestSchema.parse(body)
      const {booking} = await submitOk(body)
      expect(checkoutDescription(booking)).toBe(priceBooking(request).description)
    }
  })
})

describe('fulfilCheckout', () => {
  it('marks a paid checkout paid, once: a second confirmation changes nothing', async () => {
    const {bookingId, checkoutUrl} = await submitOk(houseRequest())
    const sessionId = sessionIdOf(checkoutUrl)
    await payments.complete(sessionId, 'paid')

    expect(await fulfilCheckout(sessionId, deps(), {expectedBookingId: bookingId})).toEqual({outcome: 'paid', bookingId, changed: true})
    const paid = await store.findById(bookingId)
    expect(paid).toMatchObject({paymentStatus: 'paid', paymentSessionId: sessionId, paidAt: FIXED_NOW.toISOString()})

    const later = () => new Date('2030-01-16T00:00:00Z')
    expect(await fulfilCheckout(sessionId, deps({now: later}))).toEqual({outcome: 'paid', bookingId, changed: false})
    expect(await store.findById(bookingId)).toEqual(paid)
  })

  it('does not mark a cancelled or still open checkout paid', async () => {
    const open = await submitOk(houseRequest())
    expect(await fulfilCheckout(sessionIdOf(open.checkoutUrl), deps())).toMatchObject({outcome: 'not-paid', checkoutStatus: 'open'})

    const cancelled = await submitOk(houseRequest())
    const sessionId = sessionIdOf(cancelled.checkoutUrl)
    await payments.complete(sessionId, 'cancelled')
    await payments.complete(sessionId, 'paid') // the first outcome wins
    expect(await fulfilCheckout(sessionId, deps())).toMatchObject({outcome: 'not-paid', checkoutStatus: 'expired'})
    expect((await store.findById(cancelled.bookingId))?.paymentStatus).toBe('pending')
  })

  it('does not mark a booking paid by a checkout for another amount or another booking', async () => {
    const {bookingId, booking} = await submitOk(commercialRequest())
    // A paid checkout naming this booking, for one cent less.
    const cheap = await payments.createCheckout({
      bookingId,
      amountCents: booking.amountCents - 1,
      currency: 'usd',
      description: 'Commercial Cleaning',
      customerEmail: booking.email,
      successUrl: `${ORIGIN}/success?bookingId=${bookingId}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/cancel?bookingId=${bookingId}`,
      idempotencyKey: randomUUID(),
    })
    await payments.complete(cheap.id, 'paid')
    expect(await fulfilCheckout(cheap.id, deps())).toMatchObject({outcome: 'mismatch', bookingId})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('pending')

    // The success page of another booking presenting this paid session.
    const other = await submitOk(commercialRequest())
    const otherSession = sessionIdOf(other.checkoutUrl)
    await payments.complete(otherSession, 'paid')
    expect(await fulfilCheckout(otherSession, deps(), {expectedBookingId: bookingId})).toMatchObject({outcome: 'mismatch'})
    expect((await store.findById(other.bookingId))?.paymentStatus).toBe('pending')
  })

  it('answers unknown-session for an unknown or malformed session id', async () => {
    expect(await fulfilCheckout('test_cs_0123456789abcdef0123456789abcdef', deps())).toEqual({outcome: 'unknown-session'})
    expect(await fulfilCheckout("'; drop table bookings; --", deps())).toEqual({outcome: 'unknown-session'})
  })

  it('reports a paid checkout of a booking that was closed meanwhile, and leaves the booking closed', async () => {
    const {bookingId, checkoutUrl} = await submitOk(houseRequest())
    const sessionId = sessionIdOf(checkoutUrl)
    await store.markClosed(bookingId, 'expired')
    await payments.complete(sessionId, 'paid')
    expect(await fulfilCheckout(sessionId, deps())).toEqual({outcome: 'closed', bookingId, status: 'expired'})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('expired')
    // Recorded for the office's Needs attention (take it or refund it), once however often it is confirmed.
    expect(await fulfilCheckout(sessionId, deps())).toEqual({outcome: 'closed', bookingId, status: 'expired'})
    const {rows} = await db.query<{session_id: string; booking_status: string; resolution: string | null}>(
      'select session_id, booking_status, resolution from public.late_payments where booking_id = $1',
      [bookingId],
    )
    expect(rows).toEqual([{session_id: sessionId, booking_status: 'expired', resolution: null}])
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('Needs attention'))
  })
})

describe('handlePaymentEvent', () => {
  function event(overrides: Partial<PaymentEvent>): PaymentEvent {
    return {kind: 'paid', eventId: `evt_${randomUUID()}`, eventType: 'checkout.session.completed', currency: 'usd', ...overrides}
  }

  it('changes nothing for an unknown booking or an ignored event', async () => {
    const {booking} = await submitOk(houseRequest())
    const before = await rowCount()
    for (const kind of ['paid', 'expired', 'failed'] as const) {
      expect(
        await handlePaymentEvent(event({kind, sessionId: 'cs_test_unknown', bookingId: randomUUID(), amountTotalCents: booking.amountCents}), deps()),
      ).toEqual({outcome: 'unknown-booking'})
      expect(await handlePaymentEvent(event({kind, sessionId: 'cs_test_unknown'}), deps())).toEqual({outcome: 'unknown-booking'})
    }
    expect(await handlePaymentEvent(event({kind: 'ignored', eventType: 'customer.created'}), deps())).toEqual({outcome: 'ignored'})
    expect(await rowCount()).toBe(before)
    expect(await store.findById(booking.id)).toEqual(booking)
  })

  it('closes a pending booking on expiry; a late paid event or a stale session then changes nothing', async () => {
    const {bookingId, checkoutUrl, booking} = await submitOk(houseRequest())
    const sessionId = sessionIdOf(checkoutUrl)
    expect(await handlePaymentEvent(event({kind: 'expired', sessionId: 'test_cs_someotherolderession', bookingId}), deps())).toEqual({
      outcome: 'stale-session',
      bookingId,
    })
    expect(await handlePaymentEvent(event({kind: 'expired', sessionId, bookingId}), deps())).toMatchObject({outcome: 'closed-booking', changed: true})
    expect(await handlePaymentEvent(event({kind: 'failed', sessionId, bookingId}), deps())).toMatchObject({outcome: 'closed-booking', changed: false})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('expired')
    expect(await handlePaymentEvent(event({sessionId, bookingId, amountTotalCents: booking.amountCents}), deps())).toMatchObject({outcome: 'closed'})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('expired')
  })
})

describe('webhooks in Stripe mode (events signed by the Stripe SDK, verified by the Stripe adapter)', () => {
  const WEBHOOK_SECRET = 'whsec_flow_test_0123456789abcdef'
  const sdk = new Stripe('sk_test_51FlowTestKey000000000000000000000000')
  const stripe = new StripePaymentProvider({secretKey: 'sk_test_51FlowTestKey000000000000000000000000', webhookSecret: WEBHOOK_SECRET})

  async function bookingWithStripeSession(): Promise<{booking: StoredBooking; sessionId: string}> {
    const {booking} = await submitOk(houseRequest())
    const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`
    // As if created by Stripe: the booking's session is the Stripe one.
    await db.query('update public.bookings set payment_provider = $2, payment_session_id = $3 where id = $1', [booking.id, 'stripe', sessionId])
    return {booking: (await store.findById(booking.id)) as StoredBooking, sessionId}
  }

  function signedEvent(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET): {payload: string; header: string} {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(FIXED_NOW.getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: {id: null, idempotency_key: null},
      type,
      data: {object: {object: 'checkout.session', currency: 'usd', status: 'complete', payment_status: 'paid', ...session}},
    })
    return {payload, header: sdk.webhooks.generateTestHeaderString({payload, secret})}
  }

  function completed(booking: StoredBooking, sessionId: string, overrides: Record<string, unknown> = {}) {
    return signedEvent('checkout.session.completed', {
      id: sessionId,
      amount_total: booking.amountCents,
      client_reference_id: booking.id,
      metadata: {bookingId: booking.id},
      ...overrides,
    })
  }

  it('refuses a bad signature and changes nothing', async () => {
    const {booking, sessionId} = await bookingWithStripeSession()
    const good = completed(booking, sessionId)
    const forged = signedEvent('checkout.session.completed', {id: sessionId, amount_total: booking.amountCents, metadata: {bookingId: booking.id}}, 'whsec_attacker')
    await expect(stripe.parseWebhook(forged.payload, forged.header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    await expect(stripe.parseWebhook(good.payload.replace('"paid"', '"paid" '), good.header)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    await expect(stripe.parseWebhook(good.payload, null)).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
    expect(await store.findById(booking.id)).toEqual(booking)
  })

  it('marks the booking paid once: the same event twice changes it once', async () => {
    const {booking, sessionId} = await bookingWithStripeSession()
    const {payload, header} = completed(booking, sessionId)

    const first = await handlePaymentEvent(await stripe.parseWebhook(payload, header), deps())
    expect(first).toEqual({outcome: 'paid', bookingId: booking.id, changed: true})
    const paid = await store.findById(booking.id)
    expect(paid).toMatchObject({paymentStatus: 'paid', paymentSessionId: sessionId, paidAt: FIXED_NOW.toISOString()})

    const again = await handlePaymentEvent(await stripe.parseWebhook(payload, header), deps({now: () => new Date('2030-02-01T00:00:00Z')}))
    expect(again).toEqual({outcome: 'paid', bookingId: booking.id, changed: false})
    expect(await store.findById(booking.id)).toEqual(paid)
  })

  it('ignores a completed checkout still awaiting an async payment, and one for another amount', async () => {
    const {booking, sessionId} = await bookingWithStripeSession()
    const unpaid = completed(booking, sessionId, {payment_status: 'unpaid'})
    expect(await handlePaymentEvent(await stripe.parseWebhook(unpaid.payload, unpaid.header), deps())).toEqual({outcome: 'ignored'})
    const cheap = signedEvent('checkout.session.async_payment_succeeded', {id: sessionId, amount_total: 50, metadata: {bookingId: booking.id}})
    expect(await handlePaymentEvent(await stripe.parseWebhook(cheap.payload, cheap.header), deps())).toMatchObject({outcome: 'mismatch'})
    expect((await store.findById(booking.id))?.paymentStatus).toBe('pending')
  })

  it('marks an expired checkout expired and a failed async payment failed', async () => {
    const expired = await bookingWithStripeSession()
    const expiredEvent = signedEvent('checkout.session.expired', {
      id: expired.sessionId,
      status: 'expired',
      payment_status: 'unpaid',
      amount_total: expired.booking.amountCents,
      metadata: {bookingId: expired.booking.id},
    })
    expect(await handlePaymentEvent(await stripe.parseWebhook(expiredEvent.payload, expiredEvent.header), deps())).toMatchObject({
      outcome: 'closed-booking',
      status: 'expired',
      changed: true,
    })
    expect((await store.findById(expired.booking.id))?.paymentStatus).toBe('expired')

    const failed = await bookingWithStripeSession()
    // No metadata: found through the session id.
    const failedEvent = signedEvent('checkout.session.async_payment_failed', {id: failed.sessionId, payment_status: 'unpaid'})
    expect(await handlePaymentEvent(await stripe.parseWebhook(failedEvent.payload, failedEvent.header), deps())).toMatchObject({
      outcome: 'closed-booking',
      status: 'failed',
    })
    expect((await store.findById(failed.booking.id))?.paymentStatus).toBe('failed')
  })
})

describe('pages', () => {
  it('the success summary holds the service, date, arrival window, location and total, nothing personal', async () => {
    const body = houseRequest()
    const {bookingId, checkoutUrl} = await submitOk(body)
    const pending = await bookingSummaryForSuccess(bookingId, {store})
    expect(pending).toEqual({
      // The first 8 hex digits of the booking's id, in two groups of four.
      reference: `${bookingId.slice(0, 4)}-${bookingId.slice(4, 8)}`.toUpperCase(),
      service: 'House Cleaning – Regular Cleaning, Weekly',
      date: '2030-02-01',
      arrivalWindow: '8:00 AM – 10:00 AM',
      location: 'King County',
      totalPaid: null,
      total: '$139.60',
      paymentStatus: 'pending',
    })

    await payments.complete(sessionIdOf(checkoutUrl), 'paid')
    const summary = await successPageSummary(
      {bookingId, sessionId: sessionIdOf(checkoutUrl)},
      {store, now: fixedClock, payments: () => payments},
    )
    expect(summary).toMatchObject({totalPaid: '$139.60', paymentStatus: 'paid'})
    const text = JSON.stringify(summary)
    for (const personal of ['Ada', 'Lovelace', 'ada.lovelace@example.com', '4255550142', 'Lake Washington', 'dog']) {
      expect(text).not.toContain(personal)
    }
    expect(Object.keys(summary ?? {}).sort()).toEqual(['arrivalWindow', 'date', 'location', 'paymentStatus', 'reference', 'service', 'total', 'totalPaid'])
  })

  it('the success summary is null for an unknown or malformed id', async () => {
    expect(await bookingSummaryForSuccess(randomUUID(), {store})).toBeNull()
    expect(await bookingSummaryForSuccess('not-a-uuid', {store})).toBeNull()
    expect(await bookingSummaryForSuccess("1' or '1'='1", {store})).toBeNull()
    expect(await successPageSummary({bookingId: null, sessionId: null}, {store, now: fixedClock, payments: () => payments})).toBeNull()
  })

  it('the success page of another booking does not confirm a session that is not its own', async () => {
    const mine = await submitOk(houseRequest())
    const theirs = await submitOk(houseRequest())
    await payments.complete(sessionIdOf(theirs.checkoutUrl), 'paid')
    const summary = await successPageSummary(
      {bookingId: mine.bookingId, sessionId: sessionIdOf(theirs.checkoutUrl)},
      {store, now: fixedClock, payments: () => payments},
    )
    expect(summary?.paymentStatus).toBe('pending')
    expect((await store.findById(theirs.bookingId))?.paymentStatus).toBe('pending')
  })

  it("the cancel page links back to the booking's form and closes a booking whose checkout was cancelled", async () => {
    const {bookingId, checkoutUrl} = await submitOk(carpetRequest())
    let at = fixedClock().getTime()
    const cancelDeps = {store, now: () => new Date(at), payments: () => payments}
    // Still open (a Stripe session stays payable after its cancel link): the booking stays pending.
    expect(await acknowledgeCancel(bookingId, cancelDeps)).toEqual({formPath: '/carpet_cleaning', industry: 'carpet', bookingId})
    expect((await store.findById(bookingId))?.paymentStatus).toBe('pending')

    await payments.complete(sessionIdOf(checkoutUrl), 'cancelled')
    // The provider is asked about a booking once per interval at most.
    at += PAYMENT_CHECK_INTERVAL_SECONDS * 1000
    await acknowledgeCancel(bookingId, cancelDeps)
    expect((await store.findById(bookingId))?.paymentStatus).toBe('cancelled')

    expect(await acknowledgeCancel('nope', cancelDeps)).toEqual({formPath: '/house_cleaning', industry: null, bookingId: null})
    expect(await acknowledgeCancel(null, cancelDeps)).toEqual({formPath: '/house_cleaning', industry: null, bookingId: null})
  })
})
