-- Roles that fit a cleaning company: a crew member belongs to one crew (the crews of the
-- Availability content: 'indoor' = house and carpet, 'exterior', 'commercial') and opens only that
-- crew's day; the owner renames members (themselves too) and changes their role or crew, audited;
-- adding a member queues their invitation e-mail in the same transaction.

alter table public.staff add column crew text check (crew in ('indoor', 'exterior', 'commercial'));
-- A crew member has a crew; nobody else has one. NOT VALID: a crew member added before crews
-- existed keeps their row (and opens nothing) until an owner gives them a crew, when it is checked.
alter table public.staff add constraint staff_crew_of_crew_role check ((role = 'crew') = (crew is not null)) not valid;

-- A staff member as the app reads one, with their crew (null unless a crew member).
create or replace function public.staff_json(p public.staff) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'role', p.role, 'crew', p.crew);
$$;

-- The current staff with their crews, owners first, then by name.
drop function public.current_staff();
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

-- The owner adds a member (p_member: {"name", "email", "role", "crew"}), with its audit row, and
-- queues their invitation (p_emails, as enqueue_event_emails takes them) in the same transaction:
-- one invitation per member added, never one for a member who was not. Answers {"id"} or
-- {"problem": "not_owner" | "email_taken" | "crew"}.
drop function public.add_staff_member(jsonb, jsonb, timestamptz);
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
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (v_owner.id, v_owner.name, p_now, 'staff', v_id::text, 'staff_added', null,
    jsonb_strip_nulls(jsonb_build_object('name', btrim(p_member ->> 'name'), 'email', v_email, 'role', v_role, 'crew', v_crew)));
  perform public.enqueue_event_emails('staff_invitation:' || v_id, p_emails);
  return jsonb_build_object('id', v_id);
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
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (v_owner.id, v_owner.name, p_now, 'staff', v_member.id::text, 'staff_changed', v_before, v_after);
  return jsonb_build_object('changed', true);
end;
$$;

revoke all on function
  public.current_staff(),
  public.add_staff_member(jsonb, jsonb, jsonb, timestamptz),
  public.edit_staff_member(jsonb, uuid, jsonb, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.current_staff(),
  public.add_staff_member(jsonb, jsonb, jsonb, timestamptz),
  public.edit_staff_member(jsonb, uuid, jsonb, timestamptz)
  to service_role;
