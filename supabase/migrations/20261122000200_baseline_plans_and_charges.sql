-- Recurring plans and their charges: the plan, the columns that make a booking one of its visits,
-- the charge job's queue, the customer's and the office's changes to a plan, and a new card.
--
-- A plan is made when the first visit of a recurring frequency is paid: its card is kept with the
-- payment provider for the later visits, which are bookings like any other (in public.bookings,
-- with `plan_id`), generated on the plan's cadence on the same weekday and arrival window, up to
-- the booking horizon, and charged off-session a set time before each visit.
create table public.booking_plans (
  id uuid primary key default gen_random_uuid(),
  -- The paid booking that started the plan (its first visit).
  first_booking_id uuid not null unique references public.bookings (id),
  industry text not null check (industry in ('house', 'exterior', 'carpet', 'commercial')),
  -- As sold on the form ('Weekly', 'Every 3 Months', 'Recurring') and as the schedule counts it.
  frequency text not null,
  cadence text not null check (cadence in ('weekly', 'every_other_week', 'monthly', 'every_3_months', 'every_6_months')),
  -- The first visit's date and window: later visits count from them (same weekday, same window).
  anchor_date date not null,
  arrival_window text not null,
  service_family text not null check (service_family in ('indoor', 'exterior', 'commercial')),
  -- What a later visit is: the first booking's choices (no date, window or key), as a new booking row.
  visit_template jsonb not null check (jsonb_typeof(visit_template) = 'object'),
  -- The frequency's per-visit price of these choices (no coupon: a coupon is for one visit).
  per_visit_cents integer not null check (per_visit_cents >= 50),
  -- What the first visit would have cost one-time: a plan cancelled before its second visit is
  -- charged the difference to what the first visit cost.
  one_time_cents integer not null check (one_time_cents >= 0),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  status text not null default 'active' check (status in ('active', 'paused', 'cancelled')),
  paused_at timestamptz,
  cancelled_at timestamptz,
  -- Who ended it: the customer (manage link) or the office.
  cancelled_by text check (cancelled_by in ('customer', 'office')),
  -- Visits exist up to this date; the daily roll-forward generates the days after it.
  generated_through date not null,
  -- The saved card, as the payment provider names it (Stripe: cus_…, pm_…).
  payment_provider text,
  payment_customer_id text,
  payment_method_id text,
  -- For people: 'Visa ending 4242'.
  card_label text,
  -- One more each time the customer saves a new card: a charge's idempotency key names it, so a
  -- visit declined on the old card is charged again on the new one.
  card_generation integer not null default 0 check (card_generation >= 0),
  -- The customer's consent to texts, as given with the first visit (null: none).
  sms_consent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  constraint booking_plans_cancelled_has_time check ((status = 'cancelled') = (cancelled_at is not null)),
  constraint booking_plans_paused_has_time check ((status = 'paused') = (paused_at is not null)),
  -- The difference a cancellation before the second visit owes (0: none owed, or commercial's
  -- equal prices); null until the plan is cancelled.
  early_cancellation_cents integer check (early_cancellation_cents >= 0),
  -- The claim of the process charging it (a lease): nobody else charges it until then. Cleared
  -- once the charge is recorded; a claim left by a process that died can be taken again after it.
  early_cancellation_claimed_until timestamptz
);

create index booking_plans_active_idx on public.booking_plans (generated_through) where status = 'active';

-- Every charge a plan made or tried off-session: a later visit's, or the early cancellation's
-- difference. `idempotency_key` is the key sent to the provider, so one charge is one row.
create table public.plan_charges (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.booking_plans (id),
  -- The visit charged (null for the early cancellation's difference).
  booking_id uuid references public.bookings (id),
  kind text not null check (kind in ('visit', 'early_cancellation')),
  amount_cents integer not null check (amount_cents >= 0),
  status text not null check (status in ('succeeded', 'declined', 'authentication_required', 'failed')),
  -- The provider's payment (Stripe: pi_…), also for a decline when it made one.
  provider_payment_id text,
  error_code text,
  error_message text,
  idempotency_key text not null unique,
  created_at timestamptz not null default now()
);

create index plan_charges_plan_idx on public.plan_charges (plan_id, created_at);

-- The difference of an early cancellation is charged once, whatever asks again.
create unique index plan_charges_one_early_cancellation on public.plan_charges (plan_id)
  where kind = 'early_cancellation' and status = 'succeeded';

-- A plan's later visit waits for its off-session charge as 'scheduled': it holds its place in its
-- window like a paid booking. Charged, it becomes 'paid'; a decline released after its deadline
-- becomes 'failed'; a skipped or cancelled one 'cancelled'. Where it is in its charge is its row of
-- public.plan_visit_charges (below).
alter table public.bookings
  add column plan_id uuid references public.booking_plans (id),
  -- 1 for the plan's first visit (paid at checkout), 2, 3 … for the visits generated after it.
  add column plan_visit integer check (plan_visit >= 1),
  -- Generated into another window of the same week because the plan's own window was full (the
  -- customer is told).
  add column placed_elsewhere boolean not null default false,
  -- The customer's consent to text messages about this visit (the booking form's checkbox), or null.
  add column sms_consent_at timestamptz,
  -- When the crew set off (the office marked it started): the "on the way" text.
  add column started_at timestamptz,
  add constraint bookings_plan_visit_has_plan check ((plan_id is null) = (plan_visit is null)),
  add constraint bookings_scheduled_is_plan_visit check (payment_status <> 'scheduled' or plan_id is not null);

create index bookings_plan_idx on public.bookings (plan_id, date) where plan_id is not null;

-- The off-session charge of a plan's later visit, one row per visit generated after the first (the
-- first is paid at checkout and has none): the charge job's queue. Stored with its visit
-- (add_plan_visit) and kept as long as it. Whoever changes a row holds its booking's row lock first
-- (SELECT … FOR UPDATE on public.bookings), so what a function reads of a visit it has locked stays
-- true until it commits.
create table public.plan_visit_charges (
  -- Part of its booking: deleted with it.
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  -- Where the charge is: 'scheduled' (waiting for due_at), 'charging' (a job holds it), 'charged',
  -- 'declined' (waiting for a new card until card_deadline_at), 'released' (no card came: the
  -- visit's place was offered again), 'skipped' or 'cancelled' (with its visit).
  state text not null default 'scheduled'
    check (state in ('scheduled', 'charging', 'charged', 'declined', 'released', 'skipped', 'cancelled')),
  -- When the job charges it (its window's start less the charge lead, a setting).
  due_at timestamptz not null,
  -- A job's claim on the charge (like the e-mail outbox's): no other process charges it until then.
  lock_token uuid,
  locked_until timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  -- A declined visit keeps its place until then for a new card; after it, the place is released.
  card_deadline_at timestamptz
);

create index plan_visit_charges_due_idx on public.plan_visit_charges (due_at) where state in ('scheduled', 'charging');

create index plan_visit_charges_card_deadline_idx on public.plan_visit_charges (card_deadline_at) where state = 'declined';

-- A 'scheduled' booking is a plan's visit waiting for its charge, so it has its charge row: checked
-- at the end of the transaction, as the visit is stored before its charge row can refer to it.
create function public.check_scheduled_visit_has_charge()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.bookings where id = new.id and payment_status = 'scheduled')
     and not exists (select 1 from public.plan_visit_charges where booking_id = new.id) then
    raise exception 'A scheduled booking is a plan visit with its charge: % has none', new.id
      using errcode = '23514', constraint = 'bookings_scheduled_has_charge';
  end if;
  return null;
end;
$$;

create constraint trigger bookings_scheduled_has_charge
  after insert or update of payment_status on public.bookings
  deferrable initially deferred
  for each row when (new.payment_status = 'scheduled')
  execute function public.check_scheduled_visit_has_charge();

-- A booking as the app reads it (lib/booking/store/mapping.ts `fromRow`): its row and, under the
-- names the app reads, its charge row c (null for a booking that has none: a left join). Over the
-- rows and without `set search_path` (it names no table) so the planner can inline it.
create function public.booking_with_charge(b public.bookings, c public.plan_visit_charges)
returns jsonb
language sql
immutable
as $$
  select to_jsonb(b) || jsonb_build_object(
    'charge_state', c.state, 'charge_due_at', c.due_at, 'charge_lock_token', c.lock_token,
    'charge_locked_until', c.locked_until, 'charge_attempts', coalesce(c.attempts, 0), 'card_deadline_at', c.card_deadline_at);
$$;

-- One booking as the app reads it, by id or by its payment's session (both adapters' store reads).
create function public.booking_by_id(p_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.booking_with_charge(b, c)
  from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id
  where b.id = p_id;
$$;

create function public.booking_by_payment_session(p_session_id text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.booking_with_charge(b, c)
  from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id
  where b.payment_session_id = p_session_id;
$$;

-- One visit per plan and day: generating twice (two processes, a repeated roll-forward) adds nothing.
create unique index bookings_one_visit_per_plan_day on public.bookings (plan_id, plan_visit) where plan_id is not null;

-- A paid first visit whose plan was not made (the server stopped between the payment and the plan):
-- the roll-forward job finds them here.
create index bookings_paid_without_plan_idx on public.bookings (paid_at)
  where payment_status = 'paid' and plan_id is null
    and frequency in ('Weekly', 'Every Other Week', 'Monthly', 'Every 3 Months', 'Every 6 Months', 'Recurring');

alter table public.booking_plans enable row level security;

alter table public.plan_charges enable row level security;

alter table public.plan_visit_charges enable row level security;

revoke all on table public.booking_plans, public.plan_charges, public.plan_visit_charges, public.scheduled_jobs from public, anon, authenticated;

grant select, insert, update on table public.booking_plans, public.plan_charges, public.plan_visit_charges, public.scheduled_jobs to service_role;

-- Reading a plan, its visits and its charges (both adapters read through these).
create function public.plan_by_id(p_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p) from public.booking_plans p where p.id = p_id;
$$;

create function public.plan_visits(p_plan_id uuid)
returns table (booking jsonb)
language sql
stable
set search_path = ''
as $$
  select public.booking_with_charge(b, c)
  from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id
  where b.plan_id = p_plan_id
  order by b.plan_visit;
$$;

create function public.plan_charges_of(p_plan_id uuid)
returns table (charge jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(c) from public.plan_charges c where c.plan_id = p_plan_id order by c.created_at, c.id;
$$;

-- ------------------------------------------------------------------------------------------------
-- Plans come to life (lib/booking/plans): a paid first visit of a recurring frequency
-- makes its plan, and the plan's later visits are stored as bookings in their windows, each
-- holding its place like a paid booking ('scheduled') until the charge job charges it.
--
-- The app works out the dates and, for each visit, the windows it may go in (its own first, then
-- the nearest of its week: lib/booking/plans/schedule.ts); this database alone decides where a
-- place is left, under the same lock per window as create_pending_booking, so a plan's visits and
-- customers' bookings never take more places than a window has.

-- The cadence a booking's frequency sells, or null for a one-time visit: the same table as
-- lib/booking/plans/plan.ts `planCadence` (a test holds the two to the same answers). Over the
-- columns and without `set search_path` (it names no table) so the planner can inline it.
create function public.plan_cadence_of(p_industry text, p_service text, p_frequency text)
returns text
language sql
immutable
as $$
  select case
    when p_industry = 'house' and p_service = 'Regular Cleaning' then
      case p_frequency when 'Weekly' then 'weekly' when 'Every Other Week' then 'every_other_week' when 'Monthly' then 'monthly' end
    when p_industry in ('carpet', 'exterior') then
      case p_frequency when 'Every 3 Months' then 'every_3_months' when 'Every 6 Months' then 'every_6_months' end
    when p_industry = 'commercial' and p_frequency = 'Recurring' then 'weekly'
  end;
$$;

-- Makes the plan of a paid booking of a recurring frequency (p_plan: cadence, per_visit_cents,
-- one_time_cents, visit_template, payment_provider, payment_customer_id, payment_method_id,
-- card_label), its first visit becoming visit 1. Answers {"status": "created" | "existing" |
-- "not_eligible", "id"}: once per booking, whoever asks (the success page, the test checkout's Pay,
-- the webhook, the roll-forward's repair), also at once. An existing plan without a card gets the
-- card now given (a plan the repair made before the payment's card was known).
create function public.create_plan_for_booking(p_booking_id uuid, p_plan jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_cadence text;
  v_id uuid;
begin
  -- One caller at a time per booking: the others wait, then find the plan.
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    return jsonb_build_object('status', 'not_eligible');
  end if;
  v_cadence := public.plan_cadence_of(v_booking.industry, v_booking.service, v_booking.frequency);
  if v_booking.plan_id is not null then
    update public.booking_plans
       set payment_provider = p_plan ->> 'payment_provider', payment_customer_id = p_plan ->> 'payment_customer_id',
           payment_method_id = p_plan ->> 'payment_method_id', card_label = p_plan ->> 'card_label', updated_at = now()
     where id = v_booking.plan_id and payment_method_id is null and (p_plan ->> 'payment_method_id') is not null;
    return jsonb_build_object('status', 'existing', 'id', v_booking.plan_id);
  end if;
  if v_booking.payment_status <> 'paid' or v_cadence is null or v_cadence <> (p_plan ->> 'cadence')
     or v_booking.date is null or v_booking.arrival_window is null or v_booking.service_family is null then
    return jsonb_build_object('status', 'not_eligible');
  end if;
  insert into public.booking_plans (
    first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
    per_visit_cents, one_time_cents, first_name, last_name, email, phone, generated_through,
    payment_provider, payment_customer_id, payment_method_id, card_label, sms_consent_at
  ) values (
    v_booking.id, v_booking.industry, v_booking.frequency, v_cadence, v_booking.date, v_booking.arrival_window,
    v_booking.service_family, p_plan -> 'visit_template', (p_plan ->> 'per_visit_cents')::integer,
    (p_plan ->> 'one_time_cents')::integer, v_booking.first_name, v_booking.last_name, v_booking.email, v_booking.phone,
    v_booking.date, p_plan ->> 'payment_provider', p_plan ->> 'payment_customer_id', p_plan ->> 'payment_method_id',
    p_plan ->> 'card_label', v_booking.sms_consent_at
  )
  returning id into v_id;
  update public.bookings set plan_id = v_id, plan_visit = 1, updated_at = now() where id = v_booking.id;
  return jsonb_build_object('status', 'created', 'id', v_id);
end;
$$;

-- Stores visit p_visit ->> 'visit' of an active plan (its date in p_visit ->> 'date'), in the first
-- of p_visit -> 'candidates' (each {date, window, window_starts_at, capacity, charge_due_at}) that
-- has a place left at p_now, as a 'scheduled' booking at the plan's per-visit price; another than
-- the plan's own window on the visit's date marks it placed elsewhere and queues p_visit ->
-- 'placed_emails' (the customer is told), their payloads given where it went (toDate, toWindow,
-- windowStartsAt): one message for whichever window it is, rather than one per candidate. No place in any: p_visit -> 'full_emails' are queued (the customer and
-- the business). The plan is generated through the visit's date either way. Answers {"status":
-- "added" | "existing" | "full" | "inactive", "id", "date", "window", "placed_elsewhere"}; the same
-- visit again answers "existing" and changes nothing.
create function public.add_plan_visit(p_plan_id uuid, p_visit jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.booking_plans;
  v_number integer := (p_visit ->> 'visit')::integer;
  v_visit_id uuid;
  v_date date := (p_visit ->> 'date')::date;
  v_existing public.bookings;
  v_candidate jsonb;
  v_chosen jsonb;
  v_elsewhere boolean;
  v_template jsonb;
  v_id uuid;
begin
  select * into v_plan from public.booking_plans where id = p_plan_id;
  if not found or v_plan.status <> 'active' then
    return jsonb_build_object('status', 'inactive');
  end if;
  select * into v_existing from public.bookings where plan_id = p_plan_id and plan_visit = v_number;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_existing.id, 'date', v_existing.date::text,
      'window', v_existing.arrival_window, 'placed_elsewhere', v_existing.placed_elsewhere);
  end if;
  -- Every window this visit may take, locked at once in one order (the locks' own), so two visits
  -- placed at the same time never wait for each other in a circle; create_pending_booking takes one
  -- of the same locks, so the count below and the insert after it never interleave with a booking's.
  perform pg_advisory_xact_lock(k.key)
  from (
    select distinct hashtextextended('booking window ' || v_plan.service_family || ' ' || (c ->> 'date') || ' ' || (c ->> 'window'), 0) as key
    from jsonb_array_elements(coalesce(p_visit -> 'candidates', '[]'::jsonb)) as c
  ) k
  order by k.key;
  -- The same visit may have been stored while this call waited for the locks.
  select * into v_existing from public.bookings where plan_id = p_plan_id and plan_visit = v_number;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_existing.id, 'date', v_existing.date::text,
      'window', v_existing.arrival_window, 'placed_elsewhere', v_existing.placed_elsewhere);
  end if;
  for v_candidate in select c from jsonb_array_elements(coalesce(p_visit -> 'candidates', '[]'::jsonb)) as c loop
    if public.window_places_taken(v_plan.service_family, (v_candidate ->> 'date')::date, v_candidate ->> 'window', p_now)
       < (v_candidate ->> 'capacity')::integer then
      v_chosen := v_candidate;
      exit;
    end if;
  end loop;
  update public.booking_plans set generated_through = greatest(generated_through, v_date), updated_at = now() where id = p_plan_id;
  if v_chosen is null then
    perform public.enqueue_event_emails('plan_visit:' || p_plan_id || ':' || v_number, coalesce(p_visit -> 'full_emails', '[]'::jsonb));
    return jsonb_build_object('status', 'full', 'date', v_date::text);
  end if;
  v_template := v_plan.visit_template;
  -- Known before it is stored (lib/booking/plans/visit-id.ts): the first visit's confirmation names
  -- each later visit's calendar event by it, so a later move of that visit replaces that event. A
  -- number generated again (a resumed plan renumbers what its pause released) gets a new id.
  v_visit_id := md5('plan-visit:' || v_plan.first_booking_id || ':' || v_number)::uuid;
  if exists (select 1 from public.bookings where id = v_visit_id) then
    v_visit_id := gen_random_uuid();
  end if;
  -- Elsewhere: not the plan's own window on the visit's own date (that one full, closed or gone).
  v_elsewhere := (v_chosen ->> 'date')::date <> v_date or (v_chosen ->> 'window') <> v_plan.arrival_window;
  insert into public.bookings (
    id, industry, idempotency_key, first_name, last_name, email, phone, address, notes, location, service,
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at, sms_consent_at,
    payment_status, payment_provider, plan_id, plan_visit, placed_elsewhere
  ) values (
    v_visit_id,
    v_plan.industry,
    -- One key per plan and visit: the same visit is never two bookings.
    md5('plan visit ' || p_plan_id || ' ' || v_number)::uuid,
    v_plan.first_name, v_plan.last_name, v_plan.email, v_plan.phone,
    v_template ->> 'address', v_template ->> 'notes', v_template ->> 'location', v_template ->> 'service',
    v_plan.frequency,
    (v_template ->> 'bedrooms')::integer, (v_template ->> 'bathrooms')::integer, (v_template ->> 'halfBath')::integer,
    (v_template ->> 'den')::integer, nullif(v_template -> 'extras', 'null'::jsonb), nullif(v_template -> 'instructions', 'null'::jsonb),
    (v_chosen ->> 'date')::date, v_template ->> 'tip', v_template ->> 'parkingFee',
    (v_template ->> 'hours')::integer, (v_template ->> 'minutes')::integer, (v_template ->> 'rooms')::integer,
    (v_template ->> 'stairs')::integer,
    -- A coupon is for one visit: later visits have none.
    null, 0, v_plan.per_visit_cents, round(v_plan.per_visit_cents / 100.0, 2), 0,
    v_chosen ->> 'window', v_plan.service_family, (v_chosen ->> 'window_starts_at')::timestamptz, null, v_plan.sms_consent_at,
    'scheduled', v_plan.payment_provider, p_plan_id, v_number, v_elsewhere
  )
  returning id into v_id;
  -- Its charge, in the same transaction: a 'scheduled' visit never lacks one.
  insert into public.plan_visit_charges (booking_id, state, due_at)
  values (v_id, 'scheduled', (v_chosen ->> 'charge_due_at')::timestamptz);
  if v_elsewhere then
    perform public.enqueue_event_emails('plan_visit:' || p_plan_id || ':' || v_number, coalesce((
      select jsonb_agg(jsonb_set(e, '{payload}', (e -> 'payload') || jsonb_build_object(
        'toDate', v_chosen ->> 'date', 'toWindow', v_chosen ->> 'window', 'windowStartsAt', v_chosen ->> 'window_starts_at')))
      from jsonb_array_elements(coalesce(p_visit -> 'placed_emails', '[]'::jsonb)) as e), '[]'::jsonb));
  end if;
  return jsonb_build_object('status', 'added', 'id', v_id, 'date', v_chosen ->> 'date', 'window', v_chosen ->> 'window',
    'placed_elsewhere', v_elsewhere);
end;
$$;

-- The active plans with visits still to generate before p_through (the horizon), after p_after (an
-- id: pages in id order), at most p_limit. Two columns, as PostgREST answers a one-column set as
-- bare values.
create function public.plans_to_roll_forward(p_through date, p_after uuid, p_limit integer)
returns table (id uuid, plan jsonb)
language sql
stable
set search_path = ''
as $$
  select p.id, to_jsonb(p) from public.booking_plans p
  where p.status = 'active' and p.generated_through < p_through and (p_after is null or p.id > p_after)
  order by p.id
  limit p_limit;
$$;

-- Paid first visits of a recurring frequency without their plan, paid before p_paid_before (a
-- confirmation under way makes its own): at most p_limit, oldest first.
create function public.paid_bookings_without_plan(p_paid_before timestamptz, p_limit integer)
returns table (id uuid, booking jsonb)
language sql
stable
set search_path = ''
as $$
  select b.id, to_jsonb(b) from public.bookings b
  where b.payment_status = 'paid' and b.plan_id is null
    and b.frequency in ('Weekly', 'Every Other Week', 'Monthly', 'Every 3 Months', 'Every 6 Months', 'Recurring')
    and public.plan_cadence_of(b.industry, b.service, b.frequency) is not null
    and b.arrival_window is not null and b.paid_at < p_paid_before
  order by b.paid_at
  limit p_limit;
$$;

-- ------------------------------------------------------------------------------------------------
-- A plan's new card
-- ------------------------------------------------------------------------------------------------

-- Each card update that was recorded: the same session again changes nothing.
create table public.plan_card_updates (
  session_id text primary key,
  plan_id uuid not null references public.booking_plans (id),
  payment_provider text not null,
  payment_customer_id text not null,
  payment_method_id text not null,
  card_label text,
  card_generation integer not null,
  -- Declined visits sent back to the charge job by this card.
  rescheduled integer not null,
  created_at timestamptz not null
);

create index plan_card_updates_plan on public.plan_card_updates (plan_id, created_at);

alter table public.plan_card_updates enable row level security;

revoke all on table public.plan_card_updates from public, anon, authenticated;

grant select, insert on table public.plan_card_updates to service_role;

-- The customer saved a new card for the plan (card-update session p_session_id): the plan keeps it
-- (card_generation + 1, so a visit declined on the old card gets a new idempotency key), and the
-- plan's declined visits still holding their place go back to 'scheduled', due now, so the charge
-- job charges them at its next run. p_card: {"provider", "customer_id", "payment_method_id", "label"}.
-- Answers {"status": "replaced" | "already", "card_generation", "rescheduled"}, or "not_found",
-- "cancelled" (a cancelled plan keeps no card).
create function public.replace_plan_card(p_plan_id uuid, p_session_id text, p_card jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.booking_plans;
  v_done public.plan_card_updates;
  v_rescheduled integer;
begin
  select * into v_plan from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into v_done from public.plan_card_updates where session_id = p_session_id;
  if found then
    if v_done.plan_id <> p_plan_id then
      return jsonb_build_object('status', 'not_found');
    end if;
    return jsonb_build_object('status', 'already', 'card_generation', v_done.card_generation, 'rescheduled', v_done.rescheduled);
  end if;
  if v_plan.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  update public.booking_plans
  set payment_provider = p_card ->> 'provider',
      payment_customer_id = p_card ->> 'customer_id',
      payment_method_id = p_card ->> 'payment_method_id',
      card_label = p_card ->> 'label',
      card_generation = card_generation + 1,
      updated_at = p_now
  where id = p_plan_id
  returning * into v_plan;
  with declined as (
    select b.id from public.bookings b join public.plan_visit_charges c on c.booking_id = b.id
    where b.plan_id = p_plan_id and c.state = 'declined' and b.cancelled_at is null and b.payment_status = 'scheduled'
    for update of b, c
  ), rescheduled as (
    update public.plan_visit_charges
    set state = 'scheduled', due_at = p_now, card_deadline_at = null, lock_token = null, locked_until = null
    where booking_id in (select id from declined)
    returning booking_id
  )
  update public.bookings set updated_at = p_now where id in (select booking_id from rescheduled);
  get diagnostics v_rescheduled = row_count;
  insert into public.plan_card_updates (session_id, plan_id, payment_provider, payment_customer_id, payment_method_id, card_label, card_generation, rescheduled, created_at)
  values (p_session_id, p_plan_id, p_card ->> 'provider', p_card ->> 'customer_id', p_card ->> 'payment_method_id', p_card ->> 'label',
    v_plan.card_generation, v_rescheduled, p_now);
  return jsonb_build_object('status', 'replaced', 'card_generation', v_plan.card_generation, 'rescheduled', v_rescheduled);
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Charging a plan's later visits (lib/booking/plans/charges.ts): the job claims the
-- visits whose charge is due (FOR UPDATE SKIP LOCKED with a lease, like the e-mail outbox), charges
-- each off-session outside the database, and records what the provider answered in one transaction
-- that checks its claim. A declined visit keeps its place until its card deadline; then it is
-- released (its place is offered again) and the office is told. Every state change is conditional
-- on the state before it, so two processes running the job at once charge, record, e-mail and
-- release each visit once.

-- The visits due at p_now (or whose claim's lease ran out: a process died mid-charge), of active
-- plans only (a paused or cancelled plan is never charged), at most p_limit, claimed for
-- p_lease_seconds: 'charging', a new lock token, one more attempt. p_plan_id (optional) limits it to
-- one plan (a new card charges that plan's held visits at once). Answers each claimed visit (as
-- public.bookings, with its new lock token) and its plan.
create function public.claim_plan_charges(p_now timestamptz, p_limit integer, p_lease_seconds integer, p_plan_id uuid)
returns table (booking jsonb, plan jsonb)
language plpgsql
set search_path = ''
as $$
declare
  v_token uuid := gen_random_uuid();
  v_ids uuid[];
begin
  -- The visit's booking row is locked with its charge row, as every change of a charge takes it.
  select coalesce(array_agg(due.id), '{}') into v_ids
  from (
    select b.id
    from public.plan_visit_charges c
    join public.bookings b on b.id = c.booking_id
    join public.booking_plans p on p.id = b.plan_id
    -- A claimed visit was due when claimed, so both kinds lie in the index's range up to p_now
    -- (plan_visit_charges_due_idx): the not-yet-due visits to the horizon are never read.
    where c.state in ('scheduled', 'charging')
      and c.due_at <= p_now
      and (c.state = 'scheduled' or c.locked_until <= p_now)
      and b.payment_status = 'scheduled'
      and b.cancelled_at is null
      and p.status = 'active'
      and (p_plan_id is null or b.plan_id = p_plan_id)
    order by c.due_at, c.booking_id
    limit greatest(p_limit, 0)
    for update of c, b skip locked
  ) due;
  if cardinality(v_ids) = 0 then
    return;
  end if;
  update public.plan_visit_charges
     set state = 'charging',
         lock_token = v_token,
         locked_until = p_now + make_interval(secs => greatest(p_lease_seconds, 1)),
         attempts = attempts + 1
   where booking_id = any(v_ids);
  update public.bookings set updated_at = p_now where id = any(v_ids);
  return query
  select public.booking_with_charge(b, c), to_jsonb(p)
  from public.plan_visit_charges c
  join public.bookings b on b.id = c.booking_id
  join public.booking_plans p on p.id = b.plan_id
  where c.booking_id = any(v_ids);
end;
$$;

-- What the provider answered for a claimed visit, recorded with the claim's token (a claim lost to
-- another process, or a visit skipped meanwhile, changes the visit no more: 'lost'; a payment made
-- is still kept in plan_charges). p_charge: {outcome: 'succeeded' | 'declined' |
-- 'authentication_required' | 'unreachable', provider, payment_id, amount_cents, code, message,
-- idempotency_key, card_deadline_at (a decline), retry_at (unreachable), event_key (a decline's
-- e-mails)}.
-- - succeeded: the visit is paid ('paid', 'charged', the payment as its session) and the charge
--   recorded; answers 'charged'.
-- - declined / authentication_required: the visit keeps its place until card_deadline_at, the
--   attempt is recorded and the customer's e-mail (p_emails) queued; answers 'declined'.
-- - unreachable: nothing is known to be charged; the visit is due again at retry_at (the same
--   idempotency key then: the provider answers the first charge if it made one); answers 'retry'.
create function public.record_plan_charge(p_booking_id uuid, p_lock_token uuid, p_charge jsonb, p_now timestamptz, p_emails jsonb)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings%rowtype;
  c public.plan_visit_charges%rowtype;
  v_outcome text := p_charge ->> 'outcome';
begin
  if v_outcome is null or v_outcome not in ('succeeded', 'declined', 'authentication_required', 'unreachable') then
    raise exception 'Unknown charge outcome: %', coalesce(v_outcome, 'none') using errcode = '22023';
  end if;
  select * into v from public.bookings where id = p_booking_id for update;
  if not found then
    return 'lost';
  end if;
  select * into c from public.plan_visit_charges where booking_id = p_booking_id;
  if c.state is distinct from 'charging' or c.lock_token is distinct from p_lock_token then
    -- Money taken is recorded whatever became of the claim (the run that took it over records the
    -- same key; a visit skipped meanwhile shows the office a charge to refund).
    if v_outcome = 'succeeded' then
      insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, idempotency_key, created_at)
      values (v.plan_id, v.id, 'visit', (p_charge ->> 'amount_cents')::integer, 'succeeded', p_charge ->> 'payment_id', p_charge ->> 'idempotency_key', p_now)
      on conflict (idempotency_key) do nothing;
    end if;
    return 'lost';
  end if;

  if v_outcome = 'unreachable' then
    update public.plan_visit_charges
       set state = 'scheduled', due_at = (p_charge ->> 'retry_at')::timestamptz, lock_token = null, locked_until = null
     where booking_id = p_booking_id;
    update public.bookings set updated_at = p_now where id = p_booking_id;
    return 'retry';
  end if;

  insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, error_message, idempotency_key, created_at)
  values (
    v.plan_id, v.id, 'visit', coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), v_outcome,
    p_charge ->> 'payment_id', p_charge ->> 'code', left(p_charge ->> 'message', 500), p_charge ->> 'idempotency_key', p_now
  )
  -- The same key answered twice (a claim re-taken after its lease): one charge, one row.
  on conflict (idempotency_key) do nothing;

  if v_outcome = 'succeeded' then
    update public.plan_visit_charges
       set state = 'charged', lock_token = null, locked_until = null, card_deadline_at = null
     where booking_id = p_booking_id;
    update public.bookings
       set payment_status = 'paid', paid_at = p_now, payment_provider = p_charge ->> 'provider',
           payment_session_id = p_charge ->> 'payment_id', updated_at = p_now
     where id = p_booking_id;
    return 'charged';
  end if;

  update public.plan_visit_charges
     set state = 'declined', card_deadline_at = (p_charge ->> 'card_deadline_at')::timestamptz, lock_token = null, locked_until = null
   where booking_id = p_booking_id;
  update public.bookings set updated_at = p_now where id = p_booking_id;
  perform public.enqueue_event_emails(p_charge ->> 'event_key', p_emails);
  return 'declined';
end;
$$;

-- Declined visits whose card deadline has passed (no new card came): the candidates for release.
create function public.plan_visits_to_release(p_now timestamptz, p_limit integer)
returns table (booking jsonb, plan jsonb)
language sql
stable
set search_path = ''
as $$
  select public.booking_with_charge(b, c), to_jsonb(p)
  from public.plan_visit_charges c
  join public.bookings b on b.id = c.booking_id
  join public.booking_plans p on p.id = b.plan_id
  where c.state = 'declined' and b.payment_status = 'scheduled' and c.card_deadline_at <= p_now
  order by c.card_deadline_at, c.booking_id
  limit greatest(p_limit, 0);
$$;

-- Releases one declined visit past its deadline: 'failed' / 'released', so its window's place is
-- offered again (window_places_taken counts 'paid' and 'scheduled' only), and queues the office's
-- and the customer's e-mails. False if it was released already, or is no longer declined (a new
-- card charged it): once, whoever asks.
create function public.release_plan_visit(p_booking_id uuid, p_now timestamptz, p_emails jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  perform 1
  from public.bookings b join public.plan_visit_charges c on c.booking_id = b.id
  where b.id = p_booking_id and c.state = 'declined' and b.payment_status = 'scheduled' and c.card_deadline_at <= p_now
  for update of b, c;
  if not found then
    return false;
  end if;
  update public.plan_visit_charges set state = 'released' where booking_id = p_booking_id;
  update public.bookings set payment_status = 'failed', updated_at = p_now where id = p_booking_id;
  perform public.enqueue_event_emails('plan_visit_released:' || p_booking_id, p_emails);
  return true;
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- The customer (manage link) and the office change a plan: skip one visit,
-- move one (reschedule_booking, also for a plan's visit waiting for its charge), pause, resume,
-- cancel. Each change is one function, one transaction: the rows, its record (plan_changes, and for
-- the office an audit row in staff_actions naming the member) and its e-mails.
--
-- The 24-hour rule per visit, as for one-time bookings: a visit not yet charged ('scheduled') is
-- released (its place offered again) only if its window is at least p_notice_hours away; a visit
-- within that stays. A visit already charged ('paid', 48 to 24 hours ahead) is never released here:
-- the customer asks to cancel it and the business refunds it, as any paid booking.
--
-- A plan cancelled before its second visit has taken place is charged the difference to the
-- one-time price (one_time_cents − the first visit's amount) once: the cancellation claims it under
-- the plan's row lock, the app charges the saved card with the key `plan:<id>:early-cancellation`,
-- and records the outcome as the plan's one 'early_cancellation' charge (the key is unique).

-- Every change of a plan, by whom: the customer's (manage link) or the office's (with its audit row).
create table public.plan_changes (
  id bigint generated always as identity primary key,
  plan_id uuid not null references public.booking_plans (id),
  -- The visit skipped (null for a change of the whole plan).
  booking_id uuid references public.bookings (id),
  kind text not null check (kind in ('visit_skipped', 'paused', 'resumed', 'cancelled')),
  changed_by text not null check (changed_by in ('customer', 'office')),
  staff_action_id uuid references public.staff_actions (id),
  -- How many visits a pause or cancellation released.
  released integer not null default 0 check (released >= 0),
  changed_at timestamptz not null,
  constraint plan_changes_office_has_action check ((changed_by = 'office') = (staff_action_id is not null))
);

create index plan_changes_plan_idx on public.plan_changes (plan_id, id);

alter table public.plan_changes enable row level security;

revoke all on table public.plan_changes from public, anon, authenticated;

grant select, insert on table public.plan_changes to service_role;

-- Releases the plan's visits not yet charged whose window is more than p_notice_hours away (their
-- places are offered again); visits within that, being charged, or charged stay. Answers how many.
-- Released by a pause or a cancellation their charge is 'cancelled' (a skipped one's is
-- 'skipped'): resuming makes way for their dates again.
create function public.release_plan_visits(p_plan_id uuid, p_notice_hours integer, p_now timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  with released as (
    select b.id from public.bookings b join public.plan_visit_charges c on c.booking_id = b.id
    where b.plan_id = p_plan_id and b.payment_status = 'scheduled' and c.state in ('scheduled', 'declined')
      and b.cancelled_at is null and b.window_starts_at > p_now + make_interval(hours => p_notice_hours)
    for update of b, c
  ), charges as (
    update public.plan_visit_charges set state = 'cancelled', lock_token = null, locked_until = null
    where booking_id in (select id from released)
    returning booking_id
  )
  update public.bookings set payment_status = 'cancelled', cancelled_at = p_now, updated_at = p_now
  where id in (select booking_id from charges);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- The e-mails of a change with what the transaction decided written into their facts (how many
-- visits were released, the difference owed), so the messages say what happened.
create function public.plan_emails_with(p_emails jsonb, p_facts jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_set(e, '{payload}', coalesce(e -> 'payload', '{}'::jsonb) || p_facts)), '[]'::jsonb)
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;
$$;

-- Records a change (and, when p_staff names a member, its audit row); answers the change's id.
create function public.record_plan_change(
  p_plan_id uuid, p_booking_id uuid, p_kind text, p_released integer, p_now timestamptz, p_staff jsonb, p_before jsonb, p_after jsonb
)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_action uuid;
  v_change bigint;
begin
  if p_staff is not null then
    if p_staff ->> 'id' is null or coalesce(btrim(p_staff ->> 'name'), '') = '' then
      raise exception 'A staff action needs the member who did it' using errcode = '22023';
    end if;
    v_action := public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'plan', p_plan_id::text, 'plan_' || p_kind, p_before, p_after);
  end if;
  insert into public.plan_changes (plan_id, booking_id, kind, changed_by, staff_action_id, released, changed_at)
  values (p_plan_id, p_booking_id, p_kind, case when p_staff is null then 'customer' else 'office' end, v_action, p_released, p_now)
  returning id into v_change;
  return v_change;
end;
$$;

-- Skips one visit of the plan: one not yet charged, at least p_notice_hours ahead for the customer
-- (p_staff null); the office (p_staff) may skip it until its window begins. Answers {"status":
-- "skipped" | "too_late" | "begun" | "charged" | "charging" | "not_scheduled" | "not_found"}.
create function public.skip_plan_visit(p_plan_id uuid, p_booking_id uuid, p_notice_hours integer, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  c public.plan_visit_charges;
  v_change bigint;
begin
  -- The plan's lock first, as pause and cancel take it: one change of a plan at a time.
  perform 1 from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into v from public.bookings where id = p_booking_id and plan_id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into c from public.plan_visit_charges where booking_id = p_booking_id;
  if v.cancelled_at is not null or v.outcome is not null or v.payment_status not in ('paid', 'scheduled') then
    return jsonb_build_object('status', 'not_scheduled');
  end if;
  if v.payment_status = 'paid' then
    return jsonb_build_object('status', 'charged');
  end if;
  if c.state = 'charging' then
    return jsonb_build_object('status', 'charging');
  end if;
  if v.window_starts_at <= p_now then
    return jsonb_build_object('status', 'begun');
  end if;
  if p_staff is null and v.window_starts_at <= p_now + make_interval(hours => p_notice_hours) then
    return jsonb_build_object('status', 'too_late');
  end if;
  update public.plan_visit_charges set state = 'skipped', lock_token = null, locked_until = null where booking_id = v.id;
  update public.bookings set payment_status = 'cancelled', cancelled_at = p_now, updated_at = p_now where id = v.id;
  v_change := public.record_plan_change(p_plan_id, v.id, 'visit_skipped', 1, p_now, p_staff,
    jsonb_build_object('booking_id', v.id, 'date', v.date, 'arrival_window', v.arrival_window, 'payment_status', v.payment_status, 'charge_state', c.state),
    jsonb_build_object('booking_id', v.id, 'payment_status', 'cancelled', 'charge_state', 'skipped'));
  perform public.enqueue_event_emails('plan_changed:' || v_change, p_emails);
  return jsonb_build_object('status', 'skipped');
end;
$$;

-- Pauses an active plan: its visits not yet charged and more than p_notice_hours ahead are
-- released; the roll-forward generates nothing while it is paused. Answers {"status": "paused" |
-- "already_paused" | "cancelled" | "not_found", "released": n}.
create function public.pause_plan(p_plan_id uuid, p_notice_hours integer, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
  v_released integer;
  v_change bigint;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if p.status = 'paused' then
    return jsonb_build_object('status', 'already_paused');
  end if;
  update public.booking_plans set status = 'paused', paused_at = p_now, updated_at = p_now where id = p_plan_id;
  v_released := public.release_plan_visits(p_plan_id, p_notice_hours, p_now);
  v_change := public.record_plan_change(p_plan_id, null, 'paused', v_released, p_now, p_staff,
    jsonb_build_object('status', p.status), jsonb_build_object('status', 'paused', 'released', v_released));
  perform public.enqueue_event_emails('plan_changed:' || v_change, public.plan_emails_with(p_emails, jsonb_build_object('released', v_released)));
  return jsonb_build_object('status', 'paused', 'released', v_released);
end;
$$;

-- Resumes a paused plan: active again, its visits generated from the next date of its cadence after
-- the later of today (Renton) and its last visit kept (the roll-forward writes them, from
-- generated_through on). Answers {"status": "resumed" | "already_active" | "cancelled" | "not_found"}.
create function public.resume_plan(p_plan_id uuid, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
  v_last date;
  v_through date;
  v_max integer;
  v_change bigint;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if p.status = 'active' then
    return jsonb_build_object('status', 'already_active');
  end if;
  select max(date) into v_last from public.bookings
  where plan_id = p_plan_id and cancelled_at is null and payment_status in ('paid', 'scheduled');
  v_through := greatest(coalesce(v_last, p.anchor_date), (p_now at time zone 'America/Los_Angeles')::date);
  -- A visit's number is its place in the cadence (the roll-forward stores each number once): the
  -- visits the pause released after v_through are numbered past the plan's last, so their dates are
  -- generated again (with the key the roll-forward derives from the number, which they give up).
  -- Visits the customer skipped keep theirs (a skip stays skipped).
  select max(plan_visit) into v_max from public.bookings where plan_id = p_plan_id;
  update public.bookings
  set plan_visit = plan_visit + v_max, idempotency_key = gen_random_uuid(), updated_at = p_now
  where plan_id = p_plan_id and payment_status = 'cancelled' and date > v_through
    and exists (select 1 from public.plan_visit_charges c where c.booking_id = public.bookings.id and c.state = 'cancelled');
  update public.booking_plans
  set status = 'active', paused_at = null, generated_through = v_through, updated_at = p_now
  where id = p_plan_id;
  v_change := public.record_plan_change(p_plan_id, null, 'resumed', 0, p_now, p_staff,
    jsonb_build_object('status', 'paused', 'generated_through', p.generated_through),
    jsonb_build_object('status', 'active', 'generated_through', v_through));
  perform public.enqueue_event_emails('plan_changed:' || v_change, p_emails);
  return jsonb_build_object('status', 'resumed', 'generatedThrough', v_through::text);
end;
$$;

-- Whether a later visit of the plan has taken place: one paid (not cancelled) whose window has
-- begun, or marked done. Before that, a cancellation owes the difference to the one-time price.
create function public.plan_second_visit_taken_place(p_plan_id uuid, p_now timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings
    where plan_id = p_plan_id and plan_visit >= 2 and cancelled_at is null and payment_status = 'paid'
      and (outcome = 'done' or window_starts_at <= p_now)
  );
$$;

-- Claims the plan's early-cancellation charge if one is owed, nothing has been recorded for it and
-- nobody holds it (a lease of p_lease_seconds); answers the amount to charge, or null.
create function public.claim_early_cancellation_charge(p_plan_id uuid, p_now timestamptz, p_lease_seconds integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found or p.status <> 'cancelled' or coalesce(p.early_cancellation_cents, 0) = 0 then
    return null;
  end if;
  if p.early_cancellation_claimed_until is not null and p.early_cancellation_claimed_until > p_now then
    return null;
  end if;
  if exists (select 1 from public.plan_charges where plan_id = p_plan_id and kind = 'early_cancellation') then
    return null;
  end if;
  update public.booking_plans set early_cancellation_claimed_until = p_now + make_interval(secs => p_lease_seconds) where id = p_plan_id;
  return p.early_cancellation_cents;
end;
$$;

-- Cancels a plan (p_by: 'customer' or 'office'; p_staff names the member for the office): its visits
-- not yet charged and more than p_notice_hours ahead are released, those within stay. Before its
-- second visit has taken place, the difference one_time_cents − the first visit's amount is owed
-- (unless p_charge_early is false: the office waives it) and claimed for charging at once by this
-- call (a lease of p_lease_seconds). Answers {"status": "cancelled" | "already_cancelled" |
-- "not_found", "released": n, "earlyCancellationCents": owed, "chargeCents": claimed or null};
-- a repeated cancellation changes nothing and claims the charge only if the first one's claim was
-- abandoned (its process died) before anything was recorded.
create function public.cancel_plan(
  p_plan_id uuid, p_notice_hours integer, p_now timestamptz, p_staff jsonb, p_charge_early boolean, p_lease_seconds integer, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
  v_first_cents integer;
  v_owed integer := 0;
  v_released integer;
  v_change bigint;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p.status = 'cancelled' then
    return jsonb_build_object('status', 'already_cancelled', 'released', 0, 'earlyCancellationCents', coalesce(p.early_cancellation_cents, 0),
      'chargeCents', public.claim_early_cancellation_charge(p_plan_id, p_now, p_lease_seconds));
  end if;
  if p_charge_early and not public.plan_second_visit_taken_place(p_plan_id, p_now) then
    select amount_cents into v_first_cents from public.bookings where id = p.first_booking_id;
    v_owed := greatest(p.one_time_cents - coalesce(v_first_cents, p.one_time_cents), 0);
  end if;
  update public.booking_plans
  set status = 'cancelled', cancelled_at = p_now, paused_at = null,
    cancelled_by = case when p_staff is null then 'customer' else 'office' end,
    early_cancellation_cents = v_owed, updated_at = p_now
  where id = p_plan_id;
  v_released := public.release_plan_visits(p_plan_id, p_notice_hours, p_now);
  v_change := public.record_plan_change(p_plan_id, null, 'cancelled', v_released, p_now, p_staff,
    jsonb_build_object('status', p.status),
    jsonb_build_object('status', 'cancelled', 'released', v_released, 'early_cancellation_cents', v_owed));
  perform public.enqueue_event_emails('plan_changed:' || v_change,
    public.plan_emails_with(p_emails, jsonb_build_object('released', v_released, 'earlyCancellationCents', v_owed)));
  return jsonb_build_object('status', 'cancelled', 'released', v_released, 'earlyCancellationCents', v_owed,
    'chargeCents', public.claim_early_cancellation_charge(p_plan_id, p_now, p_lease_seconds));
end;
$$;

-- Records what the early-cancellation charge did (once per plan: its key is unique) and ends the
-- claim; p_emails (the office told of a decline) are queued with it. Answers whether it was recorded.
create function public.record_early_cancellation_charge(
  p_plan_id uuid, p_amount_cents integer, p_status text, p_provider_payment_id text, p_error_code text, p_error_message text,
  p_now timestamptz, p_emails jsonb
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, error_message, idempotency_key, created_at)
  values (p_plan_id, null, 'early_cancellation', p_amount_cents, p_status, p_provider_payment_id, p_error_code, p_error_message,
    'plan:' || p_plan_id || ':early-cancellation', p_now)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  update public.booking_plans set early_cancellation_claimed_until = null where id = p_plan_id;
  if v_id is null then
    return false;
  end if;
  perform public.enqueue_event_emails('plan_early_cancellation:' || p_plan_id, p_emails);
  return true;
end;
$$;

-- A plan's changes, oldest first, with the member's name for the office's.
create function public.plan_changes_of(p_plan_id uuid)
returns table (change jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(c) || jsonb_build_object('staff_name', a.staff_name)
  from public.plan_changes c left join public.staff_actions a on a.id = c.staff_action_id
  where c.plan_id = p_plan_id
  order by c.id;
$$;

-- The office's list of plans: each with its customer, status, next visit to come and its charge
-- state, newest first; p_status null for every status.
create function public.office_plans(p_status text, p_now timestamptz, p_limit integer)
returns table (plan jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p) || jsonb_build_object(
    'next_visit', (
      select jsonb_build_object('id', b.id, 'date', b.date::text, 'arrival_window', b.arrival_window, 'payment_status', b.payment_status, 'charge_state', c.state)
      from public.bookings b left join public.plan_visit_charges c on c.booking_id = b.id
      where b.plan_id = p.id and b.cancelled_at is null and b.payment_status in ('paid', 'scheduled') and b.window_starts_at > p_now
      order by b.window_starts_at limit 1
    ),
    'declined_visits', (
      select count(*) from public.bookings b join public.plan_visit_charges c on c.booking_id = b.id
      where b.plan_id = p.id and c.state = 'declined' and b.cancelled_at is null
    )
  )
  from public.booking_plans p
  where p_status is null or p.status = p_status
  order by p.created_at desc, p.id
  limit p_limit;
$$;

-- An off-session plan charge as the provider's webhook reports it (payment_intent.succeeded or
-- payment_intent.payment_failed), recorded on the visit exactly as the charge job would have, unless
-- it already was. p_charge: {outcome: 'succeeded' | 'declined' | 'authentication_required',
-- provider, payment_id, amount_cents, idempotency_key (the charge's key from the payment's metadata;
-- null for a payment made before keys were sent), code, message, card_deadline_at, event_key}.
-- Answers:
-- - 'charged': the visit was waiting (scheduled, charging or declined) and is now paid;
-- - 'declined': the visit was waiting for this charge and now waits for a new card (the customer's
--   e-mail p_emails queued under event_key, once);
-- - 'late': the visit had been released for want of a card: the money is a late payment, shown in
--   Needs attention (take or refund);
-- - 'already': nothing to change (recorded before: a replay, or the job's own record came first);
-- - 'stale': a failure of an earlier card, or of a charge that later succeeded: never undoes a
--   success nor declines a visit a newer card is to pay;
-- - 'recorded': money taken for a visit skipped or cancelled meanwhile (the charge row shows the
--   office a charge to refund, as the job records it);
-- - 'unknown': no plan visit with this id.
create function public.reconcile_plan_charge(p_booking_id uuid, p_charge jsonb, p_now timestamptz, p_emails jsonb)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings%rowtype;
  c public.plan_visit_charges%rowtype;
  p public.booking_plans%rowtype;
  v_outcome text := p_charge ->> 'outcome';
  v_payment text := p_charge ->> 'payment_id';
  v_key text;
begin
  if v_outcome is null or v_outcome not in ('succeeded', 'declined', 'authentication_required') then
    raise exception 'Unknown charge outcome: %', coalesce(v_outcome, 'none') using errcode = '22023';
  end if;
  select * into v from public.bookings where id = p_booking_id for update;
  if not found or v.plan_id is null then
    return 'unknown';
  end if;
  select * into c from public.plan_visit_charges where booking_id = v.id;
  select * into p from public.booking_plans where id = v.plan_id;
  v_key := coalesce(nullif(p_charge ->> 'idempotency_key', ''), 'plan-visit:' || v.id || ':payment-' || coalesce(v_payment, 'none'));

  if v_outcome = 'succeeded' then
    -- Money taken is kept, whatever was recorded of this key before (a success is final).
    insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, idempotency_key, created_at)
    values (v.plan_id, v.id, 'visit', coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), 'succeeded', v_payment, v_key, p_now)
    on conflict (idempotency_key) do update
      set status = 'succeeded', provider_payment_id = excluded.provider_payment_id, amount_cents = excluded.amount_cents,
          error_code = null, error_message = null
      where public.plan_charges.status <> 'succeeded';
    if v.payment_status = 'paid' then
      return 'already';
    end if;
    if v.payment_status = 'scheduled' and v.cancelled_at is null and c.state in ('scheduled', 'charging', 'declined') then
      update public.plan_visit_charges
         set state = 'charged', lock_token = null, locked_until = null, card_deadline_at = null
       where booking_id = v.id;
      update public.bookings
         set payment_status = 'paid', paid_at = p_now, payment_provider = p_charge ->> 'provider',
             payment_session_id = v_payment, updated_at = p_now
       where id = v.id;
      return 'charged';
    end if;
    if v.payment_status = 'failed' and v_payment is not null then
      -- Released for want of a card, its place maybe taken since: the office takes or refunds it.
      insert into public.late_payments (booking_id, session_id, amount_cents, currency, booking_status, received_at)
      values (v.id, v_payment, coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), 'usd', v.payment_status, p_now)
      on conflict (session_id) do nothing;
      return case when found then 'late' else 'already' end;
    end if;
    return 'recorded';
  end if;

  -- A failure counts only for the charge the visit waits for now: its current card's key.
  if v_key is distinct from 'plan-visit:' || v.id || ':card-' || p.card_generation then
    return 'stale';
  end if;
  insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, error_message, idempotency_key, created_at)
  values (
    v.plan_id, v.id, 'visit', coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), v_outcome,
    v_payment, p_charge ->> 'code', left(p_charge ->> 'message', 500), v_key, p_now
  )
  on conflict (idempotency_key) do nothing;
  if v.payment_status <> 'scheduled' or v.cancelled_at is not null or c.state = 'declined' then
    return case when v.payment_status = 'paid' then 'stale' else 'already' end;
  end if;
  if c.state not in ('scheduled', 'charging') then
    return 'already';
  end if;
  update public.plan_visit_charges
     set state = 'declined', card_deadline_at = (p_charge ->> 'card_deadline_at')::timestamptz, lock_token = null, locked_until = null
   where booking_id = v.id;
  update public.bookings set updated_at = p_now where id = v.id;
  perform public.enqueue_event_emails(p_charge ->> 'event_key', p_emails);
  return 'declined';
end;
$$;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.check_scheduled_visit_has_charge(),
  public.booking_with_charge(public.bookings,public.plan_visit_charges),
  public.booking_by_id(uuid),
  public.booking_by_payment_session(text),
  public.plan_by_id(uuid),
  public.plan_visits(uuid),
  public.plan_charges_of(uuid),
  public.plan_cadence_of(text,text,text),
  public.create_plan_for_booking(uuid,jsonb),
  public.add_plan_visit(uuid,jsonb,timestamptz),
  public.plans_to_roll_forward(date,uuid,integer),
  public.paid_bookings_without_plan(timestamptz,integer),
  public.replace_plan_card(uuid,text,jsonb,timestamptz),
  public.claim_plan_charges(timestamptz,integer,integer,uuid),
  public.record_plan_charge(uuid,uuid,jsonb,timestamptz,jsonb),
  public.plan_visits_to_release(timestamptz,integer),
  public.release_plan_visit(uuid,timestamptz,jsonb),
  public.release_plan_visits(uuid,integer,timestamptz),
  public.plan_emails_with(jsonb,jsonb),
  public.record_plan_change(uuid,uuid,text,integer,timestamptz,jsonb,jsonb,jsonb),
  public.skip_plan_visit(uuid,uuid,integer,timestamptz,jsonb,jsonb),
  public.pause_plan(uuid,integer,timestamptz,jsonb,jsonb),
  public.resume_plan(uuid,timestamptz,jsonb,jsonb),
  public.plan_second_visit_taken_place(uuid,timestamptz),
  public.claim_early_cancellation_charge(uuid,timestamptz,integer),
  public.cancel_plan(uuid,integer,timestamptz,jsonb,boolean,integer,jsonb),
  public.record_early_cancellation_charge(uuid,integer,text,text,text,text,timestamptz,jsonb),
  public.plan_changes_of(uuid),
  public.office_plans(text,timestamptz,integer),
  public.reconcile_plan_charge(uuid,jsonb,timestamptz,jsonb)
  from public, anon, authenticated;
grant execute on function
  public.booking_with_charge(public.bookings,public.plan_visit_charges),
  public.booking_by_id(uuid),
  public.booking_by_payment_session(text),
  public.plan_by_id(uuid),
  public.plan_visits(uuid),
  public.plan_charges_of(uuid),
  public.plan_cadence_of(text,text,text),
  public.create_plan_for_booking(uuid,jsonb),
  public.add_plan_visit(uuid,jsonb,timestamptz),
  public.plans_to_roll_forward(date,uuid,integer),
  public.paid_bookings_without_plan(timestamptz,integer),
  public.replace_plan_card(uuid,text,jsonb,timestamptz),
  public.claim_plan_charges(timestamptz,integer,integer,uuid),
  public.record_plan_charge(uuid,uuid,jsonb,timestamptz,jsonb),
  public.plan_visits_to_release(timestamptz,integer),
  public.release_plan_visit(uuid,timestamptz,jsonb),
  public.release_plan_visits(uuid,integer,timestamptz),
  public.plan_emails_with(jsonb,jsonb),
  public.record_plan_change(uuid,uuid,text,integer,timestamptz,jsonb,jsonb,jsonb),
  public.skip_plan_visit(uuid,uuid,integer,timestamptz,jsonb,jsonb),
  public.pause_plan(uuid,integer,timestamptz,jsonb,jsonb),
  public.resume_plan(uuid,timestamptz,jsonb,jsonb),
  public.plan_second_visit_taken_place(uuid,timestamptz),
  public.claim_early_cancellation_charge(uuid,timestamptz,integer),
  public.cancel_plan(uuid,integer,timestamptz,jsonb,boolean,integer,jsonb),
  public.record_early_cancellation_charge(uuid,integer,text,text,text,text,timestamptz,jsonb),
  public.plan_changes_of(uuid),
  public.office_plans(text,timestamptz,integer),
  public.reconcile_plan_charge(uuid,jsonb,timestamptz,jsonb)
  to service_role;
