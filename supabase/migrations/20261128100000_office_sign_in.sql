-- The office's front door (issue 22): one-time sign-in links e-mailed to staff, the sessions they
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

-- A staff member as the app reads one.
create function public.staff_json(p public.staff) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'role', p.role);
$$;

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
  -- Sessions ended long ago say nothing: forget those a week past their end.
  delete from public.staff_sessions where expires_at < p_now - interval '7 days';
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
create function public.current_staff() returns table (id uuid, name text, email text, role text, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select s.id, s.name, s.email, s.role, s.created_at
  from public.staff s
  where s.removed_at is null
  order by s.role = 'owner' desc, lower(s.name), s.email;
$$;

-- The acting member (p_staff: {"id", "name"}) when they are a current owner, else null.
create function public.acting_owner(p_staff jsonb) returns public.staff
language sql
stable
set search_path = ''
as $$
  select s.* from public.staff s
  where s.id = (p_staff ->> 'id')::uuid and s.removed_at is null and s.role = 'owner';
$$;

-- The owner adds a member (p_member: {"name", "email", "role"}), with its audit row. Answers
-- {"id"} or {"problem": "not_owner" | "email_taken"}.
create function public.add_staff_member(p_staff jsonb, p_member jsonb, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_owner public.staff;
  v_id uuid;
  v_email text := lower(btrim(p_member ->> 'email'));
begin
  v_owner := public.acting_owner(p_staff);
  if v_owner.id is null then
    return jsonb_build_object('problem', 'not_owner');
  end if;
  if exists (select 1 from public.staff s where s.email = v_email and s.removed_at is null) then
    return jsonb_build_object('problem', 'email_taken');
  end if;
  insert into public.staff (name, email, role, created_at)
  values (btrim(p_member ->> 'name'), v_email, p_member ->> 'role', p_now)
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    return jsonb_build_object('problem', 'email_taken');
  end if;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (v_owner.id, v_owner.name, p_now, 'staff', v_id::text, 'staff_added', null,
    jsonb_build_object('name', btrim(p_member ->> 'name'), 'email', v_email, 'role', p_member ->> 'role'));
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
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (v_owner.id, v_owner.name, p_now, 'staff', v_member.id::text, 'staff_removed',
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

revoke all on function
  public.staff_json(public.staff),
  public.seed_first_owner(text, text),
  public.request_staff_sign_in(text, text, text, timestamptz, timestamptz, jsonb),
  public.consume_staff_sign_in(text, text, text, timestamptz, integer, integer),
  public.staff_session(text, timestamptz, integer, integer),
  public.end_staff_session(text, timestamptz),
  public.current_staff(),
  public.acting_owner(jsonb),
  public.add_staff_member(jsonb, jsonb, timestamptz),
  public.remove_staff_member(jsonb, uuid, timestamptz),
  public.staff_actions_of(text, text),
  public.staff_actions_on_staff(integer)
  from public, anon, authenticated;
grant execute on function
  public.staff_json(public.staff),
  public.seed_first_owner(text, text),
  public.request_staff_sign_in(text, text, text, timestamptz, timestamptz, jsonb),
  public.consume_staff_sign_in(text, text, text, timestamptz, integer, integer),
  public.staff_session(text, timestamptz, integer, integer),
  public.end_staff_session(text, timestamptz),
  public.current_staff(),
  public.acting_owner(jsonb),
  public.add_staff_member(jsonb, jsonb, timestamptz),
  public.remove_staff_member(jsonb, uuid, timestamptz),
  public.staff_actions_of(text, text),
  public.staff_actions_on_staff(integer)
  to service_role;
