import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import type {PGlite} from '@electric-sql/pglite'
import {renderEmail} from '@/components/email/render'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {composeMail, type ManageLinkFor} from '../../email/compose'
import type {OutboxMessage} from '../../email/outbox'
import type {EventFacts} from '../../email/queue'
import {emailContentFromDataset} from '../../email/test-support/content'
import {runPlanCharges, type PlanChargeDeps} from './charges'
import {createPlanChargeStore} from './charges-store'
import {createPlanReader} from './reader'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {asProvider, CardProcessorStandIn, insertPlanWithVisit, type CardBehaviour} from './test-support/charge-fixtures'

/**
 * The plan charge job on the embedded database with the clock moved (no waiting): a visit is
 * charged once, 48 hours before its window and not before; a decline asks the customer for a new
 * card and, after its deadline, gives the visit's place back; a paused plan is never charged; a
 * provider that cannot be reached is asked again later, never charging twice. Each test has a
 * database of its own. The provider is a stand-in of the card processor (the Stripe adapter runs
 * in the two-process test, charges-race.test.ts).
 */

const HOUR = 3_600_000
const WINDOW = '2031-03-12T15:00:00.000Z' // Wednesday 12 March 2031, 08:00 in Renton
const DATE = '2031-03-12'

let db: PGlite
let close: () => Promise<void>
beforeEach(async () => {
  ;({db, close} = await openTempPglite())
}, PGLITE_SETUP_TIMEOUT)
afterEach(() => close())

function at(offsetHours: number, from = WINDOW): Date {
  return new Date(new Date(from).getTime() + offsetHours * HOUR)
}

function job(processor: CardProcessorStandIn, clock: {now: Date}, overrides: Partial<PlanChargeDeps> = {}): PlanChargeDeps {
  const silent = {error: () => {}, warn: () => {}}
  return {
    store: createPlanChargeStore(createSqlDatabaseFunctions(db)),
    payments: () => asProvider(processor),
    settings: DEFAULT_PLAN_SETTINGS,
    now: () => clock.now,
    log: silent,
    ...overrides,
  }
}

async function visit(id: string) {
  const {rows} = await db.query<{payment_status: string; charge_state: string; payment_session_id: string | null; paid_at: Date | null; charge_due_at: Date; card_deadline_at: Date | null; charge_attempts: number; payment_provider: string | null}>(
    `select b.payment_status, c.state as charge_state, b.payment_session_id, b.paid_at, c.due_at as charge_due_at, c.card_deadline_at, c.attempts as charge_attempts, b.payment_provider
     from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id where b.id = $1`,
    [id],
  )
  return rows[0]
}

async function outbox(bookingId: string) {
  const {rows} = await db.query<{event_key: string; template: string; to_address: string | null; payload: EventFacts; id: string; reply_to: string | null}>(
    `select id, event_key, template, to_address, reply_to, payload from public.email_outbox where payload ->> 'id' = $1 order by template`,
    [bookingId],
  )
  return rows
}

async function placesTaken(now: Date): Promise<number> {
  const {rows} = await db.query<{taken: number}>(`select public.window_places_taken('indoor', $1::date, '08:00-10:00', $2) as taken`, [DATE, now.toISOString()])
  return rows[0].taken
}

/** What the availability reads for the day: the places taken in each window (window_places_taken_between). */
async function offeredTaken(now: Date): Promise<number> {
  const rows = await createSqlDatabaseFunctions(db).rows<{date: string; arrival_window: string; taken: number}>('window_places_taken_between', {
    p_family: 'indoor',
    p_from: DATE,
    p_to: DATE,
    p_now: now,
  })
  return rows.find((row) => row.arrival_window === '08:00-10:00')?.taken ?? 0
}

describe('charging a plan’s later visit', () => {
  it('the visit due in 48 hours is charged once, at 48 hours and not before: paid, its payment recorded', async () => {
    const plan = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    const processor = new CardProcessorStandIn()
    const clock = {now: at(-48 - 1 / 60)}

    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 0})
    expect(processor.requests).toHaveLength(0)
    expect((await visit(plan.visitId)).charge_state).toBe('scheduled')

    clock.now = at(-48)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 1, declined: 0, retried: 0})
    expect(processor.requests).toEqual([
      expect.objectContaining({
        bookingId: plan.visitId,
        planId: plan.planId,
        amountCents: 16624,
        currency: 'usd',
        idempotencyKey: `plan-visit:${plan.visitId}:card-0`,
        description: 'House Cleaning – Regular Cleaning, Weekly (visit 2)',
        card: {customerId: expect.stringMatching(/^cus_/), paymentMethodId: 'pm_card_visa'},
      }),
    ])
    const paymentId = [...processor.payments.values()][0]
    const charged = await visit(plan.visitId)
    expect(charged).toMatchObject({payment_status: 'paid', charge_state: 'charged', payment_provider: 'stripe', charge_attempts: 1})
    expect(charged.payment_session_id).toBe(paymentId.outcome === 'succeeded' ? paymentId.paymentId : null)
    expect(charged.paid_at?.toISOString()).toBe(at(-48).toISOString())
    const charges = await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(plan.planId)
    expect(charges).toEqual([expect.objectContaining({bookingId: plan.visitId, kind: 'visit', status: 'succeeded', amountCents: 16624, providerPaymentId: charged.payment_session_id})])

    // Later runs find nothing to charge.
    clock.now = at(-47)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 0})
    clock.now = at(-1)
    await runPlanCharges(job(processor, clock))
    expect(processor.requests).toHaveLength(1)
    // A paid visit holds its place as it did while scheduled.
    expect(await placesTaken(clock.now)).toBe(1)
  })

  it('two runs at once (two stores, as two processes) charge each of 30 due visits once', async () => {
    const plans = []
    for (let i = 0; i < 30; i++) plans.push(await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW}))
    const processor = new CardProcessorStandIn()
    const clock = {now: at(-48)}
    const runs = await Promise.all([runPlanCharges(job(processor, clock), {batchSize: 4}), runPlanCharges(job(processor, clock), {batchSize: 4})])
    expect(runs[0].charged + runs[1].charged).toBe(30)
    expect(processor.requests).toHaveLength(30)
    for (const plan of plans) expect(processor.requestsFor(plan.visitId)).toHaveLength(1)
    const {rows} = await db.query<{n: number}>(`select count(*)::int as n from public.plan_charges where status = 'succeeded'`)
    expect(rows[0].n).toBe(30)
  })

  it('a process that died after charging: once its claim runs out the visit is asked again with the same key, answered the same payment, recorded once', async () => {
    const plan = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    const processor = new CardProcessorStandIn()
    const store = createPlanChargeStore(createSqlDatabaseFunctions(db))
    // The dead process: claims, charges, never records.
    const [claimed] = await store.claimDue(at(-48), {limit: 10, leaseSeconds: 300})
    await processor.chargeSavedCard({
      card: {customerId: 'cus_x', paymentMethodId: 'pm_x'},
      amountCents: claimed.booking.amountCents,
      currency: 'usd',
      description: 'x',
      idempotencyKey: `plan-visit:${plan.visitId}:card-0`,
      bookingId: plan.visitId,
      planId: plan.planId,
    })
    const clock = {now: at(-48 + 4 / 60)}
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 0})
    clock.now = at(-48 + 5 / 60)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 1})
    expect(processor.payments.size).toBe(1)
    expect(new Set(processor.requestsFor(plan.visitId).map((request) => request.idempotencyKey)).size).toBe(1)
    expect((await visit(plan.visitId)).charge_attempts).toBe(2)
    // The dead process's record, should it come back, changes nothing (its payment is the one recorded).
    expect(await store.record(claimed, {outcome: 'unreachable', retryAt: at(-47)}, at(-47), [])).toBe('lost')
    const [payment] = [...processor.payments.values()]
    expect(
      await store.record(claimed, {outcome: 'succeeded', provider: 'stripe', paymentId: payment.outcome === 'succeeded' ? payment.paymentId : '', amountCents: 16624, idempotencyKey: `plan-visit:${plan.visitId}:card-0`}, at(-47), []),
    ).toBe('lost')
    expect((await visit(plan.visitId)).charge_state).toBe('charged')
    expect(await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(plan.planId)).toHaveLength(1)
  })

  it('a visit skipped while its charge was under way: the payment taken is still recorded for the office to refund', async () => {
    const plan = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    const store = createPlanChargeStore(createSqlDatabaseFunctions(db))
    const [claimed] = await store.claimDue(at(-48), {limit: 10, leaseSeconds: 300})
    await db.query(`update public.plan_visit_charges set state = 'skipped', lock_token = null where booking_id = $1`, [plan.visitId])
    await db.query(`update public.bookings set payment_status = 'cancelled' where id = $1`, [plan.visitId])
    const key = `plan-visit:${plan.visitId}:card-0`
    expect(await store.record(claimed, {outcome: 'succeeded', provider: 'stripe', paymentId: 'pi_skipped', amountCents: 16624, idempotencyKey: key}, at(-48), [])).toBe('lost')
    expect(await visit(plan.visitId)).toMatchObject({charge_state: 'skipped', payment_status: 'cancelled'})
    expect(await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(plan.planId)).toEqual([
      expect.objectContaining({status: 'succeeded', providerPaymentId: 'pi_skipped', idempotencyKey: key, amountCents: 16624}),
    ])
  })

  it('visits of a paused or cancelled plan are never charged', async () => {
    const paused = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW, status: 'paused'})
    const cancelled = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW, status: 'cancelled'})
    const processor = new CardProcessorStandIn()
    const clock = {now: at(-48)}
    for (const hours of [-48, -24, -1]) {
      clock.now = at(hours)
      expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 0, declined: 0, released: 0})
    }
    expect(processor.requests).toHaveLength(0)
    expect(await visit(paused.visitId)).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled'})
    expect(await visit(cancelled.visitId)).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled'})
  })

  it('the provider cannot be reached: nothing recorded as charged, tried again after 5 minutes with the same key, then charged once', async () => {
    const plan = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    let behaviour: CardBehaviour = 'unreachable'
    const processor = new CardProcessorStandIn(() => behaviour)
    const clock = {now: at(-48)}
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 0, retried: 1})
    const waiting = await visit(plan.visitId)
    expect(waiting).toMatchObject({payment_status: 'scheduled', charge_state: 'scheduled', payment_session_id: null, charge_attempts: 1})
    expect(waiting.charge_due_at.toISOString()).toBe(at(-48 + 5 / 60).toISOString())
    expect(await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(plan.planId)).toEqual([])

    behaviour = 'succeed'
    clock.now = at(-48 + 4 / 60)
    await runPlanCharges(job(processor, clock))
    expect(processor.requests).toHaveLength(1)
    clock.now = at(-48 + 5 / 60)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({charged: 1})
    expect(processor.requests.map((request) => request.idempotencyKey)).toEqual([`plan-visit:${plan.visitId}:card-0`, `plan-visit:${plan.visitId}:card-0`])
    expect(processor.payments.size).toBe(1)
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'paid', charge_state: 'charged', charge_attempts: 2})
  })

  it('a saved card the provider no longer has (400 resource_missing) is a decline: the customer asked for a new card; a revoked API key (401) is the operator’s: retried, nobody e-mailed', async () => {
    const removed = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    const badKey = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    const processor = new CardProcessorStandIn((request) => (request.bookingId === removed.visitId ? 'card_removed' : 'bad_key'))
    expect(await runPlanCharges(job(processor, {now: at(-48)}))).toMatchObject({declined: 1, retried: 1, charged: 0})
    expect(await visit(removed.visitId)).toMatchObject({charge_state: 'declined', payment_status: 'scheduled'})
    expect(await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(removed.planId)).toEqual([expect.objectContaining({status: 'declined', errorCode: 'resource_missing'})])
    expect((await outbox(removed.visitId)).map((row) => row.template)).toEqual(['plan_visit_declined.customer'])
    expect(await visit(badKey.visitId)).toMatchObject({charge_state: 'scheduled', payment_status: 'scheduled'})
    expect(await outbox(badKey.visitId)).toEqual([])
  })

  it('a declined card: the customer is e-mailed a link to give a new card, the visit keeps its place until 24 hours before; then it is released once, its place offered again, the office and the customer told', async () => {
    const plan = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW, email: 'weekly@example.com'})
    const processor = new CardProcessorStandIn(() => 'decline')
    const clock = {now: at(-48)}
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({declined: 1, charged: 0})
    const declined = await visit(plan.visitId)
    expect(declined).toMatchObject({payment_status: 'scheduled', charge_state: 'declined', payment_session_id: null})
    expect(declined.card_deadline_at?.toISOString()).toBe(at(-24).toISOString())
    expect(await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(plan.planId)).toEqual([
      expect.objectContaining({status: 'declined', errorCode: 'card_declined', idempotencyKey: `plan-visit:${plan.visitId}:card-0`}),
    ])
    const asked = await outbox(plan.visitId)
    expect(asked.map((row) => [row.template, row.to_address, row.event_key])).toEqual([
      ['plan_visit_declined.customer', 'weekly@example.com', `plan_visit_declined:${plan.visitId}:card-0:customer`],
    ])
    expect(asked[0].payload).toMatchObject({kind: 'plan_visit_declined', visit: 2, deadlineAt: at(-24).toISOString(), authenticationRequired: false, cardLabel: 'Visa ending 4242'})
    // Held: still taken, and not charged again.
    expect(await placesTaken(at(-25))).toBe(1)

    clock.now = at(-24 - 1 / 60)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({released: 0, declined: 0})
    expect(await offeredTaken(clock.now)).toBe(1)
    clock.now = at(-24)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({released: 1})
    expect(await visit(plan.visitId)).toMatchObject({payment_status: 'failed', charge_state: 'released'})
    expect(await placesTaken(clock.now)).toBe(0)
    expect(await offeredTaken(clock.now)).toBe(0)
    const told = await outbox(plan.visitId)
    expect(told.map((row) => [row.template, row.to_address])).toEqual([
      ['plan_visit_declined.customer', 'weekly@example.com'],
      ['plan_visit_released.business', null],
      ['plan_visit_released.customer', 'weekly@example.com'],
    ])

    // Once: later runs release nothing more and tell nobody again.
    clock.now = at(-23)
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({released: 0})
    expect(await outbox(plan.visitId)).toHaveLength(3)
    expect(processor.requests).toHaveLength(1)
  })

  it('the bank wants the customer present: treated as a decline, the e-mail says so; a plan without a saved card is declined without asking the provider', async () => {
    const authentication = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    const noCard = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW, card: null})
    const processor = new CardProcessorStandIn(() => 'authentication_required')
    // Charged late (e.g. retried): the deadline is still an hour after the decline.
    const clock = {now: at(-24.5)}
    expect(await runPlanCharges(job(processor, clock))).toMatchObject({declined: 2})
    expect(processor.requests.map((request) => request.bookingId)).toEqual([authentication.visitId])
    expect((await visit(authentication.visitId)).card_deadline_at?.toISOString()).toBe(at(-23.5).toISOString())
    expect((await outbox(authentication.visitId))[0].payload).toMatchObject({authenticationRequired: true})
    expect(await createPlanReader(createSqlDatabaseFunctions(db)).chargesOf(noCard.planId)).toEqual([expect.objectContaining({status: 'declined', errorCode: 'no_saved_card', providerPaymentId: null})])
  })

  it('the declined e-mail, as the customer reads it: the content’s words, the visit, the deadline and a button to its manage page', async () => {
    const plan = await insertPlanWithVisit(db, {date: DATE, windowStartsAt: WINDOW})
    await runPlanCharges(job(new CardProcessorStandIn(() => 'decline'), {now: at(-48)}))
    const [row] = await outbox(plan.visitId)
    const {wording, company} = await emailContentFromDataset()
    const links: ManageLinkFor[] = []
    const message: OutboxMessage = {id: row.id, eventKey: row.event_key, template: row.template as OutboxMessage['template'], to: row.to_address, replyTo: row.reply_to, payload: row.payload, attempts: 1, lockToken: 'x', createdAt: at(-48).toISOString()}
    const mail = await composeMail(message, {
      wording,
      company,
      siteUrl: 'https://cleaning.example',
      render: renderEmail,
      manageUrl: (booking) => (links.push(booking), `https://cleaning.example/manage-booking/token-for-${booking.id}`),
    })
    expect(mail.subject).toBe('Your card was declined for your House Cleaning – Regular Cleaning, Weekly on March 12, 2031, 8:00 AM – 10:00 AM')
    expect(mail.text).toContain('$166.24')
    expect(mail.text).toContain('Visa ending 4242')
    // The deadline in Renton's time: 24 hours before the 8:00 window.
    expect(mail.text).toMatch(/March 11, 2031,? (at )?8:00\s?AM/)
    expect(mail.text).toContain(wording.planVisitDeclined.actionLabel)
    expect(mail.html).toContain(`https://cleaning.example/manage-booking/token-for-${plan.visitId}`)
    expect(links).toEqual([{id: plan.visitId, windowStartsAt: WINDOW, linkGeneration: 0}])

    // Released: the office reads which visit to take off the crew's day, answering the customer.
    await runPlanCharges(job(new CardProcessorStandIn(), {now: at(-24)}))
    const office = (await outbox(plan.visitId)).find((candidate) => candidate.template === 'plan_visit_released.business')!
    const notice = await composeMail(
      {id: office.id, eventKey: office.event_key, template: office.template as OutboxMessage['template'], to: null, replyTo: office.reply_to, payload: office.payload, attempts: 1, lockToken: 'x', createdAt: at(-24).toISOString()},
      {wording, company, siteUrl: 'https://cleaning.example', render: renderEmail},
    )
    expect(notice.to).toBe(company.email)
    expect(notice.replyTo).toBe(row.to_address)
    expect(notice.subject).toMatch(/^Plan visit released: [0-9A-F]{4}-[0-9A-F]{4} on March 12, 2031, 8:00 AM – 10:00 AM \(Ada O'Hara\)$/)
    expect(notice.text.replace(/\s+/g, ' ')).toContain('its place in the window is offered to others; take it off the crew')
  })
})
