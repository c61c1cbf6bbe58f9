-- The office (/office, issue 22): who may sign in, and the record of everything staff do.
-- Like every table here: row level security on, no policy, nothing for anon and authenticated; the
-- app's server reaches them through database functions as the service role.

-- Who may sign in to the office. The owner adds and removes staff; a removed member keeps their row
-- (their name stays on the actions they recorded) and can no longer sign in.
create table public.staff (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  role text not null check (role in ('owner', 'staff')),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
-- One current member per address (a removed address may be added again).
create unique index staff_current_email on public.staff (email) where removed_at is null;

-- What staff did, to what: one row per action, written in the same transaction as the action by the
-- action's database function. `before` and `after` hold the fields the action changed.
create table public.staff_actions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid references public.staff (id),
  -- The name when it happened (a renamed or removed member's actions still say who it was).
  staff_name text not null,
  at timestamptz not null default now(),
  subject_kind text not null check (subject_kind in ('booking', 'lead', 'staff', 'crew_calendar')),
  -- The booking's or lead's id, the staff member's id, or the crew ('indoor', 'exterior', 'commercial').
  subject_id text not null,
  action text not null,
  before jsonb,
  after jsonb
);
create index staff_actions_subject on public.staff_actions (subject_kind, subject_id, at);

alter table public.staff enable row level security;
alter table public.staff_actions enable row level security;
revoke all on table public.staff, public.staff_actions from public, anon, authenticated;
grant select, insert, update on table public.staff to service_role;
grant select, insert on table public.staff_actions to service_role;

-- What the office does to a booking beyond its payment: staff cancel it (with a full or partial
-- refund, recorded by the cancellation's function) and mark it done or a no-show. A cancelled
-- booking keeps its payment status ('paid': the money was taken; `refunded_cents` says how much went
-- back) and no longer takes a place in its window.
alter table public.bookings1
  add column cancelled_at timestamptz,
  add column refunded_cents integer not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
  add column outcome text check (outcome in ('done', 'no_show')),
  add column outcome_at timestamptz,
  add constraint bookings1_outcome_has_time check ((outcome is null) = (outcome_at is null));

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
    and (payment_status = 'paid' or (payment_status = 'pending' and hold_expires_at > p_now));
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
    and (b.payment_status = 'paid' or (b.payment_status = 'pending' and b.hold_expires_at > p_now))
  group by b.date, b.arrival_window;
$$;

-- A booking the business cancelled, or marked done or a no-show, can no longer be moved or
-- cancelled by its customer (answered as 'not_paid': it is no longer a booking to come).
create or replace function public.booking_change_refusal(p_id uuid, p_notice_hours integer, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return 'not_found';
  end if;
  if v.payment_status <> 'paid' or v.arrival_window is null or v.cancelled_at is not null or v.outcome is not null then
    return 'not_paid';
  end if;
  if v.cancellation_requested_at is not null then
    return 'cancellation_requested';
  end if;
  if v.window_starts_at <= p_now + make_interval(hours => p_notice_hours) then
    return 'too_late';
  end if;
  return null;
end;
$$;
