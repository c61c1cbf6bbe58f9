-- The foundation every other baseline builds on: the Supabase roles, the app's own secrets, the
-- office's staff and the audit log of what staff do, with the helpers that write it, and the
-- scheduled jobs' claims (one process runs each job per turn).
--
-- Runs unchanged on Supabase, on a plain PostgreSQL server and on the embedded PGlite: the Supabase
-- roles are created here only where they do not exist yet. The browser never reaches any table:
-- the app's server routes use the service role, anon and authenticated get nothing (RLS on, no
-- policy, no privilege). New Supabase projects no longer expose a new public table to the Data API
-- until it is granted, hence the explicit grants to service_role.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    -- As on Supabase: the service role bypasses row level security.
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- Secrets the app makes for itself, shared by every server process on this database: the key that
-- signs the manage links. Nobody but the service role reads them.
create table public.app_secrets (
  name text primary key,
  value text not null check (length(value) >= 32),
  created_at timestamptz not null default now()
);

alter table public.app_secrets enable row level security;

-- The secret of this name, made on first use (244 random bits from two v4 UUIDs, which Postgres
-- draws from its strong random source); every process and server gets the same one.
create function public.app_secret(p_name text) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_value text;
begin
  insert into public.app_secrets (name, value)
  values (p_name, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (name) do nothing;
  select value into v_value from public.app_secrets where name = p_name;
  return v_value;
end;
$$;

-- Who may sign in to the office. The owner adds and removes staff; a removed member keeps their row
-- (their name stays on the actions they recorded) and can no longer sign in. Three roles: the owner,
-- the office (everything except money and lasting access) and crew members, who see their crew's
-- day. A crew member belongs to one crew (the crews of the Availability content: 'indoor' = house
-- and carpet, 'exterior', 'commercial') and opens only that crew's day.
create table public.staff (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  role text not null check (role in ('owner', 'office', 'crew')),
  created_at timestamptz not null default now(),
  removed_at timestamptz,
  crew text check (crew in ('indoor', 'exterior', 'commercial'))
);

-- A crew member has a crew; nobody else has one. NOT VALID: a crew member added before crews
-- existed keeps their row (and opens nothing) until an owner gives them a crew, when it is checked.
alter table public.staff add constraint staff_crew_of_crew_role check ((role = 'crew') = (crew is not null)) not valid;

-- One current member per address (a removed address may be added again).
create unique index staff_current_email on public.staff (email) where removed_at is null;

-- What staff did, to what: one row per action, written in the same transaction as the action by the
-- action's database function. `before` and `after` hold the fields the action changed.
create table public.staff_actions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid references public.staff (id),
  -- The name when it happened (a renamed or removed member's actions still say who it was).
  staff_name text not null,
  at timestamptz not null default now(),
  subject_kind text not null check (subject_kind in ('booking', 'lead', 'staff', 'crew_calendar', 'plan')),
  -- The booking's or lead's id, the staff member's id, or the crew ('indoor', 'exterior', 'commercial').
  subject_id text not null,
  action text not null,
  before jsonb,
  after jsonb
);

create index staff_actions_subject on public.staff_actions (subject_kind, subject_id, at);

alter table public.staff enable row level security;

alter table public.staff_actions enable row level security;

revoke all on table public.staff, public.staff_actions from public, anon, authenticated;

grant select, insert, update on table public.staff to service_role;

grant select, insert on table public.staff_actions to service_role;

-- A staff member as the app reads one, with their crew (null unless a crew member).
create function public.staff_json(p public.staff) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'role', p.role, 'crew', p.crew);
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

-- The one way an action enters the audit log: every function that acts for a staff member (or
-- records what the payment provider did, with no member: p_staff_id null) calls this in its own
-- transaction. Answers the action's id.
create function public.record_staff_action(
  p_staff_id uuid, p_staff_name text, p_at timestamptz, p_subject_kind text, p_subject_id text,
  p_action text, p_before jsonb, p_after jsonb
)
returns uuid
language sql
set search_path = ''
as $$
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (p_staff_id, p_staff_name, p_at, p_subject_kind, p_subject_id, p_action, p_before, p_after)
  returning id;
$$;

-- The audit row of a staff action on a booking; answers its id.
create function public.record_booking_action(p_id uuid, p_staff jsonb, p_action text, p_before jsonb, p_after jsonb, p_now timestamptz)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_action uuid;
begin
  if p_staff ->> 'id' is null or coalesce(btrim(p_staff ->> 'name'), '') = '' then
    raise exception 'A staff action needs the member who did it' using errcode = '22023';
  end if;
  v_action := public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', p_id::text, p_action, p_before, p_after);
  return v_action;
end;
$$;

-- Jobs the servers run on a schedule (the charges, the roll-forward, reminders): one row per job.
-- A process runs a job only with its claim (a lease, like the outbox's), so several server
-- processes on one database take turns; each job's own work is claimed row by row as well, so a
-- job run twice at once still does each thing once.
create table public.scheduled_jobs (
  name text primary key,
  next_run_at timestamptz not null,
  locked_until timestamptz,
  lock_token uuid,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text,
  last_result jsonb
);

-- The job's claim if it is due at p_now and nobody holds it; null otherwise.
create function public.claim_scheduled_job(p_name text, p_now timestamptz, p_lease_seconds integer)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_token uuid := gen_random_uuid();
begin
  insert into public.scheduled_jobs (name, next_run_at) values (p_name, p_now) on conflict (name) do nothing;
  update public.scheduled_jobs
     set locked_until = p_now + make_interval(secs => p_lease_seconds), lock_token = v_token, last_started_at = p_now
   where name = p_name and next_run_at <= p_now and (locked_until is null or locked_until <= p_now);
  if not found then
    return null;
  end if;
  return v_token;
end;
$$;

-- Ends a run: the next is due p_every_seconds later; false if the claim was lost meanwhile.
create function public.finish_scheduled_job(p_name text, p_token uuid, p_now timestamptz, p_every_seconds integer, p_error text, p_result jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.scheduled_jobs
     set locked_until = null, lock_token = null, last_finished_at = p_now, last_error = p_error, last_result = p_result,
         next_run_at = p_now + make_interval(secs => p_every_seconds)
   where name = p_name and lock_token = p_token;
  return found;
end;
$$;

alter table public.scheduled_jobs enable row level security;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.record_staff_action(uuid,text,timestamptz,text,text,text,jsonb,jsonb),
  public.app_secret(text),
  public.staff_json(public.staff),
  public.acting_owner(jsonb),
  public.record_booking_action(uuid,jsonb,text,jsonb,jsonb,timestamptz),
  public.claim_scheduled_job(text,timestamptz,integer),
  public.finish_scheduled_job(text,uuid,timestamptz,integer,text,jsonb)
  from public, anon, authenticated;
grant execute on function
  public.record_staff_action(uuid,text,timestamptz,text,text,text,jsonb,jsonb),
  public.app_secret(text),
  public.staff_json(public.staff),
  public.acting_owner(jsonb),
  public.record_booking_action(uuid,jsonb,text,jsonb,jsonb,timestamptz),
  public.claim_scheduled_job(text,timestamptz,integer),
  public.finish_scheduled_job(text,uuid,timestamptz,integer,text,jsonb)
  to service_role;
