-- The office's leads (issue 22): quote requests, contact messages and in-home estimate requests in
-- one inbox, each with a status, an assignee, internal notes and replies sent from the office.
--
-- The submissions keep their own tables and rows untouched: what the office adds lives beside them,
-- keyed by (kind, id). A lead without a row in lead_tracking is "new" and assigned to nobody, so
-- every submission stored before this migration reads as new. Like every table here: row level
-- security on, no policy, nothing for anon and authenticated; the app reaches them through the
-- functions below as the service role. Each action's function changes the rows, writes its audit row
-- in public.staff_actions and queues its e-mail in one transaction.

create table public.lead_tracking (
  lead_kind text not null check (lead_kind in ('quote_request', 'contact_message', 'estimate_request')),
  lead_id uuid not null,
  status text not null default 'new' check (status in ('new', 'contacted', 'quoted', 'won', 'lost', 'spam')),
  assignee_id uuid references public.staff (id),
  updated_at timestamptz not null default now(),
  primary key (lead_kind, lead_id)
);
create index lead_tracking_status on public.lead_tracking (status);
create index lead_tracking_assignee on public.lead_tracking (assignee_id);

-- Internal notes: never shown to the customer.
create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_kind text not null check (lead_kind in ('quote_request', 'contact_message', 'estimate_request')),
  lead_id uuid not null,
  staff_id uuid references public.staff (id),
  staff_name text not null,
  body text not null check (length(btrim(body)) between 1 and 4000),
  at timestamptz not null default now()
);
create index lead_notes_lead on public.lead_notes (lead_kind, lead_id, at);

alter table public.lead_tracking enable row level security;
alter table public.lead_notes enable row level security;
revoke all on table public.lead_tracking, public.lead_notes from public, anon, authenticated;
grant select, insert, update on table public.lead_tracking to service_role;
grant select, insert on table public.lead_notes to service_role;

-- Whether the submission exists (its own table by kind).
create function public.lead_exists(p_kind text, p_id uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  select case p_kind
    when 'quote_request' then exists (select 1 from public.quote_requests where id = p_id)
    when 'contact_message' then exists (select 1 from public.contact_messages where id = p_id)
    when 'estimate_request' then exists (select 1 from public.appointments where id = p_id)
    else false
  end;
$$;

-- The lead's tracking row, made on its first change and locked for the rest of the transaction
-- (two staff acting at once on one lead take turns). Null when the submission does not exist.
create function public.lock_lead_tracking(p_kind text, p_id uuid) returns public.lead_tracking
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
begin
  if not public.lead_exists(p_kind, p_id) then
    return null;
  end if;
  insert into public.lead_tracking (lead_kind, lead_id) values (p_kind, p_id) on conflict do nothing;
  select * into v from public.lead_tracking where lead_kind = p_kind and lead_id = p_id for update;
  return v;
end;
$$;

create function public.record_lead_action(p_id uuid, p_staff jsonb, p_action text, p_before jsonb, p_after jsonb) returns void
language sql
set search_path = ''
as $$
  insert into public.staff_actions (staff_id, staff_name, subject_kind, subject_id, action, before, after)
  values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', 'lead', p_id::text, p_action, p_before, p_after);
$$;

-- The inbox: every submission of the three forms with its status and assignee, newest first (or
-- oldest with "order": "oldest"), filtered by p_filter's "status", "kind", "assignee" (a staff id,
-- or "nobody", which includes the leads of removed members) and "search" (part of the name or e-mail, or of the phone's digits), one page at a
-- time; `total` is the number of leads the filter finds.
create function public.office_leads(p_filter jsonb, p_limit integer, p_offset integer)
returns table (
  kind text,
  id uuid,
  name text,
  email text,
  phone text,
  summary text,
  received_at timestamptz,
  status text,
  assignee_id uuid,
  assignee_name text,
  assignee_removed boolean,
  total integer
)
language sql
stable
set search_path = ''
as $$
  with submissions as (
    select 'quote_request'::text as kind, q.id, q.first_name || ' ' || q.last_name as name, q.email, q.phone,
      concat_ws(' · ', nullif(q.page_title, ''), nullif(q.desired_services, ''), 'ZIP ' || q.zip_code) as summary,
      q.created_at
    from public.quote_requests q
    union all
    select 'contact_message', c.id, c.name, c.email, c.phone, c.message, c.created_at
    from public.contact_messages c
    union all
    -- Estimate requests, and the few of the earlier appointment form (no e-mail, patient fields).
    select 'estimate_request', a.id, coalesce(a.full_name, a.patient_name), a.email, coalesce(a.phone, a.patient_phone),
      coalesce(concat_ws(' · ', a.service, a.visit_date::text || ' ' || a.visit_window, nullif(a.notes, '')), a.appointment_local),
      a.created_at
    from public.appointments a
  ),
  search as (
    select nullif(lower(btrim(coalesce(p_filter ->> 'search', ''))), '') as text,
      nullif(regexp_replace(coalesce(p_filter ->> 'search', ''), '[^0-9]', '', 'g'), '') as digits
  ),
  found as (
    select s.kind, s.id, s.name, s.email, s.phone, left(s.summary, 200) as summary, s.created_at as received_at,
      coalesce(t.status, 'new') as status, t.assignee_id, st.name as assignee_name, st.removed_at is not null as assignee_removed
    from submissions s
    left join public.lead_tracking t on t.lead_kind = s.kind and t.lead_id = s.id
    left join public.staff st on st.id = t.assignee_id
    cross join search
    where (p_filter ->> 'status' is null or coalesce(t.status, 'new') = p_filter ->> 'status')
      and (p_filter ->> 'kind' is null or s.kind = p_filter ->> 'kind')
      and (
        p_filter ->> 'assignee' is null
        -- A removed member's leads are nobody's now: someone has to pick them up.
        or (p_filter ->> 'assignee' = 'nobody' and (t.assignee_id is null or st.removed_at is not null))
        or (p_filter ->> 'assignee' <> 'nobody' and t.assignee_id::text = p_filter ->> 'assignee')
      )
      and (
        search.text is null
        or position(search.text in lower(s.name)) > 0
        or position(search.text in lower(coalesce(s.email, ''))) > 0
        or (length(search.digits) >= 3 and position(search.digits in coalesce(s.phone, '')) > 0)
      )
  )
  select f.kind, f.id, f.name, f.email, f.phone, f.summary, f.received_at, f.status, f.assignee_id, f.assignee_name,
    f.assignee_removed, (count(*) over ())::integer as total
  from found f
  order by
    case when p_filter ->> 'order' = 'oldest' then f.received_at end asc,
    f.received_at desc,
    f.id
  limit greatest(p_limit, 0) offset greatest(p_offset, 0);
$$;

-- One lead for its page: every field the customer sent ("fields", the submission's row without the
-- server's own key), its status, assignee and notes (oldest first). Null when there is none.
create function public.office_lead(p_kind text, p_id uuid) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_fields jsonb;
begin
  if p_kind = 'quote_request' then
    select to_jsonb(q) into v_fields from public.quote_requests q where q.id = p_id;
  elsif p_kind = 'contact_message' then
    select to_jsonb(c) into v_fields from public.contact_messages c where c.id = p_id;
  elsif p_kind = 'estimate_request' then
    select jsonb_strip_nulls(to_jsonb(a)) into v_fields from public.appointments a where a.id = p_id;
  end if;
  if v_fields is null then
    return null;
  end if;
  return jsonb_build_object(
    'kind', p_kind,
    'id', p_id,
    'fields', v_fields - 'submission_key',
    'status', coalesce((select t.status from public.lead_tracking t where t.lead_kind = p_kind and t.lead_id = p_id), 'new'),
    'assignee', (
      select jsonb_build_object('id', s.id, 'name', s.name, 'removed', s.removed_at is not null)
      from public.lead_tracking t join public.staff s on s.id = t.assignee_id
      where t.lead_kind = p_kind and t.lead_id = p_id
    ),
    'notes', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'staffName', n.staff_name, 'at', n.at, 'body', n.body) order by n.at, n.id)
      from public.lead_notes n where n.lead_kind = p_kind and n.lead_id = p_id
    ), '[]'::jsonb)
  );
end;
$$;

-- Who a lead may be assigned to: the current staff (owner included), by name.
create function public.office_lead_assignees() returns table (id uuid, name text)
language sql
stable
set search_path = ''
as $$
  select s.id, s.name from public.staff s where s.removed_at is null order by lower(s.name), s.id;
$$;

-- p_from → p_to, when the lead is still p_from (otherwise "stale": someone changed it meanwhile, and
-- the rules that allowed the change were checked against an old status). The rules of which
-- transitions are allowed are lib/office/leads.ts's.
create function public.set_lead_status(p_kind text, p_id uuid, p_from text, p_to text, p_staff jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if v.status <> p_from then
    return jsonb_build_object('outcome', 'stale', 'status', v.status);
  end if;
  if v.status = p_to then
    return jsonb_build_object('outcome', 'unchanged', 'status', v.status);
  end if;
  update public.lead_tracking set status = p_to, updated_at = now() where lead_kind = p_kind and lead_id = p_id;
  perform public.record_lead_action(p_id, p_staff, 'status_changed', jsonb_build_object('status', v.status), jsonb_build_object('status', p_to));
  return jsonb_build_object('outcome', 'changed', 'status', p_to);
end;
$$;

-- Assigns the lead to a current staff member, or to nobody (null). A removed (or unknown) member is
-- refused; the member's row is locked so a removal at the same moment waits for this.
create function public.assign_lead(p_kind text, p_id uuid, p_assignee uuid, p_staff jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
  v_before jsonb;
  v_after jsonb;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if p_assignee is not null then
    select to_jsonb(s.name) into v_after
    from public.staff s where s.id = p_assignee and s.removed_at is null for share;
    if v_after is null then
      return jsonb_build_object('outcome', 'not_staff');
    end if;
  end if;
  if v.assignee_id is not distinct from p_assignee then
    return jsonb_build_object('outcome', 'unchanged');
  end if;
  -- The history names the members (as they were called then), like staff_actions.staff_name.
  select to_jsonb(s.name) into v_before from public.staff s where s.id = v.assignee_id;
  update public.lead_tracking set assignee_id = p_assignee, updated_at = now() where lead_kind = p_kind and lead_id = p_id;
  perform public.record_lead_action(p_id, p_staff, 'assigned',
    jsonb_build_object('assignee', coalesce(v_before, 'null'::jsonb)), jsonb_build_object('assignee', coalesce(v_after, 'null'::jsonb)));
  return jsonb_build_object('outcome', 'changed');
end;
$$;

create function public.add_lead_note(p_kind text, p_id uuid, p_body text, p_staff jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
  v_note uuid;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  insert into public.lead_notes (lead_kind, lead_id, staff_id, staff_name, body)
  values (p_kind, p_id, (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_body)
  returning id into v_note;
  perform public.record_lead_action(p_id, p_staff, 'note_added', null, jsonb_build_object('note', p_body));
  return jsonb_build_object('outcome', 'added', 'id', v_note);
end;
$$;

-- Queues a reply to the customer (p_emails: the one message, in enqueue_event_emails' shape) under
-- the key the reply form was given, so the same form sent twice queues one e-mail; records it in the
-- lead's history (subject, message, recipient); then moves the lead to p_status_after when it is
-- still p_from (a reply to a new lead makes it contacted, unless staff chose otherwise).
create function public.reply_to_lead(
  p_kind text,
  p_id uuid,
  p_reply_key uuid,
  p_from text,
  p_status_after text,
  p_staff jsonb,
  p_emails jsonb
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
  v_queued integer;
  v_email jsonb := p_emails -> 0;
  v_status text;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  insert into public.email_outbox (event_key, template, to_address, reply_to, payload)
  select 'lead_reply:' || p_reply_key || ':' || (e ->> 'audience'), e ->> 'template', e ->> 'to', e ->> 'replyTo', e -> 'payload'
  from jsonb_array_elements(p_emails) as e
  on conflict (event_key) do nothing;
  get diagnostics v_queued = row_count;
  if v_queued = 0 then
    return jsonb_build_object('outcome', 'already_sent', 'status', v.status);
  end if;
  perform public.record_lead_action(p_id, p_staff, 'reply_sent', null, jsonb_build_object(
    'to', v_email ->> 'to',
    'subject', v_email -> 'payload' ->> 'subject',
    'message', v_email -> 'payload' ->> 'message'
  ));
  v_status := v.status;
  if p_status_after is not null and p_status_after <> v.status and v.status = p_from then
    update public.lead_tracking set status = p_status_after, updated_at = now() where lead_kind = p_kind and lead_id = p_id;
    perform public.record_lead_action(p_id, p_staff, 'status_changed', jsonb_build_object('status', v.status), jsonb_build_object('status', p_status_after));
    v_status := p_status_after;
  end if;
  return jsonb_build_object('outcome', 'sent', 'status', v_status);
end;
$$;

revoke all on function
  public.lead_exists(text, uuid),
  public.lock_lead_tracking(text, uuid),
  public.record_lead_action(uuid, jsonb, text, jsonb, jsonb),
  public.office_leads(jsonb, integer, integer),
  public.office_lead(text, uuid),
  public.office_lead_assignees(),
  public.set_lead_status(text, uuid, text, text, jsonb),
  public.assign_lead(text, uuid, uuid, jsonb),
  public.add_lead_note(text, uuid, text, jsonb),
  public.reply_to_lead(text, uuid, uuid, text, text, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function
  public.lead_exists(text, uuid),
  public.lock_lead_tracking(text, uuid),
  public.record_lead_action(uuid, jsonb, text, jsonb, jsonb),
  public.office_leads(jsonb, integer, integer),
  public.office_lead(text, uuid),
  public.office_lead_assignees(),
  public.set_lead_status(text, uuid, text, text, jsonb),
  public.assign_lead(text, uuid, uuid, jsonb),
  public.add_lead_note(text, uuid, text, jsonb),
  public.reply_to_lead(text, uuid, uuid, text, text, jsonb, jsonb)
  to service_role;
