import Stripe from 'stripe'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {checkoutRequestFor} from './test-support/checkout-request'
import {CheckoutNotFoundError, PaymentProviderError, type OffSessionChargeRequest} from './provider'
import {StripePaymentProvider} from './stripe'
import {startStripeApiStandIn, type StripeApiStandIn} from './test-support/stripe-api'

/**
 * Saved cards on Stripe, with the real SDK against the local stand-in that speaks
 * Stripe's wire format: the first visit's checkout keeps the card, later visits are charged
 * off-session (Stripe's test cards answer as Stripe does), a setup-mode checkout replaces the card,
 * an off-session payment is refunded through its PaymentIntent.
 */

const BOOKING_ID = '3f8c2a9e-5b1d-4c7a-9e2f-1a2b3c4d5e6f'
const PLAN_ID = '8d0b9f4e-2c1a-4e7b-9f3d-5a6b7c8d9e0f'
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef'

let api: StripeApiStandIn
beforeAll(async () => {
  api = await startStripeApiStandIn()
})
afterAll(async () => {
  await api.close()
})
beforeEach(() => {
  api.requests.length = 0
})

function provider(): StripePaymentProvider {
  return new StripePaymentProvider({secretKey: 'sk_test_51SavedCards000000000000', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: api.port, protocol: 'http', maxNetworkRetries: 2})
}

const checkout = checkoutRequestFor(BOOKING_ID, {
  amountCents: 16_624,
  description: 'House Cleaning — Regular Cleaning, Weekly',
  customerEmail: 'jane.doe@example.com',
  idempotencyKey: `booking-${BOOKING_ID}`,
  saveCard: true,
})

function charge(paymentMethodId: string, customerId = 'cus_PlanCustomer1', key = `plan-${PLAN_ID}-visit-2-card-0`): OffSessionChargeRequest {
  return {
    card: {customerId, paymentMethodId},
    amountCents: 16_624,
    currency: 'usd',
    description: 'House Cleaning – Regular Cleaning, Weekly (visit 2)',
    idempotencyKey: key,
    bookingId: BOOKING_ID,
    planId: PLAN_ID,
  }
}

describe('the first visit of a plan keeps its card (Stripe Checkout)', () => {
  it('asks Stripe for a Customer and setup_future_usage off_session, and reports the saved card once paid', async () => {
    const stripe = provider()
    const session = await stripe.createCheckout(checkout)
    const [created] = api.requests
    expect(created.form.get('customer_creation')).toBe('always')
    expect(created.form.get('payment_intent_data[setup_future_usage]')).toBe('off_session')
    expect(created.form.get('customer_email')).toBe('jane.doe@example.com')
    expect(created.idempotencyKey).toBe(`booking-${BOOKING_ID}`)

    const unpaid = await stripe.retrieveCheckout(session.id)
    expect(unpaid.paymentStatus).toBe('unpaid')
    expect(unpaid.savedCard ?? null).toBeNull()
    const paymentMethod = api.pay(session.id, 'pm_card_visa')
    const details = await stripe.retrieveCheckout(session.id)
    expect(details).toMatchObject({paymentStatus: 'paid', status: 'complete', bookingId: BOOKING_ID})
    expect(details.savedCard).toEqual({customerId: api.sessions.get(session.id)?.customer, paymentMethodId: paymentMethod, label: 'Visa ending 4242'})
    expect(details.savedCard?.customerId).toMatch(/^cus_/)
    // The card's brand and last four came in the same request (expand), not a second one.
    const reads = api.requests.filter((request) => request.method === 'GET')
    expect(reads).toHaveLength(2)
  })

  it('a one-time booking keeps no card: no Customer asked, none reported', async () => {
    const stripe = provider()
    const session = await stripe.createCheckout({...checkout, saveCard: undefined, idempotencyKey: 'one-time-1'})
    expect(api.requests[0].form.has('customer_creation')).toBe(false)
    expect(api.requests[0].form.has('payment_intent_data[setup_future_usage]')).toBe(false)
    api.pay(session.id)
    const paid = await stripe.retrieveCheckout(session.id)
    expect(paid.paymentStatus).toBe('paid')
    expect(paid.savedCard ?? null).toBeNull()
  })
})

describe('chargeSavedCard: a later visit charged off-session', () => {
  it('pm_card_visa: succeeded, with the PaymentIntent, sent off_session and confirmed with the idempotency key', async () => {
    const result = await provider().chargeSavedCard(charge('pm_card_visa'))
    expect(result).toEqual({outcome: 'succeeded', paymentId: api.paymentIntents.at(-1)?.id, amountCents: 16_624})
    const [request] = api.requests
    expect(request.path).toBe('/v1/payment_intents')
    expect(request.idempotencyKey).toBe(`plan-${PLAN_ID}-visit-2-card-0`)
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '16624',
      currency: 'usd',
      customer: 'cus_PlanCustomer1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      description: 'House Cleaning – Regular Cleaning, Weekly (visit 2)',
      'metadata[planId]': PLAN_ID,
      'metadata[bookingId]': BOOKING_ID,
      // Kept with the payment: found by it after Stripe has forgotten the key itself.
      'metadata[chargeKey]': `plan-${PLAN_ID}-visit-2-card-0`,
    })
  })

  it('pm_card_chargeDeclined: declined (402 card_declined), nothing taken, with the PaymentIntent Stripe made', async () => {
    const result = await provider().chargeSavedCard(charge('pm_card_chargeDeclined', 'cus_PlanCustomer1', 'declined-1'))
    expect(result).toEqual({outcome: 'declined', paymentId: api.paymentIntents.at(-1)?.id, code: 'generic_decline', message: 'Your card was declined.'})
    expect(api.paymentIntents.at(-1)?.status).toBe('requires_payment_method')
    // A card error is an answer, not an outage: no retry.
    expect(api.requests).toHaveLength(1)
  })

  it('pm_card_authenticationRequired: authentication_required, with the PaymentIntent id from the error', async () => {
    const result = await provider().chargeSavedCard(charge('pm_card_authenticationRequired', 'cus_PlanCustomer1', 'auth-1'))
    expect(result).toMatchObject({outcome: 'authentication_required', code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.'})
    expect(result.paymentId).toMatch(/^pi_/)
    expect(result.paymentId).toBe(api.paymentIntents.at(-1)?.id)
  })

  it('the same key again is the same charge: one PaymentIntent, the same answer', async () => {
    const stripe = provider()
    const first = await stripe.chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'same-key'))
    const again = await stripe.chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'same-key'))
    expect(again).toEqual(first)
    expect(api.paymentIntents.filter((intent) => intent.idempotencyKey === 'same-key')).toHaveLength(1)
  })

  it('a 500 then success: the SDK retries with the same key and one charge is made', async () => {
    api.failNext(1, 500)
    const before = api.paymentIntents.length
    const result = await provider().chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'retried'))
    expect(result.outcome).toBe('succeeded')
    expect(api.requests.map((request) => request.idempotencyKey)).toEqual(['retried', 'retried'])
    expect(api.paymentIntents.length - before).toBe(1)
  })

  it('Stripe out of reach (5xx or 429 past the retries): PaymentProviderError, nothing recorded as declined', async () => {
    api.failNext(3, 503)
    await expect(provider().chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'outage'))).rejects.toMatchObject({name: 'PaymentProviderError', statusCode: 503})
    api.failNext(3, 429)
    const error = await provider()
      .chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'rate-limited'))
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({statusCode: 429})
    expect(api.paymentIntents.some((intent) => intent.idempotencyKey === 'outage' || intent.idempotencyKey === 'rate-limited')).toBe(false)
    // Later, with the same key, the charge goes through once.
    await expect(provider().chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'outage'))).resolves.toMatchObject({outcome: 'succeeded'})
  })

  it('a card saved at checkout is charged like the test card it was made with', async () => {
    const stripe = provider()
    const session = await stripe.createCheckout({...checkout, idempotencyKey: 'saved-declining'})
    api.pay(session.id, 'pm_card_chargeDeclined')
    const card = (await stripe.retrieveCheckout(session.id)).savedCard
    expect(card?.label).toBe('Visa ending 0002')
    const result = await stripe.chargeSavedCard({...charge(card!.paymentMethodId, card!.customerId, 'saved-declining-visit-2')})
    expect(result.outcome).toBe('declined')
  })
})

describe('card update: Checkout in setup mode', () => {
  it("creates a setup-mode session for the plan's customer (currency usd, metadata.planId) and reads the new card", async () => {
    const stripe = provider()
    const session = await stripe.createCardUpdate({
      planId: PLAN_ID,
      customerId: 'cus_PlanCustomer1',
      customerEmail: 'jane.doe@example.com',
      successUrl: 'https://renton.example/manage-booking/card?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://renton.example/manage-booking/card?cancelled=1',
      idempotencyKey: `plan-${PLAN_ID}-card-update-1`,
    })
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    expect(Object.fromEntries(api.requests[0].form)).toEqual({
      mode: 'setup',
      currency: 'usd',
      customer: 'cus_PlanCustomer1',
      'metadata[planId]': PLAN_ID,
      'setup_intent_data[metadata][planId]': PLAN_ID,
      success_url: 'https://renton.example/manage-booking/card?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://renton.example/manage-booking/card?cancelled=1',
    })
    expect(api.requests[0].idempotencyKey).toBe(`plan-${PLAN_ID}-card-update-1`)

    await expect(stripe.retrieveCardUpdate(session.id)).resolves.toEqual({id: session.id, planId: PLAN_ID, status: 'open', savedCard: null})
    const paymentMethod = api.pay(session.id, 'pm_card_mastercard')
    await expect(stripe.retrieveCardUpdate(session.id)).resolves.toEqual({
      id: session.id,
      planId: PLAN_ID,
      status: 'complete',
      savedCard: {customerId: 'cus_PlanCustomer1', paymentMethodId: paymentMethod, label: 'Mastercard ending 4444'},
    })
    // The new card charges.
    await expect(stripe.chargeSavedCard(charge(paymentMethod!, 'cus_PlanCustomer1', 'after-update'))).resolves.toMatchObject({outcome: 'succeeded'})
  })

  it('a payment session is no card update; an unknown or malformed id is not found', async () => {
    const stripe = provider()
    const payment = await stripe.createCheckout({...checkout, idempotencyKey: 'not-a-card-update'})
    await expect(stripe.retrieveCardUpdate(payment.id)).rejects.toBeInstanceOf(CheckoutNotFoundError)
    await expect(stripe.retrieveCardUpdate('cs_test_unknown000')).rejects.toBeInstanceOf(CheckoutNotFoundError)
    await expect(stripe.retrieveCardUpdate('seti_123')).rejects.toBeInstanceOf(CheckoutNotFoundError)
  })

  it("the webhook maps a completed setup-mode session to card_saved with the plan and the session", async () => {
    const sdk = new Stripe('sk_test_signing_only')
    const payload = JSON.stringify({
      id: 'evt_1CardSaved0001',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: 1_767_229_200,
      data: {object: {id: 'cs_test_setup0001', object: 'checkout.session', mode: 'setup', status: 'complete', payment_status: 'no_payment_required', metadata: {planId: PLAN_ID}, setup_intent: 'seti_1', customer: 'cus_PlanCustomer1', amount_total: null, currency: 'usd'}},
      livemode: false,
      pending_webhooks: 1,
      request: {id: null, idempotency_key: null},
      type: 'checkout.session.completed',
    })
    const event = await provider().parseWebhook(payload, sdk.webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET}))
    expect(event).toEqual({kind: 'card_saved', planId: PLAN_ID, sessionId: 'cs_test_setup0001', eventId: 'evt_1CardSaved0001', eventType: 'checkout.session.completed'})
  })
})

describe('refund of a visit charged off-session', () => {
  it('refunds the PaymentIntent itself (pi_…), once per key', async () => {
    const stripe = provider()
    const charged = await stripe.chargeSavedCard(charge('pm_card_visa', 'cus_PlanCustomer1', 'to-refund'))
    if (charged.outcome !== 'succeeded') throw new Error('expected a charge')
    api.requests.length = 0
    const refund = await stripe.refund({sessionId: charged.paymentId, amountCents: 6_000, idempotencyKey: 'refund-visit-2', bookingId: BOOKING_ID})
    expect(refund).toMatchObject({amountCents: 6_000, status: 'succeeded'})
    expect(api.requests.map((request) => request.path)).toEqual(['/v1/refunds'])
    expect(api.requests[0].form.get('payment_intent')).toBe(charged.paymentId)
    await expect(stripe.refund({sessionId: charged.paymentId, amountCents: 6_000, idempotencyKey: 'refund-visit-2', bookingId: BOOKING_ID})).resolves.toEqual(refund)
    expect(api.refunds.filter((made) => made.paymentIntent === charged.paymentId)).toHaveLength(1)
    // More than is left is refused.
    await expect(stripe.refund({sessionId: charged.paymentId, amountCents: 16_000, idempotencyKey: 'refund-visit-2b', bookingId: BOOKING_ID})).rejects.toMatchObject({code: 'amount_too_large'})
  })
})
