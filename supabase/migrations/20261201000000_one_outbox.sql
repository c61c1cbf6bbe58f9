-- One outbox for every message the site sends later, whatever its channel ('email' or 'text'): one
-- table, one set of functions to claim, renew, complete, fail, skip, defer and hand back a message.
-- The rows of the two former tables move here; the names public.email_outbox and
-- public.text_outbox stay as views of one channel each (plain, so writable: the functions that
-- queue e-mails and texts, the office's list of failed e-mails and the health check read and write
-- through them unchanged).
--
-- A claim outlives its send: a worker renews its claim (renew_outbox_claim, by its lock token)
-- while a send is in flight and right before it starts one; a claim whose lease has run out is
-- never renewed (another worker may hold it now), and only the current lock token completes,
-- fails, skips, defers or hands back a message. So however slow the mail server or the machine, a
-- message is sent once unless a worker stalls longer than a whole lease in the middle of a send.
--
-- Every function takes the time (p_now; null = the database's clock), so tests move the clock
-- instead of waiting.

create table public.outbox (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'text')),
  -- Names the event and its audience ('booking_paid:<id>:customer', 'visit_reminder:<booking>:<start>'):
  -- an event is never queued twice, on any channel.
  event_key text not null unique,
  template text not null,
  -- The recipient: an e-mail address (null = the business, read from the site settings when
  -- sending) or a phone number in E.164 ('+14255550123').
  to_address text,
  reply_to text,
  -- A text is about its booking only: it goes with it.
  booking_id uuid references public.bookings (id) on delete cascade,
  -- What the message needs, as it was when the event happened.
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  -- 'skipped': not sent on purpose (a text to a number that opted out, a visit cancelled …).
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
  skip_reason text,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A worker's claim: until locked_until no other worker takes the message; renewed while a send is in flight.
  locked_until timestamptz,
  lock_token uuid,
  last_error text,
  -- The e-mail's Message-ID (the same on every attempt), or the text provider's message (Twilio: SM…).
  message_id text,
  provider_status text,
  provider_error_code text,
  provider_status_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint outbox_sent_has_sent_at check (status <> 'sent' or sent_at is not null),
  constraint outbox_text_has_phone check (channel <> 'text' or to_address ~ '^\+[1-9][0-9]{7,14}$'),
  constraint outbox_text_template check (channel <> 'text' or template in ('visit_reminder', 'crew_on_the_way'))
);
create index outbox_due_idx on public.outbox (channel, next_attempt_at) where status = 'pending';
create index outbox_pending_created_at_idx on public.outbox (channel, created_at) where status = 'pending';
create index outbox_failed_idx on public.outbox (channel, created_at) where status = 'failed';
create index outbox_booking_idx on public.outbox (booking_id) where booking_id is not null;
create unique index outbox_provider_message_idx on public.outbox (message_id) where channel = 'text';

insert into public.outbox (id, channel, event_key, template, to_address, reply_to, payload, status, attempts,
  next_attempt_at, locked_until, lock_token, last_error, message_id, sent_at, created_at)
select id, 'email', event_key, template, to_address, reply_to, payload, status, attempts,
  next_attempt_at, locked_until, lock_token, last_error, message_id, sent_at, created_at
from public.email_outbox;

insert into public.outbox (id, channel, event_key, template, to_address, booking_id, payload, status, skip_reason,
  attempts, next_attempt_at, locked_until, lock_token, last_error, message_id, provider_status, provider_error_code,
  provider_status_at, sent_at, created_at)
select id, 'text', event_key, template, to_phone, booking_id, payload, status, skip_reason,
  attempts, next_attempt_at, locked_until, lock_token, last_error, provider_message_id, provider_status, provider_error_code,
  provider_status_at, sent_at, created_at
from public.text_outbox;

-- The former per-channel functions (their work is done by the functions below) and tables.
drop function public.claim_outbox_messages(integer, integer);
drop function public.complete_outbox_message(uuid, uuid, text);
drop function public.fail_outbox_message(uuid, uuid, text, integer);
drop function public.release_outbox_messages(jsonb);
drop function public.claim_text_messages(integer, integer, timestamptz);
drop function public.complete_text_message(uuid, uuid, text, text, timestamptz);
drop function public.fail_text_message(uuid, uuid, text, integer, timestamptz);
drop function public.skip_text_message(uuid, uuid, text, timestamptz);
drop function public.defer_text_message(uuid, uuid, timestamptz);
drop function public.release_text_messages(jsonb);
drop table public.email_outbox;
drop table public.text_outbox;

-- One channel each, with the columns the former tables had (in their order).
create view public.email_outbox with (security_invoker = true) as
  select id, event_key, template, to_address, reply_to, payload, status, attempts, next_attempt_at, locked_until,
    lock_token, last_error, message_id, sent_at, created_at, channel
  from public.outbox
  where channel = 'email'
  with cascaded check option;
alter view public.email_outbox alter column channel set default 'email';

create view public.text_outbox with (security_invoker = true) as
  select id, event_key, booking_id, to_address as to_phone, template, payload, status, skip_reason, attempts,
    next_attempt_at, locked_until, lock_token, last_error, message_id as provider_message_id, provider_status,
    provider_error_code, provider_status_at, sent_at, created_at, channel
  from public.outbox
  where channel = 'text'
  with cascaded check option;
alter view public.text_outbox alter column channel set default 'text';

alter table public.outbox enable row level security;
revoke all on table public.outbox, public.email_outbox, public.text_outbox from public, anon, authenticated;
grant select, insert, update on table public.outbox, public.email_outbox, public.text_outbox to service_role;

-- Claims up to p_limit messages of p_channel due at p_now and not claimed by a live worker, for
-- p_lease_seconds (FOR UPDATE SKIP LOCKED: two workers running this at once never get the same
-- message). A text comes with what the worker checks again at send time: the number's opt-out, the
-- booking's consent, whether the visit still stands and when.
create function public.claim_outbox(p_channel text, p_limit integer, p_lease_seconds integer, p_now timestamptz)
returns table (
  id uuid, channel text, event_key text, template text, to_address text, reply_to text, booking_id uuid, payload jsonb,
  attempts integer, lock_token uuid, locked_until timestamptz, created_at timestamptz,
  opted_out boolean, consented boolean, visit_stands boolean, window_starts_at timestamptz
)
language sql
set search_path = ''
as $$
  with claimed as (
    update public.outbox as o
    set locked_until = coalesce(p_now, now()) + make_interval(secs => p_lease_seconds), lock_token = gen_random_uuid(),
      attempts = o.attempts + 1
    where o.id in (
      select d.id from public.outbox d
      where d.channel = p_channel and d.status = 'pending' and d.next_attempt_at <= coalesce(p_now, now())
        and (d.locked_until is null or d.locked_until < coalesce(p_now, now()))
      order by d.next_attempt_at, d.created_at
      limit p_limit
      for update skip locked
    )
    returning o.*
  )
  select c.id, c.channel, c.event_key, c.template, c.to_address, c.reply_to, c.booking_id, c.payload, c.attempts,
    c.lock_token, c.locked_until, c.created_at,
    c.channel = 'text' and exists (select 1 from public.sms_opt_outs s where s.phone = c.to_address),
    c.booking_id is not null and public.booking_text_consent(c.booking_id) is not null,
    coalesce(b.cancelled_at is null and b.payment_status in ('paid', 'scheduled'), false),
    b.window_starts_at
  from claimed c
  left join public.bookings b on b.id = c.booking_id;
$$;

-- Keeps a claim for p_lease_seconds more from p_now, only while it is still this worker's and its
-- lease has not run out (once it has, another worker may have claimed the message). Answers the
-- new end of the lease, or null: the claim is lost and the message must not be sent by this worker.
create function public.renew_outbox_claim(p_id uuid, p_lock_token uuid, p_lease_seconds integer, p_now timestamptz)
returns timestamptz
language sql
set search_path = ''
as $$
  update public.outbox
  set locked_until = coalesce(p_now, now()) + make_interval(secs => p_lease_seconds)
  where id = p_id and lock_token = p_lock_token and status = 'pending' and locked_until >= coalesce(p_now, now())
  returning locked_until;
$$;

-- The claimed message went out (p_message_id: the e-mail's Message-ID or the provider's message;
-- p_provider_status: the provider's first status, texts only). Only the worker holding the claim
-- records it.
create function public.complete_outbox(p_id uuid, p_lock_token uuid, p_message_id text, p_provider_status text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.outbox
  set status = 'sent', sent_at = coalesce(p_now, now()), message_id = p_message_id,
    provider_status = case when p_provider_status is null then provider_status else coalesce(provider_status, p_provider_status) end,
    provider_status_at = case when p_provider_status is null then provider_status_at else coalesce(provider_status_at, coalesce(p_now, now())) end,
    locked_until = null, lock_token = null, last_error = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Not sent: due again after p_retry_seconds, or given up (null).
create function public.fail_outbox(p_id uuid, p_lock_token uuid, p_error text, p_retry_seconds integer, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.outbox
  set status = case when p_retry_seconds is null then 'failed' else 'pending' end,
    next_attempt_at = coalesce(p_now, now()) + make_interval(secs => coalesce(p_retry_seconds, 0)),
    locked_until = null, lock_token = null, last_error = left(p_error, 2000)
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Not sent on purpose, never to be: p_reason says why ('opted_out', 'no_consent', 'visit_changed', 'too_late').
create function public.skip_outbox(p_id uuid, p_lock_token uuid, p_reason text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.outbox
  set status = 'skipped', skip_reason = p_reason, locked_until = null, lock_token = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Claimed when it may not go (a text inside quiet hours): due again at p_until, the attempt not counted.
create function public.defer_outbox(p_id uuid, p_lock_token uuid, p_until timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.outbox
  set next_attempt_at = p_until, attempts = greatest(attempts - 1, 0), locked_until = null, lock_token = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- Hands back claims: p_claims is a JSON array of {"id": uuid, "lock_token": uuid}, the claims a
-- stopping worker holds and has not started. Only a claim that is still this worker's is released,
-- and the attempt it counted is given back, since nothing was tried. Answers how many were released.
create function public.release_outbox(p_claims jsonb)
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
  update public.outbox as o
  set locked_until = null, lock_token = null, attempts = greatest(o.attempts - 1, 0)
  from jsonb_to_recordset(p_claims) as c(id uuid, lock_token uuid)
  where o.id = c.id and o.lock_token = c.lock_token and o.status = 'pending';
  get diagnostics released = row_count;
  return released;
end;
$$;

revoke all on function
  public.claim_outbox(text, integer, integer, timestamptz),
  public.renew_outbox_claim(uuid, uuid, integer, timestamptz),
  public.complete_outbox(uuid, uuid, text, text, timestamptz),
  public.fail_outbox(uuid, uuid, text, integer, timestamptz),
  public.skip_outbox(uuid, uuid, text, timestamptz),
  public.defer_outbox(uuid, uuid, timestamptz),
  public.release_outbox(jsonb)
  from public, anon, authenticated;
grant execute on function
  public.claim_outbox(text, integer, integer, timestamptz),
  public.renew_outbox_claim(uuid, uuid, integer, timestamptz),
  public.complete_outbox(uuid, uuid, text, text, timestamptz),
  public.fail_outbox(uuid, uuid, text, integer, timestamptz),
  public.skip_outbox(uuid, uuid, text, timestamptz),
  public.defer_outbox(uuid, uuid, timestamptz),
  public.release_outbox(jsonb)
  to service_role;
