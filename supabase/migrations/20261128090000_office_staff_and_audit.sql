-- The office (/office, issue 22): who may sign in, and the record of everything staff do.
-- Like every table here: row level security on, no policy, nothing for anon and authenticated; the
-- app's server reaches them through database functions as the service role.

-- Who may sign in to the office. The owner adds and removes staff; a removed member keeps their row
-- (their name stays on the actions they recorded) and can no longer sign in.
create table public.staff (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  role text not null check (role in ('owner', 'staff')),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
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
  subject_kind text not null check (subject_kind in ('booking', 'lead', 'staff', 'crew_calendar')),
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
