import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import type {PGlite} from '@electric-sql/pglite'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {TestCheckoutProvider} from '../../payments/test-checkout'
import {databaseTestCheckoutSessions} from '../../payments/test-checkout-sessions'
import {submitBooking, type BookingFlowDeps} from '../flow'
import {completeTestCheckout} from '../routes'
import {createSqlBookingStore} from '../store/sql-store'
import {testAvailability} from '../test-support/availability'
import {fixedClock, houseRequest, ORIGIN} from '../test-support/requests'
import {runPlanCharges} from './charges'
import {createPlanChargeStore} from './charges-store'
import {createPlanStore} from './plan-store'
import {createPlanReader} from './reader'
import {DEFAULT_PLAN_SETTINGS} from './settings'

/**
 * A weekly plan bought as a customer buys it (the booking flow, paid on the local test checkout,
 * which keeps a test card), then its later visits charged by the job with the clock moved: what the
 * plan's creation stores is what the job charges, to the card the checkout kept.
 */

let db: PGlite
let close: () => Promise<void>
beforeEach(async () => {
  ;({db, close} = await openTempPglite())
}, PGLITE_SETUP_TIMEOUT)
afterEach(() => close())

async function buyWeeklyPlan(cardDeclinesLater: boolean) {
  const functions = createSqlDatabaseFunctions(db)
  const store = createSqlBookingStore(db)
  const payments = new TestCheckoutProvider(databaseTestCheckoutSessions(async () => functions))
  const plans = {plans: createPlanStore(functions), availability: testAvailability, settings: DEFAULT_PLAN_SETTINGS}
  const deps: BookingFlowDeps = {store, payments, origin: ORIGIN, now: fixedClock, availability: testAvailability, plans}
  const submitted = await submitBooking(houseRequest(), deps)
  if (!submitted.ok) throw new Error(`Expected a booking, got ${JSON.stringify(submitted)}`)
  const sessionId = decodeURIComponent(new URL(submitted.checkoutUrl).pathname.split('/').pop() ?? '')
  // The visitor's choice on the test checkout page, then Pay.
  await payments.chooseCard(sessionId, cardDeclinesLater)
  await completeTestCheckout(sessionId, 'paid', {checkout: payments, store, now: fixedClock, plans})
  const first = await store.findById(submitted.bookingId)
  const reader = createPlanReader(functions)
  const plan = await reader.findPlan(first?.planId ?? '')
  if (!plan) throw new Error('No plan was made')
  const visits = await reader.visitsOf(plan.id)
  return {functions, payments, plan, visits, reader}
}

describe('a weekly plan bought on the test checkout, charged by the job', () => {
  it('visit 2 is charged to the kept test card 48 hours before it, once; the later visits wait', {timeout: 60_000}, async () => {
    const {functions, payments, plan, visits, reader} = await buyWeeklyPlan(false)
    const second = visits.find((visit) => visit.planVisit === 2)!
    const window = Date.parse(second.windowStartsAt ?? '')
    expect(second).toMatchObject({paymentStatus: 'scheduled', chargeState: 'scheduled', chargeDueAt: new Date(window - 48 * 3_600_000).toISOString()})
    const deps = (now: Date) => ({store: createPlanChargeStore(functions), payments: () => payments, settings: DEFAULT_PLAN_SETTINGS, now: () => now, log: {error: () => {}, warn: () => {}}})

    expect(await runPlanCharges(deps(new Date(window - 49 * 3_600_000)))).toMatchObject({charged: 0})
    expect(await runPlanCharges(deps(new Date(window - 48 * 3_600_000)))).toMatchObject({charged: 1, declined: 0})
    expect(await runPlanCharges(deps(new Date(window - 47 * 3_600_000)))).toMatchObject({charged: 0})

    const after = await reader.visitsOf(plan.id)
    expect(after.map((visit) => [visit.planVisit, visit.paymentStatus, visit.chargeState])).toEqual([
      [1, 'paid', null],
      [2, 'paid', 'charged'],
      ...after.slice(2).map((visit) => [visit.planVisit, 'scheduled', 'scheduled']),
    ])
    const charges = await reader.chargesOf(plan.id)
    expect(charges).toEqual([expect.objectContaining({bookingId: second.id, status: 'succeeded', amountCents: plan.perVisitCents, providerPaymentId: expect.stringMatching(/^test_pi_/)})])
    expect(after[1].paymentSessionId).toBe(charges[0].providerPaymentId)
    const {rows} = await db.query<{n: number; amount: number}>(`select count(*)::int as n, sum(amount_cents)::int as amount from public.test_checkout_charges where booking_id = $1`, [second.id])
    expect(rows[0]).toEqual({n: 1, amount: plan.perVisitCents})
  })

  it('a test card set to decline later: visit 2 is declined and the customer asked for a new card; a new card charges it at once', {timeout: 60_000}, async () => {
    const {functions, payments, plan, visits, reader} = await buyWeeklyPlan(true)
    const second = visits.find((visit) => visit.planVisit === 2)!
    const window = Date.parse(second.windowStartsAt ?? '')
    const run = await runPlanCharges({store: createPlanChargeStore(functions), payments: () => payments, settings: DEFAULT_PLAN_SETTINGS, now: () => new Date(window - 48 * 3_600_000), log: {error: () => {}, warn: () => {}}})
    expect(run).toMatchObject({declined: 1, charged: 0})
    expect((await reader.visitsOf(plan.id))[1]).toMatchObject({paymentStatus: 'scheduled', chargeState: 'declined', cardDeadlineAt: new Date(window - 24 * 3_600_000).toISOString()})
    const {rows} = await db.query<{template: string; to_address: string}>(`select template, to_address from public.email_outbox where payload ->> 'id' = $1`, [second.id])
    expect(rows).toEqual([{template: 'plan_visit_declined.customer', to_address: plan.email}])

    // A new card (the test checkout's card update, put in place by replace_plan_card as the manage
    // page's card update does): the held visit is charged at once, under the new card's key.
    const update = await payments.createCardUpdate({
      planId: plan.id,
      customerId: plan.paymentCustomerId ?? '',
      customerEmail: plan.email,
      successUrl: `${ORIGIN}/manage-booking/card?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/manage-booking/card`,
      idempotencyKey: `card-update:${plan.id}:1`,
    })
    await payments.chooseCard(update.id, false)
    await payments.completeCardUpdate(update.id, 'saved')
    const saved = await payments.retrieveCardUpdate(update.id)
    const card = saved.savedCard!
    const now = new Date(window - 30 * 3_600_000)
    await functions.value('replace_plan_card', {
      p_plan_id: plan.id,
      p_session_id: update.id,
      p_card: {provider: 'test-checkout', customer_id: card.customerId, payment_method_id: card.paymentMethodId, label: card.label},
      p_now: now,
    })
    const atOnce = await runPlanCharges(
      {store: createPlanChargeStore(functions), payments: () => payments, settings: DEFAULT_PLAN_SETTINGS, now: () => now, log: {error: () => {}, warn: () => {}}},
      {planId: plan.id},
    )
    expect(atOnce).toMatchObject({charged: 1, declined: 0})
    expect((await reader.visitsOf(plan.id))[1]).toMatchObject({paymentStatus: 'paid', chargeState: 'charged'})
    expect((await reader.chargesOf(plan.id)).map((charge) => [charge.status, charge.idempotencyKey])).toEqual([
      ['declined', `plan-visit:${second.id}:card-0`],
      ['succeeded', `plan-visit:${second.id}:card-1`],
    ])
  })
})
