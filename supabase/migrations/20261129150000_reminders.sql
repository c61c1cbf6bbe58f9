-- Reminders and review requests (issue 24): an e-mail 48 hours before every visit (one-time bookings
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

-- The visits whose window starts soon: the job reads these, then queues them below.
create index bookings1_reminder_window_idx on public.bookings1 (window_starts_at)
  where payment_status in ('paid', 'scheduled') and cancelled_at is null and outcome is null;

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
  from public.bookings1 b
  where b.payment_status in ('paid', 'scheduled') and b.cancelled_at is null and b.outcome is null
    and b.window_starts_at > p_now and b.window_starts_at <= p_now + make_interval(secs => p_lead_seconds)
    and public.visit_reminder_due(b.payment_status, b.charge_state, b.cancelled_at, b.cancellation_requested_at, b.outcome,
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
  join public.bookings1 b
    on b.id = (e -> 'payload' ->> 'id')::uuid and b.window_starts_at = (e -> 'payload' ->> 'windowStartsAt')::timestamptz
  where e -> 'payload' ->> 'kind' = 'booking_reminder'
    and public.visit_reminder_due(b.payment_status, b.charge_state, b.cancelled_at, b.cancellation_requested_at, b.outcome,
      b.window_starts_at, b.created_at, p_now, p_lead_seconds, p_min_notice_seconds)
  on conflict (event_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Each review request queued: one per visit at most, and the customer's address (trimmed, lower
-- case) with when, for the 30 days' rule.
create table public.review_requests (
  booking_id uuid primary key references public.bookings1 (id),
  email_key text not null,
  requested_at timestamptz not null
);
create index review_requests_email_idx on public.review_requests (email_key, requested_at);
alter table public.review_requests enable row level security;
revoke all on table public.review_requests from public, anon, authenticated;
grant select, insert on table public.review_requests to service_role;

-- office_mark_booking_outcome (20261128120000_office_booking_actions.sql) again, with p_emails: the
-- review request (the customer's e-mail, or an empty array when the site has no feedback address)
-- queued in the same transaction when the visit is marked done, unless this address was asked in the
-- last 30 days or this visit already was (marked done, corrected, done again). The address is locked
-- first, so two visits of one customer marked done at once ask once.
drop function public.office_mark_booking_outcome(uuid, text, timestamptz, jsonb);
create function public.office_mark_booking_outcome(p_id uuid, p_outcome text, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_email text;
begin
  if p_outcome not in ('done', 'no_show') then
    raise exception 'Not an outcome: %', p_outcome using errcode = '22023';
  end if;
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
  if v.outcome = p_outcome then
    return jsonb_build_object('status', 'same');
  end if;
  if not coalesce(v.window_starts_at <= p_now, v.date <= (p_now at time zone 'America/Los_Angeles')::date, false) then
    return jsonb_build_object('status', 'not_started');
  end if;
  update public.bookings1 set outcome = p_outcome, outcome_at = p_now, updated_at = p_now where id = p_id;
  perform public.record_booking_action(p_id, p_staff, 'marked_' || p_outcome,
    jsonb_build_object('outcome', v.outcome), jsonb_build_object('outcome', p_outcome), p_now);
  if p_outcome = 'done' and jsonb_typeof(p_emails) = 'array' and jsonb_array_length(p_emails) > 0 then
    v_email := lower(btrim(v.email));
    perform pg_advisory_xact_lock(hashtextextended('review request ' || v_email, 0));
    if not exists (select 1 from public.review_requests r where r.booking_id = p_id)
      and not exists (
        select 1 from public.review_requests r
        where r.email_key = v_email and r.requested_at > p_now - interval '30 days'
      ) then
      insert into public.review_requests (booking_id, email_key, requested_at) values (p_id, v_email, p_now);
      perform public.enqueue_event_emails('review_request:' || p_id, p_emails);
    end if;
  end if;
  return jsonb_build_object('status', 'marked');
end;
$$;

revoke all on function
  public.visit_reminder_key(uuid, timestamptz),
  public.visit_reminder_due(text, text, timestamptz, timestamptz, text, timestamptz, timestamptz, timestamptz, integer, integer),
  public.visits_due_reminder(timestamptz, integer, integer, integer),
  public.queue_visit_reminders(timestamptz, integer, integer, jsonb),
  public.office_mark_booking_outcome(uuid, text, timestamptz, jsonb, jsonb)
from public, anon, authenticated;
grant execute on function
  public.visit_reminder_key(uuid, timestamptz),
  public.visit_reminder_due(text, text, timestamptz, timestamptz, text, timestamptz, timestamptz, timestamptz, integer, integer),
  public.visits_due_reminder(timestamptz, integer, integer, integer),
  public.queue_visit_reminders(timestamptz, integer, integer, jsonb),
  public.office_mark_booking_outcome(uuid, text, timestamptz, jsonb, jsonb)
to service_role;
