import {describe, expect, it} from 'vitest'
import {submitBooking} from './flow'
import {checkoutSessionId, planFlowForTests} from './test-support/plan-flow'
import {carpetRequest, commercialRequest, exteriorRequest, houseRequest} from './test-support/requests'

/**
 * A one-time visit is never charged a recurring rate. Every
 * frequency of every form goes through the booking flow as a request (a real store on PGlite, the
 * local test checkout): what the checkout charges is the frequency's rate from the price list, worked out
 * by hand below; after payment each recurring frequency has started a plan whose later visits are
 * charged its per-visit rate, and every one-time choice (also one that sends a recurring frequency
 * the form would not: Deep Cleaning "Weekly", Construction Final Clean "Recurring") starts none.
 */

const flow = planFlowForTests()

/** No tip, parking or coupon: the figures are the rate table's alone. */
const house = (overrides: Record<string, unknown>) =>
  houseRequest({bedrooms: 2, bathrooms: 1, extras: {}, tip: '0%', parkingFee: '$0', coupon: '', ...overrides})
const carpet = (frequency: string) => carpetRequest({frequency, rooms: 2, stairs: 1, extras: {}, coupon: ''})
const exterior = (frequency: string) => exteriorRequest({service: 'Gutter Cleaning', frequency})
const commercial = (subService: string, frequency: string) => commercialRequest({subService, frequency})

/** `later`: the later visits up to the horizon (FIXED_NOW Tuesday 2030-01-15 + 60 days = Saturday 2030-03-16). */
type Case = {name: string; request: Record<string, unknown>; cents: number; plan: null | {cadence: string; oneTimeCents: number; later: string[]}}

/*
 * The price list, by hand:
 * - House Regular Cleaning, 2 bedrooms, 1 bathroom: Weekly 81.20 + 2 × 15.46 + 19.33 = 131.45;
 *   Every Other Week 92.01 + 2 × 17.53 + 21.91 = 148.98; Monthly 102.85 + 2 × 19.59 + 24.48 = 166.51;
 *   One-Time 108.25 + 2 × 20.62 + 25.78 = 175.27. Deep Cleaning and Move Out & Move In 201.94 +
 *   2 × 30.03 + 25.78 = 287.78; Post Construction 2 h × 154.65 = 309.30.
 * - Carpet, 2 rooms + 1 staircase: One-Time 3 × 52 = 156; Every 6 Months 3 × 47 = 141; Every 3 Months 3 × 44 = 132.
 * - Exterior Gutter Cleaning: 40 + 20 + One-Time 30 = 90; Every 3 Months 10 → 70; Every 6 Months 20 → 80.
 * - Commercial: 40 + Construction Final Clean 10 = 50; Corporate Office 20 → 60; Retail 30 → 70;
 *   VRBO and AIRBNB 40 → 80, the same whatever the frequency.
 */
const CASES: Case[] = [
  {name: 'house Regular Cleaning Weekly', request: house({frequency: 'Weekly'}), cents: 13_145, plan: {cadence: 'weekly', oneTimeCents: 17_527, later: ['2030-02-08', '2030-02-15', '2030-02-22', '2030-03-01', '2030-03-08', '2030-03-15']}},
  {name: 'house Regular Cleaning Every Other Week', request: house({frequency: 'Every Other Week'}), cents: 14_898, plan: {cadence: 'every_other_week', oneTimeCents: 17_527, later: ['2030-02-15', '2030-03-01', '2030-03-15']}},
  {name: 'house Regular Cleaning Monthly', request: house({frequency: 'Monthly'}), cents: 16_651, plan: {cadence: 'monthly', oneTimeCents: 17_527, later: ['2030-03-01']}},
  {name: 'house Regular Cleaning One-Time', request: house({frequency: 'One-Time'}), cents: 17_527, plan: null},
  {name: 'house Deep Cleaning (sending "Weekly")', request: house({service: 'Deep Cleaning', frequency: 'Weekly'}), cents: 28_778, plan: null},
  {name: 'house Move Out & Move In (sending "Monthly")', request: house({service: 'Move Out & Move In', frequency: 'Monthly'}), cents: 28_778, plan: null},
  {name: 'house Post Construction 2 h (sending "Weekly")', request: house({service: 'Post Construction', frequency: 'Weekly', hours: 2, minutes: 0}), cents: 30_930, plan: null},
  {name: 'carpet One-Time', request: carpet('One-Time'), cents: 15_600, plan: null},
  {name: 'carpet Every 6 Months', request: carpet('Every 6 Months'), cents: 14_100, plan: {cadence: 'every_6_months', oneTimeCents: 15_600, later: []}},
  {name: 'carpet Every 3 Months', request: carpet('Every 3 Months'), cents: 13_200, plan: {cadence: 'every_3_months', oneTimeCents: 15_600, later: []}},
  {name: 'exterior One-Time', request: exterior('One-Time'), cents: 9_000, plan: null},
  {name: 'exterior Every 3 Months', request: exterior('Every 3 Months'), cents: 7_000, plan: {cadence: 'every_3_months', oneTimeCents: 9_000, later: []}},
  {name: 'exterior Every 6 Months', request: exterior('Every 6 Months'), cents: 8_000, plan: {cadence: 'every_6_months', oneTimeCents: 9_000, later: []}},
  {name: 'commercial Construction Final Clean One-Time', request: commercial('Construction Final Clean', 'One-Time'), cents: 5_000, plan: null},
  {name: 'commercial Corporate Office Single Deep Cleaning', request: commercial('Corporate Office Cleaning', 'Single Deep Cleaning'), cents: 6_000, plan: null},
  {name: 'commercial Corporate Office Recurring', request: commercial('Corporate Office Cleaning', 'Recurring'), cents: 6_000, plan: {cadence: 'weekly', oneTimeCents: 6_000, later: ['2030-03-11']}},
  {name: 'commercial Retail Spaces Single Deep Cleaning', request: commercial('Retail Spaces Cleaning', 'Single Deep Cleaning'), cents: 7_000, plan: null},
  {name: 'commercial Retail Spaces Recurring', request: commercial('Retail Spaces Cleaning', 'Recurring'), cents: 7_000, plan: {cadence: 'weekly', oneTimeCents: 7_000, later: ['2030-03-11']}},
  {name: 'commercial VRBO and AIRBNB Single Deep Cleaning', request: commercial('VRBO and AIRBNB Cleaning', 'Single Deep Cleaning'), cents: 8_000, plan: null},
  {name: 'commercial VRBO and AIRBNB Recurring', request: commercial('VRBO and AIRBNB Cleaning', 'Recurring'), cents: 8_000, plan: {cadence: 'weekly', oneTimeCents: 8_000, later: ['2030-03-11']}},
]

describe('every frequency of every form, as a request, then paid', () => {
  it('sends every frequency each form sells (the table covers the catalog)', () => {
    const sent = CASES.map((each) => `${each.request.industry}:${each.request.frequency}`)
    for (const frequency of ['Weekly', 'Every Other Week', 'Monthly', 'One-Time']) expect(sent).toContain(`house:${frequency}`)
    for (const frequency of ['One-Time', 'Every 6 Months', 'Every 3 Months']) expect(sent).toContain(`carpet:${frequency}`)
    for (const frequency of ['One-Time', 'Every 6 Months', 'Every 3 Months']) expect(sent).toContain(`exterior:${frequency}`)
    for (const frequency of ['One-Time', 'Single Deep Cleaning', 'Recurring']) expect(sent).toContain(`commercial:${frequency}`)
  })

  it.each(CASES)('$name: charged its own rate; a plan only for a recurring frequency, its later visits at the per-visit rate', async ({request, cents, plan}) => {
    const submitted = await submitBooking(request, flow.deps)
    if (!submitted.ok) throw new Error(`Expected a booking, got ${JSON.stringify(submitted)}`)
    // What the checkout asks the customer to pay.
    expect((await flow.payments.getSession(checkoutSessionId(submitted.checkoutUrl)))?.amountCents).toBe(cents)
    await flow.pay(submitted.checkoutUrl)

    const booking = await flow.store.findById(submitted.bookingId)
    expect(booking).toMatchObject({paymentStatus: 'paid', amountCents: cents})
    if (plan === null) {
      expect(booking?.planId).toBeNull()
      expect(booking?.planVisit).toBeNull()
      return
    }
    const stored = await flow.plans.findPlan(booking?.planId ?? '')
    expect(stored).toMatchObject({firstBookingId: submitted.bookingId, cadence: plan.cadence, perVisitCents: cents, oneTimeCents: plan.oneTimeCents, status: 'active'})
    const visits = await flow.plans.visitsOf(stored!.id)
    expect(visits[0]).toMatchObject({id: submitted.bookingId, planVisit: 1, amountCents: cents})
    // Every 3 or 6 months: the second visit is beyond the horizon (the roll-forward makes it later).
    expect(visits.slice(1).map((visit) => ({date: visit.date, paymentStatus: visit.paymentStatus, amountCents: visit.amountCents}))).toEqual(
      plan.later.map((date) => ({date, paymentStatus: 'scheduled', amountCents: cents})),
    )
  })

  it('a commercial frequency the sub-service does not offer is refused and stores nothing', async () => {
    const before = await flow.db.query<{n: number}>('select count(*)::int as n from public.bookings')
    const refused = await submitBooking(commercial('Construction Final Clean', 'Recurring'), flow.deps)
    expect(refused).toMatchObject({ok: false, kind: 'validation', fieldErrors: {frequency: expect.stringMatching(/^frequencyNotOffered/)}})
    const after = await flow.db.query<{n: number}>('select count(*)::int as n from public.bookings')
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })
})
