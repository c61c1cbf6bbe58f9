/**
 * A store holding many bookings, written straight into a data directory with SQL before a server
 * opens it (the booking endpoint at its own pace would take many minutes for 20,000). The rows are
 * what the site itself leaves behind, spread over the past year:
 * - bookings of all four industries with the fields each form fills in, money in cents and dollars;
 * - 70 % paid, 20 % pending (the customer left the checkout open), 10 % cancelled;
 * - for each one the test checkout's session (open, paid or cancelled with it), attached to it;
 * - for each paid one its confirmation and business notification in the e-mail outbox, sent;
 * - an arrival window on each one with a date (all but exterior, whose form asks for none here), in
 *   the committed windows of its crew. Their dates run up to 12 days ahead, so the first days the
 *   bench books (./dataset.ts) hold about ten of them a window: places taken that a booking counts,
 *   as in a real store, but never a full window (the bench gives each a million).
 */
import type {PGlite} from '@electric-sql/pglite'
import {openPgliteDatabase} from '../../lib/database/pglite.ts'

const SEED_SQL = `
with base as (
  select i,
    (array['house','house','house','house','house','house','house','house','house','house',
           'exterior','exterior','exterior','carpet','carpet','carpet','carpet','commercial','commercial','commercial'])[i % 20 + 1] as industry,
    case when i % 10 < 7 then 'paid' when i % 10 < 9 then 'pending' else 'cancelled' end as status,
    now() - make_interval(mins => i * 26) as created,
    md5('bench-session-' || i) as session_hex,
    (array['Avery','Jordan','Mei','Santiago','Priya','Olusegun','Hannah','Tomasz','Lucía','Kenji'])[i % 10 + 1] as first_name,
    (array['Nguyen','Okafor','Lindqvist','García','Patel','Schmidt','Haddad','Kowalski','Tanaka','Murphy','Ivanova'])[i % 11 + 1] as last_name,
    (1000 + (i * 37) % 9000) as street_number,
    (array['Maple Valley Hwy','Logan Ave S','NE 4th St','Benson Rd S','Rainier Ave S','Sunset Blvd NE'])[i % 6 + 1] as street,
    (array['Renton, WA 98057','Renton, WA 98058','Kent, WA 98031','Bellevue, WA 98006','Everett, WA 98201'])[i % 5 + 1] as city,
    (12000 + (i * 7919) % 38000) as gross_cents,
    (i % 4 = 0) as with_coupon
  from generate_series(1, $1::int) as g(i)
),
priced as (
  select *, gen_random_uuid() as id, gen_random_uuid() as idempotency_key,
    case when with_coupon and industry in ('house', 'carpet') then gross_cents / 10 else 0 end as discount_cents,
    case industry
      when 'exterior' then null
      when 'commercial' then (array['06:00-08:00','08:00-10:00','10:00-12:00','12:00-14:00','14:00-16:00','18:00-20:00','20:00-22:00'])[i % 7 + 1]
      else (array['08:00-10:00','10:00-12:00','12:00-14:00','14:00-16:00'])[i % 4 + 1]
    end as arrival_window
  from base
),
inserted as (
  insert into public.bookings (
    id, industry, first_name, last_name, email, phone, address, notes,
    location, service, frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee,
    hours, minutes, rooms, stairs, coupon, discount, discount_cents, amount, amount_cents,
    payment_status, payment_provider, payment_session_id, idempotency_key, created_at, updated_at, paid_at,
    arrival_window, service_family, window_starts_at, hold_expires_at
  )
  select id, industry, first_name, last_name,
    lower(first_name) || '.' || lower(last_name) || i || '@example.com',
    '425555' || lpad((i % 10000)::text, 4, '0'),
    street_number || ' ' || street || ', ' || city,
    case when i % 3 = 0 then 'Gate code 4821; the dog is friendly.' end,
    case when industry <> 'exterior' then (array['King County','Snohomish County'])[i % 2 + 1] end,
    case industry
      when 'house' then (array['Regular Cleaning','Move Out & Move In','Deep Cleaning','Post Construction'])[i % 4 + 1]
      when 'exterior' then (array['Roof Cleaning','Gutter Cleaning','House Washing','Pressure Washing'])[i % 4 + 1]
      when 'commercial' then (array['Corporate Office Cleaning','Retail Spaces Cleaning','VRBO and AIRBNB Cleaning'])[i % 3 + 1]
    end,
    case industry
      when 'house' then case when i % 4 = 0 then (array['Weekly','Every Other Week','Monthly','One-Time'])[i % 16 / 4 + 1] end
      when 'exterior' then (array['Every 3 Months','Every 6 Months','One-Time'])[i % 3 + 1]
      when 'carpet' then (array['One-Time','Every 6 Months','Every 3 Months'])[i % 3 + 1]
      else (array['Single Deep Cleaning','Recurring'])[i % 2 + 1]
    end,
    case when industry = 'house' then 1 + i % 5 end,
    case when industry = 'house' then 1 + i % 3 end,
    case when industry = 'house' then i % 2 end,
    case when industry = 'house' then i % 2 end,
    case industry
      when 'house' then jsonb_build_object('Extra Heavy Duty', i % 2, 'Blinds', i % 3, 'Interior Windows', 0, 'Oven', i % 2, 'Garage', 0)
      when 'carpet' then jsonb_build_object('Pet, Food, Drink Stain', i % 2, 'HAZARD', 0, 'WINE STAIN REMOVAL', i % 3, 'HALLWAYS', 1)
    end,
    case industry
      when 'house' then jsonb_build_object(
        'How Clean Is Your Home?', (array['Very Dirty','Needs Extra Attention','Mostly Clean','Regularly Cleaned and Maintained','Almost Spotless'])[i % 5 + 1],
        'How Will We Get Inside?', (array['I will be Home','leave the key','provide an access code','Other'])[i % 4 + 1],
        'Where Can We Park?', (array['Park in my Driveway','Paid Parking Available Nearby','Street Parking','Garage Parking'])[i % 4 + 1])
      when 'exterior' then jsonb_build_object('keyInfo', 'Someone Will Be At Home')
      when 'carpet' then to_jsonb('I Will Hide The Keys'::text)
    end,
    case when industry <> 'exterior' then (created + interval '12 days')::date end,
    case when industry in ('house', 'exterior') then (array['0%','10%','15%','20%'])[i % 4 + 1] end,
    case when industry in ('house', 'exterior') then (array['$0','$5','$10','$20'])[i % 4 + 1] end,
    case when industry = 'house' then case when i % 4 = 3 then 2 + i % 4 else 0 end end,
    case when industry = 'house' then case when i % 4 = 3 then 30 else 0 end end,
    case when industry = 'carpet' then 1 + i % 6 end,
    case when industry = 'carpet' then i % 3 end,
    case when discount_cents > 0 then 'save10' end,
    case when discount_cents > 0 then discount_cents / 100.0 end,
    case when discount_cents > 0 then discount_cents end,
    (gross_cents - discount_cents) / 100.0,
    gross_cents - discount_cents,
    status, 'test-checkout', 'test_cs_' || session_hex, idempotency_key, created,
    created + interval '3 minutes',
    case when status = 'paid' then created + interval '3 minutes' end,
    arrival_window,
    case when arrival_window is not null then case industry when 'commercial' then 'commercial' else 'indoor' end end,
    case when arrival_window is not null
      then ((created + interval '12 days')::date + split_part(arrival_window, '-', 1)::time) at time zone 'America/Los_Angeles' end,
    -- A pending booking's checkout held its place for half an hour, long over.
    case when status = 'pending' then created + interval '30 minutes' end
  from priced
  returning id, idempotency_key, amount_cents, payment_status, payment_session_id, created_at, paid_at, email, industry, service
),
-- A data-modifying WITH runs whether or not it is referenced.
sessions as (
  insert into public.test_checkout_sessions (
    id, booking_id, amount_cents, currency, description, success_url, cancel_url, idempotency_key, status, created_at, completed_at
  )
  select payment_session_id, id::text, amount_cents, 'usd',
    initcap(industry) || ' Cleaning' || coalesce(' – ' || service, ''),
    $2::text || '/success?bookingId=' || id || '&session_id={CHECKOUT_SESSION_ID}',
    $2::text || '/cancel?bookingId=' || id,
    idempotency_key::text,
    case payment_status when 'paid' then 'paid' when 'cancelled' then 'cancelled' else 'open' end,
    created_at,
    case when payment_status = 'pending' then null else created_at + interval '3 minutes' end
  from inserted
  returning 1
)
insert into public.email_outbox (event_key, template, to_address, reply_to, payload, status, attempts, next_attempt_at, message_id, sent_at, created_at)
select 'booking_paid:' || b.id || ':' || audience, 'booking_paid.' || audience,
  case when audience = 'customer' then b.email end,
  case when audience = 'business' then b.email end,
  jsonb_build_object('kind', 'booking_paid', 'id', b.id, 'industry', b.industry, 'service', b.service,
    'totalCents', b.amount_cents, 'paidAt', b.paid_at, 'customer', jsonb_build_object('email', b.email)),
  'sent', 1, b.paid_at, '<' || b.id || '.' || audience || '@bench.invalid>', b.paid_at + interval '20 seconds', b.paid_at
from inserted b cross join (values ('customer'), ('business')) as a(audience)
where b.payment_status = 'paid'
`

/** Adds `count` bookings as the site would have stored them, with their sessions and e-mails. */
export async function seedBookings(db: PGlite, count: number, origin: string): Promise<void> {
  await db.query(SEED_SQL, [count, origin])
  // The planner's statistics, as autovacuum would have them after a year of bookings.
  await db.exec('analyze')
}

/** Creates a database in `dataDir` holding `count` bookings; answers the rows per table. */
export async function createSeededStore(dataDir: string, count: number, origin: string): Promise<Record<string, number>> {
  const db = await openPgliteDatabase(dataDir)
  try {
    await seedBookings(db, count, origin)
    const {rows} = await db.query<{bookings: number; sessions: number; emails: number}>(
      `select (select count(*)::int from public.bookings) as bookings,
        (select count(*)::int from public.test_checkout_sessions) as sessions,
        (select count(*)::int from public.email_outbox) as emails`,
    )
    return rows[0]
  } finally {
    await db.close()
  }
}
