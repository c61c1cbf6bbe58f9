import {randomUUID} from 'node:crypto'

/**
 * A plan and its later visits written with plain SQL beside a paid first booking, as the plans'
 * creation leaves them (for the tests of changing a plan, which must not wait for it): the plan row,
 * and each later visit a copy of the first booking on its own date, 'scheduled' (waiting for its
 * charge), 'paid' (charged) or as given.
 */

/** What runs SQL: a PGlite or node-postgres client. */
export interface SqlClient {
  query<T>(sql: string, params?: unknown[]): Promise<{rows: T[]}>
}

export interface SeedVisit {
  /** YYYY-MM-DD, and when its window starts (the first booking's window on that day). */
  date: string
  windowStartsAt: string
  paymentStatus?: 'scheduled' | 'paid' | 'cancelled'
  chargeState?: 'scheduled' | 'charging' | 'charged' | 'declined' | 'released' | 'skipped' | 'cancelled'
  outcome?: 'done' | 'no_show'
}

export interface SeedPlanOptions {
  /** What the first visit would have cost one-time (the difference is this less its amount). */
  oneTimeCents: number
  perVisitCents?: number
  visits: SeedVisit[]
  /** A saved card (default: yes). */
  card?: boolean
  cadence?: 'weekly' | 'every_other_week' | 'monthly' | 'every_3_months' | 'every_6_months'
  status?: 'active' | 'paused'
}

/** Makes the paid booking `firstBookingId` the first visit of a new plan; answers the plan's and later visits' ids. */
export async function seedPlan(db: SqlClient, firstBookingId: string, options: SeedPlanOptions): Promise<{planId: string; visitIds: string[]}> {
  const planId = randomUUID()
  const card = options.card ?? true
  const last = options.visits.at(-1)?.date
  await db.query(
    `insert into public.booking_plans (
       id, first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
       per_visit_cents, one_time_cents, first_name, last_name, email, phone, status, paused_at, generated_through,
       payment_provider, payment_customer_id, payment_method_id, card_label)
     select $1, b.id, b.industry, coalesce(b.frequency, 'Weekly'), $2, b.date, b.arrival_window, b.service_family, '{}'::jsonb,
       $3, $4, b.first_name, b.last_name, b.email, b.phone, $5, case when $5 = 'paused' then now() end, coalesce($6::date, b.date),
       $7, $8, $9, $10
     from public.bookings b where b.id = $11`,
    [
      planId,
      options.cadence ?? 'weekly',
      options.perVisitCents ?? 12_000,
      options.oneTimeCents,
      options.status ?? 'active',
      last ?? null,
      card ? 'test-checkout' : null,
      card ? 'test_cus_manage' : null,
      card ? 'test_pm_manage' : null,
      card ? 'Visa ending 4242' : null,
      firstBookingId,
    ],
  )
  await db.query(`update public.bookings set plan_id = $1, plan_visit = 1 where id = $2`, [planId, firstBookingId])
  const visitIds: string[] = []
  for (const [index, visit] of options.visits.entries()) {
    const id = randomUUID()
    const status = visit.paymentStatus ?? 'scheduled'
    const chargeState = visit.chargeState ?? (status === 'paid' ? 'charged' : status === 'cancelled' ? 'skipped' : 'scheduled')
    const startsAt = new Date(visit.windowStartsAt)
    const patch = {
      id,
      idempotency_key: randomUUID(),
      payment_session_id: null,
      date: visit.date,
      window_starts_at: startsAt.toISOString(),
      plan_id: planId,
      plan_visit: index + 2,
      payment_status: status,
      amount_cents: options.perVisitCents ?? 12_000,
      amount: (options.perVisitCents ?? 12_000) / 100,
      coupon: null,
      discount: null,
      discount_cents: null,
      manage_link_generation: 0,
      cancellation_requested_at: null,
      cancelled_at: status === 'cancelled' ? startsAt.toISOString() : null,
      outcome: visit.outcome ?? null,
      outcome_at: visit.outcome ? startsAt.toISOString() : null,
      paid_at: status === 'paid' ? new Date(startsAt.getTime() - 48 * 3_600_000).toISOString() : null,
    }
    // The visit and its charge row in one statement (a 'scheduled' booking never lacks one).
    await db.query(
      `with visit as (
         insert into public.bookings select (jsonb_populate_record(null::public.bookings, to_jsonb(b) || $1::jsonb)).* from public.bookings b where b.id = $2
         returning id
       )
       insert into public.plan_visit_charges (booking_id, state, due_at, card_deadline_at) select id, $3, $4::timestamptz, $5::timestamptz from visit`,
      [
        JSON.stringify(patch),
        firstBookingId,
        chargeState,
        new Date(startsAt.getTime() - 48 * 3_600_000).toISOString(),
        chargeState === 'declined' ? new Date(startsAt.getTime() - 24 * 3_600_000).toISOString() : null,
      ],
    )
    visitIds.push(id)
  }
  return {planId, visitIds}
}

/** Empties the bookings, plans and what hangs off them (each test starts from an empty store). */
export async function emptyPlansAndBookings(db: {exec(sql: string): Promise<unknown>}): Promise<void> {
  await db.exec(`delete from public.email_outbox; delete from public.plan_changes; delete from public.plan_charges; delete from public.staff_actions;
    update public.bookings set plan_id = null, plan_visit = null where plan_visit = 1;
    delete from public.bookings where plan_id is not null; delete from public.booking_plans; delete from public.booking_changes; delete from public.bookings`)
}
