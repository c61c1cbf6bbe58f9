-- The office: what staff do at /office beyond the leads (leads baseline) and plans (plans
-- baseline): sign-in and sessions, the staff list, the schedule and bookings lists, actions on a
-- booking, refunds and late payments, failed e-mails, crew calendars and payment reconciliation.

-- Its front door: one-time sign-in links e-mailed to staff, the sessions they
-- open, the first owner of a new database, and the owner's list of staff. Like every table here:
-- row level security on, no policy, service role only; the app calls the functions below.
--
-- Secrets are never stored: a link's token, its browser's binding cookie and a session's token are
-- kept as their SHA-256 (hex), so reading these tables signs nobody in.
create table public.staff_sign_in_links (
  token_hash text primary key check (length(token_hash) = 64),
  -- The hash of the random cookie set in the browser that asked: the link works only there.
  binding_hash text not null check (length(binding_hash) = 64),
  staff_id uuid not null references public.staff (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index staff_sign_in_links_expires on public.staff_sign_in_links (expires_at);

create table public.staff_sessions (
  -- The SHA-256 (hex) of the session token in the cookie.
  id text primary key check (length(id) = 64),
  staff_id uuid not null references public.staff (id),
  created_at timestamptz not null,
  -- Refreshed at most every few minutes (not on every request), never past expires_at.
  last_seen_at timestamptz not null,
  idle_expires_at timestamptz not null,
  -- The absolute end: no use extends a session past it.
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index staff_sessions_staff on public.staff_sessions (staff_id) where revoked_at is null;

alter table public.staff_sign_in_links enable row level security;

alter table public.staff_sessions enable row level security;

revoke all on table public.staff_sign_in_links, public.staff_sessions from public, anon, authenticated;

grant select, insert, update, delete on table public.staff_sign_in_links, public.staff_sessions to service_role;

-- On a new database nobody could sign in: the first owner is the address the app passes
-- (OFFICE_OWNER_EMAIL, else the business e-mail of the site settings), added only while the staff
-- table has never had anyone. Answers whether it was added. The table lock makes two servers
-- starting at once add one owner.
create function public.seed_first_owner(p_email text, p_name text) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if p_email is null or btrim(p_email) = '' then
    return false;
  end if;
  lock table public.staff in share row exclusive mode;
  if exists (select 1 from public.staff) then
    return false;
  end if;
  insert into public.staff (name, email, role) values (p_name, lower(btrim(p_email)), 'owner');
  return true;
end;
$$;

-- A sign-in link asked for `p_email`: when it is a current staff member's, the link is stored (by
-- the hashes of its token and of the asking browser's binding cookie) and its e-mail queued
-- (p_emails, as enqueue_event_emails takes them). Answers nothing: the caller answers the same
-- whether or not the address is staff.
create function public.request_staff_sign_in(p_email text, p_token_hash text, p_binding_hash text, p_now timestamptz, p_expires_at timestamptz, p_emails jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_staff uuid;
begin
  select s.id into v_staff from public.staff s where s.email = lower(btrim(p_email)) and s.removed_at is null;
  -- Links that can no longer be used say nothing: forget those a day old.
  delete from public.staff_sign_in_links where expires_at < p_now - interval '1 day';
  if v_staff is null then
    return;
  end if;
  insert into public.staff_sign_in_links (token_hash, binding_hash, staff_id, created_at, expires_at)
  values (p_token_hash, p_binding_hash, v_staff, p_now, p_expires_at);
  perform public.enqueue_event_emails('staff_sign_in:' || p_token_hash, p_emails);
end;
$$;

-- Uses a sign-in link and opens a session, in one statement's lock: a link is used once, even when
-- two requests bring it at the same moment (the second finds it used). Refused ('unknown',
-- 'used', 'expired', 'other_browser', 'removed') without using it up when the browser is not the one
-- that asked. Answers {"staff": {…}} or {"refused": reason}.
create function public.consume_staff_sign_in(
  p_token_hash text,
  p_binding_hash text,
  p_session_hash text,
  p_now timestamptz,
  p_idle_seconds integer,
  p_absolute_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_link public.staff_sign_in_links;
  v_staff public.staff;
begin
  update public.staff_sign_in_links l
  set used_at = p_now
  where l.token_hash = p_token_hash and l.used_at is null and l.expires_at > p_now and l.binding_hash = p_binding_hash
  returning l.* into v_link;
  if v_link.token_hash is null then
    select * into v_link from public.staff_sign_in_links l where l.token_hash = p_token_hash;
    if v_link.token_hash is null then
      return jsonb_build_object('refused', 'unknown');
    elsif v_link.used_at is not null then
      return jsonb_build_object('refused', 'used');
    elsif v_link.expires_at <= p_now then
      return jsonb_build_object('refused', 'expired');
    else
      return jsonb_build_object('refused', 'other_browser');
    end if;
  end if;
  select * into v_staff from public.staff s where s.id = v_link.staff_id and s.removed_at is null;
  if v_staff.id is null then
    return jsonb_build_object('refused', 'removed');
  end if;
  insert into public.staff_sessions (id, staff_id, created_at, last_seen_at, idle_expires_at, expires_at)
  values (
    p_session_hash, v_staff.id, p_now, p_now,
    least(p_now + make_interval(secs => p_idle_seconds), p_now + make_interval(secs => p_absolute_seconds)),
    p_now + make_interval(secs => p_absolute_seconds)
  );
  -- Sessions ended long ago say nothing: forget those a week past their end, by the earlier of the
  -- caller's clock and the database's, so a clock moved ahead (the office's test clock) never
  -- forgets sessions still in use.
  delete from public.staff_sessions where expires_at < least(p_now, now()) - interval '7 days';
  return jsonb_build_object('staff', public.staff_json(v_staff));
end;
$$;

-- The staff member of a session, or null when it is unknown, revoked, idle too long, past its end
-- or its member was removed. A session in use has its idle end pushed back, but the row is written
-- at most every p_refresh_seconds, not on every request.
create function public.staff_session(p_session_hash text, p_now timestamptz, p_idle_seconds integer, p_refresh_seconds integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_session public.staff_sessions;
  v_staff public.staff;
begin
  select * into v_session from public.staff_sessions where id = p_session_hash;
  if v_session.id is null or v_session.revoked_at is not null or v_session.idle_expires_at <= p_now or v_session.expires_at <= p_now then
    return null;
  end if;
  select * into v_staff from public.staff s where s.id = v_session.staff_id and s.removed_at is null;
  if v_staff.id is null then
    return null;
  end if;
  if v_session.last_seen_at <= p_now - make_interval(secs => p_refresh_seconds) then
    update public.staff_sessions
    set last_seen_at = p_now, idle_expires_at = least(p_now + make_interval(secs => p_idle_seconds), expires_at)
    where id = p_session_hash and revoked_at is null;
  end if;
  return public.staff_json(v_staff);
end;
$$;

-- Sign-out: the session's row is revoked, so its cookie is refused wherever it is shown again.
create function public.end_staff_session(p_session_hash text, p_now timestamptz) returns boolean
language sql
set search_path = ''
as $$
  with ended as (
    update public.staff_sessions set revoked_at = p_now where id = p_session_hash and revoked_at is null returning 1
  )
  select exists (select 1 from ended);
$$;

-- The current staff, owners first, then by name.
create function public.current_staff() returns table (id uuid, name text, email text, role text, crew text, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select s.id, s.name, s.email, s.role, s.crew, s.created_at
  from public.staff s
  where s.removed_at is null
  order by s.role = 'owner' desc, lower(s.name), s.email;
$$;

-- The owner adds a member (p_member: {"name", "email", "role"}), with its audit row. Answers
-- {"id"} or {"problem": "not_owner" | "email_taken"}.
create function public.add_staff_member(p_staff jsonb, p_member jsonb, p_emails jsonb, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_owner public.staff;
  v_id uuid;
  v_email text := lower(btrim(p_member ->> 'email'));
  v_role text := p_member ->> 'role';
  v_crew text := case when p_member ->> 'role' = 'crew' then nullif(p_member ->> 'crew', '') end;
begin
  v_owner := public.acting_owner(p_staff);
  if v_owner.id is null then
    return jsonb_build_object('problem', 'not_owner');
  end if;
  if v_role = 'crew' and v_crew is null then
    return jsonb_build_object('problem', 'crew');
  end if;
  if exists (select 1 from public.staff s where s.email = v_email and s.removed_at is null) then
    return jsonb_build_object('problem', 'email_taken');
  end if;
  insert into public.staff (name, email, role, crew, created_at)
  values (btrim(p_member ->> 'name'), v_email, v_role, v_crew, p_now)
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    return jsonb_build_object('problem', 'email_taken');
  end if;
  perform public.record_staff_action(v_owner.id, v_owner.name, p_now, 'staff', v_id::text, 'staff_added', null,
    jsonb_strip_nulls(jsonb_build_object('name', btrim(p_member ->> 'name'), 'email', v_email, 'role', v_role, 'crew', v_crew)));
  perform public.enqueue_event_emails('staff_invitation:' || v_id, p_emails);
  return jsonb_build_object('id', v_id);
end;
$$;

-- The owner removes a member: they can no longer sign in and every session of theirs ends at once.
-- Never oneself, never the last owner (the owners' rows are locked, so two owners removing each
-- other at once leave one). Answers {"removed": true} or {"problem": "not_owner" | "not_found" |
-- "yourself" | "last_owner"}.
create function public.remove_staff_member(p_staff jsonb, p_member_id uuid, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_owner public.staff;
  v_member public.staff;
begin
  perform 1 from public.staff s where s.role = 'owner' and s.removed_at is null order by s.id for update;
  v_owner := public.acting_owner(p_staff);
  if v_owner.id is null then
    return jsonb_build_object('problem', 'not_owner');
  end if;
  select * into v_member from public.staff s where s.id = p_member_id and s.removed_at is null for update;
  if v_member.id is null then
    return jsonb_build_object('problem', 'not_found');
  end if;
  if v_member.id = v_owner.id then
    return jsonb_build_object('problem', 'yourself');
  end if;
  if v_member.role = 'owner' and (select count(*) from public.staff s where s.role = 'owner' and s.removed_at is null) <= 1 then
    return jsonb_build_object('problem', 'last_owner');
  end if;
  update public.staff set removed_at = p_now where id = v_member.id;
  update public.staff_sessions set revoked_at = p_now where staff_id = v_member.id and revoked_at is null;
  perform public.record_staff_action(v_owner.id, v_owner.name, p_now, 'staff', v_member.id::text, 'staff_removed',
    jsonb_build_object('name', v_member.name, 'email', v_member.email, 'role', v_member.role), null);
  return jsonb_build_object('removed', true);
end;
$$;

-- What staff did to one booking, lead, staff member or crew calendar, oldest first.
create function public.staff_actions_of(p_subject_kind text, p_subject_id text)
returns table (id uuid, staff_id uuid, staff_name text, at timestamptz, action text, before jsonb, after jsonb)
language sql
stable
set search_path = ''
as $$
  select a.id, a.staff_id, a.staff_name, a.at, a.action, a.before, a.after
  from public.staff_actions a
  where a.subject_kind = p_subject_kind and a.subject_id = p_subject_id
  order by a.at, a.id;
$$;

-- Every staff action on staff members (the owner's Staff page shows them), newest first.
create function public.staff_actions_on_staff(p_limit integer)
returns table (id uuid, staff_id uuid, staff_name text, at timestamptz, subject_id text, action text, before jsonb, after jsonb)
language sql
stable
set search_path = ''
as $$
  select a.id, a.staff_id, a.staff_name, a.at, a.subject_id, a.action, a.before, a.after
  from public.staff_actions a
  where a.subject_kind = 'staff'
  order by a.at desc, a.id
  limit p_limit;
$$;

-- ------------------------------------------------------------------------------------------------
-- A plan's later visit waiting for its charge (payment status 'scheduled') is a job to come:
-- the office shows it on the schedule, the crews' day sheets and calendars, lists and filters it as
-- 'plan_visit', and staff may move it like a paid booking (its charge and any card deadline move
-- with its window, as a move through the manage link does). Until its charge (48 hours before) it
-- is not paid: it cannot be refunded, and staff skip it from its plan's page instead of cancelling.
create function public.office_booking_status(
  p_payment_status text, p_hold_expires_at timestamptz, p_cancellation_requested_at timestamptz,
  p_cancelled_at timestamptz, p_outcome text, p_now timestamptz
)
returns text
language sql
immutable
as $$
  select case
    when p_cancelled_at is not null then 'cancelled'
    when p_outcome = 'done' then 'done'
    when p_outcome = 'no_show' then 'no_show'
    when p_payment_status = 'paid' then case when p_cancellation_requested_at is not null then 'cancellation_requested' else 'paid' end
    when p_payment_status = 'scheduled' then 'plan_visit'
    when p_payment_status = 'pending' then case when p_hold_expires_at is not null and p_hold_expires_at <= p_now then 'hold_ended' else 'unpaid_hold' end
    when p_payment_status = 'failed' then 'payment_failed'
    else 'hold_ended'
  end;
$$;

-- The schedule: every booking dated p_from..p_to that is or was a job (paid, or pending: an unpaid
-- hold; the app leaves out holds that have ended), in the order of the day. Checkouts cancelled,
-- expired or failed were never jobs.
create function public.office_bookings_between(p_from date, p_to date)
returns setof public.bookings
language sql
stable
set search_path = ''
as $$
  select b.*
  from public.bookings b
  where b.date between p_from and p_to and b.payment_status in ('paid', 'pending', 'scheduled')
  order by b.date, b.window_starts_at nulls last, b.created_at, b.id;
$$;

-- The bookings list: one page of the bookings matching p_filter, sorted by p_sort, with how many match.
-- p_filter (built and checked by lib/office/booking-filter.ts; every key optional):
--   "text":      lower-case words, each found in the name, e-mail or address (a LIKE pattern, escaped)
--   "digits":    digits found in the phone number
--   "reference": the start of the booking's id, hex (the reference customers see without its dash)
--   "statuses":  office statuses (office_booking_status), "industry", "crew" (service family),
--   "from"/"to": the booking's date (inclusive)
-- A row matches when every filter given holds, and the search (text, digits, reference) when any of
-- its parts does. p_sort is one of the names below (anything else is refused): the planner sees a
-- plain ORDER BY, so the indexes serve it. Answers {"total": n, "bookings": [row, …]}.
create function public.office_search_bookings(p_filter jsonb, p_sort text, p_limit integer, p_offset integer, p_now timestamptz)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_order text;
  v_where text;
  v_total bigint;
  v_statuses text[];
  v_rows jsonb;
begin
  v_order := case p_sort
    when 'date_asc' then 'b.date asc nulls last, b.window_starts_at asc nulls last, b.created_at asc, b.id asc'
    when 'date_desc' then 'b.date desc nulls last, b.window_starts_at desc nulls last, b.created_at desc, b.id desc'
    when 'created_asc' then 'b.created_at asc, b.id asc'
    when 'created_desc' then 'b.created_at desc, b.id desc'
    when 'name_asc' then 'lower(b.last_name) asc, lower(b.first_name) asc, b.id asc'
    when 'name_desc' then 'lower(b.last_name) desc, lower(b.first_name) desc, b.id desc'
    when 'total_asc' then 'b.amount_cents asc, b.id asc'
    when 'total_desc' then 'b.amount_cents desc, b.id desc'
  end;
  if v_order is null then
    raise exception 'unknown sort: %', p_sort using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 or p_offset is null or p_offset < 0 then
    raise exception 'page out of range' using errcode = '22023';
  end if;

  -- Every value reaches the query as a parameter ($1 = p_filter, $2 = p_now, $5 = the statuses), never as text.
  v_where := 'true';
  if p_filter ? 'text' or p_filter ? 'digits' or p_filter ? 'reference' then
    v_where := v_where || ' and (false'
      || case when p_filter ? 'text' then
           ' or (lower(b.first_name || '' '' || b.last_name) like $1->>''text'' escape ''\'''
           || ' or lower(b.email) like $1->>''text'' escape ''\'' or lower(b.address) like $1->>''text'' escape ''\'')'
         else '' end
      || case when p_filter ? 'digits' then ' or regexp_replace(b.phone, ''[^0-9]'', '''', ''g'') like ''%'' || ($1->>''digits'') || ''%''' else '' end
      || case when p_filter ? 'reference' then ' or left(replace(b.id::text, ''-'', ''''), length($1->>''reference'')) = $1->>''reference''' else '' end
      || ')';
  end if;
  if p_filter ? 'statuses' then
    v_statuses := array(select jsonb_array_elements_text(p_filter->'statuses'));
    v_where := v_where || ' and public.office_booking_status(b.payment_status, b.hold_expires_at, b.cancellation_requested_at, b.cancelled_at, b.outcome, $2) = any($5)';
  end if;
  if p_filter ? 'industry' then
    v_where := v_where || ' and b.industry = $1->>''industry''';
  end if;
  if p_filter ? 'crew' then
    -- Bookings from before arrival windows have no crew stored: their kind of cleaning names it.
    v_where := v_where || ' and coalesce(b.service_family, case b.industry when ''exterior'' then ''exterior'' when ''commercial'' then ''commercial'' else ''indoor'' end) = $1->>''crew''';
  end if;
  if p_filter ? 'from' then
    v_where := v_where || ' and b.date >= ($1->>''from'')::date';
  end if;
  if p_filter ? 'to' then
    v_where := v_where || ' and b.date <= ($1->>''to'')::date';
  end if;

  execute 'select count(*) from public.bookings b where ' || v_where into v_total using p_filter, p_now, null::integer, null::integer, v_statuses;
  execute 'select coalesce(jsonb_agg(to_jsonb(page) order by page.position), ''[]''::jsonb) from ('
    || 'select b.*, row_number() over (order by ' || v_order || ') as position from public.bookings b where ' || v_where
    || ' order by ' || v_order || ' limit $3 offset $4) page'
    into v_rows using p_filter, p_now, p_limit, p_offset, v_statuses;
  return jsonb_build_object('total', v_total, 'bookings', v_rows);
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- What staff do to one booking in the office (/office/bookings/[id]): move it to any
-- window with room (no 24-hour notice: the office arranges late changes by phone), mark it done or a
-- no-show, send its confirmation again, keep internal notes. Each is one function, one transaction:
-- the change, its audit row in staff_actions (naming the member, p_staff = {"id", "name"}) and its
-- e-mails. Like every table here: RLS on, nothing for anon and authenticated, service role only.

-- Internal notes on a booking: for staff only, never shown to or sent to the customer.
create table public.booking_notes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  staff_id uuid references public.staff (id),
  staff_name text not null,
  body text not null check (length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null
);

create index booking_notes_booking on public.booking_notes (booking_id, created_at);

alter table public.booking_notes enable row level security;

revoke all on table public.booking_notes from public, anon, authenticated;

grant select, insert on table public.booking_notes to service_role;

-- Moves a paid booking to another window of its crew if that window has a place left (the same
-- lock and count as create_pending_booking and reschedule_booking), whenever its own window is:
-- staff are not held to the customers' 24-hour notice. p_link_generation is the manage link
-- generation the caller read (its e-mail carries the next one): a booking changed since is answered
-- 'changed' and nothing happens. Answers {"status": "moved" | "full" | "same" | "changed" |
-- "not_paid" | "cancelled" | "done" | "cancellation_requested" | "not_found"}.
create function public.office_move_booking(
  p_id uuid, p_date date, p_window text, p_window_starts_at timestamptz, p_capacity integer,
  p_now timestamptz, p_staff jsonb, p_emails jsonb, p_link_generation integer
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  v_action uuid;
  v_change bigint;
  v_shift interval;
begin
  select * into v from public.bookings where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v.outcome is not null then
    return jsonb_build_object('status', 'done');
  end if;
  if v.payment_status not in ('paid', 'scheduled') or v.arrival_window is null then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if v.cancellation_requested_at is not null then
    return jsonb_build_object('status', 'cancellation_requested');
  end if;
  if v.manage_link_generation <> p_link_generation then
    return jsonb_build_object('status', 'changed');
  end if;
  if v.date = p_date and v.arrival_window = p_window then
    return jsonb_build_object('status', 'same');
  end if;
  perform pg_advisory_xact_lock(hashtextextended(
    'booking window ' || v.service_family || ' ' || to_char(p_date, 'YYYY-MM-DD') || ' ' || p_window, 0));
  if public.window_places_taken(v.service_family, p_date, p_window, p_now) >= p_capacity then
    return jsonb_build_object('status', 'full');
  end if;
  -- A plan visit's charge (and a declined one's deadline) keeps its distance to the window.
  v_shift := p_window_starts_at - v.window_starts_at;
  update public.bookings
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now,
    manage_link_generation = manage_link_generation + 1
  where id = p_id;
  -- A plan visit's charge row (public.plan_visit_charges, in the plans baseline) moves with it.
  update public.plan_visit_charges
  set due_at = due_at + v_shift, card_deadline_at = card_deadline_at + v_shift
  where booking_id = p_id;
  v_action := public.record_booking_action(p_id, p_staff, 'moved',
    jsonb_build_object('date', v.date::text, 'arrivalWindow', v.arrival_window),
    jsonb_build_object('date', p_date::text, 'arrivalWindow', p_window), p_now);
  insert into public.booking_changes (booking_id, kind, from_date, from_window, to_date, to_window, changed_at, staff_action_id)
  values (p_id, 'rescheduled', v.date, v.arrival_window, p_date, p_window, p_now, v_action)
  returning id into v_change;
  -- The booking's id first (as every booking e-mail's key), then the change: one message per move.
  perform public.enqueue_event_emails('booking_moved_by_office:' || p_id || ':' || v_change, p_emails);
  return jsonb_build_object('status', 'moved');
end;
$$;

-- Marks how a paid, not cancelled booking's visit went ('done' or 'no_show') once its window has
-- started (a booking from before windows: once its day has come, in Renton). Marking it the other
-- way corrects a mistake (audited like the first). Answers {"status": "marked" | "same" |
-- "not_started" | "not_paid" | "cancelled" | "not_found"}.
create function public.office_mark_booking_outcome(p_id uuid, p_outcome text, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  v_email text;
begin
  if p_outcome not in ('done', 'no_show') then
    raise exception 'Not an outcome: %', p_outcome using errcode = '22023';
  end if;
  select * into v from public.bookings where id = p_id for update;
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
  update public.bookings set outcome = p_outcome, outcome_at = p_now, updated_at = p_now where id = p_id;
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

-- Queues the booking's confirmation (p_emails: the customer's e-mail of its payment, carrying the
-- manage link of generation p_link_generation) again, for a paid, not cancelled booking. A booking
-- changed since the caller read it (another generation) is answered 'changed' and nothing is sent.
-- Answers {"status": "queued" | "changed" | "not_paid" | "cancelled" | "not_found"}.
create function public.office_resend_confirmation(p_id uuid, p_now timestamptz, p_staff jsonb, p_emails jsonb, p_link_generation integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  v_action uuid;
begin
  select * into v from public.bookings where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if v.manage_link_generation <> p_link_generation then
    return jsonb_build_object('status', 'changed');
  end if;
  v_action := public.record_booking_action(p_id, p_staff, 'confirmation_resent', null, jsonb_build_object('to', v.email), p_now);
  -- One message per resend: the booking's id first (as every booking e-mail's key), then the action.
  perform public.enqueue_event_emails('booking_confirmation_resent:' || p_id || ':' || v_action, p_emails);
  return jsonb_build_object('status', 'queued');
end;
$$;

-- Adds an internal note to a booking. Answers {"status": "added" | "not_found"}.
create function public.office_add_booking_note(p_id uuid, p_body text, p_now timestamptz, p_staff jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_note uuid;
begin
  perform 1 from public.bookings where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  insert into public.booking_notes (booking_id, staff_id, staff_name, body, created_at)
  values (p_id, (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_body, p_now)
  returning id into v_note;
  perform public.record_booking_action(p_id, p_staff, 'note_added', null, jsonb_build_object('noteId', v_note, 'note', p_body), p_now);
  return jsonb_build_object('status', 'added');
end;
$$;

-- A booking's internal notes, oldest first.
create function public.booking_notes_of(p_id uuid)
returns table (id uuid, staff_name text, body text, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select n.id, n.staff_name, n.body, n.created_at from public.booking_notes n where n.booking_id = p_id order by n.created_at, n.id;
$$;

-- ------------------------------------------------------------------------------------------------
-- Money in the office: cancelling a booking with a full or partial refund, payments that
-- arrived after their booking's hold had ended, and the e-mails that failed for good.
-- Like every table here: row level security on, no policy, nothing for anon and authenticated; the
-- app's server reaches them through the database functions below as the service role.

-- A refund the office asked the payment provider for. One row per booking and purpose, claimed
-- under the booking's row lock before the provider is called, so two staff cancelling at once make
-- one provider call: the second finds the claim. The provider call carries `idempotency_key`
-- (deterministic: the booking, the purpose and the attempt), so a call repeated after a crash is the
-- same refund. A refusal by the provider marks the row failed; the next try is a new attempt.
create table public.booking_refunds (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- 'cancellation': the office cancelled the booking; 'late_payment': a payment that came after the
  -- hold ended; 'refund': the owner refunded part of a paid booking, the visit kept; 'outside': a
  -- refund made at the provider (its dashboard), recorded from its webhook.
  purpose text not null check (purpose in ('cancellation', 'late_payment', 'refund', 'outside')),
  late_payment_id uuid,
  attempt integer not null default 1 check (attempt >= 1),
  idempotency_key text not null unique,
  -- 0: cancelled without a refund (nothing is sent to the provider).
  amount_cents integer not null check (amount_cents >= 0),
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  provider text,
  provider_refund_id text,
  error text,
  staff_id uuid references public.staff (id),
  staff_name text not null,
  claimed_at timestamptz not null,
  completed_at timestamptz,
  -- The reason the customer's e-mail states (standalone refunds).
  reason text
);

-- One cancellation and one late-payment refund per booking, any number of the others.
create unique index booking_refunds_one_per_booking on public.booking_refunds (booking_id, purpose) where purpose in ('cancellation', 'late_payment');

-- A provider's refund is recorded once, whichever way it arrives (the site's own call or the webhook).
create unique index booking_refunds_provider_refund on public.booking_refunds (provider, provider_refund_id) where provider_refund_id is not null;

-- The refunds still pending (claimed, the provider's answer not yet known), counted against what is left.
create index booking_refunds_pending on public.booking_refunds (booking_id) where status = 'pending';

-- A payment that arrived for a booking whose hold had ended (expired, cancelled or failed checkout):
-- written where the webhook and the success page find it, shown in Needs attention until staff take
-- it (the booking becomes paid in its window, if it still has room) or refund it.
create table public.late_payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  session_id text not null unique,
  amount_cents integer not null check (amount_cents >= 0),
  currency text,
  -- The booking's payment status when the money came ('expired', 'cancelled', 'failed').
  booking_status text not null,
  received_at timestamptz not null,
  resolution text check (resolution in ('taken', 'refunded')),
  resolved_at timestamptz,
  resolved_by text,
  constraint late_payments_resolution_has_time check ((resolution is null) = (resolved_at is null))
);

create index late_payments_open on public.late_payments (received_at) where resolution is null;

alter table public.booking_refunds enable row level security;

alter table public.late_payments enable row level security;

revoke all on table public.booking_refunds, public.test_checkout_refunds, public.late_payments from public, anon, authenticated;

grant select, insert, update on table public.booking_refunds, public.test_checkout_refunds, public.late_payments to service_role;

-- The office cancels a booking with a refund. The refund allowed is what is left after earlier
-- refunds and pending ones, so a cancellation and a refund claimed at once cannot together exceed what was paid.
create function public.claim_booking_cancellation(p_id uuid, p_amount_cents integer, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  r public.booking_refunds;
  v_attempt integer := 1;
  v_left integer;
begin
  select * into v from public.bookings where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled', 'refunded_cents', v.refunded_cents);
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'cancellation';
  v_left := public.booking_refundable_cents(v, r.id);
  if r.id is not null and r.status = 'pending' and (r.claimed_at > p_now - interval '5 minutes' or r.amount_cents <> p_amount_cents) then
    return jsonb_build_object('status', 'in_progress', 'amount_cents', r.amount_cents, 'staff_name', r.staff_name);
  end if;
  if p_amount_cents < 0 or p_amount_cents > v_left then
    return jsonb_build_object('status', 'too_much', 'refundable_cents', v_left);
  end if;
  if r.id is not null then
    if r.status = 'pending' then
      -- Taken over: the same key, so the provider cannot refund twice.
      update public.booking_refunds
      set staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now
      where id = r.id;
      return jsonb_build_object('status', 'claimed', 'key', r.idempotency_key, 'attempt', r.attempt,
        'session_id', v.payment_session_id, 'provider', v.payment_provider);
    end if;
    -- 'failed' (a succeeded one has cancelled the booking): a new attempt with a new key.
    v_attempt := r.attempt + 1;
    update public.booking_refunds
    set attempt = v_attempt, idempotency_key = 'booking-' || p_id || '-cancellation-' || v_attempt,
      amount_cents = p_amount_cents, status = 'pending', error = null, provider_refund_id = null,
      staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now, completed_at = null
    where id = r.id;
  else
    insert into public.booking_refunds (booking_id, purpose, attempt, idempotency_key, amount_cents, status, staff_id, staff_name, claimed_at)
    values (p_id, 'cancellation', 1, 'booking-' || p_id || '-cancellation-1', p_amount_cents, 'pending',
      (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now);
  end if;
  return jsonb_build_object('status', 'claimed', 'key', 'booking-' || p_id || '-cancellation-' || v_attempt, 'attempt', v_attempt,
    'session_id', v.payment_session_id, 'provider', v.payment_provider);
end;
$$;

-- The provider refunded (or there was nothing to refund): the booking is cancelled with what was
-- refunded, the audit row names the staff member, the customer's e-mail is queued, in one
-- transaction. Answers {"status": "cancelled"} or "not_claimed" (no pending claim with this key).
create function public.complete_booking_cancellation(
  p_id uuid, p_key text, p_provider text, p_provider_refund_id text, p_staff jsonb, p_now timestamptz, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  r public.booking_refunds;
begin
  select * into v from public.bookings where id = p_id for update;
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'cancellation' and idempotency_key = p_key;
  if v.id is null or r.id is null or r.status <> 'pending' or v.cancelled_at is not null then
    return jsonb_build_object('status', 'not_claimed');
  end if;
  update public.booking_refunds
  set status = 'succeeded', provider = p_provider, provider_refund_id = p_provider_refund_id, completed_at = p_now
  where id = r.id;
  update public.bookings
  set cancelled_at = p_now, refunded_cents = refunded_cents + r.amount_cents, updated_at = p_now
  where id = p_id;
  perform public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', p_id::text, 'cancelled',
    jsonb_build_object('cancelled_at', null, 'refunded_cents', v.refunded_cents),
    jsonb_build_object('cancelled_at', p_now, 'refunded_cents', v.refunded_cents + r.amount_cents,
      'refund_id', p_provider_refund_id, 'cancellation_requested_at', v.cancellation_requested_at));
  perform public.enqueue_event_emails('booking_cancelled:' || p_id, p_emails);
  return jsonb_build_object('status', 'cancelled');
end;
$$;

-- The provider refused the refund (or could not be reached): the booking stays as it was, the
-- claim is released with the provider's message; the next try is a new attempt with a new key.
create function public.fail_booking_refund(p_key text, p_error text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.booking_refunds
  set status = 'failed', error = left(p_error, 2000), completed_at = p_now
  where idempotency_key = p_key and status = 'pending';
  return found;
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Late payments
-- ------------------------------------------------------------------------------------------------

-- Records a payment that arrived for a booking no longer holding its place; the same checkout
-- again (the webhook and the success page both) records nothing. Answers whether it was new.
create function public.record_late_payment(p_booking_id uuid, p_session_id text, p_amount_cents integer, p_currency text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
begin
  select * into v from public.bookings where id = p_booking_id;
  if not found or v.payment_status in ('pending', 'paid') then
    return false;
  end if;
  insert into public.late_payments (booking_id, session_id, amount_cents, currency, booking_status, received_at)
  values (p_booking_id, p_session_id, coalesce(p_amount_cents, v.amount_cents), p_currency, v.payment_status, p_now)
  on conflict (session_id) do nothing;
  return found;
end;
$$;

-- The late payments nobody has taken or refunded yet, oldest first, with their booking.
create function public.open_late_payments()
returns table (
  id uuid, booking_id uuid, session_id text, amount_cents integer, currency text, booking_status text, received_at timestamptz,
  first_name text, last_name text, email text, industry text, service text, date text, arrival_window text, service_family text,
  window_starts_at timestamptz, payment_provider text
)
language sql
stable
set search_path = ''
as $$
  select l.id, l.booking_id, l.session_id, l.amount_cents, l.currency, l.booking_status, l.received_at,
    b.first_name, b.last_name, b.email, b.industry, b.service, b.date::text, b.arrival_window, b.service_family,
    b.window_starts_at, b.payment_provider
  from public.late_payments l join public.bookings b on b.id = l.booking_id
  where l.resolution is null
  order by l.received_at;
$$;

-- Takes a late payment: its booking becomes paid in its own window if the window still has fewer
-- than p_capacity places taken (counted under the window's lock, as every booking is), with the
-- confirmation e-mails, the audit row, in one transaction. Answers {"status": "taken" | "full" |
-- "resolved" | "booking_changed" | "not_found"}.
create function public.take_late_payment(p_id uuid, p_capacity integer, p_staff jsonb, p_now timestamptz, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  l public.late_payments;
  v public.bookings;
begin
  select * into l from public.late_payments where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if l.resolution is not null then
    return jsonb_build_object('status', 'resolved', 'resolution', l.resolution);
  end if;
  select * into v from public.bookings where id = l.booking_id for update;
  if v.payment_status in ('pending', 'paid') or v.cancelled_at is not null then
    return jsonb_build_object('status', 'booking_changed');
  end if;
  if v.arrival_window is not null then
    perform pg_advisory_xact_lock(hashtextextended(
      'booking window ' || v.service_family || ' ' || to_char(v.date, 'YYYY-MM-DD') || ' ' || v.arrival_window, 0));
    if public.window_places_taken(v.service_family, v.date, v.arrival_window, p_now) >= p_capacity then
      return jsonb_build_object('status', 'full');
    end if;
  end if;
  update public.bookings
  set payment_status = 'paid', payment_session_id = l.session_id, paid_at = l.received_at, updated_at = p_now
  where id = v.id;
  update public.late_payments set resolution = 'taken', resolved_at = p_now, resolved_by = p_staff ->> 'name' where id = p_id;
  perform public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', v.id::text, 'late_payment_taken',
    jsonb_build_object('payment_status', v.payment_status, 'payment_session_id', v.payment_session_id),
    jsonb_build_object('payment_status', 'paid', 'payment_session_id', l.session_id, 'paid_at', l.received_at));
  perform public.enqueue_event_emails('booking_paid:' || v.id, p_emails);
  return jsonb_build_object('status', 'taken');
end;
$$;

-- Claims the full refund of a late payment (as claim_booking_cancellation does for a cancellation).
-- Answers "claimed" (with "key", "amount_cents", "session_id", "provider", "booking_id"), "in_progress",
-- "resolved", "not_found".
create function public.claim_late_payment_refund(p_id uuid, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  l public.late_payments;
  v public.bookings;
  r public.booking_refunds;
  v_attempt integer := 1;
  v_key text;
begin
  select * into l from public.late_payments where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if l.resolution is not null then
    return jsonb_build_object('status', 'resolved', 'resolution', l.resolution);
  end if;
  select * into v from public.bookings where id = l.booking_id for update;
  select * into r from public.booking_refunds where booking_id = l.booking_id and purpose = 'late_payment';
  if found then
    if r.status = 'pending' and r.claimed_at > p_now - interval '5 minutes' then
      return jsonb_build_object('status', 'in_progress', 'staff_name', r.staff_name);
    end if;
    v_attempt := case when r.status = 'pending' then r.attempt else r.attempt + 1 end;
    v_key := 'late-payment-' || p_id || '-' || v_attempt;
    update public.booking_refunds
    set attempt = v_attempt, idempotency_key = v_key, late_payment_id = p_id, amount_cents = l.amount_cents, status = 'pending',
      error = null, staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now, completed_at = null
    where id = r.id;
  else
    v_key := 'late-payment-' || p_id || '-1';
    insert into public.booking_refunds (booking_id, purpose, late_payment_id, attempt, idempotency_key, amount_cents, status, staff_id, staff_name, claimed_at)
    values (l.booking_id, 'late_payment', p_id, 1, v_key, l.amount_cents, 'pending', (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now);
  end if;
  return jsonb_build_object('status', 'claimed', 'key', v_key, 'amount_cents', l.amount_cents, 'session_id', l.session_id,
    'provider', v.payment_provider, 'booking_id', l.booking_id);
end;
$$;

-- The late payment was refunded: resolved, the audit row, the customer's e-mail, in one transaction.
create function public.complete_late_payment_refund(
  p_id uuid, p_key text, p_provider text, p_provider_refund_id text, p_staff jsonb, p_now timestamptz, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  l public.late_payments;
  r public.booking_refunds;
begin
  select * into l from public.late_payments where id = p_id for update;
  select * into r from public.booking_refunds where late_payment_id = p_id and purpose = 'late_payment' and idempotency_key = p_key;
  if l.id is null or r.id is null or r.status <> 'pending' or l.resolution is not null then
    return jsonb_build_object('status', 'not_claimed');
  end if;
  update public.booking_refunds
  set status = 'succeeded', provider = p_provider, provider_refund_id = p_provider_refund_id, completed_at = p_now
  where id = r.id;
  update public.late_payments set resolution = 'refunded', resolved_at = p_now, resolved_by = p_staff ->> 'name' where id = p_id;
  perform public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', l.booking_id::text, 'late_payment_refunded',
    jsonb_build_object('late_payment_session_id', l.session_id, 'amount_cents', l.amount_cents),
    jsonb_build_object('refunded_cents', r.amount_cents, 'refund_id', p_provider_refund_id));
  perform public.enqueue_event_emails('late_payment_refunded:' || p_id, p_emails);
  return jsonb_build_object('status', 'refunded');
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Needs attention: customers' cancellation requests, e-mails that failed for good
-- ------------------------------------------------------------------------------------------------
create function public.open_cancellation_requests()
returns table (
  id uuid, first_name text, last_name text, email text, industry text, service text, date text, arrival_window text,
  amount_cents integer, cancellation_requested_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select b.id, b.first_name, b.last_name, b.email, b.industry, b.service, b.date::text, b.arrival_window, b.amount_cents,
    b.cancellation_requested_at
  from public.bookings b
  where b.cancellation_requested_at is not null and b.cancelled_at is null and b.payment_status = 'paid'
  order by b.cancellation_requested_at;
$$;

-- The e-mails the outbox gave up on, newest first (at most 200: the office reads them, not a report).
create function public.failed_emails()
returns table (id uuid, event_key text, template text, to_address text, last_error text, attempts integer, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select o.id, o.event_key, o.template, o.to_address, o.last_error, o.attempts, o.created_at
  from public.email_outbox o
  where o.status = 'failed'
  order by o.created_at desc
  limit 200;
$$;

-- Sends a failed e-mail again: back to pending, due now, its attempts counted afresh (the worker
-- gives up again after as many). The audit row goes on the booking the e-mail is about, when it is
-- about one (its event key names it). Answers whether it was a failed message.
create function public.retry_failed_email(p_id uuid, p_staff jsonb, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  o public.email_outbox;
  v_booking text;
begin
  update public.email_outbox
  set status = 'pending', next_attempt_at = p_now, attempts = 0, locked_until = null, lock_token = null
  where id = p_id and status = 'failed'
  returning * into o;
  if not found then
    return false;
  end if;
  v_booking := substring(o.event_key from '^booking_[a-z_]+:([0-9a-f-]{36})');
  if v_booking is not null then
    perform public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', v_booking, 'email_sent_again',
      jsonb_build_object('template', o.template, 'last_error', o.last_error), jsonb_build_object('status', 'pending'));
  end if;
  return true;
end;
$$;

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

create trigger bookings_calendar_sequence
  before update on public.bookings
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
  perform public.record_staff_action(
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
  perform public.record_staff_action(
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
  from public.bookings b
  -- Bookings from before arrival windows have no crew stored: their form names it.
  where (b.service_family = p_crew
      or (b.service_family is null and (case when b.industry in ('house', 'carpet') then 'indoor' else b.industry end) = p_crew))
    and b.payment_status in ('paid', 'scheduled')
    and b.date between p_from and p_to
  order by b.date, b.window_starts_at nulls first, b.id;
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
  v public.bookings;
begin
  select * into v from public.bookings where id = p_id for update;
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
  update public.bookings set started_at = p_now, updated_at = p_now where id = p_id;
  perform public.record_booking_action(p_id, p_staff, 'marked_started', null, jsonb_build_object('startedAt', p_now), p_now);
  if p_text is not null and public.booking_text_consent(p_id) is not null then
    perform public.enqueue_texts(jsonb_build_array(p_text));
  end if;
  return jsonb_build_object('status', 'marked');
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Refunds apart from cancelling: the owner refunds any part of what is left of a paid booking,
-- with a reason the customer's e-mail states, the visit kept. Several refunds per booking, their
-- total never above what was paid: checked when each is claimed, under the booking's row lock,
-- counting the refunds already made and those still pending (claimed, the provider not yet known).

-- What may still be refunded of a booking whose row the caller holds locked: what was paid, less
-- the refunds that succeeded (bookings.refunded_cents) and those claimed but not yet finished
-- (other than the claim p_except, being taken over). Late payments are money of their own, apart
-- from the booking's payment.
create function public.booking_refundable_cents(p_booking public.bookings, p_except uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select case when p_booking.payment_status = 'paid' then
    greatest(0, p_booking.amount_cents - p_booking.refunded_cents - coalesce((
      select sum(r.amount_cents)::integer from public.booking_refunds r
      where r.booking_id = p_booking.id and r.status = 'pending' and r.purpose in ('cancellation', 'refund')
        and r.id is distinct from p_except), 0))
  else 0 end;
$$;

-- Claims a refund of p_amount_cents (> 0) of a paid booking, with its reason, under the booking's
-- row lock. p_key is the confirmation's one-time form key: the refund's idempotency key is made of
-- it, so posting one confirmation twice (a double click, a replay) finds the first claim, and two
-- members who each confirmed make two refunds only if both fit in what is left. Answers {"status": …}:
-- "claimed" (with "key", "session_id", "provider"): call the provider with this key, then complete or fail;
-- "refunded" (with "amount_cents"): this confirmation was already carried out;
-- "in_progress" (with "staff_name"): this confirmation is being carried out (or its provider did not
-- answer: after 5 minutes the same key is claimed again, so the provider answers the first refund);
-- "used": this confirmation's refund was refused (nothing was refunded; confirm again);
-- "key_reused": the key came with another amount or reason; "too_much" (with "refundable_cents");
-- "not_paid"; "not_found".
create function public.claim_booking_refund(p_id uuid, p_key text, p_amount_cents integer, p_reason text, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  r public.booking_refunds;
  v_key text := 'booking-' || p_id || '-refund-' || p_key;
  v_left integer;
begin
  select * into v from public.bookings where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into r from public.booking_refunds where idempotency_key = v_key;
  if r.id is not null then
    if r.booking_id <> p_id or r.purpose <> 'refund' or r.amount_cents <> p_amount_cents or r.reason is distinct from p_reason then
      return jsonb_build_object('status', 'key_reused');
    end if;
    if r.status = 'succeeded' then
      return jsonb_build_object('status', 'refunded', 'amount_cents', r.amount_cents);
    end if;
    if r.status = 'failed' then
      return jsonb_build_object('status', 'used');
    end if;
    if r.claimed_at > p_now - interval '5 minutes' then
      return jsonb_build_object('status', 'in_progress', 'staff_name', r.staff_name);
    end if;
    -- Taken over: the same key, so the provider cannot refund twice.
    update public.booking_refunds
    set staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now
    where id = r.id;
    return jsonb_build_object('status', 'claimed', 'key', v_key, 'session_id', v.payment_session_id, 'provider', v.payment_provider);
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  v_left := public.booking_refundable_cents(v, null);
  if p_amount_cents <= 0 or p_amount_cents > v_left then
    return jsonb_build_object('status', 'too_much', 'refundable_cents', v_left);
  end if;
  insert into public.booking_refunds (booking_id, purpose, attempt, idempotency_key, amount_cents, reason, status, staff_id, staff_name, claimed_at)
  values (p_id, 'refund', 1, v_key, p_amount_cents, p_reason, 'pending', (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now);
  return jsonb_build_object('status', 'claimed', 'key', v_key, 'session_id', v.payment_session_id, 'provider', v.payment_provider);
end;
$$;

-- The provider refunded: the refund succeeded, the booking's refunded total grows by it, the audit
-- row names the member, the amount and the reason, the customer's e-mail is queued, in one
-- transaction. Answers {"status": "refunded"} or "not_claimed" (no pending claim with this key).
create function public.complete_booking_refund(
  p_id uuid, p_key text, p_provider text, p_provider_refund_id text, p_staff jsonb, p_now timestamptz, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  r public.booking_refunds;
begin
  select * into v from public.bookings where id = p_id for update;
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'refund' and idempotency_key = p_key;
  if v.id is null or r.id is null or r.status <> 'pending' then
    return jsonb_build_object('status', 'not_claimed');
  end if;
  -- Claimed within what was left, so this holds; checked again: never more back than was paid.
  if v.refunded_cents + r.amount_cents > v.amount_cents then
    raise exception 'refunds of booking % would exceed what was paid', p_id;
  end if;
  update public.booking_refunds
  set status = 'succeeded', provider = p_provider, provider_refund_id = p_provider_refund_id, completed_at = p_now
  where id = r.id;
  update public.bookings
  set refunded_cents = refunded_cents + r.amount_cents, updated_at = p_now
  where id = p_id;
  perform public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', p_id::text, 'refunded',
    jsonb_build_object('refunded_cents', v.refunded_cents),
    jsonb_build_object('refunded_cents', v.refunded_cents + r.amount_cents, 'amount_cents', r.amount_cents,
      'reason', r.reason, 'refund_id', p_provider_refund_id));
  perform public.enqueue_event_emails('booking_refunded:' || p_id || ':' || r.id, p_emails);
  return jsonb_build_object('status', 'refunded');
end;
$$;

-- The owner renames a member (themselves too) or changes their role or crew (p_changes: {"name",
-- "role", "crew"}), with an audit row of the fields that changed. The owners' rows are locked first,
-- as remove_staff_member does, so two owners demoting each other at once leave one: the last owner
-- is never demoted. The new role applies to the member's open sessions at their next request (a
-- session reads the member's row each time). Answers {"changed": true | false} or {"problem":
-- "not_owner" | "not_found" | "last_owner" | "crew"}.
create function public.edit_staff_member(p_staff jsonb, p_member_id uuid, p_changes jsonb, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_owner public.staff;
  v_member public.staff;
  v_name text := btrim(p_changes ->> 'name');
  v_role text := p_changes ->> 'role';
  v_crew text := case when p_changes ->> 'role' = 'crew' then nullif(p_changes ->> 'crew', '') end;
  v_before jsonb := '{}'::jsonb;
  v_after jsonb := '{}'::jsonb;
begin
  perform 1 from public.staff s where s.role = 'owner' and s.removed_at is null order by s.id for update;
  v_owner := public.acting_owner(p_staff);
  if v_owner.id is null then
    return jsonb_build_object('problem', 'not_owner');
  end if;
  select * into v_member from public.staff s where s.id = p_member_id and s.removed_at is null for update;
  if v_member.id is null then
    return jsonb_build_object('problem', 'not_found');
  end if;
  if v_role = 'crew' and v_crew is null then
    return jsonb_build_object('problem', 'crew');
  end if;
  if v_member.role = 'owner' and v_role <> 'owner'
    and (select count(*) from public.staff s where s.role = 'owner' and s.removed_at is null) <= 1 then
    return jsonb_build_object('problem', 'last_owner');
  end if;
  if v_name is distinct from v_member.name then
    v_before := v_before || jsonb_build_object('name', v_member.name);
    v_after := v_after || jsonb_build_object('name', v_name);
  end if;
  if v_role is distinct from v_member.role then
    v_before := v_before || jsonb_build_object('role', v_member.role);
    v_after := v_after || jsonb_build_object('role', v_role);
  end if;
  if v_crew is distinct from v_member.crew then
    v_before := v_before || jsonb_strip_nulls(jsonb_build_object('crew', v_member.crew));
    v_after := v_after || jsonb_strip_nulls(jsonb_build_object('crew', v_crew));
  end if;
  if v_after = '{}'::jsonb and v_before = '{}'::jsonb then
    return jsonb_build_object('changed', false);
  end if;
  update public.staff set name = v_name, role = v_role, crew = v_crew where id = v_member.id;
  perform public.record_staff_action(v_owner.id, v_owner.name, p_now, 'staff', v_member.id::text, 'staff_changed', v_before, v_after);
  return jsonb_build_object('changed', true);
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Payments made outside the site's own requests, reconciled from the provider's signed webhooks
-- (lib/booking/reconcile.ts): an off-session plan charge whose answer the charge job never recorded,
-- a refund made in the provider's dashboard, a dispute (chargeback) the customer's bank opened.
-- Each function is idempotent by its natural key (the charge's idempotency key or payment id, the
-- provider's refund id, the provider's dispute id), so a replayed event changes nothing twice, and
-- each checks the state it finds, so events arriving out of order never undo a later truth.

-- A dispute (chargeback) of a payment, as the provider last reported it; shown in Needs attention
-- until the provider closes it (won or lost).
create table public.payment_disputes (
  id uuid primary key default gen_random_uuid(),
  provider text not null,
  provider_dispute_id text not null,
  -- The disputed payment (Stripe: pi_…), when the provider names it.
  provider_payment_id text,
  -- The booking the payment was for (null: a payment this site does not know).
  booking_id uuid references public.bookings (id) on delete set null,
  amount_cents integer not null check (amount_cents >= 0),
  currency text,
  -- The provider's reason ('fraudulent', 'product_not_received', …).
  reason text,
  -- The provider's status ('needs_response', 'under_review', 'won', 'lost', …).
  status text not null,
  opened_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider, provider_dispute_id)
);

create index payment_disputes_opened on public.payment_disputes (opened_at desc);

alter table public.payment_disputes enable row level security;

revoke all on table public.payment_disputes from public, anon, authenticated;

grant select, insert, update on table public.payment_disputes to service_role;

-- The booking a provider's payment was for: the booking id its metadata names (when it is one),
-- else the booking whose payment it is (a plan visit charged off-session keeps its PaymentIntent as
-- its payment_session_id, unique). Null: no booking of this site. p_booking_id is a uuid or null
-- (the caller checks it).
create function public.booking_of_payment(p_booking_id text, p_payment_id text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select b.id from public.bookings b where b.id = nullif(p_booking_id, '')::uuid),
    (select b.id from public.bookings b where b.payment_session_id = nullif(p_payment_id, ''))
  );
$$;

-- A refund the provider reports (charge.refunded: every refund of the payment is passed, one call
-- each). p_refund: {provider, refund_id, payment_id, booking_id, amount_cents, status, key (the
-- office's claim key from the refund's metadata, if any), reason (the provider's), created_at, staff_name}. A refund the
-- office made itself is the office's to record: matched by its key, by its provider refund id once
-- recorded, or (a refund made before keys were sent) as the same amount as a refund the office has
-- under way. Anything else was made outside the office (the provider's dashboard): recorded once in
-- the ledger as 'outside', the booking's refunded total raised (never above what it cost), and a row
-- in its history. Answers 'recorded', 'already', 'office', 'ignored' (a failed or cancelled refund)
-- or 'unknown' (no booking).
create function public.record_provider_refund(p_refund jsonb, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings%rowtype;
  v_provider text := p_refund ->> 'provider';
  v_refund text := p_refund ->> 'refund_id';
  v_key text := nullif(p_refund ->> 'key', '');
  v_amount integer := (p_refund ->> 'amount_cents')::integer;
  v_id uuid;
  v_refunded integer;
begin
  if coalesce(p_refund ->> 'status', '') not in ('succeeded', 'pending') or v_amount is null or v_amount <= 0 then
    return 'ignored';
  end if;
  select * into v from public.bookings
   where id = public.booking_of_payment(p_refund ->> 'booking_id', p_refund ->> 'payment_id') for update;
  if v.id is null then
    return 'unknown';
  end if;
  -- Under the booking's lock: the office's completion of the same refund waits for it, or came first.
  if exists (select 1 from public.booking_refunds where provider = v_provider and provider_refund_id = v_refund) then
    return 'already';
  end if;
  if v_key is not null and exists (select 1 from public.booking_refunds where idempotency_key = v_key) then
    return 'office';
  end if;
  if v_key is null and exists (
    select 1 from public.booking_refunds where booking_id = v.id and status = 'pending' and amount_cents = v_amount
  ) then
    return 'office';
  end if;
  insert into public.booking_refunds (booking_id, purpose, attempt, idempotency_key, amount_cents, status, provider, provider_refund_id,
    reason, staff_id, staff_name, claimed_at, completed_at)
  values (v.id, 'outside', 1, 'outside:' || v_provider || ':' || v_refund, v_amount, 'succeeded', v_provider, v_refund,
    nullif(p_refund ->> 'reason', ''), null, coalesce(nullif(p_refund ->> 'staff_name', ''), v_provider), coalesce((p_refund ->> 'created_at')::timestamptz, p_now), p_now)
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    return 'already';
  end if;
  v_refunded := least(v.amount_cents, v.refunded_cents + v_amount);
  update public.bookings set refunded_cents = v_refunded, updated_at = p_now where id = v.id;
  perform public.record_staff_action(null, coalesce(nullif(p_refund ->> 'staff_name', ''), v_provider), p_now, 'booking', v.id::text, 'refunded_at_provider',
    jsonb_build_object('refunded_cents', v.refunded_cents),
    jsonb_build_object('refunded_cents', v_refunded, 'amount_cents', v_amount, 'refund_id', v_refund, 'provider', v_provider));
  return 'recorded';
end;
$$;

-- A dispute the provider reports (charge.dispute.created, .updated, .closed). p_dispute: {provider,
-- dispute_id, payment_id, booking_id, amount_cents, currency, reason, status, created_at,
-- staff_name}. The first report records it (and a row in its booking's history); later ones update
-- its status, except that a closed dispute (won, lost) is never reopened by an older report arriving
-- late. Answers 'recorded', 'updated' or 'already'.
create function public.record_payment_dispute(p_dispute jsonb, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_booking uuid;
  v_id uuid;
  v_status text := coalesce(nullif(p_dispute ->> 'status', ''), 'needs_response');
begin
  v_booking := public.booking_of_payment(p_dispute ->> 'booking_id', p_dispute ->> 'payment_id');
  insert into public.payment_disputes (provider, provider_dispute_id, provider_payment_id, booking_id, amount_cents, currency, reason, status, opened_at, updated_at)
  values (p_dispute ->> 'provider', p_dispute ->> 'dispute_id', nullif(p_dispute ->> 'payment_id', ''), v_booking,
    (p_dispute ->> 'amount_cents')::integer, p_dispute ->> 'currency', p_dispute ->> 'reason', v_status,
    coalesce((p_dispute ->> 'created_at')::timestamptz, p_now), p_now)
  on conflict (provider, provider_dispute_id) do nothing
  returning id into v_id;
  if v_id is not null then
    if v_booking is not null then
      perform public.record_staff_action(null, coalesce(nullif(p_dispute ->> 'staff_name', ''), p_dispute ->> 'provider'), p_now, 'booking', v_booking::text, 'disputed', null,
        jsonb_build_object('amount_cents', (p_dispute ->> 'amount_cents')::integer, 'reason', p_dispute ->> 'reason', 'dispute_id', p_dispute ->> 'dispute_id'));
    end if;
    return 'recorded';
  end if;
  update public.payment_disputes
     set status = v_status, updated_at = p_now
   where provider = p_dispute ->> 'provider' and provider_dispute_id = p_dispute ->> 'dispute_id'
     and status is distinct from v_status and status not in ('won', 'lost', 'warning_closed');
  return case when found then 'updated' else 'already' end;
end;
$$;

-- The disputes not closed yet (the provider's won / lost / warning_closed), newest first, with their booking.
create function public.open_payment_disputes()
returns table (
  id uuid, provider text, provider_dispute_id text, provider_payment_id text, booking_id uuid, amount_cents integer, currency text,
  reason text, status text, opened_at timestamptz, first_name text, last_name text, service text, industry text, date text, arrival_window text
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.provider, d.provider_dispute_id, d.provider_payment_id, d.booking_id, d.amount_cents, d.currency, d.reason, d.status, d.opened_at,
    b.first_name, b.last_name, b.service, b.industry, b.date::text, b.arrival_window
  from public.payment_disputes d left join public.bookings b on b.id = d.booking_id
  where d.status not in ('won', 'lost', 'warning_closed')
  order by d.opened_at desc
  limit 200;
$$;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.seed_first_owner(text,text),
  public.request_staff_sign_in(text,text,text,timestamptz,timestamptz,jsonb),
  public.consume_staff_sign_in(text,text,text,timestamptz,integer,integer),
  public.staff_session(text,timestamptz,integer,integer),
  public.end_staff_session(text,timestamptz),
  public.current_staff(),
  public.add_staff_member(jsonb,jsonb,jsonb,timestamptz),
  public.remove_staff_member(jsonb,uuid,timestamptz),
  public.staff_actions_of(text,text),
  public.staff_actions_on_staff(integer),
  public.office_booking_status(text,timestamptz,timestamptz,timestamptz,text,timestamptz),
  public.office_bookings_between(date,date),
  public.office_search_bookings(jsonb,text,integer,integer,timestamptz),
  public.office_move_booking(uuid,date,text,timestamptz,integer,timestamptz,jsonb,jsonb,integer),
  public.office_mark_booking_outcome(uuid,text,timestamptz,jsonb,jsonb),
  public.office_resend_confirmation(uuid,timestamptz,jsonb,jsonb,integer),
  public.office_add_booking_note(uuid,text,timestamptz,jsonb),
  public.booking_notes_of(uuid),
  public.claim_booking_cancellation(uuid,integer,jsonb,timestamptz),
  public.complete_booking_cancellation(uuid,text,text,text,jsonb,timestamptz,jsonb),
  public.fail_booking_refund(text,text,timestamptz),
  public.record_late_payment(uuid,text,integer,text,timestamptz),
  public.open_late_payments(),
  public.take_late_payment(uuid,integer,jsonb,timestamptz,jsonb),
  public.claim_late_payment_refund(uuid,jsonb,timestamptz),
  public.complete_late_payment_refund(uuid,text,text,text,jsonb,timestamptz,jsonb),
  public.open_cancellation_requests(),
  public.failed_emails(),
  public.retry_failed_email(uuid,jsonb,timestamptz),
  public.bump_booking_calendar_sequence(),
  public.make_crew_calendar_token(text,text,jsonb,timestamptz),
  public.revoke_crew_calendar_token(text,jsonb,timestamptz),
  public.crew_calendar_addresses(),
  public.crew_calendar_reader(text,timestamptz),
  public.crew_calendar_bookings(text,date,date),
  public.office_mark_booking_started(uuid,timestamptz,jsonb,jsonb),
  public.booking_refundable_cents(public.bookings, uuid),
  public.claim_booking_refund(uuid,text,integer,text,jsonb,timestamptz),
  public.complete_booking_refund(uuid,text,text,text,jsonb,timestamptz,jsonb),
  public.edit_staff_member(jsonb,uuid,jsonb,timestamptz),
  public.booking_of_payment(text,text),
  public.record_provider_refund(jsonb,timestamptz),
  public.record_payment_dispute(jsonb,timestamptz),
  public.open_payment_disputes()
  from public, anon, authenticated;
grant execute on function
  public.seed_first_owner(text,text),
  public.request_staff_sign_in(text,text,text,timestamptz,timestamptz,jsonb),
  public.consume_staff_sign_in(text,text,text,timestamptz,integer,integer),
  public.staff_session(text,timestamptz,integer,integer),
  public.end_staff_session(text,timestamptz),
  public.current_staff(),
  public.add_staff_member(jsonb,jsonb,jsonb,timestamptz),
  public.remove_staff_member(jsonb,uuid,timestamptz),
  public.staff_actions_of(text,text),
  public.staff_actions_on_staff(integer),
  public.office_booking_status(text,timestamptz,timestamptz,timestamptz,text,timestamptz),
  public.office_bookings_between(date,date),
  public.office_search_bookings(jsonb,text,integer,integer,timestamptz),
  public.office_move_booking(uuid,date,text,timestamptz,integer,timestamptz,jsonb,jsonb,integer),
  public.office_mark_booking_outcome(uuid,text,timestamptz,jsonb,jsonb),
  public.office_resend_confirmation(uuid,timestamptz,jsonb,jsonb,integer),
  public.office_add_booking_note(uuid,text,timestamptz,jsonb),
  public.booking_notes_of(uuid),
  public.claim_booking_cancellation(uuid,integer,jsonb,timestamptz),
  public.complete_booking_cancellation(uuid,text,text,text,jsonb,timestamptz,jsonb),
  public.fail_booking_refund(text,text,timestamptz),
  public.record_late_payment(uuid,text,integer,text,timestamptz),
  public.open_late_payments(),
  public.take_late_payment(uuid,integer,jsonb,timestamptz,jsonb),
  public.claim_late_payment_refund(uuid,jsonb,timestamptz),
  public.complete_late_payment_refund(uuid,text,text,text,jsonb,timestamptz,jsonb),
  public.open_cancellation_requests(),
  public.failed_emails(),
  public.retry_failed_email(uuid,jsonb,timestamptz),
  public.make_crew_calendar_token(text,text,jsonb,timestamptz),
  public.revoke_crew_calendar_token(text,jsonb,timestamptz),
  public.crew_calendar_addresses(),
  public.crew_calendar_reader(text,timestamptz),
  public.crew_calendar_bookings(text,date,date),
  public.office_mark_booking_started(uuid,timestamptz,jsonb,jsonb),
  public.booking_refundable_cents(public.bookings, uuid),
  public.claim_booking_refund(uuid,text,integer,text,jsonb,timestamptz),
  public.complete_booking_refund(uuid,text,text,text,jsonb,timestamptz,jsonb),
  public.edit_staff_member(jsonb,uuid,jsonb,timestamptz),
  public.booking_of_payment(text,text),
  public.record_provider_refund(jsonb,timestamptz),
  public.record_payment_dispute(jsonb,timestamptz),
  public.open_payment_disputes()
  to service_role;
