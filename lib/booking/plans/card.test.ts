import Stripe from 'stripe'
import {describe, expect, it} from 'vitest'
import {embeddedDatabaseForTests, openedForTests} from '../../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import type {PaymentProvider} from '../../payments/provider'
import {TestCheckoutProvider} from '../../payments/test-checkout'
import {DECLINES_LATER_FIELD, DECLINES_LATER_VALUE, testCardAction} from '../../payments/test-checkout-actions'
import {databaseTestCheckoutSessions} from '../../payments/test-checkout-sessions'
import {startStripeApiStandIn, stripeOnStandIn} from '../../payments/test-support/stripe-api'
import type {RateLimiter} from '../../rate-limit/limiter'
import {signManageToken} from '../manage-link'
import {createSqlBookingStore} from '../store/sql-store'
import {houseBooking} from '../store/test-support/fixtures'
import {completeCardUpdate, handleCardUpdateRequest, startCardUpdate, type CardUpdateDeps} from './card'
import {handleWebhookRequest} from '../routes'
import {createPlanReader} from './reader'

/**
 * A plan's new card, end to end on the embedded database (PGlite, migrated like production) with
 * the local test checkout: the manage link of a declined visit opens the card-update checkout, the
 * customer saves a card on its page, the return page records it once, and the declined visit is
 * due for the charge job again. The Stripe path (setup mode, the card_saved webhook) runs with the
 * real SDK against the Stripe stand-in.
 */

const SECRET = 'manage-link-secret-for-card-tests-000000000000'
const ORIGIN = 'https://renton.example'
const NOW = new Date('2030-02-10T17:00:00.000Z')
const WEBHOOK_SECRET = 'whsec_test_card_updates_0123456789abcdef'

const db = embeddedDatabaseForTests()
const api = openedForTests(startStripeApiStandIn)

const functions = () => createSqlDatabaseFunctions(db)
const testCheckout = () => new TestCheckoutProvider(databaseTestCheckoutSessions(async () => functions()))
const stripe = () => stripeOnStandIn(api, {secretKey: 'sk_test_51CardUpdates0000', webhookSecret: WEBHOOK_SECRET})

function deps(payments: PaymentProvider, now = NOW): CardUpdateDeps {
  return {store: createSqlBookingStore(db), plans: createPlanReader(functions()), functions: functions(), payments, now: () => now, linkSecret: async () => SECRET, origin: ORIGIN}
}

const token = (bookingId: string, expiresAt = new Date('2030-03-10T00:00:00Z')) => signManageToken(bookingId, expiresAt, SECRET)

/** A weekly plan: its paid first visit, a later visit whose charge was declined (holding its place), its card. */
async function planWithDeclinedVisit(card: {provider: string; customerId: string; paymentMethodId: string; label: string}) {
  const store = createSqlBookingStore(db)
  const first = await store.createPending(houseBooking({frequency: 'Weekly', date: '2030-02-05'}))
  const later = await store.createPending(houseBooking({frequency: 'Weekly', date: '2030-02-12'}))
  const firstId = first.booking.id
  const laterId = later.booking.id
  const {rows} = await db.query<{id: string}>(
    `insert into public.booking_plans (first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family,
       visit_template, per_visit_cents, one_time_cents, first_name, last_name, email, phone, generated_through,
       payment_provider, payment_customer_id, payment_method_id, card_label)
     values ($1, 'house', 'Weekly', 'weekly', '2030-02-05', '08:00-10:00', 'indoor', '{}'::jsonb, 16624, 21500, 'Ada', 'O''Hara',
       'ada.ohara@example.com', '(425) 555-0142', '2030-04-30', $2, $3, $4, $5)
     returning id`,
    [firstId, card.provider, card.customerId, card.paymentMethodId, card.label],
  )
  const planId = rows[0].id
  await db.query(`update public.bookings set plan_id = $1, plan_visit = 1, payment_status = 'paid', paid_at = now(), payment_session_id = 'test_cs_first_' || $2 where id = $2`, [planId, firstId])
  await db.query(
    `with visit as (update public.bookings set plan_id = $1, plan_visit = 2, payment_status = 'scheduled' where id = $2 returning id)
     insert into public.plan_visit_charges (booking_id, state, due_at, card_deadline_at, attempts)
     select id, 'declined', '2030-02-10T15:00:00Z', '2030-02-11T15:00:00Z', 1 from visit`,
    [planId, laterId],
  )
  return {planId, firstId, laterId}
}

async function planRow(planId: string) {
  const {rows} = await db.query<{card_generation: number; payment_method_id: string; card_label: string; payment_customer_id: string}>('select * from public.booking_plans where id = $1', [planId])
  return rows[0]
}

async function visitRow(id: string) {
  const {rows} = await db.query<{charge_state: string; charge_due_at: Date; card_deadline_at: Date | null; payment_status: string}>(
    `select b.*, c.state as charge_state, c.due_at as charge_due_at, c.card_deadline_at from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id where b.id = $1`,
    [id],
  )
  return rows[0]
}

/** A first visit paid on the test checkout with saveCard: the plan's test card (declining later charges if asked). */
async function testCard(declines: boolean) {
  const checkout = testCheckout()
  const session = await checkout.createCheckout({
    bookingId: crypto.randomUUID(),
    amountCents: 16_624,
    currency: 'usd',
    description: 'House Cleaning — Regular Cleaning, Weekly',
    customerEmail: 'ada.ohara@example.com',
    successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ORIGIN}/cancel`,
    idempotencyKey: crypto.randomUUID(),
    saveCard: true,
  })
  await checkout.chooseCard(session.id, declines)
  await checkout.complete(session.id, 'paid')
  const card = (await checkout.retrieveCheckout(session.id)).savedCard!
  return {provider: 'test-checkout', customerId: card.customerId, paymentMethodId: card.paymentMethodId, label: card.label ?? ''}
}

const form = (fields: Record<string, string>) =>
  new Request(`${ORIGIN}/x`, {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'}, body: new URLSearchParams(fields).toString()})

describe('a new card for a plan, on the test checkout', () => {
  it('from the manage link of a declined visit: the card page, Save card, the return page records it and the visit is due again, once', async () => {
    const oldCard = await testCard(true)
    const {planId, laterId} = await planWithDeclinedVisit(oldCard)
    const link = token(laterId)
    const checkout = testCheckout()

    const started = await startCardUpdate(link, deps(checkout))
    if (!started.ok) throw new Error(`refused: ${started.refusal}`)
    expect(started.url).toBe(`${ORIGIN}/checkout/test/${started.sessionId}`)

    // The customer saves a card that charges (the "declines later" box left unticked).
    const saved = await testCardAction(form({}), started.sessionId, 'complete', checkout)
    const back = new URL(saved!.headers.get('Location')!)
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/manage-booking/card`)
    expect(back.searchParams.get('token')).toBe(link)
    expect(back.searchParams.get('session_id')).toBe(started.sessionId)

    const result = await completeCardUpdate(link, started.sessionId, deps(checkout))
    expect(result).toEqual({ok: true, outcome: 'replaced', cardLabel: 'Visa ending 4242', rescheduled: 1})
    const plan = await planRow(planId)
    expect(plan.card_generation).toBe(1)
    expect(plan.payment_customer_id).toBe(oldCard.customerId)
    expect(plan.payment_method_id).not.toBe(oldCard.paymentMethodId)
    expect(plan.card_label).toBe('Visa ending 4242')
    const visit = await visitRow(laterId)
    expect(visit).toMatchObject({charge_state: 'scheduled', payment_status: 'scheduled', card_deadline_at: null})
    expect(new Date(visit.charge_due_at).toISOString()).toBe(NOW.toISOString())

    // The return page reloaded (or the webhook after it): nothing changes again.
    await expect(completeCardUpdate(link, started.sessionId, deps(checkout, new Date(NOW.getTime() + 60_000)))).resolves.toEqual({ok: true, outcome: 'already', cardLabel: 'Visa ending 4242', rescheduled: 1})
    expect((await planRow(planId)).card_generation).toBe(1)
    expect(new Date((await visitRow(laterId)).charge_due_at).toISOString()).toBe(NOW.toISOString())

    // The new card charges where the old one declined.
    const request = {amountCents: 16_624, currency: 'usd' as const, description: 'House Cleaning – Regular Cleaning, Weekly (visit 2)', bookingId: laterId, planId}
    await expect(checkout.chargeSavedCard({...request, card: oldCard, idempotencyKey: `plan-${planId}-visit-2-card-0`})).resolves.toMatchObject({outcome: 'declined'})
    await expect(checkout.chargeSavedCard({...request, card: {customerId: plan.payment_customer_id, paymentMethodId: plan.payment_method_id}, idempotencyKey: `plan-${planId}-visit-2-card-1`})).resolves.toMatchObject({outcome: 'succeeded'})
  })

  it('a card that declines too may be saved ("declines later" ticked): recorded with its label', async () => {
    const {planId, laterId} = await planWithDeclinedVisit(await testCard(false))
    const checkout = testCheckout()
    const started = await startCardUpdate(token(laterId), deps(checkout))
    if (!started.ok) throw new Error(started.refusal)
    await testCardAction(form({[DECLINES_LATER_FIELD]: DECLINES_LATER_VALUE}), started.sessionId, 'complete', checkout)
    await expect(completeCardUpdate(token(laterId), started.sessionId, deps(checkout))).resolves.toMatchObject({ok: true, cardLabel: 'Visa ending 0002'})
    expect((await planRow(planId)).card_label).toBe('Visa ending 0002')
  })

  it('changes nothing when the card page was left, is of another plan, or the link is not good', async () => {
    const {planId, laterId} = await planWithDeclinedVisit(await testCard(true))
    const other = await planWithDeclinedVisit(await testCard(true))
    const checkout = testCheckout()
    const started = await startCardUpdate(token(laterId), deps(checkout))
    if (!started.ok) throw new Error(started.refusal)
    // Not saved yet (open), then cancelled.
    await expect(completeCardUpdate(token(laterId), started.sessionId, deps(checkout))).resolves.toEqual({ok: false, refusal: 'notSaved'})
    await testCardAction(form({}), started.sessionId, 'cancelled', checkout)
    await expect(completeCardUpdate(token(laterId), started.sessionId, deps(checkout))).resolves.toEqual({ok: false, refusal: 'notSaved'})
    // A card saved for another plan is not this plan's.
    const theirs = await startCardUpdate(token(other.laterId), deps(checkout))
    if (!theirs.ok) throw new Error(theirs.refusal)
    await testCardAction(form({}), theirs.sessionId, 'complete', checkout)
    await expect(completeCardUpdate(token(laterId), theirs.sessionId, deps(checkout))).resolves.toEqual({ok: false, refusal: 'notThisPlan'})
    await expect(completeCardUpdate(token(laterId), 'test_cs_' + '0'.repeat(32), deps(checkout))).resolves.toEqual({ok: false, refusal: 'notThisPlan'})
    // Links: changed, expired, of a one-time booking.
    await expect(startCardUpdate(token(laterId).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), deps(checkout))).resolves.toEqual({ok: false, refusal: 'linkInvalid'})
    await expect(startCardUpdate(token(laterId, new Date('2030-02-01T00:00:00Z')), deps(checkout))).resolves.toEqual({ok: false, refusal: 'linkExpired'})
    const oneTime = await createSqlBookingStore(db).createPending(houseBooking({frequency: 'One-Time'}))
    await expect(startCardUpdate(token(oneTime.booking.id), deps(checkout))).resolves.toEqual({ok: false, refusal: 'noPlan'})
    expect((await planRow(planId)).card_generation).toBe(0)
    expect((await visitRow(laterId)).charge_state).toBe('declined')
  })

  it('a cancelled plan keeps no card; a plan whose card is kept by another provider cannot take one here', async () => {
    const {planId, laterId} = await planWithDeclinedVisit(await testCard(true))
    await db.query(`update public.booking_plans set status = 'cancelled', cancelled_at = now(), cancelled_by = 'customer' where id = $1`, [planId])
    await expect(startCardUpdate(token(laterId), deps(testCheckout()))).resolves.toEqual({ok: false, refusal: 'planCancelled'})
    const stripeKept = await planWithDeclinedVisit({provider: 'stripe', customerId: 'cus_Kept', paymentMethodId: 'pm_Kept', label: 'Visa ending 4242'})
    await expect(startCardUpdate(token(stripeKept.laterId), deps(testCheckout()))).resolves.toEqual({ok: false, refusal: 'noCard'})
  })

  it('POST /api/bookings/manage/card: 303 to the card page; a refusal or the rate limit: 303 to the return page saying so', async () => {
    const {laterId} = await planWithDeclinedVisit(await testCard(true))
    const open: RateLimiter = {check: async () => ({allowed: true, remaining: 10, retryAfterSeconds: 0}) as never}
    const closed: RateLimiter = {check: async () => ({allowed: false, remaining: 0, retryAfterSeconds: 60}) as never}
    const options = (limiter: RateLimiter) => ({limiter, clientKey: () => '127.0.0.1', deps: async () => deps(testCheckout()), log: {error: () => {}}})

    const response = await handleCardUpdateRequest(form({token: token(laterId)}), options(open))
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toMatch(new RegExp(`^${ORIGIN}/checkout/test/test_cs_[0-9a-f]{32}$`))

    const limited = await handleCardUpdateRequest(form({token: token(laterId)}), options(closed))
    expect(limited.headers.get('Location')).toBe(`/manage-booking/card?token=${encodeURIComponent(token(laterId))}&problem=rateLimited`)
    const expired = await handleCardUpdateRequest(form({token: token(laterId, new Date('2030-01-01T00:00:00Z'))}), options(open))
    expect(expired.headers.get('Location')).toMatch(/&problem=linkExpired$/)
    expect((await handleCardUpdateRequest(form({}), options(open))).status).toBe(400)
    // A plan whose card the configured provider does not keep.
    const elsewhere = await handleCardUpdateRequest(form({token: token(laterId)}), {...options(open), deps: async () => deps(stripe())})
    expect(elsewhere.headers.get('Location')).toMatch(/&problem=noCard$/)
    // Stripe out of reach: the page says so, nothing else happens.
    const onStripe = await planWithDeclinedVisit({provider: 'stripe', customerId: 'cus_Down', paymentMethodId: 'pm_Down', label: 'Visa ending 4242'})
    api.failNext(1, 503)
    const down = await handleCardUpdateRequest(form({token: token(onStripe.laterId)}), {...options(open), deps: async () => deps(stripe())})
    expect(down.headers.get('Location')).toMatch(/&problem=unavailable$/)
    expect((await planRow(onStripe.planId)).card_generation).toBe(0)
  })
})

describe('a new card for a plan, on Stripe (setup mode, the card_saved webhook)', () => {
  it('the webhook records the card saved on Stripe\'s page, once; the return page then finds it recorded', async () => {
    const {planId, laterId} = await planWithDeclinedVisit({provider: 'stripe', customerId: 'cus_PlanOnStripe', paymentMethodId: 'pm_OldCard', label: 'Visa ending 0002'})
    const payments = stripe()
    const started = await startCardUpdate(token(laterId), deps(payments))
    if (!started.ok) throw new Error(started.refusal)
    const created = api.requests.find((request) => request.path === '/v1/checkout/sessions' && request.form.get('mode') === 'setup' && request.form.get('metadata[planId]') === planId)
    expect(created?.form.get('customer')).toBe('cus_PlanOnStripe')
    expect(created?.form.get('success_url')).toBe(`${ORIGIN}/manage-booking/card?token=${encodeURIComponent(token(laterId))}&session_id={CHECKOUT_SESSION_ID}`)
    const paymentMethod = api.pay(started.sessionId, 'pm_card_visa')

    const payload = JSON.stringify({
      id: 'evt_1CardSavedOnStripe',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: 1_767_229_200,
      data: {object: {...api.sessions.get(started.sessionId)}},
      livemode: false,
      pending_webhooks: 1,
      request: {id: null, idempotency_key: null},
      type: 'checkout.session.completed',
    })
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({payload, secret: WEBHOOK_SECRET})
    const webhook = () =>
      handleWebhookRequest(new Request(`${ORIGIN}/api/stripe/webhook`, {method: 'POST', headers: {'stripe-signature': signature}, body: payload}), {
        payments: () => payments,
        store: async () => createSqlBookingStore(db),
        now: () => NOW,
        cards: async () => ({plans: createPlanReader(functions()), functions: functions(), now: () => NOW}),
        log: {error: () => {}, warn: () => {}},
      })
    const answer = await webhook()
    expect(answer.status).toBe(200)
    expect(await planRow(planId)).toMatchObject({card_generation: 1, payment_method_id: paymentMethod, card_label: 'Visa ending 4242', payment_customer_id: 'cus_PlanOnStripe'})
    expect((await visitRow(laterId)).charge_state).toBe('scheduled')
    // Stripe sends it again; then the customer's browser arrives on the return page.
    expect((await webhook()).status).toBe(200)
    await expect(completeCardUpdate(token(laterId), started.sessionId, deps(payments))).resolves.toMatchObject({ok: true, outcome: 'already'})
    expect((await planRow(planId)).card_generation).toBe(1)

    // A bad signature is still refused by the booking's handler.
    const refused = await handleWebhookRequest(new Request(`${ORIGIN}/api/stripe/webhook`, {method: 'POST', headers: {'stripe-signature': 't=1,v1=00'}, body: payload}), {
      payments: () => payments,
      store: async () => createSqlBookingStore(db),
      now: () => NOW,
      cards: async () => ({plans: createPlanReader(functions()), functions: functions(), now: () => NOW}),
      log: {error: () => {}, warn: () => {}},
    })
    expect(refused.status).toBe(400)
  })
})
