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


const job = (window: string, family: 'indoor' | 'exterior') => ({
  date: '2026-12-02',
  arrivalWindow: window,
  serviceFamily: family,
  // 08:00 and 10:00 PST.
  windowStartsAt: window.startsWith('08') ? '2026-12-02T16:00:00.000Z' : '2026-12-02T18:00:00.000Z',
  tipCents: 0,
  discountCents: null,
  coupon: null,
})

/** Wednesday 2 December 2026's jobs: what the dashboard's Today counts, with December's money beside November's. */
export async function seedToday(db: PGlite): Promise<void> {
  // Indoor 08:00–10:00: one started, one done.
  await insertBooking(db, houseBooking({...job('08:00-10:00', 'indoor'), amountCents: 10000}), {...paid('2026-12-01T18:00:00Z'), started_at: '2026-12-02T16:10:00Z'})
  await insertBooking(db, carpetBooking({...job('08:00-10:00', 'indoor'), amountCents: 20000}), {...paid('2026-12-01T19:00:00Z'), outcome: 'done', outcome_at: '2026-12-02T17:30:00Z'})
  // Indoor 10:00–12:00: an open hold (counted, as a hold) and one that ended (not).
  await insertBooking(db, houseBooking({...job('10:00-12:00', 'indoor'), amountCents: 9000}), {payment_status: 'pending', hold_expires_at: '2026-12-02T19:00:00Z'})
  await insertBooking(db, houseBooking({...job('10:00-12:00', 'indoor'), amountCents: 9000}), {payment_status: 'pending', hold_expires_at: '2026-12-02T17:00:00Z'})
  // Exterior 08:00–10:00: paid, its customer asking to cancel.
  await insertBooking(db, exteriorBooking({...job('08:00-10:00', 'exterior'), amountCents: 30000}), {...paid('2026-12-01T20:00:00Z'), cancellation_requested_at: '2026-12-01T21:00:00Z'})
}

async function insertQuote(db: PGlite, at: string, heard: string | null): Promise<string> {
  const id = randomUUID()
  await db.query(
    `insert into public.quote_requests (id, submission_key, first_name, last_name, phone, email, zip_code, heard_about_us, terms_accepted_at, page_path, created_at)
     values ($1, $2, 'Ann', 'Lee', '4255550100', 'ann@example.com', '98057', $3, $4, '/house-cleaning', $4)`,
    [id, randomUUID(), heard, at],
  )
  return id
}

/** The lead's status now, and the statuses it went through on the way (its history, as the office writes it). */
async function track(db: PGlite, kind: string, id: string, status: string, through: string[] = []): Promise<void> {
  await db.query(`insert into public.lead_tracking (lead_kind, lead_id, status) values ($1, $2, $3)`, [kind, id, status])
  let before = 'new'
  for (const step of [...through, status]) {
    await db.query(`select public.record_staff_action(null, 'Office', now(), 'lead', $1, 'status_changed', $2::jsonb, $3::jsonb)`, [id, JSON.stringify({status: before}), JSON.stringify({status: step})])
    before = step
  }
}

/** November's leads: five received, three contacted, two quoted, one won; one spam, one in October. */
export async function seedLeads(db: PGlite): Promise<void> {
  await insertQuote(db, '2026-11-05T18:00:00Z', ' google')
  await track(db, 'quote_request', await insertQuote(db, '2026-11-06T18:00:00Z', 'Google'), 'won', ['contacted', 'quoted'])
  // Quoted, then lost: it reached "quoted" (and so "contacted").
  await track(db, 'quote_request', await insertQuote(db, '2026-11-07T18:00:00Z', 'Friend'), 'lost', ['quoted'])
  await track(db, 'quote_request', await insertQuote(db, '2026-11-08T18:00:00Z', '  '), 'spam')
  // 23:30 PDT on 31 October: October's.
  await insertQuote(db, '2026-11-01T06:30:00Z', 'Yelp')
  // 23:30 PST on 30 November: November's; contacted, with no history kept.
  const message = randomUUID()
  await db.query(
    `insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path, created_at) values ($1, $2, 'Bo', 'bo@example.com', '2065550100', 'Hi', '/contact', '2026-12-01T07:30:00Z')`,
    [message, randomUUID()],
  )
  await db.query(`insert into public.lead_tracking (lead_kind, lead_id, status) values ('contact_message', $1, 'contacted')`, [message])
  await db.query(
    `insert into public.appointments (id, submission_key, page_path, created_at, full_name, phone, email, address, zip_code, service, visit_date, visit_window, walkthrough)
     values ($1, $2, '/appointment', '2026-11-15T18:00:00Z', 'Cy Park', '4255550111', 'cy@example.com', '1 Main St, Renton', '98057', 'Mold', '2026-11-20', '09:00-11:00', 'in_person')`,
    [randomUUID(), randomUUID()],
  )
}

/** December 2026 by hand: D (visit 1 Dec) and seedToday's jobs. */
export const DECEMBER_BY_HAND: MoneyFigures = {
  from: '2026-12-01',
  to: '2026-12-31',
  // D (1 Dec) and today's three jobs; the holds are not booked.
  bookedCount: 4,
  bookedCents: 10000 + 10000 + 20000 + 30000,
  averageCents: 17500,
  tipsCents: 900,
  tipsUnknown: 0,
  couponsCents: 0,
  couponUses: 0,
  collectedCount: 3,
  collectedCents: 60000,
  // D's $25 on 1 December at 00:30 PST.
  refundedCount: 1,
  refundedCents: 2500,
  keptCents: 57500,
  planVisitsCharged: 0,
  planVisitsDeclined: 0,
  earlyCancellationCents: 0,
}

