-- The outbox: e-mails and texts to send, and the reminders and review requests that queue them.
-- Each table: RLS on, no policy, service role only.
--
-- A message is never sent inside a request: a row is written in the same transaction as the event
-- it reports and sent later by a worker, whatever its channel ('email' or 'text'): one table, one
-- set of functions to claim, renew, complete, fail, skip, defer and hand back a message. The names
-- public.email_outbox and public.text_outbox are views of one channel each (plain, so writable: the
-- functions that queue e-mails and texts, the office's list of failed e-mails and the health check
-- read and write through them).
--
-- A claim outlives its send: a worker renews its claim (renew_outbox_claim, by its lock token)
-- while a send is in flight and right before it starts one; a claim whose lease has run out is
-- never renewed (another worker may hold it now), and only the current lock token completes,
-- fails, skips, defers or hands back a message. So however slow the mail server or the machine, a
-- message is sent once unless a worker stalls longer than a whole lease in the middle of a send.
--
-- Texts: a reminder the day before a visit and "your crew is on its way" when the office marks a
-- visit started, only with the customer's consent (the booking form's checkbox,
-- bookings.sms_consent_at), never to a number that replied STOP, never between 9 pm and 8 am
-- Renton time.
--
-- Every function that claims or records takes the time (p_now; null = the database's clock), so
-- tests move the clock instead of waiting.

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

-- One channel each, with the columns the code of that channel reads and writes (in this order).
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

-- Numbers that replied STOP (or that the provider refused as opted out): never texted until they
-- reply START. One row per number; opting back in deletes it.
create table public.sms_opt_outs (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{7,14}$'),
  since timestamptz not null,
  source text not null check (source in ('reply', 'provider'))
);

alter table public.sms_opt_outs enable row level security;

revoke all on table public.sms_opt_outs from public, anon, authenticated;

grant select, insert, update, delete on table public.sms_opt_outs to service_role;

-- Each review request queued: one per visit at most, and the customer's address (trimmed, lower
-- case) with when, for the 30 days' rule.
create table public.review_requests (
  booking_id uuid primary key references public.bookings (id),
  email_key text not null,
  requested_at timestamptz not null
);

create index review_requests_email_idx on public.review_requests (email_key, requested_at);

alter table public.review_requests enable row level security;

revoke all on table public.review_requests from public, anon, authenticated;

grant select, insert on table public.review_requests to service_role;

-- ------------------------------------------------------------------------------------------------
-- Functions (called by the app through Supabase's Data API as /rpc/<name>, or with SELECT)
-- ------------------------------------------------------------------------------------------------

-- Queues the e-mails of one event: p_emails is a JSON array of
-- {"audience": "business" | "customer", "template": …, "to": … | null, "replyTo": …, "payload": {…}}.
create function public.enqueue_event_emails(p_event text, p_emails jsonb) returns void
language sql
set search_path = ''
as $$
  insert into public.email_outbox (event_key, template, to_address, reply_to, payload)
  select p_event || ':' || (e ->> 'audience'), e ->> 'template', e ->> 'to', e ->> 'replyTo', e -> 'payload'
  from jsonb_array_elements(p_emails) as e
  on conflict (event_key) do nothing;
$$;

-- Whether a booking's customer consented to texts: its own checkbox, or, for a plan's later visit,
-- the plan's (given with the first visit).
create function public.booking_text_consent(p_booking_id uuid)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(b.sms_consent_at, p.sms_consent_at)
  from public.bookings b
  left join public.booking_plans p on p.id = b.plan_id
  where b.id = p_booking_id;
$$;

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

-- Whole seconds since the oldest message still to be sent was queued (pending, whether due now or
-- waiting for a retry); null when every message has gone out or been given up.
create function public.oldest_unsent_email_seconds() returns integer
language sql
stable
set search_path = ''
as $$
  select floor(extract(epoch from now() - min(created_at)))::integer
  from public.email_outbox
  where status = 'pending';
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
  from public.bookings b
  where b.window_starts_at > p_from and b.window_starts_at <= p_to
    and b.cancelled_at is null and b.payment_status in ('paid', 'scheduled')
    and public.booking_text_consent(b.id) is not null
    and not exists (
      select 1 from public.text_outbox o
      where o.event_key = 'visit_reminder:' || b.id || ':' || to_char(b.window_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    )
  order by b.window_starts_at;
$$;

-- ------------------------------------------------------------------------------------------------
-- Reminders and review requests: an e-mail 48 hours before every visit (one-time bookings
-- and a plan's visits), and one asking for a review after the office marks a visit done. Both go
-- through the e-mail outbox, so each is decided in the database: a reminder's event key names the
-- booking and its window's start (never twice, also with two processes running the job; a moved
-- visit gets the reminder of its new time), and a review request is queued under a lock on the
-- customer's address (never more than one per address in 30 days, also when two visits are marked
-- done at once).

-- The outbox key of a visit's reminder: the booking's id first (as every booking e-mail's key), then
-- its window's start in UTC. enqueue-style keys end in the audience.
create function public.visit_reminder_key(p_id uuid, p_window_starts_at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'booking_reminder:' || p_id::text || ':' || to_char(p_window_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ':customer';
$$;

-- Whether a visit is due its reminder at p_now: paid (or a plan's visit waiting for its charge, not
-- declined: that customer has the e-mail asking for a new card), not cancelled, not asked to cancel,
-- no outcome yet, its window starting within p_lead_seconds and not begun. A visit booked less than
-- p_lead_seconds before its window (a booking made for tomorrow) has just had its confirmation: it
-- gets a reminder only while its window is more than p_min_notice_seconds away.
create function public.visit_reminder_due(
  p_payment_status text, p_charge_state text, p_cancelled_at timestamptz, p_cancellation_requested_at timestamptz,
  p_outcome text, p_window_starts_at timestamptz, p_created_at timestamptz,
  p_now timestamptz, p_lead_seconds integer, p_min_notice_seconds integer
)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select (p_payment_status = 'paid' or (p_payment_status = 'scheduled' and coalesce(p_charge_state, '') in ('scheduled', 'charging')))
    and p_cancelled_at is null and p_cancellation_requested_at is null and p_outcome is null
    and p_window_starts_at is not null
    and p_window_starts_at > p_now
    and p_window_starts_at <= p_now + make_interval(secs => p_lead_seconds)
    and (p_window_starts_at - p_created_at >= make_interval(secs => p_lead_seconds)
      or p_window_starts_at - p_now > make_interval(secs => p_min_notice_seconds));
$$;

-- The visits due their reminder at p_now that have none queued for their current window (the job's
-- e-mails are made from these), up to p_limit, soonest first, each with the key its reminder takes.
-- Two columns, so that PostgREST answers rows as objects (a one-column table may come back bare).
create function public.visits_due_reminder(p_now timestamptz, p_lead_seconds integer, p_min_notice_seconds integer, p_limit integer)
returns table (booking jsonb, event_key text)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(b), public.visit_reminder_key(b.id, b.window_starts_at)
  from public.bookings b
  left join public.plan_visit_charges c on c.booking_id = b.id
  where b.payment_status in ('paid', 'scheduled') and b.cancelled_at is null and b.outcome is null
    and b.window_starts_at > p_now and b.window_starts_at <= p_now + make_interval(secs => p_lead_seconds)
    and public.visit_reminder_due(b.payment_status, c.state, b.cancelled_at, b.cancellation_requested_at, b.outcome,
      b.window_starts_at, b.created_at, p_now, p_lead_seconds, p_min_notice_seconds)
    and not exists (select 1 from public.email_outbox o where o.event_key = public.visit_reminder_key(b.id, b.window_starts_at))
  order by b.window_starts_at, b.id
  limit p_limit;
$$;

-- Queues the reminders of p_emails (a JSON array of {"payload": {"id", "windowStartsAt", …}}, one
-- per visit, made by the job from visits_due_reminder) in one statement: only those whose booking is
-- still due at p_now and still starts at the payload's time (one moved since gets the reminder of its
-- new time at the next run), each under its key, so a visit is reminded once per window whoever runs
-- the job. Answers how many were queued.
create function public.queue_visit_reminders(p_now timestamptz, p_lead_seconds integer, p_min_notice_seconds integer, p_emails jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  insert into public.email_outbox (event_key, template, to_address, reply_to, payload)
  select public.visit_reminder_key(b.id, b.window_starts_at), 'booking_reminder.customer', b.email, null, e -> 'payload'
  from jsonb_array_elements(p_emails) as e
  join public.bookings b
    on b.id = (e -> 'payload' ->> 'id')::uuid and b.window_starts_at = (e -> 'payload' ->> 'windowStartsAt')::timestamptz
  left join public.plan_visit_charges c on c.booking_id = b.id
  where e -> 'payload' ->> 'kind' = 'booking_reminder'
    and public.visit_reminder_due(b.payment_status, c.state, b.cancelled_at, b.cancellation_requested_at, b.outcome,
      b.window_starts_at, b.created_at, p_now, p_lead_seconds, p_min_notice_seconds)
  on conflict (event_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.enqueue_event_emails(text,jsonb),
  public.booking_text_consent(uuid),
  public.claim_outbox(text,integer,integer,timestamptz),
  public.renew_outbox_claim(uuid,uuid,integer,timestamptz),
  public.complete_outbox(uuid,uuid,text,text,timestamptz),
  public.fail_outbox(uuid,uuid,text,integer,timestamptz),
  public.skip_outbox(uuid,uuid,text,timestamptz),
  public.defer_outbox(uuid,uuid,timestamptz),
  public.release_outbox(jsonb),
  public.oldest_unsent_email_seconds(),
  public.enqueue_texts(jsonb),
  public.record_text_status(text,text,text,timestamptz),
  public.record_sms_opt_out(text,text,timestamptz),
  public.record_sms_opt_in(text),
  public.visits_for_text_reminders(timestamptz,timestamptz),
  public.visit_reminder_key(uuid,timestamptz),
  public.visit_reminder_due(text,text,timestamptz,timestamptz,text,timestamptz,timestamptz,timestamptz,integer,integer),
  public.visits_due_reminder(timestamptz,integer,integer,integer),
  public.queue_visit_reminders(timestamptz,integer,integer,jsonb)
  from public, anon, authenticated;
grant execute on function
  public.enqueue_event_emails(text,jsonb),
  public.booking_text_consent(uuid),
  public.claim_outbox(text,integer,integer,timestamptz),
  public.renew_outbox_claim(uuid,uuid,integer,timestamptz),
  public.complete_outbox(uuid,uuid,text,text,timestamptz),
  public.fail_outbox(uuid,uuid,text,integer,timestamptz),
  public.skip_outbox(uuid,uuid,text,timestamptz),
  public.defer_outbox(uuid,uuid,timestamptz),
  public.release_outbox(jsonb),
  public.oldest_unsent_email_seconds(),
  public.enqueue_texts(jsonb),
  public.record_text_status(text,text,text,timestamptz),
  public.record_sms_opt_out(text,text,timestamptz),
  public.record_sms_opt_in(text),
  public.visits_for_text_reminders(timestamptz,timestamptz),
  public.visit_reminder_key(uuid,timestamptz),
  public.visit_reminder_due(text,text,timestamptz,timestamptz,text,timestamptz,timestamptz,timestamptz,integer,integer),
  public.visits_due_reminder(timestamptz,integer,integer,integer),
  public.queue_visit_reminders(timestamptz,integer,integer,jsonb)
  to service_role;
