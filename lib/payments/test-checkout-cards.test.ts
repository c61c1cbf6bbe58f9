import {describe, expect, it} from 'vitest'
import {embeddedDatabaseForTests} from '../database/test-support/opened-for-tests'
import {checkoutRequestFor} from './test-support/checkout-request'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {PaymentProviderError, type CheckoutRequest, type OffSessionChargeRequest} from './provider'
import {databaseTestCheckoutSessions, type TestCheckoutSessions} from './test-checkout-sessions'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider, testCardUpdateReturnUrl} from './test-checkout'
import {DECLINES_LATER_FIELD, DECLINES_LATER_VALUE, testCardAction} from './test-checkout-actions'

/**
 * Saved cards on the local test checkout, in the app's database (PGlite migrated like
 * production) and in memory alike: a plan's first checkout keeps a test card, later visits are
 * charged to it once per key (declined when the visitor so chose), a card update saves a new one,
 * an off-session test charge is refunded like a paid session.
 */

const BOOKING_ID = '5e0c9a7b-3d2f-4b1a-8c6e-7f8a9b0c1d2e'
const PLAN_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e'

const db = embeddedDatabaseForTests()

let keyCounter = 0
const key = (name: string) => `${name}-${++keyCounter}`

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const chosen = {
    amountCents: 16_624,
    description: 'House Cleaning — Regular Cleaning, Weekly',
    customerEmail: 'sam.lee@example.com',
    idempotencyKey: key('first-visit'),
    saveCard: true,
  }
  return checkoutRequestFor(BOOKING_ID, {...chosen, ...overrides}, 'http://localhost:3000')
}

function visitCharge(card: {customerId: string; paymentMethodId: string}, idempotencyKey: string, amountCents = 16_624): OffSessionChargeRequest {
  return {card, amountCents, currency: 'usd', description: 'House Cleaning – Regular Cleaning, Weekly (visit 2)', idempotencyKey, bookingId: BOOKING_ID, planId: PLAN_ID}
}

const stores: Array<[string, () => TestCheckoutSessions]> = [
  ['in the database (PGlite)', () => databaseTestCheckoutSessions(async () => createSqlDatabaseFunctions(db))],
  ['in memory', () => createMemoryTestCheckoutSessions()],
]

describe.each(stores)('the test checkout keeps a card, %s', (_name, sessions) => {
  async function paidWithCard(declines: boolean) {
    const provider = new TestCheckoutProvider(sessions())
    const session = await provider.createCheckout(checkout())
    await expect(provider.chooseCard(session.id, declines)).resolves.toBe('payment')
    const paid = await provider.complete(session.id, 'paid')
    expect(paid?.status).toBe('paid')
    const details = await provider.retrieveCheckout(session.id)
    return {provider, session, details}
  }

  it('a charge and a refund are found by their key before a retry (as at Stripe, by the key in metadata); none under an unknown key', async () => {
    const {provider, session, details} = await paidWithCard(false)
    const card = details.savedCard!
    const chargeKey = key('visit-2')
    const lookup = {idempotencyKey: chargeKey, card, bookingId: BOOKING_ID}
    await expect(provider.findOffSessionCharge(lookup)).resolves.toBeNull()
    const charged = await provider.chargeSavedCard(visitCharge(card, chargeKey))
    await expect(provider.findOffSessionCharge(lookup)).resolves.toEqual(charged)
    await expect(provider.findOffSessionCharge({...lookup, idempotencyKey: key('other')})).resolves.toBeNull()

    const refundKey = key('refund')
    await expect(provider.findRefund({sessionId: session.id, idempotencyKey: refundKey})).resolves.toBeNull()
    const refund = await provider.refund({sessionId: session.id, amountCents: 1000, idempotencyKey: refundKey, bookingId: BOOKING_ID})
    await expect(provider.findRefund({sessionId: session.id, idempotencyKey: refundKey})).resolves.toEqual(refund)
    // The key of another payment's refund is not this payment's.
    await expect(provider.findRefund({sessionId: charged.paymentId!, idempotencyKey: refundKey})).resolves.toBeNull()
  })

  it('a checkout made with saveCard reports a test customer and card once paid', async () => {
    const {details} = await paidWithCard(false)
    expect(details.paymentStatus).toBe('paid')
    expect(details.savedCard).toEqual({customerId: expect.stringMatching(/^test_cus_[0-9a-f]{32}$/), paymentMethodId: expect.stringMatching(/^test_pm_[0-9a-f]{32}$/), label: 'Visa ending 4242'})
  })

  it('a one-time checkout keeps no card; an unpaid one reports none yet', async () => {
    const provider = new TestCheckoutProvider(sessions())
    const oneTime = await provider.createCheckout(checkout({saveCard: undefined}))
    await provider.complete(oneTime.id, 'paid')
    const paid = await provider.retrieveCheckout(oneTime.id)
    expect(paid.paymentStatus).toBe('paid')
    expect(paid.savedCard ?? null).toBeNull()
    const open = await provider.createCheckout(checkout())
    await expect(provider.retrieveCheckout(open.id)).resolves.toMatchObject({paymentStatus: 'unpaid', savedCard: null})
    const cancelled = await provider.createCheckout(checkout())
    await provider.complete(cancelled.id, 'cancelled')
    // A choice made after the session ended changes nothing.
    await expect(provider.chooseCard(cancelled.id, true)).resolves.toBeNull()
    await expect(provider.retrieveCheckout(cancelled.id)).resolves.toMatchObject({status: 'expired', savedCard: null})
  })

  it('charges the kept card once per key: the same key answers the same charge, a new key is a new charge', async () => {
    const {provider, details} = await paidWithCard(false)
    const card = details.savedCard!
    const first = await provider.chargeSavedCard(visitCharge(card, key('visit-2')))
    expect(first).toEqual({outcome: 'succeeded', paymentId: expect.stringMatching(/^test_pi_[0-9a-f]{32}$/), amountCents: 16_624})
    const sameKey = visitCharge(card, `visit-2-again-${keyCounter}`)
    const once = await provider.chargeSavedCard(sameKey)
    await expect(provider.chargeSavedCard(sameKey)).resolves.toEqual(once)
    expect(once).not.toEqual(first)
    // The key with another amount is refused, as Stripe refuses it.
    await expect(provider.chargeSavedCard({...sameKey, amountCents: 9_999})).rejects.toMatchObject({code: 'idempotency_key_in_use'})
  })

  it('"this test card declines later charges": every charge of it is declined, and answered the same for its key', async () => {
    const {provider, details} = await paidWithCard(true)
    expect(details.savedCard?.label).toBe('Visa ending 0002')
    const request = visitCharge(details.savedCard!, key('declined-visit'))
    const declined = await provider.chargeSavedCard(request)
    expect(declined).toMatchObject({outcome: 'declined', code: 'card_declined', paymentId: expect.stringMatching(/^test_pi_/)})
    await expect(provider.chargeSavedCard(request)).resolves.toEqual(declined)
  })

  it('an unknown card, or a card of another customer, is refused (nothing charged), a bad request before any record', async () => {
    const {provider, details} = await paidWithCard(false)
    await expect(provider.chargeSavedCard(visitCharge({customerId: 'test_cus_' + '0'.repeat(32), paymentMethodId: details.savedCard!.paymentMethodId}, key('wrong-customer')))).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(provider.chargeSavedCard(visitCharge({customerId: details.savedCard!.customerId, paymentMethodId: 'test_pm_' + '0'.repeat(32)}, key('no-card')))).rejects.toMatchObject({code: 'resource_missing'})
    await expect(provider.chargeSavedCard(visitCharge(details.savedCard!, key('too-small'), 49))).rejects.toThrow(/at least 50/)
  })

  it('a card update (setup mode): its own page id, Save keeps a new card for the same customer, the choice to decline included', async () => {
    const {provider, details} = await paidWithCard(true)
    const customerId = details.savedCard!.customerId
    const request = {
      planId: PLAN_ID,
      customerId,
      customerEmail: 'sam.lee@example.com',
      successUrl: 'http://localhost:3000/manage-booking/card?token=t&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/manage-booking/card?token=t&cancelled=1',
      idempotencyKey: key('card-update'),
    }
    const update = await provider.createCardUpdate(request)
    expect(update.url).toBe(`/checkout/test/${update.id}`)
    await expect(provider.createCardUpdate(request)).resolves.toEqual(update)
    await expect(provider.retrieveCardUpdate(update.id)).resolves.toEqual({id: update.id, planId: PLAN_ID, status: 'open', savedCard: null})
    // Not a payment session.
    await expect(provider.retrieveCheckout(update.id)).rejects.toMatchObject({name: 'CheckoutNotFoundError'})

    await expect(provider.chooseCard(update.id, false)).resolves.toBe('card_update')
    const saved = await provider.completeCardUpdate(update.id, 'saved')
    expect(testCardUpdateReturnUrl(saved!, 'saved')).toBe(`http://localhost:3000/manage-booking/card?token=t&session_id=${update.id}`)
    const read = await provider.retrieveCardUpdate(update.id)
    expect(read).toMatchObject({status: 'complete', planId: PLAN_ID, savedCard: {customerId, label: 'Visa ending 4242'}})
    expect(read.savedCard?.paymentMethodId).not.toBe(details.savedCard!.paymentMethodId)
    // The first outcome wins.
    await expect(provider.completeCardUpdate(update.id, 'cancelled')).resolves.toMatchObject({status: 'saved'})
    // The old card still declines; the new one charges.
    await expect(provider.chargeSavedCard(visitCharge(details.savedCard!, key('old-card')))).resolves.toMatchObject({outcome: 'declined'})
    await expect(provider.chargeSavedCard(visitCharge(read.savedCard!, key('new-card')))).resolves.toMatchObject({outcome: 'succeeded'})

    const cancelled = await provider.createCardUpdate({...request, idempotencyKey: key('card-update-cancelled')})
    await provider.completeCardUpdate(cancelled.id, 'cancelled')
    await expect(provider.retrieveCardUpdate(cancelled.id)).resolves.toMatchObject({status: 'expired', savedCard: null})
  })

  it('refunds an off-session test charge (test_pi_…) like a paid session: once per key, never more than was charged, never a declined one', async () => {
    const {provider, details} = await paidWithCard(false)
    const charged = await provider.chargeSavedCard(visitCharge(details.savedCard!, key('to-refund')))
    if (charged.outcome !== 'succeeded') throw new Error('expected a charge')
    const refundKey = key('refund')
    const refund = await provider.refund({sessionId: charged.paymentId, amountCents: 10_000, idempotencyKey: refundKey, bookingId: BOOKING_ID})
    expect(refund).toMatchObject({id: expect.stringMatching(/^test_re_/), amountCents: 10_000, status: 'succeeded'})
    await expect(provider.refund({sessionId: charged.paymentId, amountCents: 10_000, idempotencyKey: refundKey, bookingId: BOOKING_ID})).resolves.toEqual(refund)
    await expect(provider.refund({sessionId: charged.paymentId, amountCents: 7_000, idempotencyKey: key('refund-more'), bookingId: BOOKING_ID})).rejects.toMatchObject({code: 'too_much'})

    const declining = await paidWithCard(true)
    const declined = await declining.provider.chargeSavedCard(visitCharge(declining.details.savedCard!, key('declined-no-refund')))
    await expect(declining.provider.refund({sessionId: declined.paymentId!, amountCents: 100, idempotencyKey: key('refund-declined'), bookingId: BOOKING_ID})).rejects.toMatchObject({code: 'not_paid'})
  })
})

describe('test charges across server processes', () => {
  it('two charges with the same key at once make one charge (decided in the database)', async () => {
    const provider = () => new TestCheckoutProvider(databaseTestCheckoutSessions(async () => createSqlDatabaseFunctions(db)))
    const first = provider()
    const session = await first.createCheckout(checkout())
    await first.complete(session.id, 'paid')
    const card = (await first.retrieveCheckout(session.id)).savedCard!
    const request = visitCharge(card, key('raced'))
    const [a, b] = await Promise.all([provider().chargeSavedCard(request), provider().chargeSavedCard(request)])
    expect(a).toEqual(b)
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.test_checkout_charges where idempotency_key = $1', [request.idempotencyKey])
    expect(rows[0].n).toBe(1)
  })
})

describe('the test checkout page\'s Pay / Save card and Cancel (testCardAction)', () => {
  const post = (body: string) => new Request('http://localhost:3000/checkout/test/x/pay', {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'}, body})
  const provider = () => new TestCheckoutProvider(databaseTestCheckoutSessions(async () => createSqlDatabaseFunctions(db)))

  it('Save card with "declines later" ticked: 303 to the success URL, the saved card declines', async () => {
    const checkoutProvider = provider()
    const update = await checkoutProvider.createCardUpdate({
      planId: PLAN_ID,
      customerId: 'test_cus_' + 'a'.repeat(32),
      customerEmail: 'sam.lee@example.com',
      successUrl: 'http://localhost:3000/manage-booking/card?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/manage-booking/card?cancelled=1',
      idempotencyKey: key('page-save'),
    })
    const response = await testCardAction(post(`${DECLINES_LATER_FIELD}=${DECLINES_LATER_VALUE}`), update.id, 'complete', checkoutProvider)
    expect(response?.status).toBe(303)
    expect(response?.headers.get('Location')).toBe(`http://localhost:3000/manage-booking/card?session_id=${update.id}`)
    const card = (await checkoutProvider.retrieveCardUpdate(update.id)).savedCard!
    expect(card.label).toBe('Visa ending 0002')
    await expect(checkoutProvider.chargeSavedCard(visitCharge(card, key('page-declines')))).resolves.toMatchObject({outcome: 'declined'})
    // Cancel afterwards goes where the session ended (saved), changing nothing.
    const again = await testCardAction(post(''), update.id, 'cancelled', checkoutProvider)
    expect(again?.headers.get('Location')).toBe(`http://localhost:3000/manage-booking/card?session_id=${update.id}`)
  })

  it('Cancel on a card update: 303 to the cancel URL, no card; a payment session is left to the booking\'s action with the choice kept', async () => {
    const checkoutProvider = provider()
    const update = await checkoutProvider.createCardUpdate({
      planId: PLAN_ID,
      customerId: 'test_cus_' + 'b'.repeat(32),
      customerEmail: 'sam.lee@example.com',
      successUrl: 'http://localhost:3000/manage-booking/card?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/manage-booking/card?cancelled=1',
      idempotencyKey: key('page-cancel'),
    })
    const cancelled = await testCardAction(post(''), update.id, 'cancelled', checkoutProvider)
    expect(cancelled?.headers.get('Location')).toBe('http://localhost:3000/manage-booking/card?cancelled=1')
    await expect(checkoutProvider.retrieveCardUpdate(update.id)).resolves.toMatchObject({status: 'expired', savedCard: null})

    const payment = await checkoutProvider.createCheckout(checkout())
    await expect(testCardAction(post(`${DECLINES_LATER_FIELD}=${DECLINES_LATER_VALUE}`), payment.id, 'complete', checkoutProvider)).resolves.toBeNull()
    await checkoutProvider.complete(payment.id, 'paid')
    await expect(checkoutProvider.retrieveCheckout(payment.id)).resolves.toMatchObject({savedCard: {label: 'Visa ending 0002'}})
  })
})
