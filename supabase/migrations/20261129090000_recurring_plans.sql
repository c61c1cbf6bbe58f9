-- Recurring plans (issue 24): the tables and columns every part of the plans works on. The
-- functions that write them come in the migrations after this one (plans, charges, manage, texts,
-- reminders), each beside its own rules.
--
-- A plan is made when the first visit of a recurring frequency is paid: its card is kept with the
-- payment provider for the later visits, which are bookings like any other (in public.bookings1,
-- with `plan_id`), generated on the plan's cadence on the same weekday and arrival window, up to
-- the booking horizon, and charged off-session a set time before each visit.

create table public.booking_plans (
  id uuid primary key default gen_random_uuid(),
  -- The paid booking that started the plan (its first visit).
  first_booking_id uuid not null unique references public.bookings1 (id),
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
  constraint booking_plans_paused_has_time check ((status = 'paused') = (paused_at is not null))
);
create index booking_plans_active_idx on public.booking_plans (generated_through) where status = 'active';

-- Every charge a plan made or tried off-session: a later visit's, or the early cancellation's
-- difference. `idempotency_key` is the key sent to the provider, so one charge is one row.
create table public.plan_charges (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.booking_plans (id),
  -- The visit charged (null for the early cancellation's difference).
  booking_id uuid references public.bookings1 (id),
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
-- becomes 'failed'; a skipped or cancelled one 'cancelled'.
alter table public.bookings1 drop constraint bookings1_payment_status_check;
alter table public.bookings1 add constraint bookings1_payment_status_check
  check (payment_status in ('pending', 'paid', 'scheduled', 'cancelled', 'expired', 'failed'));

alter table public.bookings1
  add column plan_id uuid references public.booking_plans (id),
  -- 1 for the plan's first visit (paid at checkout), 2, 3 … for the visits generated after it.
  add column plan_visit integer check (plan_visit >= 1),
  -- Where a later visit is in its charge: null for one-time bookings and first visits.
  add column charge_state text check (charge_state in ('scheduled', 'charging', 'charged', 'declined', 'released', 'skipped', 'cancelled')),
  -- When the job charges it (its window's start less the charge lead, a setting).
  add column charge_due_at timestamptz,
  -- A job's claim on the charge (like the e-mail outbox's): no other process charges it until then.
  add column charge_lock_token uuid,
  add column charge_locked_until timestamptz,
  add column charge_attempts integer not null default 0 check (charge_attempts >= 0),
  -- A declined visit keeps its place until then for a new card; after it, the place is released.
  add column card_deadline_at timestamptz,
  -- Generated into another window of the same week because the plan's own window was full (the
  -- customer is told).
  add column placed_elsewhere boolean not null default false,
  -- The customer's consent to text messages about this visit (the booking form's checkbox), or null.
  add column sms_consent_at timestamptz,
  -- When the crew set off (the office marked it started): the "on the way" text.
  add column started_at timestamptz,
  add constraint bookings1_plan_visit_has_plan check ((plan_id is null) = (plan_visit is null)),
  add constraint bookings1_scheduled_is_plan_visit check (payment_status <> 'scheduled' or (plan_id is not null and charge_state is not null));

create index bookings1_plan_idx on public.bookings1 (plan_id, date) where plan_id is not null;
create index bookings1_charge_due_idx on public.bookings1 (charge_due_at) where charge_state in ('scheduled', 'charging');
create index bookings1_card_deadline_idx on public.bookings1 (card_deadline_at) where charge_state = 'declined';
-- One visit per plan and day: generating twice (two processes, a repeated roll-forward) adds nothing.
create unique index bookings1_one_visit_per_plan_day on public.bookings1 (plan_id, plan_visit) where plan_id is not null;

-- A scheduled visit takes its place like a paid one (the counts of arrival_windows' migrations).
create or replace function public.window_places_taken(p_family text, p_date date, p_window text, p_now timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer
  from public.bookings1
  where service_family = p_family and date = p_date and arrival_window = p_window
    and cancelled_at is null
    and (payment_status in ('paid', 'scheduled') or (payment_status = 'pending' and hold_expires_at > p_now));
$$;

create or replace function public.window_places_taken_between(p_family text, p_from date, p_to date, p_now timestamptz)
returns table (date text, arrival_window text, taken integer)
language sql
stable
set search_path = ''
as $$
  select b.date::text, b.arrival_window, count(*)::integer
  from public.bookings1 b
  where b.service_family = p_family and b.date between p_from and p_to and b.arrival_window is not null
    and b.cancelled_at is null
    and (b.payment_status in ('paid', 'scheduled') or (b.payment_status = 'pending' and b.hold_expires_at > p_now))
  group by b.date, b.arrival_window;
$$;

-- Jobs the servers run on a schedule (the charges, the roll-forward, reminders): one row per job.
-- A process runs a job only with its claim (a lease, like the outbox's), so several server
-- processes on one database take turns; each job's own work is claimed row by row as well, so a
-- job run twice at once still does each thing once.
create table public.scheduled_jobs (
  name text primary key,
  next_run_at timestamptz not null,
  locked_until timestamptz,
  lock_token uuid,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text,
  last_result jsonb
);

-- The job's claim if it is due at p_now and nobody holds it; null otherwise.
create function public.claim_scheduled_job(p_name text, p_now timestamptz, p_lease_seconds integer)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_token uuid := gen_random_uuid();
begin
  insert into public.scheduled_jobs (name, next_run_at) values (p_name, p_now) on conflict (name) do nothing;
  update public.scheduled_jobs
     set locked_until = p_now + make_interval(secs => p_lease_seconds), lock_token = v_token, last_started_at = p_now
   where name = p_name and next_run_at <= p_now and (locked_until is null or locked_until <= p_now);
  if not found then
    return null;
  end if;
  return v_token;
end;
$$;

-- Ends a run: the next is due p_every_seconds later; false if the claim was lost meanwhile.
create function public.finish_scheduled_job(p_name text, p_token uuid, p_now timestamptz, p_every_seconds integer, p_error text, p_result jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.scheduled_jobs
     set locked_until = null, lock_token = null, last_finished_at = p_now, last_error = p_error, last_result = p_result,
         next_run_at = p_now + make_interval(secs => p_every_seconds)
   where name = p_name and lock_token = p_token;
  return found;
end;
$$;

alter table public.booking_plans enable row level security;
alter table public.plan_charges enable row level security;
alter table public.scheduled_jobs enable row level security;
revoke all on table public.booking_plans, public.plan_charges, public.scheduled_jobs from public, anon, authenticated;
grant select, insert, update on table public.booking_plans, public.plan_charges, public.scheduled_jobs to service_role;

revoke all on function
  public.claim_scheduled_job(text, timestamptz, integer),
  public.finish_scheduled_job(text, uuid, timestamptz, integer, text, jsonb)
from public, anon, authenticated;
grant execute on function
  public.claim_scheduled_job(text, timestamptz, integer),
  public.finish_scheduled_job(text, uuid, timestamptz, integer, text, jsonb)
to service_role;

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
  select to_jsonb(b) from public.bookings1 b where b.plan_id = p_plan_id order by b.plan_visit;
$$;

create function public.plan_charges_of(p_plan_id uuid)
returns table (charge jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(c) from public.plan_charges c where c.plan_id = p_plan_id order by c.created_at, c.id;
$$;

revoke all on function public.plan_by_id(uuid), public.plan_visits(uuid), public.plan_charges_of(uuid) from public, anon, authenticated;
grant execute on function public.plan_by_id(uuid), public.plan_visits(uuid), public.plan_charges_of(uuid) to service_role;
