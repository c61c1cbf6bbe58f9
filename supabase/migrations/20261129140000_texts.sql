-- Text messages (issue 24): a reminder the day before a visit and "your crew is on its way" when the
-- office marks a visit started, only with the customer's consent (the booking form's checkbox,
-- bookings1.sms_consent_at), never to a number that replied STOP, never between 9 pm and 8 am
-- Renton time. The same durable outbox design as the e-mails (20261123120000, 20261127130000): a
-- row per event and recipient (`event_key` unique: never queued twice), claimed by any number of
-- server processes with FOR UPDATE SKIP LOCKED and a lease, then recorded as sent, skipped, failed
-- or due again. Every function takes the time (`p_now`) so tests move the clock instead of waiting.

create table public.text_outbox (
  id uuid primary key default gen_random_uuid(),
  -- 'visit_reminder:<booking>:<window start>', 'crew_on_the_way:<booking>': one text per event.
  event_key text not null unique,
  -- A text is about its booking only: it goes with it.
  booking_id uuid references public.bookings1 (id) on delete cascade,
  -- E.164 ('+14255550123').
  to_phone text not null check (to_phone ~ '^\+[1-9][0-9]{7,14}$'),
  template text not null check (template in ('visit_reminder', 'crew_on_the_way')),
  -- What the wording needs, as it was when queued; `expiresAt`: no use sending after it.
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  -- 'skipped': not sent on purpose (opted out, consent withdrawn, visit cancelled or moved, too late).
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
  skip_reason text,
  attempts integer not null default 0 check (attempts >= 0),
  -- Never inside quiet hours (the app moves a due time of 22:00 to 08:00 when queueing).
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  lock_token uuid,
  last_error text,
  -- The provider's message (Twilio: SM…) and its delivery status from the status webhook.
  provider_message_id text unique,
  provider_status text,
  provider_error_code text,
  provider_status_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint text_outbox_sent_has_sent_at check (status <> 'sent' or sent_at is not null)
);
create index text_outbox_due_idx on public.text_outbox (next_attempt_at) where status = 'pending';
create index text_outbox_booking_idx on public.text_outbox (booking_id);
-- The reminder job's look at the coming visits every 10 minutes.
create index bookings1_visits_by_window_start_idx on public.bookings1 (window_starts_at)
  where cancelled_at is null and payment_status in ('paid', 'scheduled');

-- Numbers that replied STOP (or that the provider refused as opted out): never texted until they
-- reply START. One row per number; opting back in deletes it.
create table public.sms_opt_outs (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{7,14}$'),
  since timestamptz not null,
  source text not null check (source in ('reply', 'provider'))
);

alter table public.text_outbox enable row level security;
alter table public.sms_opt_outs enable row level security;
revoke all on table public.text_outbox, public.sms_opt_outs from public, anon, authenticated;
grant select, insert, update on table public.text_outbox to service_role;
grant select, insert, update, delete on table public.sms_opt_outs to service_role;

-- Whether a booking's customer consented to texts: its own checkbox, or, for a plan's later visit,
-- the plan's (given with the first visit).
create function public.booking_text_consent(p_booking_id uuid)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(b.sms_consent_at, p.sms_consent_at)
  from public.bookings1 b
  left join public.booking_plans p on p.id = b.plan_id
  where b.id = p_booking_id;
$$;

-- Queues texts: p_texts is a JSON array of {"eventKey", "bookingId", "to", "template", "payload",
-- "dueAt"}. An event already queued is left as it is. Answers how many were queued now.
create function public.enqueue_texts(p_texts jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  if jsonb_typeof(p_texts) is distinct from 'array' then
    raise exception 'p_texts must be a JSON array' using errcode = '22023';
  end if;
  insert into public.text_outbox (event_key, booking_id, to_phone, template, payload, next_attempt_at)
  select t ->> 'eventKey', (t ->> 'bookingId')::uuid, t ->> 'to', t ->> 'template', t -> 'payload', (t ->> 'dueAt')::timestamptz
  from jsonb_array_elements(p_texts) as t
  on conflict (event_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Claims up to p_limit texts due at p_now, for p_lease_seconds, with what the worker re-checks at
-- send time: the number's opt-out, the booking's consent, whether the visit still stands and when.
create function public.claim_text_messages(p_limit integer, p_lease_seconds integer, p_now timestamptz)
returns table (
  id uuid, event_key text, booking_id uuid, to_phone text, template text, payload jsonb, attempts integer,
  lock_token uuid, created_at timestamptz, opted_out boolean, consented boolean, visit_stands boolean,
  window_starts_at timestamptz
)
language sql
set search_path = ''
as $$
  with claimed as (
    update public.text_outbox as o
    set locked_until = p_now + make_interval(secs => p_lease_seconds), lock_token = gen_random_uuid(), attempts = o.attempts + 1
    where o.id in (
      select d.id from public.text_outbox d
      where d.status = 'pending' and d.next_attempt_at <= p_now and (d.locked_until is null or d.locked_until < p_now)
      order by d.next_attempt_at, d.created_at
      limit p_limit
      for update skip locked
    )
    returning o.*
  )
  select c.id, c.event_key, c.booking_id, c.to_phone, c.template, c.payload, c.attempts, c.lock_token, c.created_at,
    exists (select 1 from public.sms_opt_outs s where s.phone = c.to_phone),
    c.booking_id is not null and public.booking_text_consent(c.booking_id) is not null,
    coalesce(b.cancelled_at is null and b.payment_status in ('paid', 'scheduled'), false),
    b.window_starts_at
  from claimed c
  left join public.bookings1 b on b.id = c.booking_id;
$$;

-- The claimed text was accepted by the provider. Only the worker holding the claim records it.
create function public.complete_text_message(p_id uuid, p_lock_token uuid, p_provider_message_id text, p_provider_status text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.text_outbox
  set status = 'sent', sent_at = p_now, provider_message_id = p_provider_message_id,
    provider_status = coalesce(provider_status, p_provider_status), provider_status_at = coalesce(provider_status_at, p_now),
    locked_until = null, lock_token = null, last_error = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Not sent: due again after p_retry_seconds, or given up (null).
create function public.fail_text_message(p_id uuid, p_lock_token uuid, p_error text, p_retry_seconds integer, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.text_outbox
  set status = case when p_retry_seconds is null then 'failed' else 'pending' end,
    next_attempt_at = p_now + make_interval(secs => coalesce(p_retry_seconds, 0)),
    locked_until = null, lock_token = null, last_error = left(p_error, 2000)
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Not sent on purpose, never to be: p_reason says why ('opted_out', 'no_consent', 'visit_changed', 'too_late').
create function public.skip_text_message(p_id uuid, p_lock_token uuid, p_reason text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.text_outbox
  set status = 'skipped', skip_reason = p_reason, locked_until = null, lock_token = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Claimed inside quiet hours (a clock moved, a retry that fell there): due again at p_until, the
-- attempt not counted.
create function public.defer_text_message(p_id uuid, p_lock_token uuid, p_until timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.text_outbox
  set next_attempt_at = p_until, attempts = greatest(attempts - 1, 0), locked_until = null, lock_token = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Hands back claims of a stopping worker (as release_outbox_messages does for e-mails).
create function public.release_text_messages(p_claims jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  released integer;
begin
  if jsonb_typeof(p_claims) is distinct from 'array' then
    raise exception 'p_claims must be a JSON array' using errcode = '22023';
  end if;
  update public.text_outbox as o
  set locked_until = null, lock_token = null, attempts = greatest(o.attempts - 1, 0)
  from jsonb_to_recordset(p_claims) as c(id uuid, lock_token uuid)
  where o.id = c.id and o.lock_token = c.lock_token and o.status = 'pending';
  get diagnostics released = row_count;
  return released;
end;
$$;

-- The provider's delivery status of a sent text (the status webhook). Answers whether the text is ours.
create function public.record_text_status(p_provider_message_id text, p_status text, p_error_code text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.text_outbox
  set provider_status = p_status, provider_error_code = p_error_code, provider_status_at = p_now
  where provider_message_id = p_provider_message_id;
  return found;
end;
$$;

-- A number opted out (it replied STOP, or the provider refused it as opted out). Answers true when new.
create function public.record_sms_opt_out(p_phone text, p_source text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  insert into public.sms_opt_outs (phone, since, source) values (p_phone, p_now, p_source)
  on conflict (phone) do nothing;
  return found;
end;
$$;

-- A number opted back in (it replied START). Answers true when it had opted out.
create function public.record_sms_opt_in(p_phone text)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  delete from public.sms_opt_outs where phone = p_phone;
  return found;
end;
$$;

-- The visits whose reminder text may be queued: windows starting in (p_from, p_to], paid or a plan's
-- scheduled visit, not cancelled, with consent, reminder for this window start not yet queued.
create function public.visits_for_text_reminders(p_from timestamptz, p_to timestamptz)
returns table (booking jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(b)
  from public.bookings1 b
  where b.window_starts_at > p_from and b.window_starts_at <= p_to
    and b.cancelled_at is null and b.payment_status in ('paid', 'scheduled')
    and public.booking_text_consent(b.id) is not null
    and not exists (
      select 1 from public.text_outbox o
      where o.event_key = 'visit_reminder:' || b.id || ':' || to_char(b.window_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    )
  order by b.window_starts_at;
$$;

-- The office marks a paid visit started (the crew set off), on the visit's day: records when, audits
-- who, and queues p_text ("your crew is on its way") in the same transaction when the customer
-- consented. Answers {"status": "marked" | "same" | "not_found" | "cancelled" | "not_paid" | "not_today"}.
create function public.office_mark_booking_started(p_id uuid, p_now timestamptz, p_staff jsonb, p_text jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if v.started_at is not null then
    return jsonb_build_object('status', 'same');
  end if;
  if v.date is distinct from (p_now at time zone 'America/Los_Angeles')::date then
    return jsonb_build_object('status', 'not_today');
  end if;
  update public.bookings1 set started_at = p_now, updated_at = p_now where id = p_id;
  perform public.record_booking_action(p_id, p_staff, 'marked_started', null, jsonb_build_object('startedAt', p_now), p_now);
  if p_text is not null and public.booking_text_consent(p_id) is not null then
    perform public.enqueue_texts(jsonb_build_array(p_text));
  end if;
  return jsonb_build_object('status', 'marked');
end;
$$;

-- create_pending_booking as 20261125120000_booking_arrival_windows.sql left it, storing the
-- customer's consent to texts (sms_consent_at) too.
create or replace function public.create_pending_booking(p_booking jsonb, p_capacity integer, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_key uuid := (p_booking ->> 'idempotency_key')::uuid;
  v_window text := p_booking ->> 'arrival_window';
  v_id uuid;
begin
  select id into v_id from public.bookings1 where idempotency_key = v_key;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_id);
  end if;
  if v_window is not null then
    -- One request at a time per window, until this transaction ends: the count below and the
    -- insert after it cannot interleave with another request's.
    perform pg_advisory_xact_lock(hashtextextended(
      'booking window ' || (p_booking ->> 'service_family') || ' ' || (p_booking ->> 'date') || ' ' || v_window, 0));
    -- The same key may have been stored while this request waited for the lock.
    select id into v_id from public.bookings1 where idempotency_key = v_key;
    if found then
      return jsonb_build_object('status', 'existing', 'id', v_id);
    end if;
    if public.window_places_taken(p_booking ->> 'service_family', (p_booking ->> 'date')::date, v_window, p_now) >= p_capacity then
      return jsonb_build_object('status', 'full');
    end if;
  end if;
  insert into public.bookings1 (
    industry, idempotency_key, first_name, last_name, email, phone, address, notes, location, service,
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at, sms_consent_at
  )
  select
    r.industry, r.idempotency_key, r.first_name, r.last_name, r.email, r.phone, r.address, r.notes, r.location, r.service,
    r.frequency, r.bedrooms, r.bathrooms, r.half_bath, r.den, r.extras, r.instructions, r.date, r.tip, r.parking_fee, r.hours,
    r.minutes, r.rooms, r.stairs, r.coupon, r.discount_cents, r.amount_cents, r.amount, r.discount,
    r.arrival_window, r.service_family, r.window_starts_at, r.hold_expires_at, r.sms_consent_at
  from jsonb_populate_record(null::public.bookings1, p_booking) as r
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    -- A concurrent request without a window stored the same key first.
    select id into v_id from public.bookings1 where idempotency_key = v_key;
    return jsonb_build_object('status', 'existing', 'id', v_id);
  end if;
  return jsonb_build_object('status', 'created', 'id', v_id);
end;
$$;

revoke all on function
  public.booking_text_consent(uuid),
  public.enqueue_texts(jsonb),
  public.claim_text_messages(integer, integer, timestamptz),
  public.complete_text_message(uuid, uuid, text, text, timestamptz),
  public.fail_text_message(uuid, uuid, text, integer, timestamptz),
  public.skip_text_message(uuid, uuid, text, timestamptz),
  public.defer_text_message(uuid, uuid, timestamptz),
  public.release_text_messages(jsonb),
  public.record_text_status(text, text, text, timestamptz),
  public.record_sms_opt_out(text, text, timestamptz),
  public.record_sms_opt_in(text),
  public.visits_for_text_reminders(timestamptz, timestamptz),
  public.office_mark_booking_started(uuid, timestamptz, jsonb, jsonb)
from public, anon, authenticated;
grant execute on function
  public.booking_text_consent(uuid),
  public.enqueue_texts(jsonb),
  public.claim_text_messages(integer, integer, timestamptz),
  public.complete_text_message(uuid, uuid, text, text, timestamptz),
  public.fail_text_message(uuid, uuid, text, integer, timestamptz),
  public.skip_text_message(uuid, uuid, text, timestamptz),
  public.defer_text_message(uuid, uuid, timestamptz),
  public.release_text_messages(jsonb),
  public.record_text_status(text, text, text, timestamptz),
  public.record_sms_opt_out(text, text, timestamptz),
  public.record_sms_opt_in(text),
  public.visits_for_text_reminders(timestamptz, timestamptz),
  public.office_mark_booking_started(uuid, timestamptz, jsonb, jsonb)
to service_role;
