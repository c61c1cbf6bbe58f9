import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'
import type {OffSessionChargeRequest} from '../payments/provider'
import {submitBooking} from './flow'
import {changePlanFromLink, manageBookingView, requestCancellationFromLink, rescheduleFromLink, setManageLogger, type ManageDeps} from './manage'
import {manageLinkExpiry, signManageToken} from './manage-link'
import {emptyPlansAndBookings, seedPlan, type SeedVisit} from './plans/test-support/manage-fixtures'
import {houseRequest, HOUSE_TOTAL_CENTS, ORIGIN} from './test-support/requests'
import {testAvailability} from './test-support/availability'

/**
 * The manage link of a plan's visit against the real store (PGlite): the
 * plan section it shows, a visit waiting for its charge moved like a paid booking, and the plan's
 * changes through the link, each within and outside 24 hours. The first visit is Friday 2030-02-01
 * 8–10 am in Renton (16:00 UTC), the later ones each Friday after it.
 */

const SECRET = 'manage-link-test-secret-'.padEnd(64, 'x')
const BOOKED_AT = new Date('2030-01-15T18:00:00Z')
const HOUR = 3_600_000
const friday = (day: string, more: Partial<SeedVisit> = {}): SeedVisit => ({date: day, windowStartsAt: `${day}T16:00:00.000Z`, ...more})

let now: Date
const charges: OffSessionChargeRequest[] = []

const {db, store} = embeddedBookingStore({set: setManageLogger, log: {error: vi.fn()}})

beforeEach(async () => {
  await emptyPlansAndBookings(db)
  now = BOOKED_AT
  charges.length = 0
})

function deps(): ManageDeps {
  return {
    store,
    now: () => new Date(now),
    availability: testAvailability,
    linkSecret: async () => SECRET,
    plans: {
      functions: createSqlDatabaseFunctions(db),
      payments: () => ({
        async chargeSavedCard(request) {
          charges.push(request)
          return {outcome: 'succeeded', paymentId: 'pi_manage', amountCents: request.amountCents}
        },
      }),
    },
  }
}

function tokenOf(id: string, windowStartsAt: string, generation = 0): string {
  return signManageToken(id, manageLinkExpiry(windowStartsAt), SECRET, generation)
}

async function plan(visits: SeedVisit[] = ['2030-02-08', '2030-02-15', '2030-02-22'].map((day) => friday(day))) {
  const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  const result = await submitBooking(houseRequest(), {store, payments, origin: ORIGIN, now: () => new Date(BOOKED_AT), availability: testAvailability})
  if (!result.ok) throw new Error(`booking refused: ${JSON.stringify(result)}`)
  await store.markPaid(result.bookingId, {sessionId: `cs_test_${result.bookingId}`, paidAt: BOOKED_AT})
  const seeded = await seedPlan(db, result.bookingId, {oneTimeCents: 21_500, visits})
  return {firstId: result.bookingId, ...seeded, tokens: seeded.visitIds.map((id, index) => tokenOf(id, visits[index].windowStartsAt))}
}

describe("a plan visit's manage page", () => {
  it('shows the plan: how often, its status and card, the visits to come with their charge, and the early-cancellation difference', async () => {
    const {firstId, visitIds, tokens} = await plan([friday('2030-02-08', {paymentStatus: 'paid'}), friday('2030-02-15', {chargeState: 'declined'}), friday('2030-02-22')])
    now = new Date('2030-02-06T20:00:00Z')
    const view = await manageBookingView(tokens[1], deps())
    if (view.link !== 'ok') throw new Error(view.link)
    expect(view.booking).toMatchObject({state: 'changeable', paid: false, date: '2030-02-15'})
    expect(view.booking.plan).toMatchObject({
      frequency: 'Weekly',
      status: 'active',
      cardLabel: 'Visa ending 4242',
      cardDeclined: true,
      earlyCancellation: `$${((21_500 - HOUSE_TOTAL_CENTS) / 100).toFixed(2)}`,
    })
    expect(view.booking.plan?.visits.map(({id, date, charge, current, skippable}) => ({id, date, charge, current, skippable}))).toEqual([
      {id: visitIds[0], date: '2030-02-08', charge: 'charged', current: false, skippable: false},
      {id: visitIds[1], date: '2030-02-15', charge: 'declined', current: true, skippable: true},
      {id: visitIds[2], date: '2030-02-22', charge: 'notCharged', current: false, skippable: true},
    ])
    // Each visit links to its own page (to move it there).
    expect(view.booking.plan?.visits[2].token).toBe(tokens[2])
    // The first visit's page shows the same plan; a one-time booking none.
    const first = await manageBookingView(tokenOf(firstId, '2030-02-01T16:00:00.000Z'), {...deps(), now: () => new Date('2030-01-20T00:00:00Z')})
    expect(first.link === 'ok' && first.booking.plan?.frequency).toBe('Weekly')
  })

  it('moves a visit waiting for its charge like a paid booking, its charge time moving with it; not within 24 hours', async () => {
    const {visitIds, tokens} = await plan()
    now = new Date('2030-02-10T18:00:00Z')
    const answer = await rescheduleFromLink(tokens[1], {date: '2030-02-19', arrivalWindow: '12:00-14:00'}, deps())
    expect(answer).toMatchObject({ok: true, outcome: 'moved'})
    const moved = await store.findById(visitIds[1])
    expect(moved).toMatchObject({date: '2030-02-19', arrivalWindow: '12:00-14:00', paymentStatus: 'scheduled', chargeDueAt: '2030-02-17T20:00:00.000Z'})

    now = new Date(Date.parse('2030-02-22T16:00:00Z') - 23 * HOUR)
    expect(await rescheduleFromLink(tokens[2], {date: '2030-02-26', arrivalWindow: '12:00-14:00'}, deps())).toEqual({ok: false, kind: 'refused', refusal: 'tooLate'})
    // Not charged: nothing to ask to cancel (it is skipped instead).
    now = new Date('2030-02-10T18:00:00Z')
    expect(await requestCancellationFromLink(tokens[2], deps())).toEqual({ok: false, kind: 'refused', refusal: 'notChangeable'})
  })

  it('skips a visit through the link 24 hours or more ahead; within 24 hours says to call', async () => {
    const {visitIds, tokens} = await plan()
    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 23 * HOUR)
    expect(await changePlanFromLink(tokens[0], 'skip', {visit: visitIds[0]}, deps())).toEqual({ok: false, kind: 'plan', refusal: 'tooLate'})
    const answer = await changePlanFromLink(tokens[0], 'skip', {visit: visitIds[1]}, deps())
    expect(answer).toMatchObject({ok: true, outcome: 'skipped', token: tokens[0]})
    expect(answer.ok && answer.booking?.plan?.visits.map((visit) => visit.date)).toEqual(['2030-02-08', '2030-02-22'])
    // A visit of another plan is not this link's to skip.
    const other = await plan()
    expect(await changePlanFromLink(tokens[0], 'skip', {visit: other.visitIds[2]}, deps())).toEqual({ok: false, kind: 'refused', refusal: 'notChangeable'})
  })

  it('pauses, resumes and cancels the plan through the link; cancelled before the second visit, the difference is charged once', async () => {
    const {planId, tokens} = await plan()
    now = new Date(Date.parse('2030-02-08T16:00:00Z') - 20 * HOUR)
    const paused = await changePlanFromLink(tokens[0], 'pausePlan', {}, deps())
    expect(paused).toMatchObject({ok: true, outcome: 'paused', booking: {plan: {status: 'paused'}}})
    // The visit within 24 hours stays.
    expect(paused.ok && paused.booking?.plan?.visits.map((visit) => visit.date)).toEqual(['2030-02-08'])
    expect(await changePlanFromLink(tokens[0], 'pausePlan', {}, deps())).toEqual({ok: false, kind: 'plan', refusal: 'alreadyPaused'})
    expect(await changePlanFromLink(tokens[0], 'resumePlan', {}, deps())).toMatchObject({ok: true, outcome: 'resumed', booking: {plan: {status: 'active'}}})

    const cancelled = await changePlanFromLink(tokens[0], 'cancelPlan', {}, deps())
    expect(cancelled).toMatchObject({ok: true, outcome: 'planCancelled', earlyCancellation: {status: 'succeeded', amountCents: 21_500 - HOUSE_TOTAL_CENTS}})
    expect(await changePlanFromLink(tokens[0], 'cancelPlan', {}, deps())).toEqual({ok: false, kind: 'plan', refusal: 'cancelled'})
    expect(charges.map((charge) => charge.idempotencyKey)).toEqual([`plan:${planId}:early-cancellation`])
  })

  it('refuses a replaced link', async () => {
    const {tokens, visitIds} = await plan()
    now = new Date('2030-02-01T00:00:00Z')
    expect(await rescheduleFromLink(tokens[2], {date: '2030-02-26', arrivalWindow: '12:00-14:00'}, deps())).toMatchObject({ok: true})
    expect(await changePlanFromLink(tokens[2], 'skip', {visit: visitIds[1]}, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkReplaced'})
  })
})
