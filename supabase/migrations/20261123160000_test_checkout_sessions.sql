-- The local test checkout's sessions (the stand-in for Stripe Checkout on a machine without a Stripe
-- key) live in the database beside the bookings they pay, instead of a JSON file the server rewrote
-- whole on every change: one row per session, written in the same durable way as a booking, so a
-- session survives what a booking survives (a killed server) and costs the same however many there
-- are. Row level security on, no policy, nothing for anon and authenticated; the server uses the
-- service role, through the three functions below.

create table public.test_checkout_sessions (
  id text primary key check (id ~ '^test_cs_[0-9a-f]{32}$'),
  booking_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  description text not null,
  success_url text not null,
  cancel_url text not null,
  idempotency_key text not null unique,
  status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  created_at timestamptz not null,
  completed_at timestamptz,
  check ((status = 'open') = (completed_at is null))
);

alter table public.test_checkout_sessions enable row level security;
revoke all on table public.test_checkout_sessions from public, anon, authenticated;
grant select, insert, update on table public.test_checkout_sessions to service_role;

-- A session as the app reads it; null for none.
create or replace function public.test_checkout_session_json(s public.test_checkout_sessions) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when s.id is null then null else jsonb_build_object(
    'id', s.id,
    'booking_id', s.booking_id,
    'amount_cents', s.amount_cents,
    'currency', s.currency,
    'description', s.description,
    'success_url', s.success_url,
    'cancel_url', s.cancel_url,
    'idempotency_key', s.idempotency_key,
    'status', s.status,
    'created_at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completed_at', case when s.completed_at is null then null
      else to_char(s.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end
  ) end
$$;

-- Stores a new open session, unless its idempotency key has one: then that session is answered
-- and nothing is written (as Stripe does for a repeated idempotency key).
create or replace function public.save_test_checkout_session(p_session jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_sessions;
begin
  insert into public.test_checkout_sessions (
    id, booking_id, amount_cents, currency, description, success_url, cancel_url, idempotency_key, status, created_at
  )
  select r.id, r.booking_id, r.amount_cents, r.currency, r.description, r.success_url, r.cancel_url, r.idempotency_key,
    'open', r.created_at
  from jsonb_populate_record(null::public.test_checkout_sessions, p_session) as r
  on conflict (idempotency_key) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.test_checkout_sessions where idempotency_key = p_session ->> 'idempotency_key';
  end if;
  return public.test_checkout_session_json(v_row);
end;
$$;

create or replace function public.get_test_checkout_session(p_id text) returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.test_checkout_session_json(s) from public.test_checkout_sessions s where s.id = p_id
$$;

-- Moves an open session to paid or cancelled; the first outcome wins, a finished session is
-- answered unchanged. Null for an unknown id.
create or replace function public.complete_test_checkout_session(p_id text, p_outcome text, p_completed_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_sessions;
begin
  update public.test_checkout_sessions
  set status = p_outcome, completed_at = p_completed_at
  where id = p_id and status = 'open'
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.test_checkout_sessions where id = p_id;
  end if;
  return public.test_checkout_session_json(v_row);
end;
$$;

revoke all on function
  public.test_checkout_session_json(public.test_checkout_sessions),
  public.save_test_checkout_session(jsonb),
  public.get_test_checkout_session(text),
  public.complete_test_checkout_session(text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.test_checkout_session_json(public.test_checkout_sessions),
  public.save_test_checkout_session(jsonb),
  public.get_test_checkout_session(text),
  public.complete_test_checkout_session(text, text, timestamptz)
  to service_role;
