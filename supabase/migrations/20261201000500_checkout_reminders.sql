-- A customer whose checkout ended unpaid gets at most one reminder, with a link that fills their
-- booking form in again, after a delay the owner sets in the Studio, only if they have not booked
-- since and have not asked for no more such e-mails.
--
-- A checkout ended unpaid: a booking that is not a plan's later visit, never cancelled by the office,
-- either closed as cancelled, expired or failed, or still pending with its hold run out. It ended when
-- its hold ran out, or when it was closed if that came first (a customer going back from the
-- payment page closes it at once). An address's reminder is about its latest such checkout only.
--
-- Exactly once: queue_checkout_reminder takes a lock on the address (an advisory lock held until
-- the transaction ends), checks every rule again and inserts the reminder's row and its e-mail in
-- the same transaction; the row's key is the booking, the e-mail's event_key names it too. Two job
-- runs at once queue one reminder. At most one reminder per address in 30 days, whichever booking.

create table public.checkout_reminders (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  email_key text not null check (email_key = lower(btrim(email_key))),
  queued_at timestamptz not null
);

create index checkout_reminders_email_key_idx on public.checkout_reminders (email_key, queued_at);

alter table public.checkout_reminders enable row level security;
revoke all on table public.checkout_reminders from public, anon, authenticated;
grant select, insert on table public.checkout_reminders to service_role;

-- Addresses that asked for no more reminders (the e-mail's "no more e-mails" link, its one-click
-- header, or the office): by e-mail key (lower-cased, trimmed), since when and how.
create table public.email_opt_outs (
  email_key text primary key check (email_key = lower(btrim(email_key)) and length(email_key) between 3 and 254),
  since timestamptz not null,
  source text not null check (source in ('link', 'one_click', 'office'))
);

alter table public.email_opt_outs enable row level security;
revoke all on table public.email_opt_outs from public, anon, authenticated;
grant select, insert on table public.email_opt_outs to service_role;

-- When a booking's checkout ended unpaid, or null when it has not (paid, a plan's visit, cancelled by
-- the office, or pending with its hold still open at p_now). A booking made before holds existed
-- counts its hold as 31 minutes from when it was made.
create function public.checkout_ended_at(
  p_status text, p_plan_id uuid, p_cancelled_at timestamptz, p_hold_expires_at timestamptz,
  p_updated_at timestamptz, p_created_at timestamptz, p_now timestamptz
)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case
    when p_plan_id is not null or p_cancelled_at is not null then null
    when p_status = 'pending' then
      case when coalesce(p_hold_expires_at, p_created_at + interval '31 minutes') <= p_now
        then coalesce(p_hold_expires_at, p_created_at + interval '31 minutes') end
    when p_status in ('cancelled', 'expired', 'failed') then
      least(coalesce(p_updated_at, p_created_at), coalesce(p_hold_expires_at, p_created_at + interval '31 minutes'))
  end;
$$;

-- Every checkout that ended unpaid between p_from and p_now, with what decides its reminder:
-- its address's key, when it ended, whether it was reminded, whether a later checkout of the same
-- address ended too (that one is reminded instead), whether the address booked since (a paid or
-- scheduled booking, or a hold still open, made after this one), asked for no more e-mails, or was
-- reminded in the 30 days before p_now.
create function public.ended_checkouts(p_now timestamptz, p_from timestamptz)
returns table (
  booking_id uuid, email_key text, created_at timestamptz, ended_at timestamptz, reminded boolean,
  later_checkout boolean, booked_since boolean, opted_out boolean, address_reminded boolean
)
language sql
stable
set search_path = ''
as $$
  with ended as (
    select b.id, lower(btrim(b.email)) as email_key, b.created_at,
      public.checkout_ended_at(b.payment_status, b.plan_id, b.cancelled_at, b.hold_expires_at, b.updated_at, b.created_at, p_now) as ended_at
    from public.bookings b
    -- A checkout ends at most a day after it began (its hold is 31 minutes): the index on created_at applies.
    where b.created_at >= p_from - interval '1 day' and b.created_at <= p_now
      and b.payment_status in ('pending', 'cancelled', 'expired', 'failed') and b.plan_id is null and b.cancelled_at is null
  )
  select e.id, e.email_key, e.created_at, e.ended_at,
    exists (select 1 from public.checkout_reminders r where r.booking_id = e.id),
    exists (
      select 1 from public.bookings l
      where lower(btrim(l.email)) = e.email_key and l.id <> e.id and l.created_at > e.created_at
        and public.checkout_ended_at(l.payment_status, l.plan_id, l.cancelled_at, l.hold_expires_at, l.updated_at, l.created_at, p_now) is not null
    ),
    exists (
      select 1 from public.bookings l
      where lower(btrim(l.email)) = e.email_key and l.id <> e.id and l.created_at > e.created_at
        and (l.payment_status in ('paid', 'scheduled')
          or (l.payment_status = 'pending' and coalesce(l.hold_expires_at, l.created_at + interval '31 minutes') > p_now))
    ),
    exists (select 1 from public.email_opt_outs o where o.email_key = e.email_key),
    exists (
      select 1 from public.checkout_reminders r
      where r.email_key = e.email_key and r.queued_at > p_now - interval '30 days' and r.queued_at <= p_now
    )
  from ended e
  where e.ended_at is not null and e.ended_at >= p_from and e.ended_at <= p_now;
$$;

-- The checkouts due their reminder at p_now: ended unpaid between p_now − p_max_age_seconds and
-- p_now − p_delay_seconds, the address's latest, not reminded, the address not reminded in 30 days,
-- not booked since, not opted out. Oldest first, at most p_limit. The booking's id, its industry (for
-- the form's address), its address's key and the e-mail to send to: nothing else of what was typed.
create function public.checkout_reminder_candidates(p_now timestamptz, p_delay_seconds integer, p_max_age_seconds integer, p_limit integer)
returns table (booking_id uuid, industry text, email text, email_key text, ended_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select e.booking_id, b.industry, btrim(b.email), e.email_key, e.ended_at
  from public.ended_checkouts(p_now, p_now - make_interval(secs => greatest(p_max_age_seconds, 0))) e
  join public.bookings b on b.id = e.booking_id
  where e.ended_at <= p_now - make_interval(secs => greatest(p_delay_seconds, 0))
    and not e.reminded and not e.later_checkout and not e.booked_since and not e.opted_out and not e.address_reminded
  order by e.ended_at, e.booking_id
  limit greatest(p_limit, 0);
$$;

-- Queues the reminder of p_booking_id (p_email: the customer's e-mail as lib/email/queue.ts makes
-- it, {template, payload}; it goes to the booking's address) if it is still due at p_now, checked again under the address's lock:
-- the reminder's row and its e-mail in this one transaction. Answers 'queued', or why not: 'unknown',
-- 'not_due' (not ended, too recent or too old), 'reminded', 'later_checkout', 'booked_since',
-- 'opted_out', 'address_reminded'.
create function public.queue_checkout_reminder(
  p_booking_id uuid, p_now timestamptz, p_delay_seconds integer, p_max_age_seconds integer, p_email jsonb
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_key text;
  v_to text;
  v record;
begin
  select lower(btrim(b.email)), btrim(b.email) into v_key, v_to from public.bookings b where b.id = p_booking_id;
  if v_key is null then
    return 'unknown';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('checkout reminder ' || v_key, 0));
  select * into v
  from public.ended_checkouts(p_now, p_now - make_interval(secs => greatest(p_max_age_seconds, 0))) e
  where e.booking_id = p_booking_id;
  if not found or v.ended_at > p_now - make_interval(secs => greatest(p_delay_seconds, 0)) then
    return 'not_due';
  end if;
  if v.reminded then return 'reminded'; end if;
  if v.later_checkout then return 'later_checkout'; end if;
  if v.booked_since then return 'booked_since'; end if;
  if v.opted_out then return 'opted_out'; end if;
  if v.address_reminded then return 'address_reminded'; end if;
  insert into public.checkout_reminders (booking_id, email_key, queued_at) values (p_booking_id, v_key, p_now);
  insert into public.outbox (channel, event_key, template, to_address, payload, next_attempt_at, created_at)
  values ('email', 'checkout_reminder:' || p_booking_id || ':customer', 'checkout_reminder.customer', v_to,
    p_email -> 'payload', p_now, p_now)
  on conflict (event_key) do nothing;
  return 'queued';
end;
$$;

-- Stops reminders to the address of booking p_booking_id (the stop link names the booking it was
-- sent for, never the address) from p_now; p_source 'link', 'one_click' or 'office'. Answers false
-- for an unknown booking; a second stop keeps the first's time and way.
create function public.record_email_opt_out(p_booking_id uuid, p_source text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_key text;
begin
  select lower(btrim(b.email)) into v_key from public.bookings b where b.id = p_booking_id;
  if v_key is null then
    return false;
  end if;
  insert into public.email_opt_outs (email_key, since, source) values (v_key, p_now, p_source)
  on conflict (email_key) do nothing;
  return true;
end;
$$;

-- For the office: the checkouts that ended unpaid in the p_days days before p_now, latest first
-- (at most 500), each with its reminder's state: 'queued', 'sent' or 'failed' (its e-mail in the
-- outbox), 'booked_since', 'opted_out', 'later_checkout' (a later one of the address is reminded
-- instead), 'address_reminded' (another of the address was, in 30 days), 'not_due' (due at
-- ended + p_delay_seconds), 'too_old' (ended before p_max_age_seconds: never sent) or 'due'.
-- {"bookingId", "reference", "emailKey", "name", "endedAt", "dueAt", "state", "queuedAt", "sentAt"}.
create function public.office_checkout_reminders(p_now timestamptz, p_days integer, p_delay_seconds integer, p_max_age_seconds integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'bookingId', x.booking_id,
      'reference', upper(substr(replace(x.booking_id::text, '-', ''), 1, 4) || '-' || substr(replace(x.booking_id::text, '-', ''), 5, 4)),
      'emailKey', x.email_key,
      'name', x.name,
      'endedAt', x.ended_at,
      'dueAt', x.ended_at + make_interval(secs => greatest(p_delay_seconds, 0)),
      'state', x.state,
      'queuedAt', x.queued_at,
      'sentAt', x.sent_at
    ) order by x.ended_at desc, x.booking_id), '[]'::jsonb)
  from (
    select e.booking_id, e.email_key, b.first_name || ' ' || b.last_name as name, e.ended_at, r.queued_at, o.sent_at,
      case
        when r.booking_id is not null then
          case coalesce(o.status, 'pending') when 'sent' then 'sent' when 'pending' then 'queued' else 'failed' end
        when e.booked_since then 'booked_since'
        when e.opted_out then 'opted_out'
        when e.later_checkout then 'later_checkout'
        when e.address_reminded then 'address_reminded'
        when e.ended_at > p_now - make_interval(secs => greatest(p_delay_seconds, 0)) then 'not_due'
        when e.ended_at < p_now - make_interval(secs => greatest(p_max_age_seconds, 0)) then 'too_old'
        else 'due'
      end as state
    from public.ended_checkouts(p_now, p_now - make_interval(days => greatest(p_days, 0))) e
    join public.bookings b on b.id = e.booking_id
    left join public.checkout_reminders r on r.booking_id = e.booking_id
    left join public.outbox o on o.event_key = 'checkout_reminder:' || e.booking_id || ':customer'
    order by e.ended_at desc, e.booking_id
    limit 500
  ) x;
$$;

revoke all on function
  public.checkout_ended_at(text, uuid, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz),
  public.ended_checkouts(timestamptz, timestamptz),
  public.checkout_reminder_candidates(timestamptz, integer, integer, integer),
  public.queue_checkout_reminder(uuid, timestamptz, integer, integer, jsonb),
  public.record_email_opt_out(uuid, text, timestamptz),
  public.office_checkout_reminders(timestamptz, integer, integer, integer)
  from public, anon, authenticated;
grant execute on function
  public.checkout_ended_at(text, uuid, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz),
  public.ended_checkouts(timestamptz, timestamptz),
  public.checkout_reminder_candidates(timestamptz, integer, integer, integer),
  public.queue_checkout_reminder(uuid, timestamptz, integer, integer, jsonb),
  public.record_email_opt_out(uuid, text, timestamptz),
  public.office_checkout_reminders(timestamptz, integer, integer, integer)
  to service_role;
