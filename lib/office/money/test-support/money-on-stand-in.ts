import {randomUUID} from 'node:crypto'
import {beforeEach, expect} from 'vitest'
import {handlePaymentEvent, setFlowLogger, submitBooking, type FlowLogger} from '../../../booking/flow'
import type {BookingStore, StoredBooking} from '../../../booking/store/store'
import {roomyAvailability} from '../../../booking/test-support/availability'
import {fixedClock, houseRequest, ORIGIN} from '../../../booking/test-support/requests'
import type {PaymentProvider} from '../../../payments/provider'
import {embeddedBookingStore} from '../../../booking/store/test-support/embedded-store'
import {createSqlDatabaseFunctions} from '../../../database/sql-functions'
import {openedForTests} from '../../../database/test-support/opened-for-tests'
import {startStripeApiStandIn, type StripeApiStandIn} from '../../../payments/test-support/stripe-api'
import {createOfficeMoneyStore} from '../store'

/**
 * The office's money on the embedded database with every migration, beside the local stand-in for
 * Stripe's API, for the tests of one file (the booking flow logging to `log`): each test starts with
 * no bookings, e-mails or staff actions, and a stand-in that has seen no request and accepts refunds.
 */
export function officeMoneyOnStandIn(log: FlowLogger) {
  const {db, store} = embeddedBookingStore({set: setFlowLogger, log})
  const functions = createSqlDatabaseFunctions(db)
  const stripeApi = openedForTests(startStripeApiStandIn)
  beforeEach(async () => {
    await db.exec('delete from public.bookings; delete from public.email_outbox; delete from public.staff_actions')
    stripeApi.refunds.length = 0
    stripeApi.requests.length = 0
    stripeApi.refuseRefunds(null)
  })
  return {db, store, functions, money: createOfficeMoneyStore(functions), stripeApi}
}

/**
 * A house booking made through Confirm & Pay on Stripe, closed (its hold ended) before the customer
 * paid on Stripe's page: the payment webhook that then arrives finds it closed.
 */
export async function paidAfterHoldEnded(
  on: {store: BookingStore; stripe: PaymentProvider; stripeApi: StripeApiStandIn},
  eventId: string,
): Promise<{booking: StoredBooking; event: Parameters<typeof handlePaymentEvent>[0]}> {
  const result = await submitBooking(houseRequest({email: `late${randomUUID().slice(0, 8)}@example.com`}), {store: on.store, payments: on.stripe, origin: ORIGIN, now: fixedClock, availability: roomyAvailability})
  if (!result.ok) throw new Error('Expected a booking')
  const booking = (await on.store.findById(result.bookingId))!
  await on.store.markClosed(booking.id, 'expired')
  on.stripeApi.pay(booking.paymentSessionId!)
  const event = {kind: 'paid' as const, sessionId: booking.paymentSessionId!, bookingId: booking.id, amountTotalCents: booking.amountCents, currency: 'usd', eventId, eventType: 'checkout.session.completed'}
  expect(await handlePaymentEvent(event, {store: on.store, now: fixedClock})).toMatchObject({outcome: 'closed'})
  return {booking, event}
}
