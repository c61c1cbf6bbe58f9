-- The customer manages a paid booking through the private link in its confirmation e-mail
-- (decisions.md "Scheduling"): moves it to another free arrival window, or asks to cancel, until 24
-- hours before its window starts. Every change is recorded with its time (booking_changes) and
-- queues the business's notification and the customer's confirmation in the same transaction.

alter table public.bookings1 add column cancellation_requested_at timestamptz;

create table public.booking_changes (
  -- In the order the changes were made (also two in the same microsecond).
  id bigint generated always as identity primary key,
  -- Erasing a booking (by hand, on request) erases its record too.
  booking_id uuid not null references public.bookings1 (id) on delete cascade,
  kind text not null check (kind in ('rescheduled', 'cancellation_requested')),
  -- The date and window before and after a move (a cancellation request keeps them: "from" only).
  from_date date,
  from_window text,
  to_date date,
  to_window text,
  changed_at timestamptz not null,
  constraint booking_changes_move_has_target check (kind <> 'rescheduled' or (to_date is not null and to_window is not null))
);
create index booking_changes_booking_idx on public.booking_changes (booking_id, changed_at);

-- Secrets the app makes for itself, shared by every server process on this database: the key that
-- signs the manage links. Nobody but the service role reads them.
create table public.app_secrets (
  name text primary key,
  value text not null check (length(value) >= 32),
  created_at timestamptz not null default now()
);

alter table public.booking_changes enable row level security;
alter table public.app_secrets enable row level security;
revoke all on table public.booking_changes, public.app_secrets from public, anon, authenticated;
grant select, insert on table public.booking_changes, public.app_secrets to service_role;

-- The secret of this name, made on first use (244 random bits from two v4 UUIDs, which Postgres
-- draws from its strong random source); every process and server gets the same one.
create function public.app_secret(p_name text) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_value text;
begin
  insert into public.app_secrets (name, value)
  values (p_name, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (name) do nothing;
  select value into v_value from public.app_secrets where name = p_name;
  return v_value;
end;
$$;

-- Why a paid booking cannot be changed now, or null. Locks the booking's row (FOR UPDATE) so two
-- changes of one booking happen one after the other.
create function public.booking_change_refusal(p_id uuid, p_notice_hours integer, p_now timestamptz)
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
  if v.payment_status <> 'paid' or v.arrival_window is null then
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

-- Moves a paid booking to another arrival window of its crew if that window has a place left (the
-- same lock and count as create_pending_booking) and the booking's own window is at least
-- p_notice_hours away. Answers {"status": "moved" | "full" | "same" | "too_late" | "not_paid" |
-- "cancellation_requested" | "not_found"}; only "moved" changes anything.
create function public.reschedule_booking(
  p_id uuid, p_date date, p_window text, p_window_starts_at timestamptz, p_capacity integer,
  p_notice_hours integer, p_now timestamptz, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_refusal text := public.booking_change_refusal(p_id, p_notice_hours, p_now);
  v_change bigint;
begin
  if v_refusal is not null then
    return jsonb_build_object('status', v_refusal);
  end if;
  select * into v from public.bookings1 where id = p_id;
  if v.date = p_date and v.arrival_window = p_window then
    return jsonb_build_object('status', 'same');
  end if;
  perform pg_advisory_xact_lock(hashtextextended(
    'booking window ' || v.service_family || ' ' || to_char(p_date, 'YYYY-MM-DD') || ' ' || p_window, 0));
  if public.window_places_taken(v.service_family, p_date, p_window, p_now) >= p_capacity then
    return jsonb_build_object('status', 'full');
  end if;
  update public.bookings1
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now
  where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, to_date, to_window, changed_at)
  values (p_id, 'rescheduled', v.date, v.arrival_window, p_date, p_window, p_now)
  returning id into v_change;
  perform public.enqueue_event_emails('booking_rescheduled:' || v_change, p_emails);
  return jsonb_build_object('status', 'moved');
end;
$$;

-- Records the customer's request to cancel a paid booking (the business cancels and refunds it) if
-- its window is at least p_notice_hours away. Answers {"status": "requested" | "too_late" |
-- "not_paid" | "cancellation_requested" | "not_found"}; a second request changes nothing.
create function public.request_booking_cancellation(p_id uuid, p_notice_hours integer, p_now timestamptz, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_refusal text := public.booking_change_refusal(p_id, p_notice_hours, p_now);
begin
  if v_refusal is not null then
    return jsonb_build_object('status', v_refusal);
  end if;
  select * into v from public.bookings1 where id = p_id;
  update public.bookings1 set cancellation_requested_at = p_now, updated_at = p_now where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, changed_at)
  values (p_id, 'cancellation_requested', v.date, v.arrival_window, p_now);
  perform public.enqueue_event_emails('booking_cancellation_requested:' || p_id, p_emails);
  return jsonb_build_object('status', 'requested');
end;
$$;

-- A booking's changes, oldest first.
create function public.booking_changes_of(p_id uuid)
returns table (kind text, from_date text, from_window text, to_date text, to_window text, changed_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select c.kind, c.from_date::text, c.from_window, c.to_date::text, c.to_window, c.changed_at
  from public.booking_changes c
  where c.booking_id = p_id
  order by c.id;
$$;

revoke all on function
  public.app_secret(text),
  public.booking_change_refusal(uuid, integer, timestamptz),
  public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb),
  public.request_booking_cancellation(uuid, integer, timestamptz, jsonb),
  public.booking_changes_of(uuid)
from public, anon, authenticated;
grant execute on function
  public.app_secret(text),
  public.booking_change_refusal(uuid, integer, timestamptz),
  public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb),
  public.request_booking_cancellation(uuid, integer, timestamptz, jsonb),
  public.booking_changes_of(uuid)
to service_role;
