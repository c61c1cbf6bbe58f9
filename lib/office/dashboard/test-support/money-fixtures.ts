import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {toInsertRow} from '../../../booking/store/mapping.ts'
import type {NewBooking} from '../../../booking/store/store.ts'
import {carpetBooking, exteriorBooking, houseBooking} from '../../../booking/store/test-support/fixtures.ts'
import {insertPlanWithVisit} from '../../../booking/plans/test-support/charge-fixtures.ts'
import type {MoneyFigures, Period} from '../money.ts'

/**
 * Bookings, refunds and plan charges written with SQL as the site stores them, for the money
 * figures' tests: a worked example of November 2026 whose sums are worked out by hand below.
 */

/**
 * A booking written as stored, with the columns given (payment state, times) over the form's; a
 * plan's visit waiting for its charge gets its charge row in the same statement, as it must.
 */
export async function insertBooking(db: PGlite, booking: NewBooking, columns: Record<string, unknown>): Promise<string> {
  const id = randomUUID()
  const row: Record<string, unknown> = {...toInsertRow(booking), id, ...columns}
  const names = Object.keys(row)
  const insert = `insert into public.bookings (${names.join(', ')}) select ${names.join(', ')} from jsonb_populate_record(null::public.bookings, $1::jsonb) returning id`
  await db.query(
    row.payment_status === 'scheduled'
      ? `with visit as (${insert}) insert into public.plan_visit_charges (booking_id, state, due_at) select id, 'scheduled', '2026-11-25T16:00:00Z' from visit`
      : insert,
    [JSON.stringify(row)],
  )
  return id
}

export async function insertRefund(db: PGlite, bookingId: string, refund: {purpose: string; cents: number; at: string; status?: string}): Promise<void> {
  await db.query(
    `insert into public.booking_refunds (booking_id, purpose, idempotency_key, amount_cents, status, staff_name, claimed_at, completed_at)
     values ($1, $2, $3, $4, $5, 'Owner', $6, $6)`,
    [bookingId, refund.purpose, randomUUID(), refund.cents, refund.status ?? 'succeeded', refund.at],
  )
}

export async function insertCharge(db: PGlite, planId: string, bookingId: string | null, charge: {kind: string; cents: number; status: string; at: string}): Promise<void> {
  await db.query(
    `insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, idempotency_key, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [planId, bookingId, charge.kind, charge.cents, charge.status, randomUUID(), charge.at],
  )
}

export const paid = (paidAt: string) => ({payment_status: 'paid', paid_at: paidAt, payment_session_id: `cs_${randomUUID()}`})

/**
 * The bookings of the worked example, each with what it adds to November 2026 (and the weeks and
 * months either side) in the comment beside it.
 */
export async function seedNovember(db: PGlite): Promise<{planId: string}> {
  // A: visit Sunday 1 Nov; paid Saturday 31 Oct at 23:30 PDT (06:30Z on 1 Nov): booked in November
  // and in the week of 26 Oct, collected in October. Tip $20, coupon $10.
  await insertBooking(db, houseBooking({date: '2026-11-01', amountCents: 20000, tipCents: 2000, discountCents: 1000, coupon: 'save10'}), paid('2026-11-01T06:30:00Z'))
  // B: visit 3 Nov; paid 1 Nov at 01:30 PDT (08:30Z), the first 01:30 of the night: November.
  await insertBooking(db, carpetBooking({date: '2026-11-03', amountCents: 15000, tipCents: 0, parkingCents: 0, discountCents: null, coupon: null}), paid('2026-11-01T08:30:00Z'))
  // C: visit 30 Nov; paid 1 Nov at 01:30 PST (09:30Z), the second 01:30: November. Cancelled on
  // 20 Nov with all of it refunded that day: collected and refunded in November, not booked.
  const c = await insertBooking(db, exteriorBooking({date: '2026-11-30', amountCents: 30000, tipCents: 0, parkingCents: 0, discountCents: null, coupon: null}), {
    ...paid('2026-11-01T09:30:00Z'),
    cancelled_at: '2026-11-20T20:00:00Z',
    refunded_cents: 30000,
  })
  await insertRefund(db, c, {purpose: 'cancellation', cents: 30000, at: '2026-11-20T20:00:00Z'})
  // D: visit 1 Dec; paid 30 Nov at 00:30 PST (08:30Z): collected in November, booked in December.
  // $10 refunded at the provider on 30 Nov at 23:30 PST (07:30Z on 1 Dec): November; $25 refunded
  // on 1 Dec at 00:30 PST: December. A refund that failed counts nowhere.
  const d = await insertBooking(db, houseBooking({date: '2026-12-01', amountCents: 10000, tipCents: 900, discountCents: null, coupon: null}), {
    ...paid('2026-11-30T08:30:00Z'),
    refunded_cents: 3500,
  })
  await insertRefund(db, d, {purpose: 'outside', cents: 1000, at: '2026-12-01T07:30:00Z'})
  await insertRefund(db, d, {purpose: 'refund', cents: 2500, at: '2026-12-01T08:30:00Z'})
  await insertRefund(db, d, {purpose: 'refund', cents: 700, at: '2026-11-25T18:00:00Z', status: 'failed'})
  // E: an open hold on 10 Nov: nothing anywhere.
  await insertBooking(db, houseBooking({date: '2026-11-10', amountCents: 9999}), {payment_status: 'pending', hold_expires_at: '2030-01-01T00:00:00Z'})
  // F: a payment after the hold ended, sent back on 15 Nov: never collected, so not refunded either.
  const f = await insertBooking(db, houseBooking({date: '2026-11-16', amountCents: 5000}), {payment_status: 'expired'})
  await insertRefund(db, f, {purpose: 'late_payment', cents: 5000, at: '2026-11-15T18:00:00Z'})
  // G: a late payment the office took: paid when it arrived, 12 Nov; visit 14 Nov. Its tip is not
  // known (stored before tips were kept in cents).
  await insertBooking(db, houseBooking({date: '2026-11-14', amountCents: 12000, tipCents: null, discountCents: null, coupon: null}), paid('2026-11-12T18:00:00Z'))
  // H: a coupon larger than the subtotal: the $0.50 least charge, $25 off.
  await insertBooking(db, houseBooking({date: '2026-11-21', amountCents: 50, tipCents: 0, parkingCents: 0, discountCents: 2500, coupon: 'big'}), paid('2026-11-21T18:00:00Z'))
  // A weekly plan: its first visit on 13 Nov paid on 2 Nov; its visit 2 on 20 Nov declined on 17 Nov,
  // then charged on 18 Nov (one visit charged, one declined); an early-cancellation difference of
  // $40 charged on 25 Nov (money on no booking).
  const plan = await insertPlanWithVisit(db, {date: '2026-11-20', windowStartsAt: '2026-11-20T16:00:00Z', amountCents: 16624})
  await db.query(`update public.bookings set date = '2026-11-13', paid_at = '2026-11-02T18:00:00Z', tip_cents = 0, discount_cents = 0, coupon = null where id = $1`, [plan.firstBookingId])
  await db.query(`update public.bookings set tip_cents = 0, discount_cents = 0, coupon = null, payment_status = 'paid', paid_at = '2026-11-18T18:00:00Z', payment_session_id = 'pi_plan_visit' where id = $1`, [plan.visitId])
  await insertCharge(db, plan.planId, plan.visitId, {kind: 'visit', cents: 16624, status: 'declined', at: '2026-11-17T18:00:00Z'})
  await insertCharge(db, plan.planId, plan.visitId, {kind: 'visit', cents: 16624, status: 'succeeded', at: '2026-11-18T18:00:00Z'})
  await insertCharge(db, plan.planId, null, {kind: 'early_cancellation', cents: 4000, status: 'succeeded', at: '2026-11-25T18:00:00Z'})
  // A plan's visit 3, still to be charged, on 27 Nov: booked, not collected.
  await insertBooking(db, houseBooking({date: '2026-11-27', amountCents: 16624, tipCents: 0, discountCents: 0, coupon: null}), {
    payment_status: 'scheduled',
    plan_id: plan.planId,
    plan_visit: 3,
  })
  return {planId: plan.planId}
}

export const NOVEMBER: Period = {from: '2026-11-01', to: '2026-11-30'}

/** November, worked out by hand from seedNovember. */
export const NOVEMBER_BY_HAND: MoneyFigures = {
  ...NOVEMBER,
  // A 20000 + B 15000 + G 12000 + H 50 + plan visit 1 16624 + visit 2 16624 + visit 3 16624
  bookedCount: 7,
  bookedCents: 20000 + 15000 + 12000 + 50 + 16624 * 3,
  // 96922 / 7 = 13846.0 (exactly 13846)
  averageCents: 13846,
  tipsCents: 2000,
  tipsUnknown: 1,
  // A's $10 and H's $25
  couponsCents: 3500,
  couponUses: 2,
  // B, C, D, G, H, plan visit 1, plan visit 2 (A was paid in October)
  collectedCount: 7,
  collectedCents: 15000 + 30000 + 10000 + 12000 + 50 + 16624 + 16624,
  // C's 30000 on 20 Nov and D's 1000 on 30 Nov (PST)
  refundedCount: 2,
  refundedCents: 31000,
  keptCents: 15000 + 30000 + 10000 + 12000 + 50 + 16624 + 16624 - 31000,
  planVisitsCharged: 1,
  planVisitsDeclined: 1,
  earlyCancellationCents: 4000,
}

