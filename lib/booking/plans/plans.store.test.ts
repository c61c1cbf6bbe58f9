import {randomUUID} from 'node:crypto'
import {describe, expect, it, vi} from 'vitest'
import {PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {embeddedPlanStores} from './test-support/database'
import type {QueuedEmail} from '../../email/queue'
import {CARPET_FREQUENCIES, COMMERCIAL_FREQUENCIES, EXTERIOR_FREQUENCIES, HOUSE_FREQUENCIES, HOUSE_SERVICES} from '../catalog'
import type {NewBooking, StoredBooking} from '../store/store'
import {houseBooking} from '../store/test-support/fixtures'
import {TEST_AVAILABILITY} from '../test-support/availability'
import {windowStartsAt} from '../availability'
import {planCadence} from './plan'
import {perVisitPrice, planPrices} from './pricing'
import {DEFAULT_PLAN_SETTINGS} from './settings'
import {generateVisits, startPlan, type PlanFlowDeps, type VisitEmails} from './visits'
import {planVisitEmails} from './visit-emails'
import {renderEmail} from '@/components/email/render'
import {composeMail} from '../../email/compose'
import type {OutboxMessage} from '../../email/outbox'
import {emailContentFromDataset} from '../../email/test-support/content'

/**
 * Plans in the embedded database, through the same database functions as PostgreSQL and Supabase:
 * made once per paid first visit, their visits stored once each, in their own window or the nearest
 * free one of the week, never beyond a window's places.
 */

// Tuesday 15 January 2030, 10 am in Renton; the horizon is 60 days: 16 March.
const NOW = new Date('2030-01-15T18:00:00Z')
const ANCHOR = '2030-02-05'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

const {db, store, plans, reader} = embeddedPlanStores()

const deps = (): PlanFlowDeps => ({plans, availability: async () => TEST_AVAILABILITY, settings: DEFAULT_PLAN_SETTINGS})

function slot(date: string, window: string): Pick<NewBooking, 'date' | 'arrivalWindow' | 'serviceFamily' | 'windowStartsAt' | 'holdExpiresAt'> {
  return {date, arrivalWindow: window, serviceFamily: 'indoor', windowStartsAt: windowStartsAt(date, {start: window.slice(0, 5)}).toISOString(), holdExpiresAt: new Date(NOW.getTime() + 31 * 60_000).toISOString()}
}

/** A booking stored and paid as the flow does it. */
async function paidBooking(overrides: Partial<NewBooking> = {}): Promise<StoredBooking> {
  const {booking} = await store.createPending(houseBooking({frequency: 'Weekly', ...slot(ANCHOR, '10:00-12:00'), ...overrides}), {capacity: 100, now: NOW})
  await store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt: NOW})
  return (await store.findById(booking.id)) as StoredBooking
}

/** Fills a window with paid one-time bookings. */
async function fill(date: string, window: string, places: number): Promise<void> {
  for (let i = 0; i < places; i += 1) await paidBooking({frequency: 'One-Time', ...slot(date, window)})
}

const CARD = {provider: 'test-checkout', customerId: 'test_cus_1', paymentMethodId: 'test_pm_1', label: 'Visa ending 4242'}

/** E-mails a caller would queue (plain data: the database stores what it is given). */
const told: VisitEmails = {
  placedElsewhere: (plan, visit) => [
    {audience: 'customer', template: 'booking_paid.customer', to: plan.email, replyTo: null, payload: {kind: 'staff_sign_in', token: `moved ${visit.visit}`, expiresAt: NOW.toISOString()}},
  ],
  noPlace: (plan, visit) => [
    {audience: 'customer', template: 'booking_paid.customer', to: plan.email, replyTo: null, payload: {kind: 'staff_sign_in', token: `none ${visit.visit}`, expiresAt: NOW.toISOString()}},
    {audience: 'business', template: 'booking_paid.business', to: null, replyTo: plan.email, payload: {kind: 'staff_sign_in', token: `none ${visit.visit}`, expiresAt: NOW.toISOString()}},
  ],
}

async function outbox(): Promise<{event_key: string; token: string}[]> {
  return (await db.query<{event_key: string; token: string}>(`select event_key, payload ->> 'token' as token from public.email_outbox order by event_key`)).rows
}

async function placedTo(): Promise<unknown[]> {
  return (await db.query<{to: unknown}>(`select jsonb_build_array(payload ->> 'toDate', payload ->> 'toWindow', payload ->> 'windowStartsAt') as to from public.email_outbox order by event_key`)).rows.map((row) => row.to)
}

describe('a paid first visit of a recurring frequency becomes a plan', () => {
  it('once: the plan names the first visit (visit 1), its weekday and window, prices, card and text consent; asking again, also at once, adds nothing', async () => {
    const booking = await paidBooking()
    await db.query(`update public.bookings set sms_consent_at = '2030-01-15T17:55:00Z' where id = $1`, [booking.id])
    const paid = (await store.findById(booking.id)) as StoredBooking
    const results = await Promise.all([startPlan(paid, CARD, deps(), NOW), startPlan(paid, CARD, deps(), NOW), startPlan(paid, null, deps(), NOW)])
    const planIds = new Set(results.map((result) => (result.status === 'not_a_plan' ? null : result.planId)))
    expect(planIds.size).toBe(1)
    expect(results.filter((result) => result.status === 'created')).toHaveLength(1)
    const plan = await reader.findPlan([...planIds][0] as string)
    expect(plan).toMatchObject({
      firstBookingId: booking.id,
      frequency: 'Weekly',
      cadence: 'weekly',
      anchorDate: ANCHOR,
      arrivalWindow: '10:00-12:00',
      serviceFamily: 'indoor',
      ...planPrices(paid),
      paymentCustomerId: 'test_cus_1',
      paymentMethodId: 'test_pm_1',
      cardLabel: 'Visa ending 4242',
      smsConsentAt: '2030-01-15T17:55:00.000Z',
      status: 'active',
    })
    expect(plan?.visitTemplate).toMatchObject({coupon: null, bedrooms: 3, tip: '15%', amountCents: planPrices(paid).perVisitCents})
    expect(await store.findById(booking.id)).toMatchObject({planId: plan?.id, planVisit: 1, paymentStatus: 'paid'})
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.booking_plans')
    expect(rows[0].n).toBe(1)
  })

  it('not for a booking still unpaid, nor for a one-time frequency or service', async () => {
    const {booking: pending} = await store.createPending(houseBooking({frequency: 'Weekly', ...slot(ANCHOR, '10:00-12:00')}), {capacity: 100, now: NOW})
    expect(await plans.createPlan(pending.id, {cadence: 'weekly', perVisitCents: 10_000, oneTimeCents: 12_000, visitTemplate: {} as never, card: null})).toEqual({status: 'not_eligible'})
    const oneTime = await paidBooking({frequency: 'One-Time'})
    expect(await startPlan(oneTime, CARD, deps(), NOW)).toEqual({status: 'not_a_plan'})
    // The database refuses too, whatever the app says the cadence is.
    expect(await plans.createPlan(oneTime.id, {cadence: 'weekly', perVisitCents: 10_000, oneTimeCents: 12_000, visitTemplate: {} as never, card: null})).toEqual({status: 'not_eligible'})
    const deep = await paidBooking({service: 'Deep Cleaning', frequency: 'Weekly'})
    expect(await plans.createPlan(deep.id, {cadence: 'weekly', perVisitCents: 10_000, oneTimeCents: 12_000, visitTemplate: {} as never, card: null})).toEqual({status: 'not_eligible'})
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.booking_plans')
    expect(rows[0].n).toBe(0)
  })

  it('the database and the app agree on which frequencies are plans (plan_cadence_of = planCadence)', async () => {
    const cases: {industry: NewBooking['industry']; service: string | null; frequency: string}[] = [
      ...HOUSE_SERVICES.flatMap((service) => HOUSE_FREQUENCIES.map((frequency) => ({industry: 'house' as const, service, frequency}))),
      ...CARPET_FREQUENCIES.map((frequency) => ({industry: 'carpet' as const, service: null, frequency})),
      ...EXTERIOR_FREQUENCIES.map((frequency) => ({industry: 'exterior' as const, service: 'Roof Cleaning', frequency})),
      ...COMMERCIAL_FREQUENCIES.map((frequency) => ({industry: 'commercial' as const, service: 'Retail Spaces Cleaning', frequency})),
      {industry: 'house', service: 'Regular Cleaning', frequency: 'Recurring'},
    ]
    for (const c of cases) {
      const {rows} = await db.query<{cadence: string | null}>('select public.plan_cadence_of($1, $2, $3) as cadence', [c.industry, c.service, c.frequency])
      expect(rows[0].cadence, JSON.stringify(c)).toBe(planCadence(c))
    }
    expect(cases.filter((c) => planCadence(c) !== null)).toHaveLength(8)
  })
})

describe('a plan’s later visits', () => {
  it('are stored up to the horizon on the same weekday and window: scheduled, charged 48 h before, at the per-visit price, no coupon', async () => {
    const booking = await paidBooking()
    const started = await startPlan(booking, CARD, deps(), NOW)
    if (started.status === 'not_a_plan') throw new Error('no plan')
    expect(started.visits).toEqual({added: 5, existing: 0, full: 0, placedElsewhere: 0})
    const visits = await reader.visitsOf(started.planId)
    expect(visits.map((visit) => [visit.planVisit, visit.date, visit.arrivalWindow])).toEqual([
      [1, '2030-02-05', '10:00-12:00'],
      [2, '2030-02-12', '10:00-12:00'],
      [3, '2030-02-19', '10:00-12:00'],
      [4, '2030-02-26', '10:00-12:00'],
      [5, '2030-03-05', '10:00-12:00'],
      [6, '2030-03-12', '10:00-12:00'],
    ])
    const second = visits[1]
    const {perVisitCents} = planPrices(booking)
    // Its tip is the per-visit price's (15 % of a smaller subtotal), not the first visit's.
    const perVisit = perVisitPrice(booking)
    expect(perVisit.tipCents).toBeGreaterThan(0)
    expect(perVisit.tipCents).not.toBe(booking.tipCents)
    expect(second).toMatchObject({tipCents: perVisit.tipCents, parkingCents: 1000})
    expect(second).toMatchObject({
      paymentStatus: 'scheduled',
      chargeState: 'scheduled',
      amountCents: perVisitCents,
      coupon: null,
      discountCents: 0,
      windowStartsAt: '2030-02-12T18:00:00.000Z',
      chargeDueAt: '2030-02-10T18:00:00.000Z',
      placedElsewhere: false,
      serviceFamily: 'indoor',
      bedrooms: 3,
      tip: '15%',
      parkingFee: '$10',
      email: booking.email,
      planId: started.planId,
    })
    expect(booking.amountCents).not.toBe(perVisitCents)
    expect((await reader.findPlan(started.planId))?.generatedThrough).toBe('2030-03-12')

    // Again (the success page after the test checkout, the hourly job): nothing more.
    const plan = (await reader.findPlan(started.planId))!
    expect(await generateVisits({...plan, generatedThrough: ANCHOR}, deps(), TEST_AVAILABILITY, NOW)).toEqual({added: 0, existing: 5, full: 0, placedElsewhere: 0})
    expect(await reader.visitsOf(started.planId)).toHaveLength(6)
    // A day later the horizon moved one day: nothing new for a weekly plan until the 19th of March.
    expect(await generateVisits(plan, deps(), TEST_AVAILABILITY, new Date('2030-01-16T18:00:00Z'))).toEqual({added: 0, existing: 0, full: 0, placedElsewhere: 0})
    expect((await generateVisits(plan, deps(), TEST_AVAILABILITY, new Date('2030-01-18T18:00:00Z'))).added).toBe(1)
  })

  it('a scheduled visit is a plan visit with its charge: stored and read together, and the database refuses one without it', async () => {
    const booking = await paidBooking()
    const started = await startPlan(booking, CARD, deps(), NOW)
    if (started.status === 'not_a_plan') throw new Error('no plan')
    const second = (await reader.visitsOf(started.planId))[1]
    // The booking store reads a visit with its charge, as the plan's reader does.
    expect(await store.findById(second.id)).toEqual(second)
    expect(second).toMatchObject({paymentStatus: 'scheduled', chargeState: 'scheduled', chargeDueAt: '2030-02-10T18:00:00.000Z'})
    const {rows: charges} = await db.query<{n: number}>('select count(*)::int as n from public.plan_visit_charges')
    expect(charges[0].n).toBe(5)

    const bookings = async () => (await db.query<{n: number}>('select count(*)::int as n from public.bookings')).rows[0].n
    const before = await bookings()
    // A plan's visit stored as 'scheduled' without its charge row: refused when the transaction ends.
    await expect(
      db.query(
        `insert into public.bookings select (jsonb_populate_record(null::public.bookings, to_jsonb(b) || jsonb_build_object(
           'id', gen_random_uuid(), 'idempotency_key', gen_random_uuid(), 'plan_visit', 99))).*
         from public.bookings b where b.id = $1`,
        [second.id],
      ),
    ).rejects.toMatchObject({code: '23514', constraint: 'bookings_scheduled_has_charge', message: expect.stringContaining('A scheduled booking is a plan visit with its charge')})
    // A paid booking turned back to 'scheduled' has no charge row either: refused.
    await expect(db.query(`update public.bookings set payment_status = 'scheduled' where id = $1`, [booking.id])).rejects.toMatchObject({code: '23514'})
    // A one-time booking is never 'scheduled', charge row or not.
    const {booking: oneTime} = await store.createPending(houseBooking({frequency: 'One-Time', ...slot('2030-02-20', '10:00-12:00')}), {capacity: 100, now: NOW})
    await expect(
      db.query(
        `with visit as (update public.bookings set payment_status = 'scheduled' where id = $1 returning id)
         insert into public.plan_visit_charges (booking_id, due_at) select id, now() from visit`,
        [oneTime.id],
      ),
    ).rejects.toMatchObject({code: '23514', constraint: 'bookings_scheduled_is_plan_visit'})
    expect(await bookings()).toBe(before + 1)
    expect((await store.findById(booking.id))?.paymentStatus).toBe('paid')
    expect((await store.findById(oneTime.id))?.paymentStatus).toBe('pending')
  })

  it('a visit whose window is full goes to the nearest free window of its week, and the customer is told once', async () => {
    await fill('2030-02-12', '10:00-12:00', 3)
    const booking = await paidBooking()
    const started = await startPlan(booking, CARD, {...deps(), emails: told}, NOW)
    if (started.status === 'not_a_plan') throw new Error('no plan')
    expect(started.visits).toEqual({added: 5, existing: 0, full: 0, placedElsewhere: 1})
    const second = (await reader.visitsOf(started.planId))[1]
    expect(second).toMatchObject({planVisit: 2, date: '2030-02-12', arrivalWindow: '08:00-10:00', placedElsewhere: true, windowStartsAt: '2030-02-12T16:00:00.000Z'})
    expect(await outbox()).toEqual([{event_key: `plan_visit:${started.planId}:2:customer`, token: 'moved 2'}])
    // The database says where it went.
    expect(await placedTo()).toEqual([['2030-02-12', '08:00-10:00', '2030-02-12T16:00:00.000Z']])
    // The later visits keep the usual window.
    expect((await reader.visitsOf(started.planId)).slice(2).every((visit) => visit.arrivalWindow === '10:00-12:00' && !visit.placedElsewhere)).toBe(true)
  })

  it('the customer’s e-mail of a visit placed elsewhere says where it went, and its usual time', async () => {
    await fill('2030-02-12', '10:00-12:00', 3)
    const booking = await paidBooking()
    await startPlan(booking, CARD, {...deps(), emails: planVisitEmails}, NOW)
    const {rows} = await db.query<{id: string; event_key: string; template: string; to_address: string; reply_to: string | null; payload: OutboxMessage['payload']}>(
      'select id, event_key, template, to_address, reply_to, payload from public.email_outbox',
    )
    expect(rows.map((row) => [row.template, row.to_address])).toEqual([['plan_visit_placed.customer', booking.email]])
    const {wording, company} = await emailContentFromDataset()
    const row = rows[0]
    const mail = await composeMail(
      {id: row.id, eventKey: row.event_key, template: row.template as OutboxMessage['template'], to: row.to_address, replyTo: row.reply_to, payload: row.payload, attempts: 1, lockToken: randomUUID(), createdAt: NOW.toISOString()},
      {wording, company, siteUrl: 'https://cedar-river.example', render: renderEmail},
    )
    expect(mail.subject).toMatch(/visit is on February 12, 2030, 8:00 AM – 10:00 AM \([0-9A-F]{4}-[0-9A-F]{4}\)$/)
    expect(mail.text).toContain(`Hi ${booking.firstName}`)
    expect(mail.text).toMatch(/February 12, 2030, 10:00 AM/)
    expect(mail.text).toContain('$236.75')
    expect(mail.text).not.toMatch(/[{}]/)
  })

  it('no free window that week: nothing stored, the customer and the business told, the plan goes on', async () => {
    // Every window of the week of 17–23 February (Mon–Sat) full.
    for (const date of ['2030-02-18', '2030-02-19', '2030-02-20', '2030-02-21', '2030-02-22', '2030-02-23']) {
      for (const [window, places] of [['08:00-10:00', 3], ['10:00-12:00', 3], ['12:00-14:00', 2], ['14:00-16:00', 2]] as const) {
        await db.query(
          `insert into public.bookings (industry, idempotency_key, first_name, last_name, email, phone, address, amount_cents, amount, payment_status, paid_at, date, arrival_window, service_family, window_starts_at)
           select 'house', gen_random_uuid(), 'A', 'B', 'a@example.com', '4255550100', 'x', 10000, 100, 'paid', now(), $1::date, $2, 'indoor', now() from generate_series(1, $3::int)`,
          [date, window, places],
        )
      }
    }
    const booking = await paidBooking()
    const started = await startPlan(booking, CARD, {...deps(), emails: told}, NOW)
    if (started.status === 'not_a_plan') throw new Error('no plan')
    expect(started.visits).toEqual({added: 4, existing: 0, full: 1, placedElsewhere: 0})
    expect((await reader.visitsOf(started.planId)).map((visit) => visit.planVisit)).toEqual([1, 2, 4, 5, 6])
    expect(await outbox()).toEqual([
      {event_key: `plan_visit:${started.planId}:3:business`, token: 'none 3'},
      {event_key: `plan_visit:${started.planId}:3:customer`, token: 'none 3'},
    ])
    expect((await reader.findPlan(started.planId))?.generatedThrough).toBe('2030-03-12')
  })

  it('a paused or cancelled plan gets no visits', async () => {
    const booking = await paidBooking()
    const created = await plans.createPlan(booking.id, {cadence: 'weekly', ...planPrices(booking), visitTemplate: {} as never, card: null})
    if (created.status === 'not_eligible') throw new Error('no plan')
    await db.query(`update public.booking_plans set status = 'paused', paused_at = now() where id = $1`, [created.planId])
    const plan = (await reader.findPlan(created.planId))!
    expect(await plans.addVisit(plan.id, {visit: 2, date: '2030-02-12', candidates: [{date: '2030-02-12', window: '10:00-12:00', windowStartsAt: '2030-02-12T18:00:00.000Z', capacity: 3, chargeDueAt: '2030-02-10T18:00:00.000Z'}]}, NOW)).toEqual({status: 'inactive'})
    expect(await generateVisits({...plan, status: 'active'}, deps(), TEST_AVAILABILITY, NOW)).toEqual({added: 0, existing: 0, full: 0, placedElsewhere: 0})
    expect(await reader.visitsOf(plan.id)).toHaveLength(1)
  })

  it('a plan visit and a customer’s booking for the last place of a window: one gets it, the other is refused or placed elsewhere', async () => {
    await fill('2030-02-12', '10:00-12:00', 2)
    const booking = await paidBooking()
    const created = await plans.createPlan(booking.id, {cadence: 'weekly', ...planPrices(booking), visitTemplate: {} as never, card: null})
    if (created.status === 'not_eligible') throw new Error('no plan')
    const own = {date: '2030-02-12', window: '10:00-12:00', windowStartsAt: '2030-02-12T18:00:00.000Z', capacity: 3, chargeDueAt: '2030-02-10T18:00:00.000Z'}
    const [visit, customer] = await Promise.allSettled([
      plans.addVisit(created.planId, {visit: 2, date: '2030-02-12', candidates: [own]}, NOW),
      store.createPending(houseBooking({frequency: 'One-Time', ...slot('2030-02-12', '10:00-12:00')}), {capacity: 3, now: NOW}),
    ])
    const outcomes = [visit.status === 'fulfilled' ? visit.value.status : 'error', customer.status === 'fulfilled' ? 'created' : 'refused']
    expect(outcomes.filter((outcome) => outcome === 'added' || outcome === 'created')).toHaveLength(1)
    const {rows} = await db.query<{n: number}>(`select public.window_places_taken('indoor', '2030-02-12', '10:00-12:00', $1) as n`, [NOW])
    expect(rows[0].n).toBe(3)
  })
})

export type {QueuedEmail}
