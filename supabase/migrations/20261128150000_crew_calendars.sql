-- Crews' calendars (issue 22): a calendar subscription address per crew that phone calendars poll,
-- holding the crew's paid bookings. The address holds a secret token; only its SHA-256 is stored,
-- so the table cannot give an address back to anyone who reads it. Staff make and revoke addresses
-- in the office (/office/calendars); each is an audited staff action.

-- How many times a booking's visit changed (a move, a cancellation, an outcome): the SEQUENCE of its
-- event in the crews' calendars, so phones replace the older version. Bumped by a trigger rather
-- than by each function that writes these columns, so a move by the customer (reschedule_booking),
-- by staff, or a cancellation, whoever writes it, always counts.
alter table public.bookings1
  add column calendar_sequence integer not null default 0 check (calendar_sequence >= 0);

create function public.bump_booking_calendar_sequence()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.date is distinct from old.date
    or new.arrival_window is distinct from old.arrival_window
    or new.window_starts_at is distinct from old.window_starts_at
    or new.cancelled_at is distinct from old.cancelled_at
    or new.outcome is distinct from old.outcome then
    new.calendar_sequence := old.calendar_sequence + 1;
  end if;
  return new;
end;
$$;

create trigger bookings1_calendar_sequence
  before update on public.bookings1
  for each row execute function public.bump_booking_calendar_sequence();

-- One working address per crew at a time: making a new one revokes the old in the same step (a
-- crew shares one address; when a phone is lost or someone leaves, the new address cuts the old off
-- and no forgotten address stays alive). Revoked rows are kept: when and by whom, for the record.
create table public.crew_calendar_tokens (
  id uuid primary key default gen_random_uuid(),
  crew text not null check (crew in ('indoor', 'exterior', 'commercial')),
  -- Lower-case hex SHA-256 of the token (the token itself is never stored).
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  created_by text not null,
  revoked_at timestamptz,
  -- When a calendar last read the feed (the office shows whether phones are polling).
  last_read_at timestamptz
);
create unique index crew_calendar_tokens_one_working on public.crew_calendar_tokens (crew) where revoked_at is null;

alter table public.crew_calendar_tokens enable row level security;
revoke all on table public.crew_calendar_tokens from public, anon, authenticated;
grant select, insert, update on table public.crew_calendar_tokens to service_role;

-- Makes a crew's new address (the token's hash), revoking the one it had, with the audit row.
-- Answers {"status": "made", "replaced": true | false}.
create function public.make_crew_calendar_token(p_crew text, p_token_hash text, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_old public.crew_calendar_tokens;
begin
  -- Two staff making one crew's address at once: one after the other, each revoking the one before.
  perform pg_advisory_xact_lock(hashtextextended('crew calendar ' || p_crew, 0));
  select * into v_old from public.crew_calendar_tokens where crew = p_crew and revoked_at is null;
  if found then
    update public.crew_calendar_tokens set revoked_at = p_now where id = v_old.id;
  end if;
  insert into public.crew_calendar_tokens (crew, token_hash, created_at, created_by)
  values (p_crew, p_token_hash, p_now, p_staff ->> 'name');
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (
    (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'crew_calendar', p_crew, 'address_made',
    case when v_old.id is null then null else jsonb_build_object('addressMadeAt', v_old.created_at, 'madeBy', v_old.created_by) end,
    jsonb_build_object('addressMadeAt', p_now, 'replacedAddress', v_old.id is not null)
  );
  return jsonb_build_object('status', 'made', 'replaced', v_old.id is not null);
end;
$$;

-- Revokes a crew's address, with the audit row. Answers {"status": "revoked" | "none"}.
create function public.revoke_crew_calendar_token(p_crew text, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_old public.crew_calendar_tokens;
begin
  perform pg_advisory_xact_lock(hashtextextended('crew calendar ' || p_crew, 0));
  select * into v_old from public.crew_calendar_tokens where crew = p_crew and revoked_at is null;
  if not found then
    return jsonb_build_object('status', 'none');
  end if;
  update public.crew_calendar_tokens set revoked_at = p_now where id = v_old.id;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (
    (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'crew_calendar', p_crew, 'address_revoked',
    jsonb_build_object('addressMadeAt', v_old.created_at, 'madeBy', v_old.created_by),
    jsonb_build_object('revokedAt', p_now)
  );
  return jsonb_build_object('status', 'revoked');
end;
$$;

-- Each crew's working address: when and by whom it was made, and when a calendar last read it.
create function public.crew_calendar_addresses()
returns table (crew text, token_hash text, created_at timestamptz, created_by text, last_read_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select t.crew, t.token_hash, t.created_at, t.created_by, t.last_read_at
  from public.crew_calendar_tokens t
  where t.revoked_at is null
  order by t.crew;
$$;

-- The crew whose working address has this token hash (recording the read), or null: an unknown or
-- revoked token reads nothing.
create function public.crew_calendar_reader(p_token_hash text, p_now timestamptz)
returns text
language sql
set search_path = ''
as $$
  update public.crew_calendar_tokens
  set last_read_at = p_now
  where token_hash = p_token_hash and revoked_at is null
  returning crew;
$$;

-- A crew's paid bookings dated from p_from to p_to (calendar dates), cancelled ones included (the
-- calendar marks them cancelled, so phones remove them), each as the booking's row in JSON. Two
-- columns: a set of one column would come back through the Data API as bare values, not rows.
create function public.crew_calendar_bookings(p_crew text, p_from date, p_to date)
returns table (id uuid, booking jsonb)
language sql
stable
set search_path = ''
as $$
  select b.id, to_jsonb(b)
  from public.bookings1 b
  -- Bookings from before arrival windows have no crew stored: their form names it.
  where (b.service_family = p_crew
      or (b.service_family is null and (case when b.industry in ('house', 'carpet') then 'indoor' else b.industry end) = p_crew))
    and b.payment_status = 'paid'
    and b.date between p_from and p_to
  order by b.date, b.window_starts_at nulls first, b.id;
$$;

revoke all on function
  public.bump_booking_calendar_sequence(),
  public.make_crew_calendar_token(text, text, jsonb, timestamptz),
  public.revoke_crew_calendar_token(text, jsonb, timestamptz),
  public.crew_calendar_addresses(),
  public.crew_calendar_reader(text, timestamptz),
  public.crew_calendar_bookings(text, date, date)
from public, anon, authenticated;
grant execute on function
  public.make_crew_calendar_token(text, text, jsonb, timestamptz),
  public.revoke_crew_calendar_token(text, jsonb, timestamptz),
  public.crew_calendar_addresses(),
  public.crew_calendar_reader(text, timestamptz),
  public.crew_calendar_bookings(text, date, date)
to service_role;
