/**
 * What the office benches share (`npm run bench:office`, scripts/bench/office.ts, times the lib
 * functions; `npm run bench:office:http`, scripts/bench/office-http.ts, the pages over HTTP): the
 * store they measure (20,000 bookings of about 7,000 customers, 2,000 plans, 5,000 leads, the refund
 * ledger), written with SQL into a new embedded database, the searches and the customer they ask
 * for, percentiles, and their report, reports/bench-office.md, where each keeps its own part.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {registerHooks} from 'node:module'
import path from 'node:path'
import {performance} from 'node:perf_hooks'
import type {EmbeddedDatabase} from '../../lib/database/pglite-worker-client.ts'

// lib/ imports its modules without extensions (as Next and Vitest resolve them); Node needs one.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      if ((specifier.startsWith('.') || specifier.startsWith('/')) && !path.extname(specifier)) return nextResolve(`${specifier}.ts`, context)
      throw error
    }
  },
})

/**
 * A customer's name, e-mail, phone, address and ZIP from their number (SQL expressions): the same
 * customer whichever table names them, so their bookings, plan and leads make one customer record.
 */
function customerOf(c: string) {
  const first = `(array['Avery','Jordan','Mei','Santiago','Priya','Olusegun','Hannah','Tomasz','Lucía','Kenji','Zoë','Åsa'])[${c} % 12 + 1]`
  const last = `(array['Nguyen','Okafor','Lindqvist','García','Patel','Schmidt','Haddad','Kowalski','Tanaka','Murphy','Ivanova','Ångström','O''Hara'])[${c} % 13 + 1]`
  return {
    first,
    last,
    email: `lower(translate(${first}, 'ëåÅúí', 'eaAui')) || '.' || lower(translate(${last}, 'íÅö''', 'iAo')) || ${c} || '@example.com'`,
    phone: `'425' || lpad(((${c} * 104729) % 10000000)::text, 7, '0')`,
    address: `(1000 + (${c} * 37) % 9000) || ' ' || (array['Maple Valley Hwy','Logan Ave S','NE 4th St','Benson Rd S','Rainier Ave S','Sunset Blvd NE'])[${c} % 6 + 1] || ', ' || (array['Renton, WA 98057','Renton, WA 98058','Kent, WA 98031','Bellevue, WA 98006','Everett, WA 98201'])[${c} % 5 + 1]`,
    zip: `(array['98057','98058','98031','98006','98201'])[${c} % 5 + 1]`,
  }
}

const CUSTOMER = customerOf('(i % $2::int)')

/**
 * The bookings ($1 of them, for $2 customers: booking i is customer i mod $2's), written with SQL
 * (the booking endpoint at its own pace would take many minutes): dates from 180 days back to 185
 * ahead, each crew's windows, and the office's statuses in the mix a business sees (mostly paid;
 * holds, ended holds, abandoned checkouts, cancellation requests, cancellations, visits done and
 * no-shows). A house booking's tip (0 to 20 %) and parking fee are part of its amount, as the form
 * prices them; the other services charge neither online. A cancelled booking was refunded in full,
 * or half (mix 71); 2 % of the bookings, paid and standing, were refunded a quarter of their amount.
 */
export const SEED_SQL = `
with base as (
  select i,
    (array['house','house','house','house','house','house','house','house','carpet','carpet','carpet','exterior','exterior','exterior','commercial','commercial'])[i % 16 + 1] as industry,
    (current_date - 180 + (i * 7919) % 366) as day,
    i % 100 as mix,
    ${CUSTOMER.first} as first_name,
    ${CUSTOMER.last} as last_name,
    ${CUSTOMER.email} as email,
    ${CUSTOMER.phone} as phone,
    ${CUSTOMER.address} as address,
    (12000 + (i * 7919) % 38000) as cents,
    (array[0, 10, 15, 20])[i % 4 + 1] as tip_percent,
    (array[0, 0, 5, 10])[(i / 4) % 4 + 1] as parking_dollars
  from generate_series(1, $1::int) as g(i)
),
placed as (
  select *,
    case industry when 'exterior' then 'exterior' when 'commercial' then 'commercial' else 'indoor' end as family,
    case when industry = 'commercial'
      then (array['06:00-08:00','08:00-10:00','12:00-14:00','14:00-16:00','18:00-20:00','20:00-22:00'])[i % 6 + 1]
      else (array['08:00-10:00','10:00-12:00','12:00-14:00','14:00-16:00'])[i % 4 + 1] end as arrival_window,
    (day - 14 + (i % 13))::timestamp at time zone 'America/Los_Angeles' + interval '10 hours' as created,
    case when industry = 'house' then round((cents - parking_dollars * 100) * tip_percent / (100.0 + tip_percent))::integer else 0 end as tip_cents
  from base
)
insert into public.bookings (
  industry, first_name, last_name, email, phone, address, notes, service, instructions, date,
  tip, parking_fee, tip_cents, parking_cents,
  amount, amount_cents, payment_status, payment_provider, payment_session_id, idempotency_key,
  created_at, paid_at, arrival_window, service_family, window_starts_at, hold_expires_at,
  cancellation_requested_at, cancelled_at, refunded_cents, outcome, outcome_at
)
select industry, first_name, last_name, email, phone, address,
  case when i % 3 = 0 then 'Gate code 4821; the dog is friendly.' end,
  case industry
    when 'house' then (array['Regular Cleaning','Move Out & Move In','Deep Cleaning','Post Construction'])[i % 4 + 1]
    when 'exterior' then (array['Roof Cleaning','Gutter Cleaning','House Washing','Pressure Washing'])[i % 4 + 1]
    when 'commercial' then (array['Corporate Office Cleaning','Retail Spaces Cleaning','VRBO and AIRBNB Cleaning'])[i % 3 + 1]
  end,
  case industry
    when 'house' then jsonb_build_object('How Will We Get Inside?', (array['I will be Home','leave the key','provide an access code'])[i % 3 + 1])
    when 'exterior' then jsonb_build_object('keyInfo', 'Someone Will Be At Home')
    when 'carpet' then to_jsonb('I Will Hide The Keys'::text)
  end,
  day,
  case when industry = 'house' then tip_percent || '%' end,
  case when industry = 'house' then '$' || parking_dollars end,
  tip_cents,
  case when industry = 'house' then parking_dollars * 100 else 0 end,
  cents / 100.0, cents,
  case when mix < 80 then 'paid' when mix < 92 then 'pending' when mix < 96 then 'expired' else 'cancelled' end,
  'test-checkout', 'test_cs_' || md5('office-bench-' || i), gen_random_uuid(),
  created,
  case when mix < 80 then created + interval '3 minutes' end,
  arrival_window, family,
  (day + split_part(arrival_window, '-', 1)::time) at time zone 'America/Los_Angeles',
  case when mix >= 80 and mix < 92 then case when mix < 84 then now() + interval '20 minutes' else created + interval '31 minutes' end end,
  case when mix between 60 and 67 then created + interval '1 day' end,
  case when mix between 68 and 71 then created + interval '2 days' end,
  case when mix between 68 and 70 then cents when mix = 71 then cents / 2 when i % 1000 < 20 then cents / 4 else 0 end,
  case when mix between 72 and 76 and day < current_date then 'done' when mix between 77 and 78 and day < current_date then 'no_show' end,
  case when mix between 72 and 78 and day < current_date then day + interval '18 hours' end
from placed
`

/**
 * $1 plans, each started by a customer's first booking (by visit day) when it was paid and stands,
 * with its next two visits as bookings of the plan (paid and charged once their charge was due, two
 * days before the visit; otherwise waiting for their charge as 'scheduled'), each with its charge
 * row, about one in twenty declined once before it was charged. One plan in ten was cancelled a day
 * after it began: its later visits were cancelled uncharged and it was charged the early
 * cancellation's difference. One in twenty is paused.
 */
export const PLANS_SQL = `
with firsts as (
  select distinct on (lower(btrim(b.email))) b.*
  from public.bookings b
  order by lower(btrim(b.email)), b.date, b.created_at, b.id
),
chosen as (
  select f.*, row_number() over (order by md5(f.id::text)) as n
  from firsts f
  where f.payment_status = 'paid' and f.cancelled_at is null and f.cancellation_requested_at is null and f.refunded_cents = 0
  order by md5(f.id::text)
  limit $1::int
),
cadenced as (
  select c.*,
    (array['weekly','every_other_week','monthly','every_3_months','every_6_months'])[c.n % 5 + 1] as cadence,
    (array['Weekly','Every Other Week','Monthly','Every 3 Months','Every 6 Months'])[c.n % 5 + 1] as plan_frequency,
    (array[7, 14, 28, 91, 182])[c.n % 5 + 1] as step,
    case when c.n % 10 = 0 then 'cancelled' when c.n % 20 = 5 then 'paused' else 'active' end as plan_status
  from chosen c
),
plans as (
  insert into public.booking_plans (
    first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
    per_visit_cents, one_time_cents, first_name, last_name, email, phone, status, paused_at, cancelled_at, cancelled_by,
    early_cancellation_cents, generated_through, payment_provider, payment_customer_id, payment_method_id, card_label,
    sms_consent_at, created_at
  )
  select c.id, c.industry, c.plan_frequency, c.cadence, c.date, c.arrival_window, c.service_family,
    jsonb_build_object('industry', c.industry, 'service', c.service),
    c.amount_cents, round(c.amount_cents * 1.15)::integer, c.first_name, c.last_name, c.email, c.phone, c.plan_status,
    case when c.plan_status = 'paused' then c.paid_at + interval '3 days' end,
    case when c.plan_status = 'cancelled' then c.paid_at + interval '1 day' end,
    case when c.plan_status = 'cancelled' then 'customer' end,
    case when c.plan_status = 'cancelled' then round(c.amount_cents * 1.15)::integer - c.amount_cents end,
    c.date + 2 * c.step, 'test-checkout', 'cus_bench_' || c.n, 'pm_bench_' || c.n, 'Visa ending 4242',
    case when c.n % 3 = 0 then c.paid_at end,
    c.paid_at
  from cadenced c
  returning id, first_booking_id, status, cancelled_at, early_cancellation_cents
),
started as (
  update public.bookings b set plan_id = p.id, plan_visit = 1, frequency = c.plan_frequency
  from plans p join cadenced c on c.id = p.first_booking_id
  where b.id = p.first_booking_id
  returning b.id
),
later as (
  select c.*, p.id as plan, p.status as plan_status_now, p.cancelled_at as plan_cancelled_at, k as visit,
    (c.date + (k - 1) * c.step) as day,
    ((c.date + (k - 1) * c.step) + split_part(c.arrival_window, '-', 1)::time) at time zone 'America/Los_Angeles' as starts
  from cadenced c join plans p on p.first_booking_id = c.id cross join generate_series(2, 3) as k
),
visits as (
  insert into public.bookings (
    industry, first_name, last_name, email, phone, address, notes, service, instructions, date, frequency,
    tip, parking_fee, tip_cents, parking_cents, amount, amount_cents, payment_status, payment_provider, idempotency_key,
    created_at, paid_at, arrival_window, service_family, window_starts_at, cancelled_at, plan_id, plan_visit
  )
  select l.industry, l.first_name, l.last_name, l.email, l.phone, l.address, l.notes, l.service, l.instructions, l.day, l.plan_frequency,
    l.tip, l.parking_fee, l.tip_cents, l.parking_cents, l.amount, l.amount_cents,
    case when l.plan_status_now = 'cancelled' then 'cancelled' when l.starts - interval '2 days' < now() then 'paid' else 'scheduled' end,
    'test-checkout', gen_random_uuid(), l.paid_at,
    case when l.plan_status_now <> 'cancelled' and l.starts - interval '2 days' < now() then l.starts - interval '2 days' end,
    l.arrival_window, l.service_family, l.starts, l.plan_cancelled_at, l.plan, l.visit
  from later l
  returning id, plan_id, payment_status, paid_at, window_starts_at, amount_cents
),
visit_charges as (
  insert into public.plan_visit_charges (booking_id, state, due_at, attempts)
  select v.id, case v.payment_status when 'paid' then 'charged' when 'cancelled' then 'cancelled' else 'scheduled' end,
    v.window_starts_at - interval '2 days', case when v.payment_status = 'paid' then 1 else 0 end
  from visits v
  returning booking_id
)
insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, idempotency_key, created_at)
select v.plan_id, v.id, 'visit', v.amount_cents, 'succeeded', 'pi_bench_' || md5(v.id::text), null, 'bench-visit-' || v.id || '-1', v.paid_at
from visits v where v.payment_status = 'paid'
union all
select v.plan_id, v.id, 'visit', v.amount_cents, 'declined', null, 'card_declined', 'bench-visit-' || v.id || '-0', v.paid_at - interval '1 day'
from visits v where v.payment_status = 'paid' and get_byte(decode(md5(v.id::text), 'hex'), 0) % 20 = 0
union all
select p.id, null, 'early_cancellation', p.early_cancellation_cents, 'succeeded', 'pi_bench_' || md5('early-' || p.id), null, 'bench-early-' || p.id, p.cancelled_at
from plans p where p.status = 'cancelled'
`

/**
 * The refund ledger behind the bookings' refunded_cents: each cancelled booking's cancellation
 * refund (its whole refund, completed when it was cancelled; 0 cents for a plan's visit cancelled
 * before it was charged) and each partial refund of a booking kept (two days after its payment).
 */
export const REFUNDS_SQL = `
insert into public.booking_refunds (
  booking_id, purpose, attempt, idempotency_key, amount_cents, status, provider, provider_refund_id,
  staff_name, claimed_at, completed_at, reason
)
select b.id, 'cancellation', 1, 'bench-cancellation-' || b.id, b.refunded_cents, 'succeeded', 'test-checkout',
  case when b.refunded_cents > 0 then 're_bench_' || md5('cancellation-' || b.id) end,
  'Bench Owner', b.cancelled_at, b.cancelled_at, null
from public.bookings b where b.cancelled_at is not null
union all
select b.id, 'refund', 1, 'bench-refund-' || b.id, b.refunded_cents, 'succeeded', 'test-checkout', 're_bench_' || md5('refund-' || b.id),
  'Bench Owner', b.paid_at + interval '2 days', b.paid_at + interval '2 days', 'Part of the visit was not done'
from public.bookings b where b.cancelled_at is null and b.refunded_cents > 0
`

const LEAD = customerOf('(j * 3 % $2::int)')

/**
 * $1 leads over the last 180 days (half of them from customers who also booked, under the same
 * name, e-mail and phone; the others from new people): half quote requests with the quote form's
 * "how did you hear about us" answer (some blank, some typed in another case), three in ten
 * contact messages, two in ten estimate requests. Seven in ten were worked by the office
 * (lead_tracking), with each status change it made in the audit log: contacted, quoted, won, lost
 * after contact, spam, or left new.
 */
export const LEADS_SQL = `
with l as (
  select j, gen_random_uuid() as id, gen_random_uuid() as submission_key,
    case when j % 10 < 5 then 'quote_request' when j % 10 < 8 then 'contact_message' else 'estimate_request' end as kind,
    case when j % 2 = 0 then ${LEAD.first} else (array['Riley','Morgan','Dana','Ines','Farid','Greta'])[j % 6 + 1] end as first_name,
    case when j % 2 = 0 then ${LEAD.last} else (array['Baker','Silva','Novak','Yilmaz','Brennan'])[j % 5 + 1] end as last_name,
    case when j % 2 = 0 then ${LEAD.email} else 'lead.' || j || '@example.net' end as email,
    case when j % 2 = 0 then ${LEAD.phone} else '206' || lpad(((j * 7919) % 10000000)::text, 7, '0') end as phone,
    case when j % 2 = 0 then ${LEAD.address} else (100 + j % 900) || ' S 3rd St, Renton, WA 98057' end as address,
    case when j % 2 = 0 then ${LEAD.zip} else '98057' end as zip,
    now() - ((j * 7919) % (180 * 24)) * interval '1 hour' - (j % 60) * interval '1 minute' as created,
    (array['Google or another search engine','Facebook or Instagram','Nextdoor','Yelp','A friend or neighbor','We have cleaned for you before','Other','',' google or another search engine ','Google or another search engine'])[j / 10 % 10 + 1] as heard,
    case when j % 20 < 6 then null when j % 20 < 10 then 'contacted' when j % 20 < 13 then 'quoted' when j % 20 < 16 then 'won'
      when j % 20 < 18 then 'lost' when j % 20 = 18 then 'spam' else 'new' end as status
  from generate_series(1, $1::int) as g(j)
),
quotes as (
  insert into public.quote_requests (id, submission_key, first_name, last_name, phone, email, zip_code, square_footage, desired_services, heard_about_us, terms_accepted_at, page_path, page_title, created_at)
  select id, submission_key, first_name, last_name, phone, email, zip, 1200 + j % 2000, 'Deep cleaning, windows', nullif(heard, ''), created, '/house-cleaning', 'House Cleaning', created
  from l where kind = 'quote_request'
  returning id
),
messages as (
  insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path, created_at)
  select id, submission_key, first_name || ' ' || last_name, email, phone, 'Do you clean on weekends? We need a move-out clean.', '/contact', created
  from l where kind = 'contact_message'
  returning id
),
estimates as (
  insert into public.appointments (id, submission_key, page_path, created_at, full_name, phone, email, address, zip_code, service, visit_date, visit_window, visit_starts_at, walkthrough)
  select id, submission_key, '/appointment', created, first_name || ' ' || last_name, phone, email, address, zip, 'Deep Cleaning',
    (created at time zone 'America/Los_Angeles')::date + 5, '09:00-11:00',
    ((created at time zone 'America/Los_Angeles')::date + 5 + time '09:00') at time zone 'America/Los_Angeles',
    case when j % 4 < 2 then 'in_person' else 'video' end
  from l where kind = 'estimate_request'
  returning id
),
tracked as (
  insert into public.lead_tracking (lead_kind, lead_id, status, updated_at)
  select kind, id, status, created + interval '1 day' from l where status is not null
  returning lead_id
),
steps (status, seq, before, after) as (
  values ('contacted', 1, 'new', 'contacted'),
    ('quoted', 1, 'new', 'contacted'), ('quoted', 2, 'contacted', 'quoted'),
    ('won', 1, 'new', 'contacted'), ('won', 2, 'contacted', 'quoted'), ('won', 3, 'quoted', 'won'),
    ('lost', 1, 'new', 'contacted'), ('lost', 2, 'contacted', 'lost'),
    ('spam', 1, 'new', 'spam')
)
insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
select null, 'Bench Office', l.created + s.seq * interval '6 hours', 'lead', l.id::text, 'status_changed',
  jsonb_build_object('status', s.before), jsonb_build_object('status', s.after)
from l join steps s on s.status = l.status
`

/** The store for `bookings` bookings, in the proportions: 20,000 bookings, 2,000 plans, 5,000 leads, about 7,000 customers. */
export function officeStoreSize(bookings: number): {bookings: number; plans: number; leads: number; customers: number} {
  return {bookings, plans: Math.round(bookings / 10), leads: Math.round(bookings / 4), customers: Math.round((bookings * 7) / 20)}
}

/** The embedded database in `dataDir` (PGlite in its worker thread, as the server opens it; migrated). */
export async function openOfficeDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const {openPgliteWorkerDatabase} = await import('../../lib/database/pglite-worker-client.ts')
  return openPgliteWorkerDatabase(dataDir)
}

/** What the store holds once seeded, and how long the seeding took. */
export type SeededStore = {bookings: number; plans: number; leads: number; customers: number; seedSeconds: number}

/**
 * Writes the store into `db` (the worker's client or PGlite itself): `count` bookings in all, two
 * per plan of them its later visits, the plans, the refund ledger and the leads (officeStoreSize),
 * then analyzes the tables. What it holds and how long it took.
 */
export async function seedOfficeBookings(db: Pick<EmbeddedDatabase, 'query'>, count: number): Promise<SeededStore> {
  const size = officeStoreSize(count)
  const started = performance.now()
  await db.query(SEED_SQL, [size.bookings - 2 * size.plans, size.customers])
  await db.query(PLANS_SQL, [size.plans])
  await db.query(REFUNDS_SQL)
  await db.query(LEADS_SQL, [size.leads, size.customers])
  for (const table of ['bookings', 'booking_plans', 'plan_charges', 'plan_visit_charges', 'booking_refunds', 'quote_requests', 'contact_messages', 'appointments', 'lead_tracking', 'staff_actions']) {
    await db.query(`analyze public.${table}`)
  }
  const seedSeconds = (performance.now() - started) / 1000
  const {rows} = await db.query<{bookings: number; plans: number; leads: number; customers: number}>(
    `select (select count(*) from public.bookings)::int as bookings, (select count(*) from public.booking_plans)::int as plans,
       ((select count(*) from public.quote_requests) + (select count(*) from public.contact_messages) + (select count(*) from public.appointments))::int as leads,
       (select count(distinct lower(btrim(email))) from public.bookings)::int as customers`,
  )
  return {...rows[0], seedSeconds}
}

/** A customer whose record the benches time: the first (by e-mail) with three bookings and a quote request. */
export async function sampleCustomer(db: Pick<EmbeddedDatabase, 'query'>): Promise<{emailKey: string; name: string}> {
  const {rows} = await db.query<{email_key: string; name: string}>(
    `select lower(btrim(b.email)) as email_key, min(b.first_name || ' ' || b.last_name) as name
     from public.bookings b
     where exists (select 1 from public.quote_requests q where lower(btrim(q.email)) = lower(btrim(b.email)))
     group by 1 having count(*) = 3 order by 1 limit 1`,
  )
  if (!rows[0]) throw new Error('The seeded store has no customer with three bookings and a quote request')
  return {emailKey: rows[0].email_key, name: rows[0].name}
}

/**
 * What the benches search for, taken from one booking of the store: its phone number as staff type
 * it ("(425) 701-4683") and its reference as the office shows it ("39CE-E25A").
 */
export async function sampleSearches(db: Pick<EmbeddedDatabase, 'query'>): Promise<{phoneAsTyped: string; reference: string}> {
  const {rows} = await db.query<{phone: string; id: string}>('select phone, id::text from public.bookings order by created_at limit 1 offset least(777, (select count(*) / 2 from public.bookings))')
  const phone = rows[0].phone
  const compact = rows[0].id.replace(/-/g, '').slice(0, 8).toUpperCase()
  return {phoneAsTyped: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, reference: `${compact.slice(0, 4)}-${compact.slice(4)}`}
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** p50, p95 and max of some timings in milliseconds. */
export function summarize(times: number[]): {p50: number; p95: number; max: number} {
  const sorted = [...times].sort((a, b) => a - b)
  return {p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]}
}

export const REPORT_FILE = 'reports/bench-office.md'
const HTTP_PART_START = '<!-- bench:office:http -->'
const HTTP_PART_END = '<!-- /bench:office:http -->'

function readReport(): string {
  return existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : ''
}

function httpPartOf(report: string): string | null {
  const start = report.indexOf(HTTP_PART_START)
  const end = report.indexOf(HTTP_PART_END)
  return start >= 0 && end > start ? report.slice(start, end + HTTP_PART_END.length) : null
}

/** Writes the lib bench's part of the report, keeping the HTTP bench's part after it. */
export function writeLibReport(markdown: string): void {
  const httpPart = httpPartOf(readReport())
  mkdirSync(path.dirname(REPORT_FILE), {recursive: true})
  writeFileSync(REPORT_FILE, httpPart ? `${markdown.trimEnd()}\n\n${httpPart}\n` : markdown)
}

/** Writes the HTTP bench's part of the report, after the lib bench's part (kept as it is). */
export function writeHttpReport(markdown: string): void {
  const report = readReport()
  const httpPart = httpPartOf(report)
  const libPart = (httpPart ? report.replace(httpPart, '') : report).trimEnd()
  const part = `${HTTP_PART_START}\n${markdown.trim()}\n${HTTP_PART_END}`
  mkdirSync(path.dirname(REPORT_FILE), {recursive: true})
  writeFileSync(REPORT_FILE, libPart ? `${libPart}\n\n${part}\n` : `${part}\n`)
}
