-- Quote requests, contact messages and appointment requests (spec §3, decisions.md "Forms other
-- than bookings"), and the e-mail outbox that tells the business and the customer about them and
-- about paid bookings.
--
-- Like bookings1: runs unchanged on Supabase, a plain PostgreSQL server and the embedded PGlite;
-- row level security on, no policy, nothing for anon and authenticated; the app's server uses the
-- service role. Every write the app makes here goes through the functions at the end, so that a
-- submission and the e-mails it causes are stored in one transaction (Supabase's Data API runs each
-- function call in one), and the outbox is claimed atomically by any number of server processes.

create table public.quote_requests (
  id uuid primary key,
  -- One per form submission (made by the browser): the same submission twice is stored once.
  submission_key uuid not null unique,
  first_name text not null,
  last_name text not null,
  phone text not null check (phone ~ '^[0-9]{10}$'),
  email text not null,
  zip_code text not null check (zip_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  square_footage integer check (square_footage > 0),
  desired_services text,
  heard_about_us text,
  -- The terms checkbox: required, so every stored request has accepted them at this time.
  terms_accepted_at timestamptz not null,
  -- The page the request came from ('/roof-cleaning') and its service as the page named it.
  page_path text not null,
  page_title text,
  created_at timestamptz not null default now()
);
create index quote_requests_created_at_idx on public.quote_requests (created_at);

create table public.contact_messages (
  id uuid primary key,
  submission_key uuid not null unique,
  name text not null,
  email text not null,
  phone text not null check (phone ~ '^[0-9]{10}$'),
  message text not null,
  -- '/' (the home page's form) or '/contact'.
  page_path text not null,
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at);

create table public.appointments (
  id uuid primary key,
  submission_key uuid not null unique,
  patient_name text not null check (char_length(patient_name) >= 8),
  patient_phone text not null check (patient_phone ~ '^[0-9]{10}$'),
  patient_gender text not null check (patient_gender in ('male', 'female', 'private')),
  -- The moment chosen; appointment_local keeps it as typed, in the company's time zone.
  appointment_time timestamptz not null,
  appointment_local text not null,
  preferred_mode text not null check (preferred_mode in ('voice', 'video')),
  page_path text not null,
  created_at timestamptz not null default now()
);
create index appointments_created_at_idx on public.appointments (created_at);

-- Messages to send. A row is written in the same transaction as the event it reports and sent
-- later by a worker in the server; `event_key` names the event and the audience
-- ('quote_request:<id>:business'), so no event is ever queued twice.
create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  event_key text not null unique,
  template text not null,
  -- The recipient; null = the business, whose address is read from the site settings when sending.
  to_address text,
  reply_to text,
  -- What the template needs, as it was when the event happened.
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A worker's claim: until then no other worker takes the message.
  locked_until timestamptz,
  lock_token uuid,
  last_error text,
  message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_outbox_sent_has_sent_at check (status <> 'sent' or sent_at is not null)
);
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where status = 'pending';

alter table public.quote_requests enable row level security;
alter table public.contact_messages enable row level security;
alter table public.appointments enable row level security;
alter table public.email_outbox enable row level security;
revoke all on table public.quote_requests, public.contact_messages, public.appointments, public.email_outbox
  from public, anon, authenticated;
grant select, insert on table public.quote_requests, public.contact_messages, public.appointments to service_role;
grant select, insert, update on table public.email_outbox to service_role;

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

-- Each submit function stores one submission with its e-mails and answers {"id", "created"}; the
-- same submission key again stores nothing and answers the first submission's id.
create function public.submit_quote_request(p_request jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.quote_requests (
    id, submission_key, first_name, last_name, phone, email, zip_code, square_footage,
    desired_services, heard_about_us, terms_accepted_at, page_path, page_title
  )
  select r.id, r.submission_key, r.first_name, r.last_name, r.phone, r.email, r.zip_code, r.square_footage,
    r.desired_services, r.heard_about_us, r.terms_accepted_at, r.page_path, r.page_title
  from jsonb_populate_record(null::public.quote_requests, p_request) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select q.id into v_id from public.quote_requests q where q.submission_key = (p_request ->> 'submission_key')::uuid;
    return jsonb_build_object('id', v_id, 'created', false);
  end if;
  perform public.enqueue_event_emails('quote_request:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true);
end;
$$;

create function public.submit_contact_message(p_message jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path)
  select r.id, r.submission_key, r.name, r.email, r.phone, r.message, r.page_path
  from jsonb_populate_record(null::public.contact_messages, p_message) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select c.id into v_id from public.contact_messages c where c.submission_key = (p_message ->> 'submission_key')::uuid;
    return jsonb_build_object('id', v_id, 'created', false);
  end if;
  perform public.enqueue_event_emails('contact_message:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true);
end;
$$;

create function public.submit_appointment(p_appointment jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.appointments (
    id, submission_key, patient_name, patient_phone, patient_gender, appointment_time, appointment_local,
    preferred_mode, page_path
  )
  select r.id, r.submission_key, r.patient_name, r.patient_phone, r.patient_gender, r.appointment_time,
    r.appointment_local, r.preferred_mode, r.page_path
  from jsonb_populate_record(null::public.appointments, p_appointment) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select a.id into v_id from public.appointments a where a.submission_key = (p_appointment ->> 'submission_key')::uuid;
    return jsonb_build_object('id', v_id, 'created', false);
  end if;
  perform public.enqueue_event_emails('appointment:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true);
end;
$$;

-- pending → paid and the booking's e-mails, in one transaction: only the call that makes the booking
-- paid queues them, so the webhook and the success page confirming the same payment send one
-- confirmation. Answers whether this call changed the booking.
create function public.mark_booking_paid(p_id uuid, p_session_id text, p_paid_at timestamptz, p_emails jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.bookings1
  set payment_status = 'paid', payment_session_id = p_session_id, paid_at = p_paid_at, updated_at = now()
  where id = p_id and payment_status = 'pending';
  if not found then
    return false;
  end if;
  perform public.enqueue_event_emails('booking_paid:' || p_id, p_emails);
  return true;
end;
$$;

-- Claims up to p_limit messages that are due and not claimed by a live worker, for p_lease_seconds.
-- FOR UPDATE SKIP LOCKED: two workers running this at once never get the same message.
create function public.claim_outbox_messages(p_limit integer, p_lease_seconds integer)
returns setof public.email_outbox
language sql
set search_path = ''
as $$
  update public.email_outbox as o
  set locked_until = now() + make_interval(secs => p_lease_seconds), lock_token = gen_random_uuid(), attempts = o.attempts + 1
  where o.id in (
    select d.id from public.email_outbox d
    where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
    order by d.next_attempt_at, d.created_at
    limit p_limit
    for update skip locked
  )
  returning o.*;
$$;

-- The claimed message was sent. Only the worker holding the claim may record it.
create function public.complete_outbox_message(p_id uuid, p_lock_token uuid, p_message_id text) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.email_outbox
  set status = 'sent', sent_at = now(), message_id = p_message_id, locked_until = null, lock_token = null, last_error = null
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

-- The claimed message could not be sent: try again after p_retry_seconds, or give up (null).
create function public.fail_outbox_message(p_id uuid, p_lock_token uuid, p_error text, p_retry_seconds integer)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.email_outbox
  set status = case when p_retry_seconds is null then 'failed' else 'pending' end,
    next_attempt_at = now() + make_interval(secs => coalesce(p_retry_seconds, 0)),
    locked_until = null, lock_token = null, last_error = left(p_error, 2000)
  where id = p_id and lock_token = p_lock_token and status = 'pending';
  return found;
end;
$$;

revoke all on function
  public.enqueue_event_emails(text, jsonb),
  public.submit_quote_request(jsonb, jsonb),
  public.submit_contact_message(jsonb, jsonb),
  public.submit_appointment(jsonb, jsonb),
  public.mark_booking_paid(uuid, text, timestamptz, jsonb),
  public.claim_outbox_messages(integer, integer),
  public.complete_outbox_message(uuid, uuid, text),
  public.fail_outbox_message(uuid, uuid, text, integer)
  from public, anon, authenticated;
grant execute on function
  public.enqueue_event_emails(text, jsonb),
  public.submit_quote_request(jsonb, jsonb),
  public.submit_contact_message(jsonb, jsonb),
  public.submit_appointment(jsonb, jsonb),
  public.mark_booking_paid(uuid, text, timestamptz, jsonb),
  public.claim_outbox_messages(integer, integer),
  public.complete_outbox_message(uuid, uuid, text),
  public.fail_outbox_message(uuid, uuid, text, integer)
  to service_role;
