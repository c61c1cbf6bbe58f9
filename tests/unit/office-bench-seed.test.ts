import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {addDays} from '@/lib/booking/availability'
import {createSqlDatabaseFunctions} from '@/lib/database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '@/lib/database/test-support/temp-pglite'
import {listCustomers, readCustomer} from '@/lib/office/customers/read'
import {readDashboard} from '@/lib/office/dashboard/read'
import {companyToday} from '@/lib/office/schedule/rules'
import {officeStoreSize, sampleCustomer, seedOfficeBookings, type SeededStore} from '@/scripts/bench/office-seed'

// The office benches' store, at a tenth of its size: what it holds must be a store the office could
// have written (the tables' checks hold, the refund ledger adds up to each booking's refunded
// figure, a plan starts on a paid booking), in the proportions the budgets are set for.

const BOOKINGS = 2_000
let db: PGlite
let close: () => Promise<void>
let seeded: SeededStore

beforeAll(async () => {
  ;({db, close} = await openTempPglite())
  seeded = await seedOfficeBookings(db, BOOKINGS)
}, PGLITE_SETUP_TIMEOUT)
afterAll(() => close())

const one = async <R>(sql: string) => (await db.query<R>(sql)).rows[0]

describe('the office benches’ store', () => {
  it('holds the bookings, plans, leads and customers asked for, in the issue’s proportions', async () => {
    expect(officeStoreSize(20_000)).toEqual({bookings: 20_000, plans: 2_000, leads: 5_000, customers: 7_000})
    expect(seeded).toMatchObject({bookings: BOOKINGS, plans: 200, leads: 500, customers: 700})
    const leads = await one<{quotes: number; messages: number; estimates: number}>(
      `select (select count(*) from public.quote_requests)::int as quotes, (select count(*) from public.contact_messages)::int as messages,
         (select count(*) from public.appointments)::int as estimates`,
    )
    expect(leads).toEqual({quotes: 250, messages: 150, estimates: 100})
    // About three bookings a customer; more than half the quote requests from customers who booked.
    const perCustomer = await one<{most: number; fewest: number}>(
      `select max(n)::int as most, min(n)::int as fewest from (select count(*) as n from public.bookings group by lower(btrim(email))) x`,
    )
    expect(perCustomer.fewest).toBeGreaterThanOrEqual(2)
    expect(perCustomer.most).toBeLessThanOrEqual(5)
    const known = await one<{n: number}>(
      `select count(*)::int as n from public.quote_requests q where exists (select 1 from public.bookings b where lower(btrim(b.email)) = lower(btrim(q.email)))`,
    )
    expect(known.n).toBe(150)
  })

  it('gives every booking the refunds that add up to its refunded figure, a cancelled one its cancellation refund', async () => {
    const mismatched = await one<{n: number}>(
      `select count(*)::int as n from public.bookings b
       where b.refunded_cents <> coalesce((select sum(r.amount_cents) from public.booking_refunds r
         where r.booking_id = b.id and r.status = 'succeeded' and r.purpose <> 'late_payment'), 0)`,
    )
    expect(mismatched.n).toBe(0)
    const cancelled = await one<{cancelled: number; withRefund: number; partial: number}>(
      `select count(*)::int as cancelled,
         count(*) filter (where exists (select 1 from public.booking_refunds r where r.booking_id = b.id and r.purpose = 'cancellation'
           and r.status = 'succeeded' and r.completed_at = b.cancelled_at and r.amount_cents = b.refunded_cents))::int as "withRefund",
         (select count(*) from public.booking_refunds r where r.purpose = 'refund')::int as partial
       from public.bookings b where b.cancelled_at is not null`,
    )
    expect(cancelled.cancelled).toBeGreaterThan(0)
    expect(cancelled.withRefund).toBe(cancelled.cancelled)
    // About 2 % of the bookings were partly refunded.
    expect(cancelled.partial / BOOKINGS).toBeGreaterThan(0.015)
    expect(cancelled.partial / BOOKINGS).toBeLessThan(0.03)
  })

  it('starts every plan on its customer’s first booking, paid, with its later visits charged or waiting for their charge', async () => {
    const plans = await one<{plans: number; paidFirst: number; visits: number; scheduled: number; charged: number; declined: number; early: number}>(
      `select count(*)::int as plans,
         count(*) filter (where f.payment_status = 'paid' and f.plan_id = p.id and f.plan_visit = 1
           and f.date = (select min(b.date) from public.bookings b where lower(btrim(b.email)) = lower(btrim(f.email)) and b.plan_visit is distinct from 2 and b.plan_visit is distinct from 3))::int as "paidFirst",
         (select count(*) from public.bookings where plan_visit > 1)::int as visits,
         (select count(*) from public.bookings where payment_status = 'scheduled')::int as scheduled,
         (select count(*) from public.plan_charges where kind = 'visit' and status = 'succeeded')::int as charged,
         (select count(*) from public.plan_charges where kind = 'visit' and status = 'declined')::int as declined,
         (select count(*) from public.plan_charges where kind = 'early_cancellation')::int as early
       from public.booking_plans p join public.bookings f on f.id = p.first_booking_id`,
    )
    expect(plans.paidFirst).toBe(plans.plans)
    expect(plans.visits).toBe(2 * plans.plans)
    expect(plans.scheduled).toBeGreaterThan(0)
    expect(plans.charged).toBeGreaterThan(0)
    expect(plans.early).toBe(20)
    const paidVisits = await one<{n: number}>(`select count(*)::int as n from public.bookings where plan_visit > 1 and payment_status = 'paid'`)
    expect(plans.charged).toBe(paidVisits.n)
    const uncharged = await one<{n: number}>(
      `select count(*)::int as n from public.bookings b where b.plan_visit > 1 and not exists (select 1 from public.plan_visit_charges c where c.booking_id = b.id)`,
    )
    expect(uncharged.n).toBe(0)
  })

  it('gives the leads the office worked their status and each change of it in the audit log', async () => {
    const tracking = await one<{statuses: string[]; changes: number; expected: number}>(
      `select array_agg(distinct status order by status) as statuses,
         (select count(*) from public.staff_actions where subject_kind = 'lead' and action = 'status_changed')::int as changes,
         sum(case status when 'contacted' then 1 when 'quoted' then 2 when 'won' then 3 when 'lost' then 2 when 'spam' then 1 else 0 end)::int as expected
       from public.lead_tracking`,
    )
    expect(tracking.statuses).toEqual(['contacted', 'lost', 'new', 'quoted', 'spam', 'won'])
    expect(tracking.changes).toBe(tracking.expected)
    const heard = await one<{answers: number}>(`select count(distinct lower(btrim(heard_about_us)))::int as answers from public.quote_requests`)
    expect(heard.answers).toBe(7)
  })

  it('reads the money of overlapping periods at once as it reads each period alone', async () => {
    const today = companyToday(new Date())
    const periods = {
      week: {from: addDays(today, -6), to: today},
      month: {from: addDays(today, -29), to: today},
      before: {from: addDays(today, -59), to: addDays(today, -30)},
      day: {from: addDays(today, -3), to: addDays(today, -3)},
      ahead: {from: addDays(today, 1), to: addDays(today, 90)},
      long_ago: {from: addDays(today, -400), to: addDays(today, -380)},
    }
    const {rows} = await db.query<{together: Record<string, unknown>; alone: Record<string, unknown>}>(
      `select public.office_money_of_periods($1::jsonb) as together,
         (select jsonb_object_agg(p.key, public.office_money_between((p.value ->> 'from')::date, (p.value ->> 'to')::date)) from jsonb_each($1::jsonb) p) as alone`,
      [JSON.stringify(periods)],
    )
    expect(Object.keys(rows[0].together).sort()).toEqual(Object.keys(periods).sort())
    expect(rows[0].together).toEqual(rows[0].alone)
    expect((rows[0].together.month as {collected_cents: number}).collected_cents).toBeGreaterThan(0)
    expect((await one<{v: unknown}>(`select public.office_money_of_periods('{}'::jsonb) as v`)).v).toEqual({})
  })

  it('answers the dashboard and a customer’s record from it', async () => {
    const functions = createSqlDatabaseFunctions(db)
    const now = new Date()
    const today = companyToday(now)
    const dashboard = await readDashboard(functions, {now, range: {from: addDays(today, -30), to: today}, withMoney: true})
    expect(dashboard.funnel.received).toBeGreaterThan(0)
    expect(dashboard.funnel.won).toBeGreaterThan(0)
    expect(dashboard.heard.length).toBeGreaterThan(1)
    expect(dashboard.money?.plans.active).toBeGreaterThan(0)
    expect(dashboard.money?.weekly.some((week) => week.refundedCents > 0)).toBe(true)
    expect(dashboard.money?.range.current.collectedCents).toBeGreaterThan(0)

    const customer = await sampleCustomer(db)
    const record = await readCustomer(functions, customer.emailKey, now)
    expect(record?.bookings).toHaveLength(3)
    expect(record?.leads.length).toBeGreaterThan(0)
    const found = await listCustomers(functions, {q: customer.name.split(' ')[1].slice(0, 5), page: 1})
    expect(found.total).toBeGreaterThan(0)
  })
})
